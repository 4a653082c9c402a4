"""A Burraco search bot: Monte Carlo search over determinizations of what its
seat cannot see, with a rules-based bot playing the rollouts.

It follows the determinization scheme of Information-Set MCTS (Cowling, Powley
and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012):
every iteration deals the unseen cards at random consistently with the seat's
observation (``game.sample_hidden_state``), so the search never reads the real
hidden cards, and the statistics of an action are gathered across
determinizations, not per deal. The tree is cut at the root's information
set: a Burraco turn is a chain of small actions (draw or take, opens,
attachments, the discard), and the bot searches each of them when it is
asked, so the tree would only re-search what the next call searches again.

At a decision with more than one legal action:

1. the rollout bot ranks the legal actions (its first choice, its choice
   without that one, ...); the best ``width`` are the candidates;
2. each *round* samples one determinization and one seed for the rollout bots
   and plays every candidate from it (common random numbers: the candidates
   are compared on the same deal and the same luck), each play one iteration;
3. a rollout plays the rest of the hand (``horizon=hand``) or the given number
   of further turns with the rollout bot in every seat, then scores each side
   as if the hand ended there (melds, burraci, cards in hand, pozzetto);
4. the candidate with the best mean of (own side - other sides) is played if
   it beats the rollout bot's own choice by more than ``margin`` standard
   errors of their paired differences; otherwise the rollout bot's choice is
   (a few noisy rollouts should not overrule a good player's habit).

Settings come from a spec as strings (``ismcts:time=1,iterations=200``):
``time`` seconds and/or ``iterations`` per move (at least one; default
``time=1``; the first reached stops; a round under way is finished, so a
move may pass ``time`` by one round), ``rollout`` the bot spec of the rollout
and ranking policy, ``width`` the candidates per decision, ``horizon`` the
turns a rollout plays (``hand``: to the end of the hand), ``margin`` the
standard errors a candidate must gain to overrule the rollout bot. With an
``iterations`` budget and a seed the play is reproducible; a ``time`` budget
depends on the machine's speed, so two runs may differ. Defaults:
``rollout=heuristic:strong,width=4,horizon=8,margin=1``.

    >>> from tavolo.games.burraco import make_game
    >>> import random
    >>> game = make_game("fibur", players=2, target=None)
    >>> state = game.new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> bot = IsmctsBot(game, seat=0, seed=1, iterations="8", rollout="simple", horizon="2")
    >>> state.action_to_string(bot.choose(state.observation(0), state.legal_actions())), bot.last_iterations
    ('draw', 8)
    >>> IsmctsBot(game, seat=0, depth="3")
    Traceback (most recent call last):
    ...
    ValueError: ismcts: unknown setting 'depth'; known: horizon, iterations, margin, rollout, time, width
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tavolo.engine.agent import Agent
from tavolo.engine.game import Game
from tavolo.games.burraco.actions import DRAW, TAKE
from tavolo.games.burraco.game import BurracoGame
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.scoring import score_side
from tavolo.games.burraco.state import BurracoState

DEFAULT_ROLLOUT = "heuristic:strong"
HAND = 0
"""``horizon`` meaning: play the rollout to the end of the hand."""


@dataclass(frozen=True)
class IsmctsSettings:
    """The typed settings of :class:`IsmctsBot` (see the module docstring)."""

    time: float | None = None
    iterations: int | None = None
    rollout: str = DEFAULT_ROLLOUT
    width: int = 4
    horizon: int = 8
    margin: float = 1.0

    @classmethod
    def parse(cls, settings: dict[str, str]) -> IsmctsSettings:
        """From a spec's strings; ``ValueError`` naming the setting at fault.

            >>> IsmctsSettings.parse({"iterations": "50", "horizon": "hand"})
            IsmctsSettings(time=None, iterations=50, rollout='heuristic:strong', width=4, horizon=0, margin=1.0)
            >>> IsmctsSettings.parse({}).time
            1.0
            >>> IsmctsSettings.parse({"width": "0"})
            Traceback (most recent call last):
            ...
            ValueError: ismcts: width must be a whole number >= 1, got '0'
        """
        unknown = sorted(set(settings) - set(_PARSERS))
        if unknown:
            raise ValueError(f"ismcts: unknown setting {unknown[0]!r}; known: {', '.join(sorted(_PARSERS))}")
        typed = {key: _PARSERS[key](key, value) for key, value in settings.items()}
        if typed.get("time") is None and typed.get("iterations") is None:
            typed["time"] = 1.0
        return cls(**typed)


def _positive_float(key: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = 0.0
    if not number > 0 or number == float("inf"):
        raise ValueError(f"ismcts: {key} must be a number of seconds > 0, got {value!r}")
    return number


def _positive_int(key: str, value: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"ismcts: {key} must be a whole number >= 1, got {value!r}")
    return int(value)


def _non_negative_float(key: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 <= number < float("inf"):
        raise ValueError(f"ismcts: {key} must be a number >= 0, got {value!r}")
    return number


def _horizon(key: str, value: str) -> int:
    return HAND if value == "hand" else _positive_int(key, value)


def _bot_spec(key: str, value: str) -> str:
    from tavolo.bots.registry import parse_spec

    name, _ = parse_spec(value)
    if name == "ismcts":
        raise ValueError(f"ismcts: {key} must be a quicker bot than ismcts itself, got {value!r}")
    return value


_PARSERS: dict[str, Callable[[str, str], object]] = {
    "time": _positive_float, "iterations": _positive_int, "rollout": _bot_spec,
    "width": _positive_int, "horizon": _horizon, "margin": _non_negative_float,
}


class IsmctsBot:
    """Searches each decision over determinizations of its seat's observation.

    ``last_iterations`` is the number of rollouts the last ``choose`` ran (0
    when it had one legal action or one candidate), ``iterations_run`` the
    total since the bot was made.
    """

    def __init__(self, game: Game, seat: int, seed: int | None = None, **settings: str) -> None:
        if not isinstance(game, BurracoGame):
            raise ValueError(f"ismcts plays Burraco, not {game.name}")
        self.settings = IsmctsSettings.parse(settings)
        self.game = game
        self.seat = seat
        self._rng = random.Random(seed)
        self._ranker = self._rollout_bot(seat, self._rng.getrandbits(64))
        self.last_iterations = 0
        self.iterations_run = 0

    def choose(self, observation: BurracoObservation, legal_actions: Sequence[int]) -> int:
        self.last_iterations = 0
        candidates = self._candidates(observation, legal_actions)
        if len(candidates) == 1:
            return candidates[0]
        values = self._search(observation, candidates)
        return _verdict(candidates, values, self.settings.margin)

    def _candidates(self, obs: BurracoObservation, legal: Sequence[int]) -> list[int]:
        """The rollout bot's ``width`` favourite actions, best first."""
        left = list(legal)
        ranked: list[int] = []
        width = min(self.settings.width, self.settings.iterations or self.settings.width)
        while left and len(ranked) < width:
            action = self._ranker.choose(obs, left) if len(left) > 1 else left[0]
            ranked.append(action)
            left.remove(action)
        return ranked

    def _search(self, obs: BurracoObservation, candidates: list[int]) -> list[list[float]]:
        """The value of each candidate (by position) in each round within the budget."""
        s = self.settings
        deadline = None if s.time is None else time.perf_counter() + s.time
        values: list[list[float]] = [[] for _ in candidates]
        while True:
            if s.iterations is not None and self.last_iterations + len(candidates) > s.iterations:
                break
            if deadline is not None and self.last_iterations and time.perf_counter() >= deadline:
                break
            determinization = self.game.sample_hidden_state(obs, self._rng)
            seed = self._rng.getrandbits(64)
            for action, row in zip(candidates, values, strict=True):
                row.append(self._rollout(determinization.clone(), action, seed))
            self.last_iterations += len(candidates)
        self.iterations_run += self.last_iterations
        return values

    def _rollout(self, state: BurracoState, action: int, seed: int) -> float:
        """Play ``action``, then the rollout bots for ``horizon`` turns; the value for this seat."""
        hand = len(state.hand_results)
        state.apply_legal(action)
        bots = [self._rollout_bot(seat, seed + seat) for seat in range(self.game.num_players)]
        turns_left = self.settings.horizon or -1
        while not state.is_terminal() and len(state.hand_results) == hand:
            seat = state.current_player()
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else bots[seat].choose(state.observation(seat), legal)
            if action in (DRAW, TAKE):
                if turns_left == 0:
                    break
                turns_left -= 1
            state.apply_legal(action)
        return self._value(state, hand)

    def _value(self, state: BurracoState, hand: int) -> float:
        """Own side's points minus the other sides' mean: the hand's score if it
        ended, else the points as they stand (no closing bonus)."""
        if len(state.hand_results) > hand:
            sides = [(score.seats, score.total) for score in state.hand_results[hand].sides]
        else:
            sides = [(seats, _standing(state, side)) for side, seats in enumerate(state.sides)]
        mine = [points for seats, points in sides if self.seat in seats]
        others = [points for seats, points in sides if self.seat not in seats]
        return mine[0] - sum(others) / len(others)

    def _rollout_bot(self, seat: int, seed: int) -> Agent:
        from tavolo.bots.registry import make_bot

        return make_bot(self.settings.rollout, self.game, seat, seed)


def _verdict(candidates: list[int], values: list[list[float]], margin: float) -> int:
    """The candidate of best mean value, if it beats the rollout bot's choice
    (the first) by more than ``margin`` standard errors of the paired
    differences over the rounds; else that first choice.

        >>> _verdict([10, 11], [[0, 0, 0], [30, 10, 20]], margin=1.0)
        11
        >>> _verdict([10, 11], [[0, 0, 0], [90, -60, 30]], margin=1.0)
        10
    """
    rounds = len(values[0])
    best = max(range(len(candidates)), key=lambda i: sum(values[i]))
    if best == 0 or rounds < 2:
        return candidates[0]
    gains = [b - a for a, b in zip(values[0], values[best], strict=True)]
    spread = statistics.stdev(gains) / math.sqrt(rounds)
    return candidates[best] if statistics.fmean(gains) > margin * spread else candidates[0]


def _standing(state: BurracoState, side: int) -> int:
    """A side's points if the hand ended now, without closing."""
    seats = state.sides[side]
    return score_side(seats, state.side_melds(side), [c for seat in seats for c in state.hand_cards(seat)],
                      took_pozzetto=state.side_took_pozzetto(side), closed=False,
                      semiclean=state.game.options.semiclean).total
