"""Canasta as the seed's collection describes it (``raccolta-regole-giochi-di-carte.txt``,
"Canasta"): the Italian three-deck game, 162 cards, up to four players (in pairs at
four), 15 cards each, red 3s set aside, the turned card and the cards under it,
combinations of one rank only, canaste of seven, a match to 15000.

    >>> game = make_game(players=4)
    >>> game.num_players, game.options.sides, len(game.deck)
    (4, 2, 162)
"""

from tavolo.games.canasta.game import CanastaGame, game_from_options_json, make_game
from tavolo.games.canasta.rules import CanastaOptions
from tavolo.games.canasta.state import CanastaState

__all__ = ["CanastaGame", "CanastaOptions", "CanastaState", "game_from_options_json", "make_game"]
