"""A Burraco state's fields, as both engines load them, and the one check they pass (issue 42).

``raw_of`` gives a reference state's fields as plain values (the compiled core's ``_raw``
form: hands as counts per card type, melds as packed words). :func:`check_raw` refuses a
state that no play could reach the shape of, with a ``ValueError`` naming the field: a seat
out of range, a count that does not fit, a meld no rule allows, cards not exactly the deck's.
``serial.state_from_json`` (the reference) and ``NativeBurracoState._load`` (the core's loader,
what unpickling reaches) both call it, so a state saved by one engine loads on the other or on
neither, and the core never trusts a field it cannot hold.

    >>> from tavolo.games.burraco import make_game
    >>> game = make_game(players=4, target=None)
    >>> raw = raw_of(game.new_initial_state())
    >>> check_raw(game, raw)
    >>> check_raw(game, {**raw, "dealer": 2**31})
    Traceback (most recent call last):
    ...
    ValueError: dealer: 2147483648 is out of range (0..3)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any

from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.games.burraco.cards import NUM_TYPES, WILDS
from tavolo.games.burraco.melds import KIND_NAMES, NO_WILD, Group, Meld, Run, cards_of, is_valid
from tavolo.games.burraco.scoring import HandResult
from tavolo.games.burraco.state import DRAW_PHASE, OVER, PLAY, BurracoState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame

ENDED_BY = ("closing", "stock", "time-out")
GROUP_BIT = 1 << 31
MAX_POZZETTO = 18
MAX_MELDS = 54
MAX_PILE = 162
MAX_SMALL = 30_000
"""The most for the counters (turn number, hand number, stall streak, plays left): far above any
hand or match, and far enough below the core's 16-bit fields that play from there never wraps."""
LISTS = ("scores", "hands", "known", "pending", "shunned", "stock", "pile", "pozzetti", "sides", "melds",
         "results", "history")
"""The fields that are lists (the core reads them as lists); inside them, entries are lists or
tuples, but a pozzetto and a hand's result are tuples, a side's melds a list."""
MAX_POINTS = 10**9
"""No score, credit or part of a hand's points is this large (and each fits the core's fields)."""


# --- melds packed in 32 bits, as the core holds them ------------------------------------------

def _wild_code(wild: int) -> int:
    return 0 if wild == NO_WILD else WILDS.index(wild) + 1


def pack_meld(meld: Meld) -> int:
    """The 32-bit word the core keeps for ``meld``.

    Run: suit (bits 0-1), lo (2-5), hi (6-9), wild (10-12: 0 none, else its place in
    :data:`WILDS` plus one), gap (13-16). Group: bit 31, rank (0-3), naturals per suit (4 bits
    each from bit 4), wild (20-22).

        >>> from tavolo.cards import french as fr
        >>> unpack_meld(pack_meld(Run(fr.HEARTS, 3, 5, fr.JOKER, 4))) == Run(fr.HEARTS, 3, 5, fr.JOKER, 4)
        True
    """
    if type(meld) is Run:
        s, lo, hi, wild, gap = meld
        return s | lo << 2 | hi << 6 | _wild_code(wild) << 10 | gap << 13
    rank, counts, wild = meld
    return (GROUP_BIT | rank | counts[0] << 4 | counts[1] << 8 | counts[2] << 12 | counts[3] << 16
            | _wild_code(wild) << 20)


def unpack_meld(word: int) -> Meld:
    """The meld a packed word stands for (:func:`pack_meld`'s inverse)."""
    if word & GROUP_BIT:
        code = word >> 20 & 7
        counts = tuple(word >> (4 + 4 * s) & 15 for s in range(4))
        return Group(word & 15, counts, WILDS[code - 1] if code else NO_WILD)  # type: ignore[arg-type]
    code = word >> 10 & 7
    return Run(word & 3, word >> 2 & 15, word >> 6 & 15, WILDS[code - 1] if code else NO_WILD, word >> 13 & 15)


# --- a reference state's fields ---------------------------------------------------------------

def raw_of(s: BurracoState) -> dict[str, Any]:
    """A reference state's fields as ``NativeBurracoState._load`` takes them (``_raw``'s form)."""
    return {
        "phase": s._phase, "turn": s._turn, "turn_number": s._turn_no, "dealer": s._dealer,
        "hand_number": s._hand_no, "scores": list(s._scores), "alone": s._alone,
        "hands": [list(h) for h in s._hands], "pending": [list(p) for p in s._pending],
        "known": [list(k) for k in s._known], "shunned": list(s._shunned),
        "stock": list(s._stock), "pile": list(s._pile),
        "pozzetti": [(list(p), o, t) for p, o, t in zip(s._pozzetti, s._pozz_owner, s._pozz_taken, strict=True)],
        "sides": [list(seats) for seats in s._sides], "formed": s._formed,
        "melds": [[pack_meld(m) for m in side] for side in s._melds],
        "single": s._single, "must_meld": s._must_meld, "stall": s._stall, "last_turn": s._last_turn,
        "closed_by": s._closed_by, "time_out": s._timeout, "plays_left": s._plays_left,
        "results": [raw_result(r) for r in s._results], "history": list(s.history),
    }


def raw_result(result: HandResult) -> tuple:
    """A hand's result in the core's form: number, how it ended (its index in ``ENDED_BY``),
    per side (seats, burraci clean/semi-clean/dirty, closing, bonus, melded, in hand,
    pozzetto), the points credited per seat."""
    sides = [(list(side.seats), tuple(side.burraci.count(KIND_NAMES[k]) for k in (3, 2, 1)), side.closing,
              side.burraco_bonus, side.melded, side.in_hand, side.pozzetto) for side in result.sides]
    return (result.number, ENDED_BY.index(result.ended_by), sides, list(result.credited))


# --- the check --------------------------------------------------------------------------------

def check_raw(game: CardGame, raw: Mapping[str, Any], names: Mapping[str, str] | None = None) -> None:
    """Refuse, with a ``ValueError`` naming the field (as ``names`` calls it, where given),
    fields that no Burraco position of ``game`` has: a type, a range, a seat, a count, a meld,
    the sides not the table's seats once each, or the cards not exactly the deck's (a match not
    yet dealt holds none)."""
    n = game.options.players
    say = (lambda field: names.get(field, field)) if names else (lambda field: field)
    if not isinstance(raw, Mapping):
        raise ValueError(f"state: {type(raw).__name__} is not a mapping of fields")
    try:
        for field in LISTS:
            if type(raw[field]) is not list:
                raise ValueError(f"{say(field)}: {type(raw[field]).__name__} is not a list")
        melds = _check_fields(raw, n, say)
    except KeyError as missing:
        raise ValueError(f"{say(missing.args[0])}: missing") from None
    loose = Counter(chain(*raw["pending"], raw["stock"], raw["pile"], *(p[0] for p in raw["pozzetti"]),
                          cards_of(chain(*melds))))
    held = [k + loose[card] for card, k in enumerate(map(sum, zip(*raw["hands"])))]
    deck = game.deck_counts
    if held != [deck[card] for card in range(NUM_TYPES)] and (any(held) or raw["phase"] != 0):
        where = ", ".join(map(say, ("hands", "pending", "stock", "pile", "pozzetti", "melds")))
        raise ValueError(f"{where}: the cards in play are not exactly the deck's")


def _check_fields(raw: Mapping[str, Any], n: int, say: Callable[[str], str]) -> list[list[Meld]]:
    """Every field's type and range; the melds read from their words."""
    for field, lo, hi in (("phase", 0, OVER), ("turn", 0, n - 1), ("dealer", 0, n - 1),
                          ("turn_number", 0, MAX_SMALL), ("hand_number", 0, MAX_SMALL), ("stall", 0, MAX_SMALL),
                          ("plays_left", 0, MAX_SMALL), ("single", -1, NUM_TYPES - 1), ("closed_by", -1, n - 1)):
        _int(raw[field], lo, hi, say(field))
    for field in ("alone", "formed", "must_meld", "last_turn", "time_out"):
        if type(raw[field]) is not bool:
            raise ValueError(f"{say(field)}: {raw[field]!r} is not true or false")
    _numbers(raw["scores"], n, say("scores"))
    for field in ("hands", "known"):
        for counts in _seats(raw[field], n, say(field)):
            _ints(_list(counts, NUM_TYPES, NUM_TYPES, say(field)), 0, 255, say(field))
    if any(map(int.__gt__, chain(*raw["known"]), chain(*raw["hands"]))):
        raise ValueError(f"{say('known')}: a seat is known to hold a card it does not hold")
    if raw["phase"] == PLAY and not any(raw["hands"][raw["turn"]]):
        raise ValueError(f"{say('hands')}: the player on turn holds no card to play")
    if raw["phase"] == DRAW_PHASE and not raw["stock"]:
        raise ValueError(f"{say('stock')}: no card to draw")
    for cards in _seats(raw["pending"], n, say("pending")):
        _cards(cards, MAX_POZZETTO, say("pending"))
    for mask in _seats(raw["shunned"], n, say("shunned")):
        _int(mask, 0, (1 << NUM_TYPES) - 1, say("shunned"))
    _cards(raw["stock"], MAX_PILE, say("stock"))
    _cards(raw["pile"], MAX_PILE, say("pile"))
    sides = _sides(raw["sides"], n, say("sides"))
    _pozzetti(raw["pozzetti"], n, len(sides), raw["formed"], say("pozzetti"))
    melds = _melds(raw["melds"], len(sides), say("melds"))
    _results(raw["results"], n, say("results"))
    _ints(_list(raw["history"], 0, None, say("history")), 0, NUM_ACTIONS, say("history"))  # NUM_ACTIONS: time-out
    return melds


def _int(value: Any, lo: int, hi: int, field: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{field}: {value!r} is not a whole number")
    if not lo <= value <= hi:
        raise ValueError(f"{field}: {value} is out of range ({lo}..{hi})")
    return value


def _ints(values: list | tuple, lo: int, hi: int, field: str) -> None:
    """Every value a whole number from ``lo`` to ``hi`` (the first that is not named)."""
    if values and (set(map(type, values)) != {int} or min(values) < lo or max(values) > hi):
        for value in values:
            _int(value, lo, hi, field)


def _list(value: Any, least: int, most: int | None, field: str) -> list | tuple:
    if type(value) not in (list, tuple):
        raise ValueError(f"{field}: {type(value).__name__} is not a list")
    if len(value) < least or (most is not None and len(value) > most):
        raise ValueError(f"{field}: {len(value)} entries, not {least}..{most if most is not None else ''}")
    return value


def _tuple(value: Any, size: int, field: str) -> tuple:
    """A tuple of ``size`` entries (a pozzetto, a hand's result and its sides: the core reads
    them as tuples)."""
    if type(value) is not tuple or len(value) != size:
        raise ValueError(f"{field}: {value!r} is not a tuple of {size}")
    return value


def _seats(value: Any, n: int, field: str) -> list | tuple:
    """A list with one entry per seat."""
    return _list(value, n, n, field)


def _cards(value: Any, most: int, field: str) -> None:
    _ints(_list(value, 0, most, field), 0, NUM_TYPES - 1, field)


def _numbers(value: Any, n: int, field: str) -> None:
    """One score (or credit) per seat: an int, or a float where a pair's points were halved."""
    for number in _seats(value, n, field):
        if type(number) not in (int, float) or not math.isfinite(number) or abs(number) > MAX_POINTS:
            raise ValueError(f"{field}: {number!r} is not a number of points")


def _sides(value: Any, n: int, field: str) -> list | tuple:
    """The sides: every seat of the table in exactly one."""
    sides = _list(value, 1, n, field)
    seats = [_int(seat, 0, n - 1, field) for side in sides for seat in _list(side, 1, n, field)]
    if sorted(seats) != list(range(n)):
        raise ValueError(f"{field}: {seats} are not the table's seats once each")
    return sides


def _pozzetti(value: Any, n: int, sides: int, formed: bool, field: str) -> None:
    """The pozzetti: their cards, and once the sides are formed one side each (none before)."""
    owners = []
    for pozzetto in _list(value, 0, n, field):
        cards, owner, taken = _tuple(pozzetto, 3, field)
        _cards(cards, MAX_POZZETTO, field)
        owners.append(_int(owner, 0, sides - 1, field) if formed else _int(owner, -1, -1, field))
        if type(taken) is not bool:
            raise ValueError(f"{field}: taken is {taken!r}, not true or false")
    if len(set(owners)) != len(owners) and formed:
        raise ValueError(f"{field}: two pozzetti for one side")


def _melds(value: Any, sides: int, field: str) -> list[list[Meld]]:
    """Each side's melds, every word a meld the rules allow (and nothing else in its bits)."""
    melds = []
    for words in _list(value, sides, sides, field):
        side = []
        if type(words) is not list:
            raise ValueError(f"{field}: a side's melds are not a list")
        for word in _list(words, 0, MAX_MELDS, field):
            meld = _VALID_WORDS.get(word) if type(word) is int else None
            if meld is None:
                meld = _valid_meld(_int(word, 0, (1 << 32) - 1, field), field)
            side.append(meld)
        melds.append(side)
    return melds


_VALID_WORDS: dict[int, Meld] = {}
"""The packed words found valid, and their melds (a few thousand at most)."""


def _valid_meld(word: int, field: str) -> Meld:
    """The meld of ``word``, one the rules allow and with nothing else in its bits."""
    wild = word >> (20 if word & GROUP_BIT else 10) & 7
    meld = unpack_meld(word) if wild <= len(WILDS) else None
    if meld is None or not is_valid(meld) or pack_meld(meld) != word:
        raise ValueError(f"{field}: {word} is not a valid meld")
    _VALID_WORDS[word] = meld
    return meld


def _results(value: Any, n: int, field: str) -> None:
    for result in _list(value, 0, None, field):
        number, ended_by, sides, credited = _tuple(result, 4, field)
        _int(number, 0, MAX_SMALL, field)
        _int(ended_by, 0, len(ENDED_BY) - 1, field)
        for side in _list(sides, 1, n, field):
            seats, burraci, *points = _tuple(side, 7, field)
            _ints(_list(seats, 1, n, field), 0, n - 1, field)
            _ints(_list(burraci, 3, 3, field), 0, MAX_MELDS, field)
            _ints(points, -MAX_POINTS, MAX_POINTS, field)
        _numbers(credited, n, field)


__all__ = ["ENDED_BY", "check_raw", "pack_meld", "raw_of", "raw_result", "unpack_meld"]
