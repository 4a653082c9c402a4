"""Game records: enough to replay a game exactly, and a check that it does.

A record holds the game name, its options, who sat where, the seed of the
chance events, every action in notation (and the arbiter's events such as a
time-out), and the result. ``replay`` rebuilds the game from them and checks
the result (the game given, or the record's own found by its name)::

    >>> from tavolo.games import make_game
    >>> from tavolo.engine.play import play
    >>> from tavolo.bots.random_bot import RandomBot
    >>> game = make_game("burraco", players=2, target=None)
    >>> record = play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=5)
    >>> replay(record, game).returns() == record.result
    True
    >>> replay(record).returns() == record.result  # the game found by the record's name and options
    True
"""

from __future__ import annotations

import importlib
import json
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tavolo.engine.game import Game, State, resolve_chance


class ReplayError(ValueError):
    """A record that does not replay: an action that does not apply, or another result."""


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    actions: list[str] = field(default_factory=list)
    result: list[float] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        missing = {"game", "options", "seats", "seed"} - data.keys()
        if missing:
            raise ValueError(f"game record lacks {sorted(missing)}")
        return cls(**{k: data[k] for k in ("game", "options", "seats", "seed", "actions", "result") if k in data})

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))


GAMES_PACKAGE = "tavolo.games"
"""The package where the games are registered by name (its ``make_game_from_json``): loaded by
name, so that the engine imports no game, where :func:`replay` has a record alone."""


def replay(record: GameRecord, game: Game | None = None, upto: int | None = None) -> State:
    """The state of ``game`` after the record's first ``upto`` actions (all by default); with
    no ``game``, the record's own, found by its name and options in the games' registry.

    Raises :class:`ReplayError` naming the action number when an action does
    not apply, and when a complete replay does not reach the recorded result.
    """
    if game is None:
        game = importlib.import_module(GAMES_PACKAGE).make_game_from_json(record.game, record.options)
    if game.name != record.game or game.options_json() != record.options:
        raise ReplayError(f"the record is of {record.game} {record.options}, not of {game!r}")
    state = game.new_initial_state()
    rng = random.Random(record.seed)
    actions = record.actions if upto is None else record.actions[:upto]
    for number, text in enumerate(actions, start=1):
        resolve_chance(state, rng)
        try:
            state.apply_text(text)
        except ValueError as exc:
            raise ReplayError(f"action {number} ({text!r}): {exc}") from exc
    resolve_chance(state, rng)
    if upto is None and record.result is not None and state.returns() != list(record.result):
        raise ReplayError(f"replay ends at {state.returns()}, the record says {record.result}")
    return state

