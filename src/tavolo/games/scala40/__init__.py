"""Scala 40 by the FISCA regulation quoted in the seed (art. 1-10): two decks
and four jokers, 13 cards each, an opening of 40 points, the pozzo only after
opening, attaching to anyone's melds, swapping a joker off the table, no
closing in the first round, the pozzo reshuffled when the stock ends,
elimination at 101 or 201; the art. 9 variants as options.

    >>> game = make_game(players=4, elimination=201, open_with_discard=True)
    >>> game.num_players, game.options.closing_in_hand
    (4, False)
"""

from tavolo.games.scala40.game import Scala40Game, game_from_options_json, make_game
from tavolo.games.scala40.rules import Scala40Options
from tavolo.games.scala40.state import Scala40State

__all__ = ["Scala40Game", "Scala40Options", "Scala40State", "game_from_options_json", "make_game"]
