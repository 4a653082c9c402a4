"""The protocol every game implements: a :class:`Game` (immutable rules and
options) makes :class:`State` objects that are played by integer actions.

The split follows OpenSpiel's Game/State: a state knows whose turn it is, the
legal actions, how to apply one, when play is over and what each seat earned;
``observation(seat)`` gives only what that seat may know. Chance is explicit:
at a chance node (a shuffle) the caller draws an outcome with its own seeded
``random.Random`` and applies it, so a seed reproduces a game exactly.

Every action has a stable integer id (for learning agents and fast search) and
a readable notation (for people and game records)::

    >>> from tavolo.games import make_game
    >>> import random
    >>> game = make_game("burraco", players=2, target=None)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True
    >>> state.apply_chance(state.sample_chance(random.Random(7)))
    >>> state.action_to_string(state.legal_actions()[0])
    'draw'
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over."""


class Game(ABC):
    """Rules and options of one game: immutable, shared by all its states."""

    name: ClassVar[str]

    @property
    @abstractmethod
    def options(self) -> Any:
        """The frozen options object (rule set and table settings)."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action-id space: every action id is below this."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """A fresh game, at its first chance node (the shuffle)."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> State:
        """Rebuild a state written by :meth:`State.to_json`."""

    def options_json(self) -> dict[str, Any]:
        """The options as JSON data, enough for :func:`tavolo.games.make_game_from_json`."""
        import json
        from dataclasses import asdict

        return json.loads(json.dumps(asdict(self.options)))


class State(ABC):
    """A position in a game. ``apply`` changes it in place; ``clone`` copies."""

    game: Game

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`CHANCE`, or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Every legal action id for the seat to act, and nothing else."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Play ``action``; raises :class:`~tavolo.engine.errors.IllegalActionError`
        with the rule it breaks when it is not legal."""

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Any:
        """Draw the outcome of this chance node (JSON-able) with ``rng``."""

    @abstractmethod
    def apply_chance(self, outcome: Any) -> None:
        """Resolve this chance node with ``outcome``."""

    @abstractmethod
    def returns(self) -> list[float]:
        """What each seat has earned so far (final once terminal)."""

    @abstractmethod
    def observation(self, seat: int) -> Any:
        """What ``seat`` may know: never another seat's hidden cards."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The readable notation of ``action`` in this position."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The action id that ``text`` names here; raises
        :class:`~tavolo.engine.errors.NotationError`,
        :class:`~tavolo.engine.errors.AmbiguousActionError` or
        :class:`~tavolo.engine.errors.IllegalActionError`."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state (hidden parts included) as JSON-able data."""

    @abstractmethod
    def clone(self) -> State: ...

    def legal_action_strings(self) -> list[str]:
        return [self.action_to_string(a) for a in self.legal_actions()]

    def apply_text(self, text: str) -> int:
        """Parse ``text`` and apply it; returns the action id."""
        action = self.parse_action(text)
        self.apply(action)
        return action


def resolve_chance(state: State, rng: random.Random) -> None:
    """Resolve chance nodes with ``rng`` until a player (or the end) is to act."""
    while state.is_chance_node():
        state.apply_chance(state.sample_chance(rng))


def shuffled(cards: Sequence[int], rng: random.Random) -> list[int]:
    """A Fisher-Yates shuffle that uses only ``rng.random()``.

    Python guarantees ``random()`` gives the same numbers for the same seed in
    every version, unlike ``shuffle``; game records depend on that.

    >>> shuffled(range(5), random.Random(1)) == shuffled(range(5), random.Random(1))
    True
    """
    out = list(cards)
    rand = rng.random
    for i in range(len(out) - 1, 0, -1):
        j = int(rand() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out
