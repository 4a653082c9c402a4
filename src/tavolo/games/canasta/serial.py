"""A Canasta state as JSON and back: every field, the hidden ones included, so that a
saved game resumes exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.games.canasta.scoring import HandResult
from tavolo.games.canasta.state import DEAL, PHASE_NAMES, CanastaState
from tavolo.games.rummy.serial import (
    card_names, check_game, finish_from_json, hands_from_json, hands_to_json, parse_cards,
)

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def state_to_json(s: CanastaState) -> dict[str, Any]:
    return {
        "game": "canasta", "options": s.game.options_json(), "phase": PHASE_NAMES[s._phase], "turn": s._turn,
        "dealer": s._dealer, "hand_number": s._hand_no, "scores": list(s._scores),
        "hands": hands_to_json(s), "stock": card_names(s._stock),
        "pozzo": card_names(s._pozzo), "pozzo_down": s._down,
        "melds": [[card_names(m) for m in side] for side in s._melds],
        "red_threes": [card_names(r) for r in s._red3], "opened": list(s._opened),
        "pending": [[i, card_names(cards)] for i, cards in s._pending], "retracted": s._retracted,
        "results": [r.to_json() for r in s._results], "history": list(s.history),
    }


def state_from_json(game: CardGame, data: dict[str, Any]) -> CanastaState:
    check_game(data, "canasta", "Canasta")
    s = CanastaState(game)
    s._phase = PHASE_NAMES.index(data["phase"])
    s._turn, s._dealer, s._hand_no, s._scores = data["turn"], data["dealer"], data["hand_number"], list(data["scores"])
    hands_from_json(s, data["hands"])
    s._stock, s._pozzo, s._down = parse_cards(data["stock"]), parse_cards(data["pozzo"]), data["pozzo_down"]
    s._melds = [[parse_cards(m) for m in side] for side in data["melds"]]
    s._red3 = [parse_cards(r) for r in data["red_threes"]]
    s._opened, s._retracted = list(data["opened"]), data["retracted"]
    s._pending = [(i, tuple(parse_cards(cards))) for i, cards in data["pending"]]
    return finish_from_json(s, game, data, HandResult, DEAL)
