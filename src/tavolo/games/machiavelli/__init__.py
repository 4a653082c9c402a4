"""Machiavelli as the seed's collection describes it (``raccolta-regole-giochi-di-
carte.txt``, "Machiavelli"): two French decks without jokers, 2 to 5 players
with 13 cards (more with 8), runs and groups of three or more; a player who
lays nothing draws; once opened, a player may rearrange the whole table as
long as every combination is valid at the end of his turn; closing 100, the
others pay their cards as in Pinnacola.

    >>> game = make_game(players=3)
    >>> game.num_players, game.options.hand_size, len(game.deck)
    (3, 13, 104)
"""

from tavolo.games.machiavelli.game import MachiavelliGame, game_from_options_json, make_game
from tavolo.games.machiavelli.rules import MachiavelliOptions
from tavolo.games.machiavelli.state import MachiavelliState

__all__ = ["MachiavelliGame", "MachiavelliOptions", "MachiavelliState", "game_from_options_json", "make_game"]
