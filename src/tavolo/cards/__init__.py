"""Cards: compact integer encodings, decks as data, and notation.

Each deck family has its own module (``french``, ``italian``, ``tarocchi``)
with ``name`` / ``parse`` functions; ``decks`` builds the multisets games play
with.
"""

from tavolo.cards import decks, french, italian, tarocchi
from tavolo.cards.errors import CardNotationError

__all__ = ["CardNotationError", "decks", "french", "italian", "tarocchi"]
