"""The games the research adapters (:mod:`tavolo.rl.openspiel`, :mod:`tavolo.pettingzoo`) offer,
read through the game protocol: every game of :func:`tavolo.games.game_names`, and Hearts, Peppa's
``rules="hearts"``, as a game of its own.

    >>> "hearts" in GAMES, make("hearts", target=None).options.rules
    (True, 'hearts')
    >>> table_sizes("tressette"), table_sizes("hearts")
    ((2, 4), (4,))
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tavolo.engine.game import Game
from tavolo.games import game_names, make_game

__all__ = ["GAMES", "VARIANTS", "base", "make", "table_sizes"]

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {"hearts": ("peppa", {"rules": "hearts"})}
"""A game offered under its own name that is a Tavolo game with options fixed."""
GAMES = tuple(sorted([*game_names(), *VARIANTS]))
"""Every game offered, by name."""
MAX_PLAYERS = 24
"""No game seats more (Mercante in fiera's 24)."""


def base(name: str) -> tuple[str, dict[str, Any]]:
    """The Tavolo game that ``name`` plays, and the options it fixes."""
    return VARIANTS.get(name, (name, {}))


def make(name: str, **options: Any) -> Game:
    """The game ``name`` (a variant's fixed options added to ``options``)."""
    game, fixed = base(name)
    return make_game(game, **options, **fixed)


@cache
def table_sizes(name: str) -> tuple[int, ...]:
    """Every number of players the game ``name`` takes (its options refuse the others)."""
    sizes = []
    for players in range(1, MAX_PLAYERS + 1):
        try:
            make(name, players=players)
        except ValueError:
            continue
        sizes.append(players)
    return tuple(sizes)
