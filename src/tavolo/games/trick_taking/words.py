"""What a card played says in the trick-taking games (le parole della mossa): "gioca 5♠",
"gioca il fante di coppe", "gioca XXI". Shared by Briscola, Tressette, Peppa, Tarocchi and
Bridge; each game adds its own moves in ``games/<name>/words.py``.

    >>> play_words("Jc", "italian").to_json()
    {'key': 'play {card}', 'params': {'card': {'cards': ['Jc'], 'deck': 'italian'}}}
"""

from __future__ import annotations

from typing import Any

from tavolo.cards import italian as it
from tavolo.engine.words import Cards, Words
from tavolo.games.trick_taking.tricks import NUM_CARDS

PLAY = "play {card}"
"""Playing a card to the trick (gioca)."""


def play_words(token: str, deck: str) -> Words:
    """Playing the card ``token`` of ``deck`` (``"french"``, ``"italian"``, ``"tarot"``)."""
    return Words.of(PLAY, card=Cards((token,), deck))


def cards_words(key: str, tokens: list[str] | tuple[str, ...], deck: str) -> Words:
    """A move ``key`` with one ``{cards}`` parameter: "scarta 5♥ 5♦"."""
    return Words.of(key, cards=Cards(tuple(tokens), deck))


def trick_action_words(state: Any, action: int) -> Words:
    """A move of Briscola or Tressette in words: a card played, else its notation."""
    if 0 <= action < NUM_CARDS:
        return play_words(it.name(action), state.game.words_deck)
    return Words.notation(state.action_to_string(action))


def deck_action_words(state: Any, action: int) -> Words:
    """A move of a game on any deck (:mod:`~tavolo.games.trick_taking.anydeck`): a card played
    in its deck's words ("gioca 5♠", "gioca XXI"), else its notation."""
    if state.is_play_phase() and 0 <= action < len(state.suit_of):
        return play_words(state.cards.name(action), state.game.words_deck)
    return Words.notation(state.action_to_string(action))
