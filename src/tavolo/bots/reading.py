"""Reading a Burraco table from one seat's observation, as a club player does.

Everything here uses only a :class:`BurracoObservation`: which cards attach to
whose melds, which cards are dead (every copy in view), what the next
opponent took from the discard pile (monte degli scarti), how near each side
is to closing (chiusura), how many turns the stock (tallone) still allows.

    >>> from tavolo.cards import french as fr
    >>> from tavolo.games.burraco.melds import Run
    >>> sorted(fr.name(c) for c in fits((Run(fr.HEARTS, 4, 6),)))
    ['*', '2c', '2d', '2h', '2s', '3h', '7h']
    >>> [fr.name(c) for c, _ in RUN_NEAR[fr.parse("5h")]]
    ['3h', '4h', '6h', '7h']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tavolo.cards import french as fr
from tavolo.games.burraco.cards import JOKER, MATES, NUM_TYPES, RUN_NEAR, WILD
from tavolo.games.burraco.melds import CLEAN, NOT_BURRACO, Meld, attachments, burraco_kind, meld_cards
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.rules import RULE_SETS


def _between() -> dict[tuple[int, int], int]:
    out = {}
    for c in range(NUM_TYPES):
        for other, distance in RUN_NEAR[c]:
            if distance == 2:
                middle = [m for m, d in RUN_NEAR[c] if d == 1 and (m, 1) in RUN_NEAR[other]]
                out[c, other] = middle[0] if middle else -1
    return out


BETWEEN = _between()
"""For two naturals two places apart in a suit, the natural between them (-1:
the 2's place, which a pinella or any wild fills)."""


@lru_cache(maxsize=4096)
def fits(melds: tuple[Meld, ...]) -> frozenset[int]:
    """Every card that attaches to one of ``melds`` (wilds included)."""
    return frozenset().union(*map(_meld_fits, melds))


@lru_cache(maxsize=4096)
def _meld_fits(meld: Meld) -> frozenset[int]:
    """Every card that attaches to ``meld`` (cached: a side's melds change one at a time, so
    :func:`fits` of a new side is the union of sets already made)."""
    return frozenset(c for c, _, _ in attachments(meld))


@lru_cache(maxsize=4096)
def natural_fits(melds: tuple[Meld, ...]) -> frozenset[int]:
    """The natural cards that attach to one of ``melds``: what feeds that side."""
    return frozenset(c for m in melds for c, _, _ in attachments(m) if not WILD[c])


@lru_cache(maxsize=4096)
def attach_result(meld: Meld, card: int, variant: int) -> Meld:
    """The meld ``meld`` becomes when ``card`` joins it the ``variant`` way."""
    for c, v, after in attachments(meld):
        if c == card and v == variant:
            return after
    raise ValueError(f"{fr.name(card)} (variant {variant}) does not attach to that meld")


_cards = lru_cache(maxsize=8192)(lambda meld: tuple(meld_cards(meld)))


def copies(obs: BurracoObservation, card: int) -> int:
    """How many copies of ``card`` the decks hold: two decks (three for 5-6 players), two jokers each."""
    decks = 3 if obs.players >= 5 else 2
    return 2 * decks if card == JOKER else decks


def seen_counts(obs: BurracoObservation) -> list[int]:
    """How many copies of each card the seat can see: its hand, the discard
    pile, every meld, and the cards others took from the pile."""
    seen = [0] * NUM_TYPES
    for card in obs.hand:
        seen[card] += 1
    for card in obs.pile:
        seen[card] += 1
    for side in obs.melds:
        for meld in side:
            for card in _cards(meld):
                seen[card] += 1
    for seat, known in enumerate(obs.known):
        if seat != obs.seat:
            for card in known:
                seen[card] += 1
    return seen


def next_opponent(obs: BurracoObservation) -> int:
    """The seat that plays after this one when it is an opponent (it sees our
    discard first), else -1 (at three, once sides form, it may be the partner)."""
    nxt = (obs.seat + 1) % obs.players
    return nxt if obs.side_of[nxt] != obs.my_side else -1


def took_pozzetto(obs: BurracoObservation, side: int) -> bool:
    """Whether ``side`` has taken its pozzetto (the 11 cards set aside)."""
    return any(p.taken and p.side == side for p in obs.pozzetti)


def has_closing_burraco(obs: BurracoObservation, side: int) -> bool:
    """Whether ``side`` holds a burraco that allows closing under the rule set
    (clean only in International Burraco; semipulito counted where it is)."""
    return closing_burraco(obs.melds[side], obs.rule_set)


@lru_cache(maxsize=4096)
def closing_burraco(melds: tuple[Meld, ...], rule_set: str) -> bool:
    rules = RULE_SETS[rule_set]
    need_clean = rules.get("clean_to_close", False)
    semiclean = rules.get("semiclean", True)
    for meld in melds:
        kind = burraco_kind(meld, semiclean)
        if kind == CLEAN or (kind != NOT_BURRACO and not need_clean):
            return True
    return False


def can_close_soon(obs: BurracoObservation, side: int) -> bool:
    """``side`` has its pozzetto and a burraco: a player of it may close (chiudere)."""
    return took_pozzetto(obs, side) and has_closing_burraco(obs, side)


def my_turns_left(obs: BurracoObservation) -> int:
    """Turns this seat still has after the current one before the stock ends
    the hand (the last two cards of the tallone are not drawn)."""
    return max(0, obs.stock_size - 2) // obs.players


def feeds(obs: BurracoObservation, seat: int) -> frozenset[int]:
    """Naturals that help ``seat``: they attach to its side's melds."""
    return natural_fits(obs.melds[obs.side_of[seat]])


def near_taken(known: Sequence[int]) -> frozenset[int]:
    """Cards that go with what a player took from the discard pile: its rank
    in the other suits and its suit within two places; a player who took them
    is building there."""
    return _near_taken(tuple(known))


@lru_cache(maxsize=128)
def _near_taken(known: tuple[int, ...]) -> frozenset[int]:
    """:func:`near_taken`, cached: the cards known in a hand stay the same for turns."""
    return frozenset().union(*(MATES[card] for card in known))
