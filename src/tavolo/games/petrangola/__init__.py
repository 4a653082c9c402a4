"""Petrangola, by the rules of the seed (raccolta, "Petrangola", from giocareacarte.net):
2 to 12 players with the 40-card Italian pack and a puglia of three tokens each;
trade with the three cards face up, knock, compare; the lowest pays the table and
the last one left takes it.

    >>> game = make_game(players=7)
    >>> game.num_players, len(game.deck)
    (7, 40)
"""

from tavolo.games.petrangola.game import PetrangolaGame, game_from_options_json, make_game
from tavolo.games.petrangola.rules import PetrangolaOptions
from tavolo.games.petrangola.state import PetrangolaState

__all__ = ["PetrangolaGame", "PetrangolaOptions", "PetrangolaState", "game_from_options_json", "make_game"]
