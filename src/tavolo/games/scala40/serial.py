"""A Scala 40 state as JSON and back: every field, the hidden ones included,
so that a saved game resumes exactly. A meld is ``["run", suit, lo, hi,
joker]`` or ``["group", rank, suits, joker]`` beside its readable text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.games.rummy.serial import (
    card_names, check_game, finish_from_json, hands_from_json, hands_to_json, parse_cards,
)
from tavolo.games.scala40.melds import Group, Meld, Run, is_valid, meld_text
from tavolo.games.scala40.scoring import HandResult
from tavolo.games.scala40.state import DEAL, PHASE_NAMES, Scala40State

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def meld_from_json(data: list) -> Meld:
    kind, *fields = data
    if kind not in ("run", "group") or len(fields) != (4 if kind == "run" else 3):
        raise ValueError(f"not a Scala 40 meld: {data}")
    meld: Meld = Run(*fields) if kind == "run" else Group(fields[0], fields[1], bool(fields[2]))
    if not is_valid(meld):
        raise ValueError(f"not a valid Scala 40 meld: {data}")
    return meld


def state_to_json(s: Scala40State) -> dict[str, Any]:
    return {
        "game": "scala40", "options": s.game.options_json(), "phase": PHASE_NAMES[s._phase],
        "turn": s._turn, "turn_number": s._turn_no, "dealer": s._dealer, "hand_number": s._hand_no,
        "scores": list(s._scores), "out": list(s._out),
        "hands": hands_to_json(s),
        "stock": card_names(s._stock), "pile": card_names(s._pile),
        "table": [[("run" if type(m) is Run else "group"), *m, meld_text(m)] for m in s._table],
        "owners": list(s._owners), "opened": list(s._opened), "opening": s._opening, "opened_now": s._opened_now,
        "owed": card_names(s._owed), "meld_only": s._meld_only,
        "results": [r.to_json() for r in s._results], "history": list(s.history),
    }


def state_from_json(game: CardGame, data: dict[str, Any]) -> Scala40State:
    check_game(data, "scala40", "Scala 40")
    s = Scala40State(game)
    s._phase = PHASE_NAMES.index(data["phase"])
    s._turn, s._turn_no, s._dealer, s._hand_no = data["turn"], data["turn_number"], data["dealer"], data["hand_number"]
    s._scores, s._out = list(data["scores"]), list(data["out"])
    hands_from_json(s, data["hands"])
    s._stock, s._pile = parse_cards(data["stock"]), parse_cards(data["pile"])
    s._table = [meld_from_json(m[:-1]) for m in data["table"]]
    s._owners, s._opened = list(data["owners"]), list(data["opened"])
    s._opening, s._opened_now = data["opening"], data["opened_now"]
    s._owed, s._meld_only = parse_cards(data["owed"]), data["meld_only"]
    return finish_from_json(s, game, data, HandResult, DEAL)
