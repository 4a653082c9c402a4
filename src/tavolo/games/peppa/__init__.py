"""Peppa (beppa, Chat noir), by the rules of the seed (raccolta, "Peppa-Chat
noir-Hearts"), with the classic Hearts rules as ``rules="hearts"``.

    >>> game = make_game(players=6)
    >>> game.num_players, len(game.deck)
    (6, 49)
"""

from tavolo.games.peppa.game import PeppaGame, game_from_options_json, make_game
from tavolo.games.peppa.rules import PeppaOptions
from tavolo.games.peppa.state import PeppaState

__all__ = ["PeppaGame", "PeppaOptions", "PeppaState", "game_from_options_json", "make_game"]
