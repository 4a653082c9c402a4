"""Moves and cards in the reader's language (domain ``moves``): what the terminal prints and
what the browser's ``static/words.js`` says alike, from the same catalog.

A move's words arrive as JSON (:meth:`tavolo.engine.words.Words.to_json`): a key, the English
text with ``{placeholders}``, and its parameters (text, numbers, cards, seats, nested words)::

    >>> discard = {"key": "discard {cards}", "params": {"cards": {"cards": ["3h"], "deck": "french"}}}
    >>> say(discard, "it"), say(discard, "en")
    ('scarta 3♥', 'discard 3♥')
    >>> card_short("Kc", "italian", "it"), card_name("Qs", "french", "it")
    ('re di coppe', 'donna di picche')
    >>> card_name("*", "french", "en"), card_short("XXI", "tarot", "it")
    ('joker', 'XXI')

Cards are named as players of each deck say them: French cards short with the suit's symbol
("10♥", "K♠", "Jolly"), Italian and tarot cards by name ("fante di denari", "cavallo di
spade"); a tarot trump by its numeral, the Matto by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavolo.i18n import catalog, language

DOMAIN = "moves"

SUIT_SYMBOLS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}
FRENCH_SUITS = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}
ITALIAN_SUITS = {"c": "cups", "d": "coins", "b": "batons", "s": "swords"}
"""Coppe, denari, bastoni, spade (tarot suits too)."""
RANK_NAMES = {"A": "ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
              "T": "10", "10": "10", "J": "jack", "Q": "queen", "K": "king"}
ITALIAN_RANK_NAMES = RANK_NAMES | {"C": "knight"}
"""An Italian deck's J, C, K: fante, cavallo, re; a tarot deck adds Q, the donna."""
FRENCH_SHORT = {"T": "10"}
ROMAN = ("0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
         "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")


def word(msgid: str, lang: str) -> str:
    """One entry of the ``moves`` catalog in ``lang`` (English when it has none)."""
    return catalog(language(lang), DOMAIN).get(msgid, msgid)


def _parts(token: str) -> tuple[str, str]:
    """Rank and suit of a suited token; a declared rank in brackets (``2h(7)``) is left out."""
    code = token.split("(", 1)[0].strip()
    return code[:-1], code[-1:]


def card_short(token: str, deck: str, lang: str) -> str:
    """``token`` as a move names it: ``3♥``, ``10♥``, ``Jolly``; ``fante di denari``; ``XXI``."""
    code = token.split("(", 1)[0].strip()
    if code.startswith("*"):
        return word("Joker", lang)
    if deck == "french":
        rank, suit = _parts(code)
        return f"{word(FRENCH_SHORT.get(rank, rank), lang)}{SUIT_SYMBOLS.get(suit, suit)}"
    if deck == "tarot" and code in ROMAN:
        return word("the Fool", lang) if code == "0" else code
    return card_name(code, deck, lang)


def card_name(token: str, deck: str, lang: str) -> str:
    """``token`` said whole, for a screen reader and the Italian and tarot cards: ``fante di
    cuori``, ``asso di coppe``, ``joker``; a tarot trump by its numeral, the Matto by name."""
    code = token.split("(", 1)[0].strip()
    if code.startswith("*"):
        return word("joker", lang)
    if deck == "tarot" and code in ROMAN:
        return word("the Fool", lang) if code == "0" else word("trump {number}", lang).format(number=code)
    rank, suit = _parts(code)
    suits = FRENCH_SUITS if deck == "french" else ITALIAN_SUITS
    ranks = RANK_NAMES if deck == "french" else ITALIAN_RANK_NAMES
    if suit not in suits or rank not in ranks:
        return code
    return word("{rank} of {suit}", lang).format(rank=word(ranks[rank], lang), suit=word(suits[suit], lang))


def say(words: dict[str, Any], lang: str, seat_name: Callable[[int], str] = lambda seat: str(seat + 1)) -> str:
    """``words`` (the JSON of :class:`tavolo.engine.words.Words`) in ``lang``; ``seat_name``
    names a seat as the reader knows it."""
    params = {name: _param(value, lang, seat_name) for name, value in words["params"].items()}
    return word(words["key"], lang).format(**params)


def _param(value: Any, lang: str, seat_name: Callable[[int], str]) -> str:
    if isinstance(value, (str, int)):
        return str(value)
    if "cards" in value:
        return " ".join(card_short(token, value["deck"], lang) for token in value["cards"])
    if "seat" in value:
        return seat_name(value["seat"])
    return say(value, lang, seat_name)
