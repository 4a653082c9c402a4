"""Campione: one search for every game, through the protocol only (il giocatore più forte).

At each decision it deals the cards its seat cannot see, again and again, with the game's own
:meth:`~tavolo.engine.game.Game.sample_hidden_state` (a sampler that keeps every count and every
void shown), and on each deal (a determinization) it tries every legal action and plays the rest
out with the game's rule bot in every seat, until the game says how good the position is
(:meth:`~tavolo.engine.game.Game.position_value`: the end of the round in the trick games). The
action with the best mean over the deals is played: perfect-information Monte Carlo (PIMC). Every
action is tried on the same deals with the same play-out seeds, so their means differ by the
action and not by the luck of the deal.

It never sees a hidden card: it reads only its observation, and every random number it draws comes
from its own seed. It stops at ``time`` seconds a move (``clock=cpu`` counts the process's CPU time,
for measurement) or at ``samples`` deals, whichever comes first, and always finishes one deal.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.briscola import make_game
    >>> game = make_game(players=2)
    >>> bots = [CampioneBot(game, 0, seed=1, samples=4), CampioneBot(game, 1, seed=2, samples=4)]
    >>> sorted(play(game, bots, seed=3).result)
    [0.0, 1.0]
"""

from __future__ import annotations

import importlib
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from tavolo.bots.settings import non_negative, one_of, read_settings, seconds, whole
from tavolo.engine.agent import Agent
from tavolo.engine.errors import Text
from tavolo.engine.game import Game, State

PLAYOUT_BOTS: dict[str, str] = {
    "briscola": "tavolo.bots.briscola:SimpleBriscolaBot",
    "tarocchi": "tavolo.bots.tarocchi:SimpleTarocchiBot",
    "tressette": "tavolo.bots.tressette:SimpleTressetteBot",
}
"""Per game, the rule bot that plays every seat of a play-out (``module:Class``, built with a seed):
Campione sits only at the games named here, each measured against the level below in docs/bots.md
(not at Peppa: there it does not beat the sampling bot, same file)."""

GUARDED: dict[str, float] = {}
"""Per game, the ``guard`` Campione plays with by default (see :class:`CampioneBot`): where a
plain search lost to the rule bot (docs/bots.md), it keeps the rule bot's move unless the deals
show another better by that many standard errors."""

READERS = {"time": seconds, "samples": whole, "clock": one_of(("wall", "cpu")), "guard": non_negative}
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def playout_bot(game: Game) -> Callable[[int], Agent]:
    """The maker of ``game``'s play-out bot from a seed (its rule bot); refused in words for a game
    Campione does not play yet."""
    where = PLAYOUT_BOTS.get(game.name)
    if where is None:
        raise ValueError(Text("bot 'campione' plays {games}, not yet {game}", games=", ".join(sorted(PLAYOUT_BOTS)),
                              game=game.name))
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def played_out(game: Game, deal: State, action: int, seed: int, playout: Callable[[int], Agent]) -> list[float]:
    """``action`` on a copy of ``deal``, then every seat played by ``playout`` bots (seeded from
    ``seed``, chance drawn from it too) to the game's cut (:meth:`Game.position_value`): each seat's
    value. The play-out Campione's search and Campione's review (:mod:`tavolo.analysis`) share."""
    state = deal.clone()
    state.apply(action)
    rng = random.Random(seed)
    bots = [playout(rng.getrandbits(64)) for _ in range(game.num_players)]
    value = game.position_value(state)
    while value is None:
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            seat = state.current_player()
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
        value = game.position_value(state)
    return value


class CampioneBot:
    """PIMC over the game's own sampler of the hidden cards; see the module docstring.

    ``time``: seconds a move at most (one deal is always finished); ``samples``: deals a move at
    most; ``clock``: ``"wall"`` or ``"cpu"`` (the process's CPU time, for measurement), or any
    function of no arguments giving seconds (tests); ``playout``: the play-out bot's maker from a
    seed, for measuring a game Campione does not sit at yet (by default :func:`playout_bot`);
    ``guard``: None for the plain search (the best mean), or a number z: the play-out bot's own move
    unless another's gain over it, deal by deal on the same deals, is above zero by z standard errors
    (a search of few deals over many moves otherwise picks the luckiest; by default
    :data:`GUARDED`'s figure for the game, else None)."""

    def __init__(self, game: Game, seat: int, seed: int | None = None, *, time: float = 1.0, samples: int = 400,
                 clock: str | Callable[[], float] = "wall", playout: Callable[[int], Agent] | None = None,
                 guard: float | None = None) -> None:
        self.game = game
        self.seat = seat
        self.time = time
        self.samples = samples
        self._clock = CLOCKS[clock] if isinstance(clock, str) else clock
        self._rng = random.Random(seed)
        self._playout_bot = playout or playout_bot(game)
        self.guard = GUARDED.get(game.name) if guard is None else guard
        self.last_samples = 0
        """How many deals the last search finished (for tests and measurement)."""

    @classmethod
    def from_settings(cls, game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> CampioneBot:
        """The bot a spec's settings ask for (``time``, ``samples``, ``clock``), refused in words."""
        return cls(game, seat, seed, **read_settings("campione", settings, READERS))  # type: ignore[arg-type]

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        """The legal action with the best mean value over the sampled deals (guarded: see the class)."""
        legal = list(legal_actions)
        self.last_samples = 0
        if len(legal) == 1:
            return legal[0]
        if self.guard is None:
            totals = self._search(observation, legal)
            return max(legal, key=lambda action: totals[action])
        own = self._playout_bot(self._rng.getrandbits(64)).choose(observation, legal)
        values: dict[int, list[float]] = {action: [] for action in legal}
        self._search(observation, legal, values)
        return guarded_choice(values, own, self.guard)

    def choose_after(self, observation: Any, legal_actions: Sequence[int], waited: float) -> int:
        """:meth:`choose` when ``waited`` wall seconds of this move's budget are already gone (the
        room's queue for its worker processes): the search stops at the move's cap however long the
        move waited, one deal always finished. A budget in CPU time (``clock=cpu``, measurement)
        is the search's own and keeps all of it."""
        budget = self.time
        if self._clock is CLOCKS["wall"]:
            self.time = max(0.0, budget - max(0.0, waited))
        try:
            return self.choose(observation, legal_actions)
        finally:
            self.time = budget

    def _search(self, observation: Any, legal: list[int], kept: dict[int, list[float]] | None = None
                ) -> dict[int, float]:
        """Each action's total value over as many whole deals as the budget allows (each deal's
        value appended to ``kept``'s list for the action where it is given)."""
        deadline = self._clock() + self.time
        totals = dict.fromkeys(legal, 0.0)
        while self.last_samples < self.samples:
            deal = self.game.sample_hidden_state(observation, self._rng)
            seed = self._rng.getrandbits(64)
            values = {}
            for action in legal:
                if self.last_samples and self._clock() >= deadline:
                    return totals
                values[action] = self._value(deal, action, seed)
            for action, value in values.items():
                totals[action] += value
                if kept is not None:
                    kept[action].append(value)
            self.last_samples += 1
            if self._clock() >= deadline:
                break
        return totals

    def _value(self, deal: State, action: int, seed: int) -> float:
        """The value for this seat of ``action`` on ``deal``, played out by the rule bots."""
        return played_out(self.game, deal, action, seed, self._playout_bot)[self.seat]


def guarded_choice(values: dict[int, list[float]], own: int, guard: float) -> int:
    """``own`` unless another action gains over it, deal by deal, by more than ``guard`` standard
    errors of that gain (the best such gain's action); with one deal there is no error to tell, so
    ``own``.

        >>> guarded_choice({1: [0.0, 0.0, 0.0], 2: [1.0, 2.0, 1.5]}, own=1, guard=2.0)
        2
        >>> guarded_choice({1: [0.0, 0.0], 2: [3.0, -2.0]}, own=1, guard=1.0)
        1
    """
    best, best_gain = own, 0.0
    for action, row in values.items():
        gains = [v - w for v, w in zip(row, values[own])]
        if action == own or len(gains) < 2:
            continue
        mean = statistics.fmean(gains)
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        if mean > best_gain and mean > guard * error:
            best, best_gain = action, mean
    return best
