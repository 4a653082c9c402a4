"""Tarot cards (tarocchi, 78 cards): four Italian suits of 14 and 22 trumps.

Suited cards use ranks A, 2..9, ``T`` (10), fante ``J``, cavallo ``C``,
donna ``Q``, re ``K`` and suits ``c d b s``; trumps (tarocchi, trionfi) are
written in Roman numerals ``I``..``XXI`` and the Fool (il Matto) ``0``; typed,
a trump may also be its number ``1``..``21`` and the Matto ``M`` or ``matto``::

    >>> from tavolo.cards import tarocchi as ta
    >>> ta.name(ta.trump(21)), ta.name(ta.MATTO), ta.name(ta.parse("Qc"))
    ('XXI', '0', 'Qc')
    >>> ta.parse("21") == ta.parse("xxi"), ta.parse("Matto") == ta.MATTO
    (True, True)

Encoding: suited ``suit * 14 + rank - 1`` (0..55), trump n is ``56 + n``.
"""

from __future__ import annotations

from tavolo.cards.errors import CardNotationError

SUIT_LETTERS = "cdbs"
RANK_LETTERS = "A23456789TJCQK"
NUM_SUITED = 56
NUM_TYPES = 78
MATTO = NUM_SUITED
ROMAN = ("0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
"""The trumps' numerals, the Matto's 0 first."""


def card(rank: int, suit: int) -> int:
    return suit * 14 + rank - 1


def trump(number: int) -> int:
    """Trump 0 (il Matto) .. 21 (il Mondo)."""
    if not 0 <= number <= 21:
        raise ValueError(f"trumps run 0..21, not {number}")
    return NUM_SUITED + number


def is_trump(c: int) -> bool:
    return c >= NUM_SUITED


def trump_number(c: int) -> int:
    return c - NUM_SUITED


def name(c: int) -> str:
    if not 0 <= c < NUM_TYPES:
        raise ValueError(f"not a tarocchi card id: {c}")
    if c >= NUM_SUITED:
        return ROMAN[c - NUM_SUITED]
    return RANK_LETTERS[c % 14] + SUIT_LETTERS[c // 14]


def parse(text: str) -> int:
    token = text.strip()
    if token.upper() in ROMAN:
        return trump(ROMAN.index(token.upper()))
    if token.isascii() and token.isdigit() and int(token) <= 21:
        return trump(int(token))
    if token.lower() in ("m", "matto"):
        return MATTO
    if len(token) == 2 and token[0].upper() in RANK_LETTERS and token[1].lower() in SUIT_LETTERS:
        return card(RANK_LETTERS.index(token[0].upper()) + 1, SUIT_LETTERS.index(token[1].lower()))
    raise CardNotationError(text, "a tarocchi card is a rank and suit ('Kc') or a trump 0, I..XXI "
                                  "(or 1..21, M for the Matto)")
