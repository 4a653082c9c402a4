"""Peppa's (and its Hearts rules') moves in words: a card played ("gioca 5♠"); of three of a
rank the card kept ("conserva 7♥") and, for the others, the pair discarded face up ("scarta
7♣ 7♦"); the blind draw from the neighbour's fan ("pesca la carta 3 dal ventaglio di Bot 2",
the card never named: "coperte e aperte a ventaglio"); the Hearts pass ("passa Q♠"), of which
the others learn only "passa una carta" (raccolta, "Peppa-Chat noir-Hearts").

    >>> from tavolo.i18n.moves import say
    >>> say(draw_words(2, 1).to_json(), "it", lambda seat: f"Bot {seat + 1}")
    'pesca la carta 3 dal ventaglio di Bot 2'
"""

from __future__ import annotations

from tavolo.engine.words import Seat, Words
from tavolo.games.trick_taking.words import cards_words

DECK = "french"
PUBLIC_PASS = Words.of("pass a card")
"""A Hearts pass as the other seats learn it."""


def pass_words(token: str) -> Words:
    """Passing ``token`` face down (Hearts), as the passer reads it."""
    return cards_words("pass {cards}", (token,), DECK)


def keep_words(token: str) -> Words:
    """Keeping ``token`` of three of a rank, as its player reads it."""
    return cards_words("keep {cards}", (token,), DECK)


def pair_out_words(tokens: list[str]) -> Words:
    """The pair discarded face up when a player keeps one of three: all the others learn."""
    return cards_words("discard {cards}", tokens, DECK)


def draw_words(place: int, offerer: int) -> Words:
    """Drawing the card at ``place`` (from 0) of ``offerer``'s fan, face down."""
    return Words.of("draw card {number} from {seat}'s fan", number=place + 1, seat=Seat(offerer))
