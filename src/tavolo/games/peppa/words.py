"""Peppa's (and its Hearts rules') moves in words: a card played ("gioca 5♠"); of three of a
rank the card kept ("conserva 7♥") and, for the others, the pair discarded face up ("scarta
7♣ 7♦"); the blind draw from the fan of the neighbour on the right ("pesca la carta 3 dal
ventaglio del vicino", the card never named: "coperte e aperte a ventaglio"; the neighbour is
not named, as "Tu" would read "del ventaglio di Tu"); the Hearts pass ("passa Q♠"), of which
the others learn only "passa una carta" (raccolta, "Peppa-Chat noir-Hearts").

    >>> from tavolo.i18n.moves import say
    >>> say(draw_words(2).to_json(), "it")
    'pesca la carta 3 dal ventaglio del vicino'
"""

from __future__ import annotations

from typing import Any

from tavolo.cards import french as fr
from tavolo.engine.words import Words
from tavolo.games.peppa import cards as pc
from tavolo.games.peppa.state import DRAW, DRAW_BASE, NUM_ACTIONS, PAIRS, PASS
from tavolo.games.trick_taking.words import cards_words, deck_action_words

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


def draw_words(place: int) -> Words:
    """Drawing the card at ``place`` (from 0) of the neighbour's fan, face down."""
    return Words.of("draw card {number} from the neighbour's fan", number=place + 1)


def action_words(state: Any, action: int) -> Words:
    """A move of Peppa (or Hearts) in words, as its player reads it."""
    phase = state._phase
    if phase == PASS and 0 <= action < pc.NUM_CARDS:
        return pass_words(fr.name(action))
    if phase == PAIRS and 0 <= action < pc.NUM_CARDS:
        return keep_words(fr.name(action))
    if phase == DRAW and DRAW_BASE <= action < NUM_ACTIONS:
        return draw_words(action - DRAW_BASE)
    return deck_action_words(state, action)


def public_action_words(state: Any, action: int) -> Words:
    """What ``public_action_string`` tells, in words: a Hearts pass hides its card ("passa
    una carta"); of three of a rank the others see the pair discarded."""
    if state._phase == PASS:
        return PUBLIC_PASS
    if state._phase == PAIRS and action in state.legal_actions():
        return pair_out_words([fr.name(c) for c in state.triple(state._turn) if c != action])
    return action_words(state, action)
