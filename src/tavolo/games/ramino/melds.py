"""Ramino's combinations and the best way to arrange a hand into them.

The seed ("Ramino") names: tris and quartetti (three or four cards of one
rank in different suits; the same suit too "accordandosi preventivamente"),
the scala (three or more cards of one suit in order, the ace below the 2 or
above the king, never both), the colore (the whole hand of one suit, in any
order) and the ramino (the whole hand of one suit in order: a scala of every
card). The joker stands for any card; Tavolo allows one joker per tris,
quartetto or scala, as Burraco and Scala 40 do (DECISIONS.md), and any number
in a colore.

When someone closes, every hand is arranged to cost its holder the least:
the loose cards (carte non combinate) are what he pays::

    >>> from tavolo.cards import french as fr
    >>> meld_kind(fr.parse_many("3c 3s *")), meld_kind(fr.parse_many("Jd * Kd")), meld_kind(fr.parse_many("9h 9h 9s"))
    ('tris', 'scala', None)
    >>> best = arrange(fr.parse_many("Qh Kh Ah 5c 5d 5s 5h 3c 6d *"))
    >>> [fr.names(m) for m in best.melds], fr.names(best.loose), best.points
    (['Qh Kh Ah', '5h 5c 5s', '* 5d 6d'], '3c', 3)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from tavolo.cards import french as fr
from tavolo.games.ramino.cards import JOKER, NUM_TYPES, loose_points, penalties
from tavolo.games.rummy.sequences import HIGH_ACE, position_card, position_choices, span_ok

MAX_GROUP = 4
"""A quartetto is the largest combination of one rank."""


class Arrangement(NamedTuple):
    """A hand split into ``melds`` (each a tuple of cards, a scala from low to high)
    and ``loose`` cards; ``points`` is what the loose cards cost; ``colore`` when
    the whole hand is one suit."""

    melds: tuple[tuple[int, ...], ...]
    loose: tuple[int, ...]
    points: int
    colore: bool = False


def meld_kind(cards: Sequence[int], same_suit_groups: bool = False) -> str | None:
    """``"tris"``, ``"quartetto"`` or ``"scala"`` when ``cards`` make one, else ``None``."""
    naturals = [c for c in cards if c != JOKER]
    if len(cards) < 3 or len(cards) - len(naturals) > 1 or not naturals:
        return None
    if _is_group(naturals, len(cards), same_suit_groups):
        return "tris" if len(cards) == 3 else "quartetto"
    return "scala" if _is_run(naturals, len(cards)) else None


def _is_group(naturals: Sequence[int], size: int, same_suit: bool) -> bool:
    suits = [fr.suit(c) for c in naturals]
    return (size <= MAX_GROUP and len({fr.rank(c) for c in naturals}) == 1
            and (same_suit or len(set(suits)) == len(suits)))


def _is_run(naturals: Sequence[int], size: int) -> bool:
    """One suit on distinct positions, the joker (if any) in the one hole or at a free end."""
    if len({fr.suit(c) for c in naturals}) != 1:
        return False
    jokers = size - len(naturals)
    for positions in position_choices(naturals):
        lo, hi = positions[0], positions[-1]
        if len(set(positions)) != len(positions) or not span_ok(lo, hi):
            continue
        holes = hi - lo + 1 - len(naturals)
        if holes == jokers or (holes == 0 and jokers == 1 and (span_ok(lo - 1, hi) or span_ok(lo, hi + 1))):
            return True
    return False


def is_colore(cards: Sequence[int]) -> bool:
    """The whole hand of one suit, jokers standing for it (colore; in order it is the ramino)."""
    suits = {fr.suit(c) for c in cards if c != JOKER}
    return len(cards) >= 3 and len(suits) == 1


def arrange(cards: Sequence[int], same_suit_groups: bool = False, joker_penalty: int = 25) -> Arrangement:
    """The arrangement of a whole hand whose loose cards cost least (a lone ace 1).
    A joker never stands for a card the hand holds loose: the natural card takes
    its place (seed, Esempio b: Sempronio's joker stays loose beside two quartetti)."""
    if is_colore(cards):
        return Arrangement((tuple(sorted(cards)),), (), 0, colore=True)
    counts = _counts(cards)
    points, melds = _search(counts, (), (), same_suit_groups, joker_penalty)
    if points > 1:
        ace = _lone_ace(counts, same_suit_groups, joker_penalty)
        if ace is not None:
            return Arrangement(_search(_without(counts, ace), (), (ace,) * (counts[JOKER] > 0), same_suit_groups,
                                       joker_penalty)[1], (ace,), 1)
    loose = _minus(counts, melds)
    return Arrangement(melds, loose, loose_points(loose, joker_penalty))


def loose_cost(cards: Sequence[int], same_suit_groups: bool = False, joker_penalty: int = 25) -> int:
    """What the hand would pay: :func:`arrange`'s points."""
    if is_colore(cards):
        return 0
    counts = _counts(cards)
    points = _search(counts, (), (), same_suit_groups, joker_penalty)[0]
    if points > 1 and _lone_ace(counts, same_suit_groups, joker_penalty) is not None:
        return 1
    return points


def loose_within(cards: Sequence[int], limit: int, same_suit_groups: bool = False, joker_penalty: int = 25) -> bool:
    """Whether the hand's loose cards cost at most ``limit``.

    >>> from tavolo.cards import french as fr
    >>> loose_within(fr.parse_many("5h 6h 7h 9c 9d 9s Kc Kd * 2s"), 2), loose_within(fr.parse_many("Ah 3c 4d"), 1)
    (True, False)
    """
    return _within(list(cards), _alone(_counts(cards), same_suit_groups), limit, same_suit_groups, joker_penalty)


def closing_discards(cards: Sequence[int], limit: int, same_suit_groups: bool = False,
                     joker_penalty: int = 25) -> list[int]:
    """The cards of ``cards`` whose discard leaves loose cards costing at most ``limit``.
    Quick first: a card that joins no meld among all the cards joins none among fewer,
    so those cards bound the cost.

    >>> from tavolo.cards import french as fr
    >>> fr.names(closing_discards(fr.parse_many("5h 6h 7h 9c 9d 9s Kc Kd Ks 2s Qd"), 10))
    'Qd 2s'
    >>> fr.names(closing_discards(fr.parse_many("5h 6h 7h 9c 9d 9s Kc Kd Ks 2s Qd"), 5))
    'Qd'
    >>> fr.names(closing_discards(fr.parse_many("Ah 3h 5h 7h 9h Jh Kh 2h 6h Qh 4c"), 0))  # a colore
    '4c'
    """
    counts = _counts(cards)
    alone = _alone(counts, same_suit_groups)
    out = []
    for c in sorted(set(cards)):
        hand = list(cards)
        hand.remove(c)
        bound = [a for a in alone if a != c] if counts[c] == 1 else alone
        if _within(hand, bound, limit, same_suit_groups, joker_penalty):
            out.append(c)
    return out


def _within(hand: list[int], alone: list[int], limit: int, same_suit: bool, joker: int) -> bool:
    """Whether ``hand`` pays at most ``limit``, ``alone`` being cards it must leave loose."""
    if is_colore(hand):
        return True
    if alone and loose_points(alone, joker) > limit:
        return False
    return loose_cost(hand, same_suit, joker) <= limit


def _lone_ace(counts: tuple[int, ...], same_suit: bool, joker: int) -> int | None:
    """An ace whose removal leaves every other card combined, if there is one."""
    for c in range(0, JOKER, 13):
        if counts[c] and not _search(_without(counts, c), (), (c,) * (counts[JOKER] > 0), same_suit, joker)[0]:
            return c
    return None


def _counts(cards: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * NUM_TYPES
    for c in cards:
        counts[c] += 1
    return tuple(counts)


def _without(counts: tuple[int, ...], *cards: int) -> tuple[int, ...]:
    out = list(counts)
    for c in cards:
        out[c] -= 1
    return tuple(out)


def _minus(counts: tuple[int, ...], melds: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    rest = _without(counts, *(c for m in melds for c in m))
    return tuple(c for c, k in enumerate(rest) for _ in range(k))


@lru_cache(maxsize=1 << 18)
def _search(counts: tuple[int, ...], stands: tuple[int, ...], loose: tuple[int, ...], same_suit: bool,
            joker: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """``(points, melds)``: the melds leaving the loose cards of least cost (an ace 11).
    The first natural card held is either loose or in one of the melds it can join.
    ``stands``: held cards a joker already stands for (they may not be left loose);
    ``loose``: cards already left loose (no joker may stand for them)."""
    first = next((c for c in range(JOKER) if counts[c]), None)
    if first is None:
        return counts[JOKER] * joker, ()
    best: tuple[int, tuple[tuple[int, ...], ...]] = (1 << 30, ())
    if first not in stands:
        rest = _without(counts, first)
        points, melds = _search(rest, _held(rest, stands), (*loose, first) if rest[JOKER] else (), same_suit, joker)
        best = (penalties(joker)[first] + points, melds)
    for meld, stands_for in _melds_with(counts, first, same_suit):
        if stands_for in loose:
            continue
        rest = _without(counts, *meld)
        points, melds = _search(rest, _held(rest, (*stands, stands_for)), loose if rest[JOKER] else (), same_suit,
                                joker)
        if points < best[0]:
            best = (points, (meld, *melds))
            if not points:
                break
    return best


def _held(counts: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    """Of ``cards`` (-1 for none), those still held, sorted: the memo's key stays small."""
    return tuple(sorted(c for c in cards if c >= 0 and counts[c]))


def _melds_with(counts: tuple[int, ...], c: int, same_suit: bool) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every tris, quartetto and scala of the held cards that holds ``c``, with the card
    its joker stands for (-1 without a joker)."""
    yield from _groups_with(counts, c, same_suit)
    yield from _runs_with(counts, c)


def _groups_with(counts: tuple[int, ...], c: int, same_suit: bool) -> Iterator[tuple[tuple[int, ...], int]]:
    rank, suit = fr.rank(c), fr.suit(c)
    room = [counts[fr.card(rank, s)] - (s == suit) for s in fr.SUITS]
    if not same_suit:
        room = [min(k, 1) if s != suit else 0 for s, k in enumerate(room)]
    for taken in product(*(range(k + 1) for k in room)):
        naturals = 1 + sum(taken)
        others = tuple(fr.card(rank, s) for s, k in enumerate(taken) for _ in range(k))
        if 3 <= naturals <= MAX_GROUP:
            yield (c, *others), -1
        if counts[JOKER] and 2 <= naturals < MAX_GROUP:
            used = {suit, *(s for s, k in enumerate(taken) if k)}
            for s in fr.SUITS:
                if same_suit or s not in used:
                    yield (c, *others, JOKER), fr.card(rank, s)


def _suit_mask(counts: tuple[int, ...], suit: int) -> int:
    """Positions (bits 1..14) of the held naturals of ``suit``: an ace on 1 and on 14."""
    base = suit * 13
    mask = sum(1 << (r + 1) for r in range(13) if counts[base + r])
    return mask | (mask & 2) << 13


def _runs_with(counts: tuple[int, ...], c: int) -> Iterator[tuple[tuple[int, ...], int]]:
    suit = fr.suit(c)
    mask = _suit_mask(counts, suit)
    size = sum(counts)
    jokers = min(counts[JOKER], 1)
    for here in ([1, HIGH_ACE] if fr.rank(c) == fr.ACE else [fr.rank(c)]):
        for lo in range(max(1, here - size + 1), here + 1):
            gap = (((1 << here) - (1 << lo)) & ~mask).bit_count()
            if gap > jokers:
                continue
            for hi in range(here, min(HIGH_ACE, lo + size - 1) + 1):
                if not mask >> hi & 1 and hi > here:
                    gap += 1
                    if gap > jokers:
                        break
                if hi - lo >= 2 and span_ok(lo, hi):
                    meld = tuple(position_card(suit, p) if mask >> p & 1 else JOKER for p in range(lo, hi + 1))
                    hole = next((p for p in range(lo, hi + 1) if not mask >> p & 1), 0)
                    yield meld, position_card(suit, hole) if hole else -1
                    if jokers and not hole:
                        yield from _joker_for_held(meld, suit, lo, here)


def _joker_for_held(meld: tuple[int, ...], suit: int, lo: int, here: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """A scala of naturals with the joker in the place of one of them (not ``here``'s): the
    natural it stands for stays in the hand for another combination (two decks hold two of it).

        >>> from tavolo.cards import french as fr
        >>> [(fr.names(m), fr.name(s)) for m, s in _joker_for_held(tuple(fr.parse_many("Qh Kh Ah")), 0, 12, 14)]
        [('* Kh Ah', 'Qh'), ('Qh * Ah', 'Kh')]
    """
    for at in range(len(meld)):
        if lo + at != here:
            yield meld[:at] + (JOKER,) + meld[at + 1:], position_card(suit, lo + at)


def _alone(counts: tuple[int, ...], same_suit: bool) -> list[int]:
    """The natural cards held that join no tris, quartetto or scala of the held cards:
    a longer scala holds a three-card one around each of its cards with no more jokers."""
    joker = counts[JOKER] > 0
    masks = [_suit_mask(counts, s) for s in fr.SUITS]
    out = []
    for c in range(JOKER):
        if not counts[c]:
            continue
        suit, r = divmod(c, 13)
        same = (counts[r], counts[13 + r], counts[26 + r], counts[39 + r])
        partners = sum(same) - 1 if same_suit else sum(1 for s in range(4) if same[s] and s != suit)
        if partners + joker >= 2 or _in_a_run(masks[suit], r + 1, joker):
            continue
        out.append(c)
    return out


def _in_a_run(mask: int, rank: int, joker: bool) -> bool:
    for here in ((1, HIGH_ACE) if rank == fr.ACE else (rank,)):
        for lo in range(max(1, here - 2), min(here, HIGH_ACE - 2) + 1):
            if ((0b111 << lo) & ~mask & ~(1 << here)).bit_count() <= joker:
                return True
    return False
