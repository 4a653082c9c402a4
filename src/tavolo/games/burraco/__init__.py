"""Burraco, by the federation's rules (FIBUR, FEDIBUR 1985, International).

    >>> game = make_game("fibur", players=4)
    >>> game.options.target
    2005
"""

from tavolo.games.burraco.game import BurracoGame, game_from_options_json, make_game
from tavolo.games.burraco.rules import BurracoOptions
from tavolo.games.burraco.state import BurracoState

__all__ = ["BurracoGame", "BurracoOptions", "BurracoState", "game_from_options_json", "make_game"]
