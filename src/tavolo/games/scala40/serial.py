"""A Scala 40 state as JSON and back: every field, the hidden ones included,
so that a saved game resumes exactly. A meld is ``["run", suit, lo, hi,
joker]`` or ``["group", rank, suits, joker]`` beside its readable text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.scala40.melds import Group, Meld, Run, is_valid, meld_text
from tavolo.games.scala40.scoring import HandResult
from tavolo.games.scala40.state import DEAL, PHASE_NAMES, Scala40State

if TYPE_CHECKING:
    from tavolo.games.scala40.game import Scala40Game


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
        "hands": [fr.names(s.hand_cards(seat)).split() for seat in range(s._n)],
        "stock": fr.names(s._stock).split(), "pile": fr.names(s._pile).split(),
        "table": [[("run" if type(m) is Run else "group"), *m, meld_text(m)] for m in s._table],
        "owners": list(s._owners), "opened": list(s._opened), "opening": s._opening, "opened_now": s._opened_now,
        "owed": fr.names(s._owed).split(), "meld_only": s._meld_only,
        "results": [r.to_json() for r in s._results], "history": list(s.history),
    }


def state_from_json(game: Scala40Game, data: dict[str, Any]) -> Scala40State:
    if data.get("game") != "scala40":
        raise ValueError(f"not a Scala 40 state: game is {data.get('game')!r}")
    s = Scala40State(game)
    s._phase = PHASE_NAMES.index(data["phase"])
    s._turn, s._turn_no, s._dealer, s._hand_no = data["turn"], data["turn_number"], data["dealer"], data["hand_number"]
    s._scores, s._out = list(data["scores"]), list(data["out"])
    for seat, names in enumerate(data["hands"]):
        for card in fr.parse_many(" ".join(names)):
            s._hands[seat][card] += 1
    s._stock, s._pile = fr.parse_many(" ".join(data["stock"])), fr.parse_many(" ".join(data["pile"]))
    s._table = [meld_from_json(m[:-1]) for m in data["table"]]
    s._owners, s._opened = list(data["owners"]), list(data["opened"])
    s._opening, s._opened_now = data["opening"], data["opened_now"]
    s._owed, s._meld_only = fr.parse_many(" ".join(data["owed"])), data["meld_only"]
    s._results = [HandResult.from_json(r) for r in data["results"]]
    s.history = list(data["history"])
    cards = s.all_cards()
    if (s._phase != DEAL or cards) and cards != game.deck_counts:
        raise ValueError("the state's cards are not exactly the deck's")
    return s
