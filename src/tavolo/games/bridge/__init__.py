"""Contract bridge (raccolta, "Bridge"): four players in two partnerships,
North-South against East-West; the auction, the play with the dummy, rubber
scoring (partita libera) and duplicate scoring (competizione) with IMPs and
matchpoints; PBN files in and out; double-dummy analysis and par by
``endplay`` (DDS).

    >>> game = make_game(scoring="rubber")
    >>> game.num_players, game.options.honours
    (4, True)
"""

from tavolo.games.bridge.calls import Contract
from tavolo.games.bridge.game import BridgeGame, game_from_options_json, make_game
from tavolo.games.bridge.rules import BridgeOptions
from tavolo.games.bridge.state import BridgeState

__all__ = ["BridgeGame", "BridgeOptions", "BridgeState", "Contract", "game_from_options_json", "make_game"]
