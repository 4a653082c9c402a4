"""Mercante in fiera, by the rules of the seed (raccolta, "Mercante in fiera"): two decks
of 40 figures, the house as mercante; cards dealt face up, the rest auctioned, the pot
split into 3 to 6 rising prizes on face-down red cards; the red deck turned, losing
cards first; players buy cards from each other while it is turned.

    >>> game = make_game(players=8)
    >>> game.num_players, game.options.dealt_each
    (8, 3)
"""

from tavolo.games.mercante.game import MercanteGame, game_from_options_json, make_game
from tavolo.games.mercante.rules import MercanteOptions
from tavolo.games.mercante.state import MercanteState

__all__ = ["MercanteGame", "MercanteOptions", "MercanteState", "game_from_options_json", "make_game"]
