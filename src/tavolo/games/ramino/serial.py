"""A Ramino state as JSON and back: every field, the hidden ones included,
so that a saved game resumes exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.ramino.scoring import HandResult
from tavolo.games.ramino.state import DEAL, PHASE_NAMES, RaminoState
from tavolo.games.rummy.serial import (
    card_names, check_game, finish_from_json, hands_from_json, hands_to_json, parse_cards,
)

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def state_to_json(s: RaminoState) -> dict[str, Any]:
    return {
        "game": "ramino", "options": s.game.options_json(), "phase": PHASE_NAMES[s._phase],
        "turn": s._turn, "turn_number": s._turn_no, "dealer": s._dealer, "hand_number": s._hand_no,
        "scores": list(s._scores), "out": list(s._out), "reentered": list(s._reentered),
        "fiches": list(s._fiches), "hands": hands_to_json(s),
        "stock": card_names(s._stock), "pile": card_names(s._pile),
        "taken": fr.name(s._taken) if s._taken >= 0 else None, "reshuffled": s._reshuffled_once,
        "results": [r.to_json() for r in s._results], "history": list(s.history),
    }


def state_from_json(game: CardGame, data: dict[str, Any]) -> RaminoState:
    check_game(data, "ramino", "Ramino")
    s = RaminoState(game)
    s._phase = PHASE_NAMES.index(data["phase"])
    s._turn, s._turn_no, s._dealer, s._hand_no = data["turn"], data["turn_number"], data["dealer"], data["hand_number"]
    s._scores, s._out, s._reentered = list(data["scores"]), list(data["out"]), list(data["reentered"])
    s._fiches = list(data["fiches"])
    hands_from_json(s, data["hands"])
    s._stock, s._pile = parse_cards(data["stock"]), parse_cards(data["pile"])
    s._taken = fr.parse(data["taken"]) if data["taken"] else -1
    s._reshuffled_once = data["reshuffled"]
    return finish_from_json(s, game, data, HandResult, DEAL)
