"""Deals played through the Burraco engine by bots: the points of each side.

Tournament simulations use it to play every deal of every table::

    >>> ns, ew = deal_scorer(7)
    >>> ns % 5 == ew % 5 == 0
    True
"""

from __future__ import annotations

from tavolo.bots.heuristic import HeuristicBurracoBot
from tavolo.engine.play import play
from tavolo.games.burraco import make_game

_GAME = make_game("fibur", players=4, target=None)


def deal_scorer(seed: int) -> tuple[int, int]:
    """One hand of four heuristic bots (strong, a club player's rules) dealt from
    ``seed``: (N/S points, E/W points), N/S being seats 0 and 2."""
    bots = [HeuristicBurracoBot("strong", seed=seed * 4 + seat) for seat in range(4)]
    result = play(_GAME, bots, seed=seed).result
    return int(result[0]), int(result[1])
