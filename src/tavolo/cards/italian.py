"""Italian-suited cards (carte italiane, 40 cards): napoletane, piacentine and
the other regional patterns share one structure.

Suits are coppe, denari, bastoni, spade (letters ``c d b s``); ranks are
A, 2..7 and the three figures fante (``J``), cavallo (``C``), re (``K``)::

    >>> from tavolo.cards import italian as it
    >>> it.name(it.card(it.KING, it.DENARI))
    'Kd'
    >>> it.parse("Cb") == it.card(it.CAVALLO, it.BASTONI)
    True

Encoding: ``suit * 10 + rank - 1`` with ranks 1..10 (A=1, 7=7, J=8, C=9, K=10).
"""

from __future__ import annotations

from collections.abc import Iterable

from tavolo.cards.errors import CardNotationError

COPPE, DENARI, BASTONI, SPADE = range(4)
SUITS = (COPPE, DENARI, BASTONI, SPADE)
SUIT_LETTERS = "cdbs"
SUIT_NAMES = ("coppe", "denari", "bastoni", "spade")

ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, FANTE, CAVALLO, KING = range(1, 11)
JACK = FANTE
RE = KING
RANKS = tuple(range(1, 11))
RANK_LETTERS = "A234567JCK"
RANK_NAMES = ("asso", "due", "tre", "quattro", "cinque", "sei", "sette", "fante", "cavallo", "re")
NUM_TYPES = 40


def card(rank: int, suit: int) -> int:
    return suit * 10 + rank - 1


def rank(c: int) -> int:
    """Rank 1..10 (A=1 .. 7=7, fante=8, cavallo=9, re=10)."""
    return c % 10 + 1


def suit(c: int) -> int:
    return c // 10


_NAMES = tuple(RANK_LETTERS[c % 10] + SUIT_LETTERS[c // 10] for c in range(NUM_TYPES))
"""Each card id's short notation, made once."""
_NAME_OF = dict(enumerate(_NAMES))
"""The same by id, where a wrong id must fail (a tuple would read -1 as the last card)."""


def name(c: int) -> str:
    """Short notation, e.g. ``'3c'`` (tre di coppe) or ``'Cs'`` (cavallo di spade)."""
    if not 0 <= c < NUM_TYPES:
        raise ValueError(f"not an Italian card id: {c}")
    return _NAMES[c]


def name_list(cards: Iterable[int]) -> list[str]:
    """:func:`name` of each card, in order, one lookup each (observations' JSON)::

        >>> name_list([2, 38])
        ['3c', 'Cs']
    """
    try:
        return list(map(_NAME_OF.__getitem__, cards))
    except KeyError as exc:
        raise ValueError(f"not an Italian card id: {exc.args[0]}") from None


def long_name(c: int) -> str:
    """Italian name, e.g. ``'tre di coppe'``."""
    return f"{RANK_NAMES[c % 10]} di {SUIT_NAMES[c // 10]}"


def names(cards: Iterable[int]) -> str:
    return " ".join(name_list(cards))


def parse(text: str) -> int:
    """Parse ``Ad``, ``7b``, ``Jc`` (fante), ``Cs`` (cavallo), ``Kd`` (re).

    >>> parse("9c")
    Traceback (most recent call last):
    ...
    tavolo.cards.errors.CardNotationError: '9c': unknown rank '9' (Italian ranks: A 2-7 J C K)
    """
    token = text.strip()
    if len(token) != 2:
        raise CardNotationError(text, "an Italian card is a rank and a suit, e.g. '3c' or 'Kd'")
    r, s = token[0].upper(), token[1].lower()
    if r not in RANK_LETTERS:
        raise CardNotationError(text, "unknown rank {rank} (Italian ranks: A 2-7 J C K)", rank=repr(token[0]))
    if s not in SUIT_LETTERS:
        raise CardNotationError(text, "unknown suit {suit} (use c d b s: coppe denari bastoni spade)",
                                suit=repr(token[1]))
    return card(RANK_LETTERS.index(r) + 1, SUIT_LETTERS.index(s))


def parse_many(text: str) -> list[int]:
    return [parse(tok) for tok in text.replace(",", " ").split()]
