"""Machiavelli's combinations (seed, "Machiavelli": "scale o ... gruppi di carte di
uguale valore che siano costituiti da un minimo di tre carte"), with no wild cards:

* a run (scala): three or more cards of one suit in sequence, the ace low
  (A-2-3) or high (Q-K-A), never both (rummy.sequences);
* a group (gruppo): three or four cards of one rank, each of a different suit
  (the seed's example, "il tre di fiori, il tre di cuori e il tre di picche";
  DECISIONS.md: a group never repeats a suit).

    >>> from tavolo.cards import french as fr
    >>> [meld_kind(fr.parse_many(t)) for t in ("Qh Kh Ah", "3c 3h 3s", "3c 3c 3s", "Kh Ah 2h", "5d 6d")]
    ['run', 'group', None, None, None]
    >>> fr.names(meld_order(fr.parse_many("Ah Kh Qh")))
    'Qh Kh Ah'
"""

from __future__ import annotations

from collections.abc import Sequence

from tavolo.cards import french as fr
from tavolo.games.rummy.sequences import natural_span, position_choices, span_ok

MIN_MELD = 3


def meld_kind(cards: Sequence[int]) -> str | None:
    """``"run"``, ``"group"`` or ``None`` when ``cards`` are not a valid combination."""
    if len(cards) < MIN_MELD:
        return None
    if _is_group(cards):
        return "group"
    return "run" if _run_positions(cards) else None


def is_meld(cards: Sequence[int]) -> bool:
    return meld_kind(cards) is not None


def _is_group(cards: Sequence[int]) -> bool:
    suits = {fr.suit(c) for c in cards}
    return len(cards) <= 4 and len({fr.rank(c) for c in cards}) == 1 and len(suits) == len(cards)


def _run_positions(cards: Sequence[int]) -> list[int] | None:
    """The positions (1..14) of ``cards`` as one run, or ``None``."""
    if len({fr.suit(c) for c in cards}) != 1:
        return None
    for positions in position_choices(cards):
        span = natural_span(positions)
        if span and not span[2] and span_ok(span[0], span[1]):
            return positions
    return None


def meld_order(cards: Sequence[int]) -> list[int]:
    """``cards`` in the order a player lays them: a run by its sequence (the ace where
    it stands), anything else by rank then suit."""
    positions = _run_positions(cards) if len(cards) >= MIN_MELD else None
    if positions:
        high = max(positions) == 14
        return sorted(cards, key=lambda c: 14 if high and fr.rank(c) == fr.ACE else fr.rank(c))
    return sorted(cards, key=lambda c: (fr.rank(c), fr.suit(c)))


def card_points(card: int) -> int:
    """What a card left in hand pays, as in Pinnacola (seed: "con il medesimo punteggio
    della pinnacola": 2 to 5 five points, 6 to K ten, the ace fifteen).

    >>> [card_points(fr.parse(t)) for t in ("2h", "5s", "6d", "Kc", "Ah")]
    [5, 5, 10, 10, 15]
    """
    rank = fr.rank(card)
    return 15 if rank == fr.ACE else 5 if rank <= 5 else 10
