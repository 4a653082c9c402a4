"""French-suited cards (carte francesi): 52 cards plus the joker (jolly).

A card is a small ``int`` so that hands can be count vectors and the engines
stay fast; this module names and parses them, in the style of python-chess's
squares::

    >>> from tavolo.cards import french as fr
    >>> fr.parse("Th")
    9
    >>> fr.name(fr.card(fr.QUEEN, fr.SPADES))
    'Qs'
    >>> fr.parse("*") == fr.JOKER
    True

Encoding: ``suit * 13 + rank_index`` where ranks run A, 2, ..., K
(index 0..12) and suits hearts, diamonds, clubs, spades (cuori, quadri,
fiori, picche: the federation's suit order, highest first); the joker is 52.
"""

from __future__ import annotations

from collections.abc import Iterable

from tavolo.cards.errors import CardNotationError

HEARTS, DIAMONDS, CLUBS, SPADES = range(4)
SUITS = (HEARTS, DIAMONDS, CLUBS, SPADES)
SUIT_LETTERS = "hdcs"
SUIT_NAMES_IT = ("cuori", "quadri", "fiori", "picche")
SUIT_SYMBOLS = "♥♦♣♠"

ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(1, 14)
RANKS = tuple(range(1, 14))
RANK_LETTERS = "A23456789TJQK"

JOKER = 52
NUM_TYPES = 53
"""Distinct card types: 52 suited cards and the joker."""

_RANK_ALIASES = {"10": TEN, "1": None}


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1 = ace .. 13 = king) and ``suit``.

    >>> name(card(ACE, HEARTS))
    'Ah'
    """
    return suit * 13 + rank - 1


def rank(c: int) -> int:
    """Rank 1..13 of a suited card (ace = 1); 0 for the joker."""
    return 0 if c == JOKER else c % 13 + 1


def suit(c: int) -> int:
    """Suit 0..3 of a suited card; -1 for the joker."""
    return -1 if c == JOKER else c // 13


def is_joker(c: int) -> bool:
    return c == JOKER


def name(c: int) -> str:
    """Short notation: rank letter then suit letter, ``*`` for the joker.

    >>> [name(c) for c in (0, 9, 12, 51, 52)]
    ['Ah', 'Th', 'Kh', 'Ks', '*']
    """
    if c == JOKER:
        return "*"
    if not 0 <= c < JOKER:
        raise ValueError(f"not a French card id: {c}")
    return RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13]


def names(cards: Iterable[int]) -> str:
    """Space-separated notation of several cards."""
    return " ".join(name(c) for c in cards)


def parse(text: str) -> int:
    """Parse one card: ``Ah``, ``Td`` or ``10d``, ``*`` (joker); suits may
    also be written ``♥♦♣♠``.

    >>> parse("10d") == parse("Td")
    True
    >>> parse("1x")
    Traceback (most recent call last):
    ...
    tavolo.cards.errors.CardNotationError: '1x': unknown rank '1'
    """
    token = text.strip()
    if token in ("*", "Jk", "JK", "jolly"):
        return JOKER
    if len(token) < 2:
        raise CardNotationError(text, "a card is a rank and a suit, e.g. 'Ah', or '*' for the joker")
    rank_text, suit_text = token[:-1], token[-1]
    r = _parse_rank(text, rank_text)
    s = _parse_suit(text, suit_text)
    return card(r, s)


def parse_many(text: str) -> list[int]:
    """Parse space- or comma-separated cards.

    >>> parse_many("Ah 2h, *")
    [0, 1, 52]
    """
    return [parse(tok) for tok in text.replace(",", " ").split()]


def parse_rank(text: str) -> int:
    """Parse a rank alone (``A``, ``2``..``9``, ``T``/``10``, ``J``, ``Q``, ``K``)."""
    return _parse_rank(text, text.strip())


def rank_name(r: int) -> str:
    return RANK_LETTERS[r - 1]


def _parse_rank(original: str, rank_text: str) -> int:
    upper = rank_text.upper()
    if upper in _RANK_ALIASES and _RANK_ALIASES[upper] is not None:
        return _RANK_ALIASES[upper]
    if len(upper) == 1 and upper in RANK_LETTERS:
        return RANK_LETTERS.index(upper) + 1
    raise CardNotationError(original, "unknown rank {rank}", rank=repr(rank_text))


def _parse_suit(original: str, suit_text: str) -> int:
    lower = suit_text.lower()
    if lower in SUIT_LETTERS:
        return SUIT_LETTERS.index(lower)
    if suit_text in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(suit_text)
    raise CardNotationError(original, "unknown suit {suit} (use h d c s)", suit=repr(suit_text))
