"""The cards a move's words name (issue 23): the :class:`~tavolo.engine.words.Cards` of its
JSON, and any card a text parameter carries (a game that still says its notation), read with
the game's own card parser (tests/privacy.py). Bridge words name French tokens (``As``), the
bridge parser reads suit first (``SA``).

    >>> import random
    >>> from tavolo.games import make_game
    >>> state = make_game("bridge").new_initial_state()
    >>> words = {"key": "play {card}", "params": {"card": {"cards": ["As"], "deck": "french"}}}
    >>> words_cards(state, words) == named_cards(state, "SA")
    True
    >>> mercante = make_game("mercante").new_initial_state()
    >>> offer = {"key": "offer {price} tokens for {figure}", "params": {"price": 2, "figure": {"key": "bue", "params": {}}}}
    >>> words_cards(mercante, offer) == named_cards(mercante, "bue")
    True
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.privacy import named_cards


def _token(state: Any, token: str) -> str:
    if state.game.name == "bridge" and len(token) >= 2:
        return token[-1].upper() + token[:-1]
    return token


def words_cards(state: Any, words: dict[str, Any]) -> Counter[int]:
    """Every card ``words`` (a move's words JSON) names, nested words too, and a nested word that
    is a name of its own (a Mercante figure, ``{"key": "bue"}``). Each parameter names its cards
    once; two parameters may name the same card ("cala 2♠ 5♠ 6♠ con 2♠ come matta"), so the
    copies named are the most any one parameter names, not their sum."""
    named: Counter[int] = Counter()
    for value in words["params"].values():
        if isinstance(value, str):
            named |= named_cards(state, value)
        elif isinstance(value, dict) and "cards" in value:
            named |= named_cards(state, " ".join(_token(state, t) for t in value["cards"]))
        elif isinstance(value, dict) and "key" in value:
            named |= words_cards(state, value) if value["params"] else named_cards(state, value["key"])
    return named
