"""What a card played says in the trick-taking games (le parole della mossa): "gioca 5♠",
"gioca il fante di coppe", "gioca XXI". Shared by Briscola, Tressette, Peppa, Tarocchi and
Bridge; each game adds its own moves in ``games/<name>/words.py``.

    >>> play_words("Jc", "italian").to_json()
    {'key': 'play {card}', 'params': {'card': {'cards': ['Jc'], 'deck': 'italian'}}}
"""

from __future__ import annotations

from tavolo.engine.words import Cards, Words

PLAY = "play {card}"
"""Playing a card to the trick (gioca)."""


def play_words(token: str, deck: str) -> Words:
    """Playing the card ``token`` of ``deck`` (``"french"``, ``"italian"``, ``"tarot"``)."""
    return Words.of(PLAY, card=Cards((token,), deck))


def cards_words(key: str, tokens: list[str] | tuple[str, ...], deck: str) -> Words:
    """A move ``key`` with one ``{cards}`` parameter: "scarta 5♥ 5♦"."""
    return Words.of(key, cards=Cards(tuple(tokens), deck))
