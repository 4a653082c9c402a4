"""Ramino as the seed's collection describes it (``raccolta-regole-giochi-di-
carte.txt``, "Ramino"): 2 to 7 players, ten cards (seven or nine), draw or
take the last discard, close by showing the hand in tris, quartetti, scale,
colore or ramino, a zero or ai punti; everyone else pays his loose cards; a
match to 101 (with re-entry as an option) or of a fixed number of hands
with fiches.

    >>> game = make_game(players=5, closing_limit=10, reentry=True)
    >>> game.num_players, game.options.decks, game.options.hand_size
    (5, 2, 10)
"""

from tavolo.games.ramino.game import RaminoGame, game_from_options_json, make_game
from tavolo.games.ramino.rules import RaminoOptions
from tavolo.games.ramino.state import RaminoState

__all__ = ["RaminoGame", "RaminoOptions", "RaminoState", "game_from_options_json", "make_game"]
