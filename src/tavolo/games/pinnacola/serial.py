"""A Pinnacola state as JSON and back: every field, the hidden ones included.
A meld is ``["run", suit, lo, hi, at, wild]`` or ``["group", rank, suits, wild]``
beside its readable text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.games.pinnacola.melds import Group, Meld, Run, is_valid, meld_text
from tavolo.games.pinnacola.scoring import HandResult
from tavolo.games.pinnacola.state import DEAL, PHASE_NAMES, PinnacolaState
from tavolo.games.rummy.serial import (
    card_names, check_game, finish_from_json, hands_from_json, hands_to_json, parse_cards,
)

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def meld_from_json(data: list) -> Meld:
    kind, *fields = data
    if kind not in ("run", "group") or len(fields) != (5 if kind == "run" else 3):
        raise ValueError(f"not a Pinnacola meld: {data}")
    meld: Meld = Run(*fields) if kind == "run" else Group(*fields)
    if not is_valid(meld):
        raise ValueError(f"not a valid Pinnacola meld: {data}")
    return meld


def state_to_json(s: PinnacolaState) -> dict[str, Any]:
    return {
        "game": "pinnacola", "options": s.game.options_json(), "phase": PHASE_NAMES[s._phase], "turn": s._turn,
        "dealer": s._dealer, "hand_number": s._hand_no, "scores": list(s._scores),
        "hands": hands_to_json(s),
        "stock": card_names(s._stock), "pozzo": card_names(s._pozzo),
        "table": [[("run" if type(m) is Run else "group"), *m, meld_text(m)] for m in s._table],
        "owners": list(s._owners), "opened": list(s._opened), "played": list(s._played),
        "owed": card_names(s._owed), "shifted": s._shifted, "winner": s._winner,
        "results": [r.to_json() for r in s._results], "history": list(s.history),
    }


def state_from_json(game: CardGame, data: dict[str, Any]) -> PinnacolaState:
    check_game(data, "pinnacola", "Pinnacola")
    s = PinnacolaState(game)
    s._phase = PHASE_NAMES.index(data["phase"])
    s._turn, s._dealer, s._hand_no = data["turn"], data["dealer"], data["hand_number"]
    s._scores = list(data["scores"])
    hands_from_json(s, data["hands"])
    s._stock, s._pozzo = parse_cards(data["stock"]), parse_cards(data["pozzo"])
    s._table = [meld_from_json(m[:-1]) for m in data["table"]]
    s._owners, s._opened, s._played = list(data["owners"]), list(data["opened"]), list(data["played"])
    s._owed, s._winner = parse_cards(data["owed"]), data["winner"]
    s._shifted = data["shifted"]
    return finish_from_json(s, game, data, HandResult, DEAL)
