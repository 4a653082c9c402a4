"""Tressette's moves in words: a card played ("gioca il fante di coppe") and the accusi as
players declare them (raccolta, Tressette, "L'accuso (o accusa) del bongioco e della napoli"):
"accusa la napoli di denari", "accusa il bongioco di assi (manca coppe)", "accusa il
superbongioco di tre".

    >>> from tavolo.cards import italian as it
    >>> from tavolo.games.tressette.accusi import ACCUSO_BASE
    >>> from tavolo.i18n.moves import say
    >>> say(accuso_words(ACCUSO_BASE + it.DENARI).to_json(), "it")
    'accusa la napoli di denari'
"""

from __future__ import annotations

from typing import Any

from tavolo.cards import italian as it
from tavolo.engine.words import Words
from tavolo.games.trick_taking.tricks import NUM_CARDS
from tavolo.games.trick_taking.words import trick_action_words
from tavolo.games.tressette.accusi import accuso

SUIT_WORDS = ("cups", "coins", "batons", "swords")
"""Coppe, denari, bastoni, spade: the ``moves`` catalog's names of the Italian suits."""
RANK_PLURALS = {it.ACE: "aces", it.TWO: "twos", it.THREE: "threes"}
"""Assi, due, tre: the ranks a bongioco is made of."""


def accuso_words(action: int) -> Words:
    """A declaration (accuso) in words: the napoli by its suit, a bongioco by its rank and
    the missing suit (the fagliante), a superbongioco by its rank."""
    declared = accuso(action)
    first = declared.cards[0]
    if declared.kind == "napoli":
        return Words.of("declare napoli of {suit}", suit=Words.of(SUIT_WORDS[it.suit(first)]))
    rank = Words.of(RANK_PLURALS[it.rank(first)])
    if declared.kind == "bongioco":
        return Words.of("declare bongioco of {rank}, missing {suit}", rank=rank,
                        suit=Words.of(SUIT_WORDS[it.suit(declared.fagliante)]))
    return Words.of("declare superbongioco of {rank}", rank=rank)


def action_words(state: Any, action: int) -> Words:
    """A card played, or an accuso, in words."""
    return trick_action_words(state, action) if action < NUM_CARDS else accuso_words(action)
