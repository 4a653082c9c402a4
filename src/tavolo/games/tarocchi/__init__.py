"""Tarocchi, by the rules of the seed (raccolta, "Gioco dei tarocchi"): the
78-card tarot pack, three players each for himself (or four in partnerships),
the dealer's discard, follow suit else trump, the Matto and the Angelo, piles
counted in threes.

    >>> game = make_game(players=4, accuso=True)
    >>> game.num_players, len(game.deck), game.options.hands
    (4, 78, 4)
"""

from tavolo.games.tarocchi.game import TarocchiGame, game_from_options_json, make_game
from tavolo.games.tarocchi.rules import TarocchiOptions
from tavolo.games.tarocchi.state import TarocchiState

__all__ = ["TarocchiGame", "TarocchiOptions", "TarocchiState", "game_from_options_json", "make_game"]
