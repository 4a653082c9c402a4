"""Tressette, by the rules of the seed (raccolta, "Tressette", from
tressette.info): four players in two partnerships, or two players drawing from
the stock; following suit; points in thirds, 11 a round; accusi as an option;
matches to 21, 31 or 41.

    >>> game = make_game(players=2, target=21, accusi="declared")
    >>> game.num_players, game.num_distinct_actions()
    (2, 59)
"""

from tavolo.games.tressette.game import TressetteGame, game_from_options_json, make_game
from tavolo.games.tressette.rules import TressetteOptions
from tavolo.games.tressette.state import TressetteState

__all__ = ["TressetteGame", "TressetteOptions", "TressetteState", "game_from_options_json", "make_game"]
