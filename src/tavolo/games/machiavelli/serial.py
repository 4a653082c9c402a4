"""A Machiavelli state as JSON and back: every field, the hidden ones included,
so that a saved game resumes exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.games.machiavelli.scoring import HandResult
from tavolo.games.machiavelli.state import DEAL, PHASE_NAMES, MachiavelliState
from tavolo.games.rummy.serial import (
    card_names, check_game, finish_from_json, hands_from_json, hands_to_json, parse_cards,
)

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def _groups(groups) -> list[list[str]]:
    return [card_names(g) for g in groups]


def state_to_json(s: MachiavelliState) -> dict[str, Any]:
    return {
        "game": "machiavelli", "options": s.game.options_json(), "phase": PHASE_NAMES[s._phase],
        "turn": s._turn, "dealer": s._dealer, "hand_number": s._hand_no, "scores": list(s._scores),
        "opened": list(s._opened), "hands": hands_to_json(s),
        "stock": card_names(s._stock), "table": _groups(s._table), "start_table": _groups(s._start_table),
        "start_hand": card_names(c for c, k in enumerate(s._start_hand) for _ in range(k)),
        "moves": list(s._moves), "steps": s._steps, "budget": s._budget, "passes": s._passes,
        "results": [r.to_json() for r in s._results], "history": list(s.history),
    }


def state_from_json(game: CardGame, data: dict[str, Any]) -> MachiavelliState:
    check_game(data, "machiavelli", "Machiavelli")
    s = MachiavelliState(game)
    s._phase = PHASE_NAMES.index(data["phase"])
    s._turn, s._dealer, s._hand_no = data["turn"], data["dealer"], data["hand_number"]
    s._scores, s._opened = list(data["scores"]), list(data["opened"])
    hands_from_json(s, data["hands"])
    s._stock = parse_cards(data["stock"])
    s._table = [parse_cards(g) for g in data["table"]]
    s._start_table = [tuple(parse_cards(g)) for g in data["start_table"]]
    s._start_hand = [0] * len(s._hands[0]) if data["start_hand"] or s._phase != DEAL else []
    for c in parse_cards(data["start_hand"]):
        s._start_hand[c] += 1
    s._moves, s._steps, s._budget, s._passes = list(data["moves"]), data["steps"], data["budget"], data["passes"]
    return finish_from_json(s, game, data, HandResult, DEAL)
