"""Perlina, by the rules of the seed (raccolta, "Perlina"): 2 to 9 players, 52 French
cards (or 40 Italian); three cards each and three in the middle whose sum is the
target; stand, change a card or take an extra one, bet no more than the pot; Perlina
beats Tris beats Punto beats Punto sopra/sotto.

    >>> game = make_game(players=4)
    >>> game.num_players, len(game.deck)
    (4, 52)
"""

from tavolo.games.perlina.game import PerlinaGame, game_from_options_json, make_game
from tavolo.games.perlina.rules import PerlinaOptions
from tavolo.games.perlina.state import PerlinaState

__all__ = ["PerlinaGame", "PerlinaOptions", "PerlinaState", "game_from_options_json", "make_game"]
