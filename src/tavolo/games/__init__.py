"""Every game Tavolo plays, by name.

    >>> game = make_game("burraco", players=4)
    >>> game.num_players, game.options.rule_set
    (4, 'fibur')
"""

from __future__ import annotations

import importlib
from typing import Any

from tavolo.engine.errors import Text
from tavolo.engine.game import Game, State
from tavolo.engine.record import GameRecord
from tavolo.engine.record import replay as replay_game

_GAMES = {
    "bridge": "tavolo.games.bridge",
    "briscola": "tavolo.games.briscola",
    "burraco": "tavolo.games.burraco",
    "canasta": "tavolo.games.canasta",
    "machiavelli": "tavolo.games.machiavelli",
    "peppa": "tavolo.games.peppa",
    "mercante": "tavolo.games.mercante",
    "perlina": "tavolo.games.perlina",
    "petrangola": "tavolo.games.petrangola",
    "pinnacola": "tavolo.games.pinnacola",
    "ramino": "tavolo.games.ramino",
    "scala40": "tavolo.games.scala40",
    "tarocchi": "tavolo.games.tarocchi",
    "tressette": "tavolo.games.tressette",
}


def game_names() -> list[str]:
    return sorted(_GAMES)


def _module(name: str):
    try:
        return importlib.import_module(_GAMES[name])
    except KeyError:
        raise ValueError(Text("unknown game {name}; Tavolo plays {games}", name=repr(name),
                              games=", ".join(game_names()))) from None


def make_game(name: str, **options: Any) -> Game:
    """A game by name with its options given as keywords."""
    return _module(name).make_game(**options)


def make_game_from_json(name: str, options: dict[str, Any]) -> Game:
    """A game by name from options written by ``Game.options_json``."""
    return _module(name).game_from_options_json(options)


def replay(record: GameRecord, upto: int | None = None) -> State:
    """Replay a record of any game Tavolo plays (:func:`tavolo.engine.record.replay`, which
    finds the record's game here)."""
    return replay_game(record, None, upto)
