"""Pinnacola as the seed's collection describes it (``raccolta-regole-giochi-
di-carte.txt``, "Pinnacola"): two decks and four matte, the black 2s as
mattini, pairs against pairs (or each alone), 13 cards (15, 19), the pozzo in
a row, runs, tris and poker, closing 100, the doubled hand of who had not
opened in his turn, the special points and the pinnacolone; matches to 1500,
2000 or 2500.

    >>> game = make_game(players=4, target=2000)
    >>> game.num_players, game.options.partnerships, game.options.sides
    (4, True, 2)
"""

from tavolo.games.pinnacola.game import PinnacolaGame, game_from_options_json, make_game
from tavolo.games.pinnacola.rules import PinnacolaOptions
from tavolo.games.pinnacola.state import PinnacolaState

__all__ = ["PinnacolaGame", "PinnacolaOptions", "PinnacolaState", "game_from_options_json", "make_game"]
