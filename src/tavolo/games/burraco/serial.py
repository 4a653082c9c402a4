"""A Burraco state as JSON and back: every field, the hidden ones included,
so that a saved game resumes exactly (cards in notation, melds as their
fields plus a readable ``text``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import chain
from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.burraco.integrity import check_raw, raw_of, raw_result
from tavolo.games.burraco.melds import KIND_NAMES, Group, Meld, Run, is_valid, meld_text
from tavolo.games.burraco.observation import mask_cards
from tavolo.games.burraco.scoring import HandResult
from tavolo.games.burraco.state import PHASE_NAMES, BurracoState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def _cards(cards) -> list[str]:
    return [fr.name(c) for c in cards]


def _parse_cards(names: list[str]) -> list[int]:
    return [fr.parse(n) for n in names]


def meld_to_json(meld: Meld) -> dict[str, Any]:
    if type(meld) is Run:
        return {"run": list(meld), "text": meld_text(meld)}
    return {"group": [meld.rank, list(meld.counts), meld.wild], "text": meld_text(meld)}


def meld_from_json(data: dict[str, Any]) -> Meld:
    """A meld from its JSON (:func:`meld_to_json`): whole numbers only, a count per suit, and a
    meld the rules allow, or a ``ValueError``."""
    if "run" in data:
        meld: Meld = Run(*data["run"])
        numbers: tuple = meld
    else:
        rank, counts, wild = data["group"]
        meld = Group(rank, tuple(counts), wild)
        numbers = (rank, *meld.counts, wild) if len(meld.counts) == 4 else ("not four suits",)
    if not all(type(v) is int for v in numbers) or not is_valid(meld):
        raise ValueError(f"not a valid meld: {data}")
    return meld


def state_to_json(s: BurracoState) -> dict[str, Any]:
    return {
        "game": "burraco",
        "options": s.game.options_json(),
        "phase": PHASE_NAMES[s._phase], "turn": s._turn, "turn_number": s._turn_no, "dealer": s._dealer,
        "hand_number": s._hand_no, "scores": list(s._scores), "everyone_alone": s._alone,
        "hands": [_cards(s.hand_cards(seat)) for seat in range(s._n)],
        "pending": [_cards(p) for p in s._pending],
        "known": [_cards(c for c in range(len(k)) for _ in range(k[c])) for k in s._known],
        "shunned": [_cards(mask_cards(mask)) for mask in s._shunned],
        "stock": _cards(s._stock), "pile": _cards(s._pile),
        "pozzetti": [{"cards": _cards(p), "side": o, "taken": t}
                     for p, o, t in zip(s._pozzetti, s._pozz_owner, s._pozz_taken)],
        "sides": [list(seats) for seats in s._sides], "sides_formed": s._formed,
        "melds": [[meld_to_json(m) for m in side] for side in s._melds],
        "single_pile_card": s._single, "must_meld": s._must_meld, "stall_streak": s._stall,
        "last_turn": s._last_turn, "closed_by": s._closed_by,
        "time_out": s._timeout, "plays_left": s._plays_left,
        "results": [r.to_json() for r in s._results],
        "history": list(s.history),
    }


JSON_NAMES = {"alone": "everyone_alone", "formed": "sides_formed", "single": "single_pile_card",
              "stall": "stall_streak"}
"""The JSON's name of each field whose name differs from the engines' (``integrity.raw_of``)."""


@contextmanager
def _field(name: str) -> Iterator[None]:
    """Reading the JSON field ``name``: any error in it a ``ValueError`` that names it."""
    try:
        yield
    except KeyError as error:
        raise ValueError(f"{name}: {error} missing") from None
    except (TypeError, IndexError, AttributeError, ValueError) as error:
        raise ValueError(f"{name}: {error}") from None


def _per_seat(data: dict[str, Any], name: str, n: int) -> list:
    """The field ``name``, a list with one entry per seat."""
    value = data.get(name, [[]] * n if name == "shunned" else None)  # a game saved before the record: none
    if type(value) is not list or len(value) != n:
        raise ValueError("not a list of one entry per seat")
    return value


def state_from_json(game: CardGame, data: dict[str, Any]) -> BurracoState:
    """The state ``data`` holds (:func:`state_to_json`'s form), checked as the compiled core's
    loader checks one (:func:`~tavolo.games.burraco.integrity.check_raw`): a field missing, of
    the wrong type or out of range, a meld no rule allows or cards not exactly the deck's is a
    ``ValueError`` naming the field."""
    if type(data) is not dict or data.get("game") != "burraco":
        raise ValueError(f"not a Burraco state: game is {data.get('game') if type(data) is dict else None!r}")
    s = BurracoState(game)
    n = s._n
    with _field("phase"):
        if data["phase"] not in PHASE_NAMES:
            raise ValueError(f"{data['phase']!r} is not one of {', '.join(PHASE_NAMES)}")
        s._phase = PHASE_NAMES.index(data["phase"])
    for name, slot in (("turn", "_turn"), ("turn_number", "_turn_no"), ("dealer", "_dealer"),
                       ("hand_number", "_hand_no"), ("everyone_alone", "_alone"), ("sides_formed", "_formed"),
                       ("single_pile_card", "_single"), ("must_meld", "_must_meld"), ("stall_streak", "_stall"),
                       ("last_turn", "_last_turn"), ("closed_by", "_closed_by"), ("time_out", "_timeout"),
                       ("plays_left", "_plays_left")):
        with _field(name):
            setattr(s, slot, data[name])
    with _field("scores"):
        s._scores = list(_per_seat(data, "scores", n))
    with _field("hands"):
        for seat, names in enumerate(_per_seat(data, "hands", n)):
            for card in _parse_cards(names):
                s._add(seat, card)
    with _field("pending"):
        s._pending = [_parse_cards(p) for p in _per_seat(data, "pending", n)]
    with _field("known"):
        for seat, names in enumerate(_per_seat(data, "known", n)):
            for card in _parse_cards(names):
                s._known[seat][card] += 1
    with _field("shunned"):
        for seat, names in enumerate(_per_seat(data, "shunned", n)):
            for card in _parse_cards(names):
                s._shunned[seat] |= 1 << card
    with _field("stock"):
        s._stock = _parse_cards(data["stock"])
    with _field("pile"):
        s._pile = _parse_cards(data["pile"])
    with _field("pozzetti"):
        s._pozzetti = [_parse_cards(p["cards"]) for p in data["pozzetti"]]
        s._pozz_owner = [p["side"] for p in data["pozzetti"]]
        s._pozz_taken = [p["taken"] for p in data["pozzetti"]]
    with _field("sides"):
        s._sides = [tuple(seats) for seats in data["sides"]]
    with _field("melds"):
        s._melds = [[meld_from_json(m) for m in side] for side in data["melds"]]
    with _field("results"):
        s._results = [HandResult.from_json(r) for r in data["results"]]
        for result in s._results:
            raw_result(result)  # how it ended and its burraci named as the engines name them
            if not set(chain.from_iterable(side.burraci for side in result.sides)) <= set(KIND_NAMES[1:]):
                raise ValueError("a burraco kind not known")
    with _field("history"):
        s.history = list(data["history"])
    check_raw(game, raw_of(s), JSON_NAMES)
    for side, seats in enumerate(s._sides):
        for seat in seats:
            s._side_of[seat] = side
    s._refresh_side_pozzetti()
    return s
