"""Briscola, by the rules of the seed (raccolta, "Briscola", from biska.com):
2 players, 3 with a 2 taken out, or 4 in two partnerships; trumps named by the
card turned under the stock; 120 points a round, 61 to win it; matches of 1,
3 or 5 rounds.

    >>> game = make_game(players=4, rounds=3)
    >>> game.num_players, len(game.deck)
    (4, 40)
"""

from tavolo.games.briscola.game import BriscolaGame, game_from_options_json, make_game
from tavolo.games.briscola.rules import BriscolaOptions
from tavolo.games.briscola.state import BriscolaState

__all__ = ["BriscolaGame", "BriscolaOptions", "BriscolaState", "game_from_options_json", "make_game"]
