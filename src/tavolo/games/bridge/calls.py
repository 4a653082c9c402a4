"""The auction (licita, dichiarazione): calls, their legality and the contract it reaches.

A call is an action id after the 52 cards: ``PASS`` (passo), ``DOUBLE``
(contro), ``REDOUBLE`` (surcontro), then the 35 bids ``1C 1D 1H 1S 1NT 2C
... 7NT`` in rising order. A bid must be higher than the last bid; a double
only of the opponents' last bid not yet doubled, a redouble only of one's
own side's bid that the opponents doubled. Three passes after a bid end the
auction; four passes at the start throw the hand in (seed, raccolta,
Bridge, "Regole": "La dichiarazione termina dopo tre passi consecutivi")::

    >>> calls = [parse_call(t) for t in "1H pass 2H X XX pass pass pass".split()]
    >>> contract_of(calls, dealer=0)
    Contract(level=2, denomination=2, doubled=2, declarer=0)
    >>> str(contract_of(calls, dealer=0))
    '2HXX by N'
    >>> contract_of([PASS] * 4, dealer=1) is None, auction_over([PASS] * 3)
    (True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tavolo.games.bridge.cards import DENOMINATIONS, NOTRUMP, NUM_CARDS, SEATS, seat

PASS, DOUBLE, REDOUBLE = NUM_CARDS, NUM_CARDS + 1, NUM_CARDS + 2
FIRST_BID = NUM_CARDS + 3
NUM_ACTIONS = FIRST_BID + 35
_PASS_WORDS = ("pass", "p", "passo", "-")
_DOUBLE_WORDS = ("x", "double", "dbl", "contro")
_REDOUBLE_WORDS = ("xx", "redouble", "rdbl", "surcontro")


def bid(level: int, denomination: int) -> int:
    """The action id of a bid: ``bid(1, CLUBS)`` is the lowest."""
    return FIRST_BID + (level - 1) * 5 + denomination


def is_bid(call: int) -> bool:
    return call >= FIRST_BID


def level_of(call: int) -> int:
    return (call - FIRST_BID) // 5 + 1


def denomination_of(call: int) -> int:
    return (call - FIRST_BID) % 5


def call_name(call: int) -> str:
    """``1C`` .. ``7NT``, ``pass``, ``X``, ``XX``."""
    if call == PASS:
        return "pass"
    if call == DOUBLE:
        return "X"
    if call == REDOUBLE:
        return "XX"
    if not FIRST_BID <= call < NUM_ACTIONS:
        raise ValueError(f"not a call id: {call}")
    return f"{level_of(call)}{DENOMINATIONS[denomination_of(call)]}"


def parse_call(text: str) -> int:
    """A call from its notation (English or Italian words; ``N`` or ``SA`` for no trumps).

    >>> [call_name(parse_call(t)) for t in ("1n", "3SA", "contro", "passo", "7nt")]
    ['1NT', '3NT', 'X', 'pass', '7NT']
    >>> parse_call("8S")
    Traceback (most recent call last):
    ...
    ValueError: '8S': a bid is a level 1-7 and a denomination C D H S NT, e.g. '4H'
    """
    word = text.strip().lower()
    if word in _PASS_WORDS:
        return PASS
    if word in _DOUBLE_WORDS:
        return DOUBLE
    if word in _REDOUBLE_WORDS:
        return REDOUBLE
    denom = {"c": 0, "d": 1, "h": 2, "s": 3, "n": 4, "nt": 4, "sa": 4, "♣": 0, "♦": 1, "♥": 2, "♠": 3}.get(word[1:])
    if len(word) < 2 or word[0] not in "1234567" or denom is None:
        raise ValueError(f"{text!r}: a bid is a level 1-7 and a denomination C D H S NT, e.g. '4H'")
    return bid(int(word[0]), denom)


def last_bid(calls: Sequence[int]) -> tuple[int, int]:
    """The last bid and its index in ``calls``, or ``(-1, -1)`` before any bid."""
    for i in range(len(calls) - 1, -1, -1):
        if is_bid(calls[i]):
            return calls[i], i
    return -1, -1


def doubled_state(calls: Sequence[int]) -> int:
    """0, 1 (doubled) or 2 (redoubled): how the last bid stands."""
    state = 0
    for call in reversed(calls):
        if is_bid(call):
            return state
        if call == REDOUBLE:
            state = max(state, 2)
        elif call == DOUBLE:
            state = max(state, 1)
    return state


def auction_over(calls: Sequence[int]) -> bool:
    """Three passes after a bid, or four passes at the start."""
    if len(calls) < 4 and not any(is_bid(c) for c in calls):
        return False
    return len(calls) >= 4 and all(c == PASS for c in calls[-3:])


def legal_calls(calls: Sequence[int]) -> list[int]:
    """The calls the next player may make, pass first."""
    top, at = last_bid(calls)
    out = [PASS]
    if top >= 0:
        by_opponents = (len(calls) - at) % 2 == 1
        state = doubled_state(calls)
        if by_opponents and state == 0:
            out.append(DOUBLE)
        if not by_opponents and state == 1:
            out.append(REDOUBLE)
    out.extend(range(max(top + 1, FIRST_BID), NUM_ACTIONS))
    return out


@dataclass(frozen=True)
class Contract:
    """A contract (contratto): ``level`` 1-7, ``denomination`` 0-4 (C D H S NT),
    ``doubled`` 0/1/2, ``declarer`` seat 0-3; written ``4HX by N``.

    >>> Contract.parse("4HX by N") == Contract(4, 2, 1, 0)
    True
    >>> Contract(3, 4, 0, 3).tricks_needed
    9
    """

    level: int
    denomination: int
    doubled: int
    declarer: int

    def __str__(self) -> str:
        return f"{self.level}{DENOMINATIONS[self.denomination]}{'X' * self.doubled} by {SEATS[self.declarer]}"

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @property
    def is_notrump(self) -> bool:
        return self.denomination == NOTRUMP

    @property
    def trump(self) -> int:
        """The trump suit (atout), or -1 at no trumps (senza atout)."""
        return -1 if self.denomination == NOTRUMP else self.denomination

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``4HX by N``, ``3NT N``, ``6SXX by sud``."""
        words = text.replace(" by ", " ").split()
        if len(words) != 2:
            raise ValueError(f"{text!r}: a contract is written like '4HX by N'")
        call_text, who = words
        doubled = len(call_text) - len(call_text.rstrip("xX"))
        if doubled > 2:
            raise ValueError(f"{text!r}: a contract is doubled (X) or redoubled (XX), no more")
        call = parse_call(call_text[:len(call_text) - doubled])
        if not is_bid(call):
            raise ValueError(f"{text!r}: a contract is a bid, e.g. '4H'")
        return cls(level_of(call), denomination_of(call), doubled, seat(who))

    def to_json(self) -> str:
        return str(self)


def contract_of(calls: Sequence[int], dealer: int) -> Contract | None:
    """The contract a finished auction reached, ``None`` when it was passed out.
    The declarer is the player of the winning side who first named its denomination."""
    top, at = last_bid(calls)
    if top < 0:
        return None
    side = (dealer + at) % 2
    denom = denomination_of(top)
    first = next(i for i, c in enumerate(calls)
                 if is_bid(c) and denomination_of(c) == denom and (dealer + i) % 2 == side)
    return Contract(level_of(top), denom, doubled_state(calls), (dealer + first) % 4)
