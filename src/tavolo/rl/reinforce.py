"""REINFORCE for a linear Burraco policy, on CPU with numpy, against any bot.

The policy (:class:`tavolo.bots.policy.Policy`) scores each legal action with
``theta . phi(action) + W[kind] . context`` and plays the softmax of the
scores while it learns. One hand (smazzata) is one episode; its reward is the
hand's margin (our side's points less the other side's, / 1000). The
gradient is Williams's (1992) REINFORCE with Adam (Kingma and Ba 2015).

The baseline is the same deal played by the opponent in the learner's chair
(``baseline="duplicate"``, the default): the advantage is then what the
learner did better than the bot it is trained against would have done with
the same cards, which takes the luck of the deal out of the gradient, as
duplicate play takes it out of a comparison. ``baseline="mean"`` is a running
mean of the margins instead (half the hands, noisier). The learner sits on
either side in turn; at four players its partner is the opponent bot too.

A trained policy is saved with :meth:`Policy.save` and plays as the bot
``policy:path=FILE``. From the shell::

    python -m tavolo.rl.reinforce --opponent heuristic:strong --players 2 --minutes 5 --seed 1 --out br.npz

    >>> policy = train("simple", players=2, minutes=1, seed=3, episodes=2)
    >>> policy.theta.shape, bool((policy.theta != 0).any())
    ((22,), True)
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from tavolo.bots.policy import KIND, KINDS, Policy, PolicyBot, context, features, softmax
from tavolo.bots.registry import make_bot
from tavolo.engine.agent import Agent
from tavolo.games.burraco import BurracoGame, BurracoState, make_game
from tavolo.games.burraco.observation import BurracoObservation

__all__ = ["Policy", "Result", "evaluate", "train"]

POINTS_PER_UNIT = 1000.0
"""Points of a hand worth a reward of 1."""
BASELINES = ("duplicate", "mean")


@dataclass
class Adam:
    """Adam (Kingma and Ba 2015) on the policy's two arrays, ascending."""

    rate: float
    step: int = 0
    moments: list[list[np.ndarray]] = field(default_factory=list)

    def update(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        if not self.moments:
            self.moments = [[np.zeros_like(p), np.zeros_like(p)] for p in params]
        self.step += 1
        for p, g, (m, v) in zip(params, grads, self.moments, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += self.rate * (m / (1 - 0.9 ** self.step)) / (np.sqrt(v / (1 - 0.999 ** self.step)) + 1e-8)


class Learner:
    """Plays the softmax of ``policy`` (only at the draw with a ``base`` agent,
    which plays the rest) and adds up the score-function gradient of the
    log-probability of every action it chose."""

    def __init__(self, policy: Policy, rng: np.random.Generator, base: Agent | None = None) -> None:
        self.policy = policy
        self.rng = rng
        self.base = base
        self.g_theta = np.zeros_like(policy.theta)
        self.g_w = np.zeros_like(policy.w)

    def choose(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        if self.base is not None and obs.phase != "draw":
            return self.base.choose(obs, legal)
        actions = np.asarray(legal, dtype=np.intp)
        phi, ctx = features(obs, actions), context(obs)
        p = softmax(self.policy.scores(phi, actions, ctx))
        i = int(self.rng.choice(len(actions), p=p))
        self.g_theta += phi[i] - p @ phi
        kinds = np.bincount(KIND[actions], weights=p, minlength=len(KINDS))
        kinds[KIND[actions[i]]] -= 1.0
        self.g_w -= np.outer(kinds, ctx)
        return int(actions[i])


def play_hand(game: BurracoGame, agents: dict[int, Agent], opponent: str, deal: int, seat: int) -> float:
    """One hand of deal ``deal`` with ``agents`` at their seats and ``opponent``
    bots (seeded from the deal) elsewhere; the margin of ``seat``'s side, in points."""
    state: BurracoState = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(deal)))
    n = game.num_players
    bots = {s: agents.get(s) or make_bot(opponent, game, s, deal * 8 + s) for s in range(n)}
    while not state.is_terminal():
        s = state.current_player()
        state.apply(bots[s].choose(state.observation(s), state.legal_actions()))
    points = state.returns()
    return points[seat] - points[(seat + 1) % n]


def train(opponent: str, players: int = 2, minutes: float = 5.0, seed: int = 0, *, episodes: int | None = None,
          learning_rate: float = 0.02, baseline: str = "duplicate", rules: str = "fibur",
          base: str = "", start: Policy | None = None) -> Policy:
    """A policy trained by REINFORCE against ``opponent`` (a bot spec; several,
    comma-separated, are played in turn) for ``minutes`` (or ``episodes`` hands,
    at least one), reproducible from ``seed`` when stopped by ``episodes``; with
    ``base`` (a bot spec) it learns only the draw and the base plays the rest."""
    if baseline not in BASELINES:
        raise ValueError(f"baseline {baseline!r}: choose one of {', '.join(BASELINES)}")
    game = make_game(rules, players=players, target=None)
    opponents = [spec.strip() for spec in opponent.split(",") if spec.strip()]
    for spec in [*opponents, *([base] if base else [])]:
        make_bot(spec, game, 0, 0)  # a bad spec is refused before any training
    policy = start or Policy.zeros()
    policy.base = base
    rng = np.random.default_rng(seed)
    adam = Adam(learning_rate)
    mean, spread = 0.0, 1.0
    deadline = time.monotonic() + 60 * minutes
    hands = 0
    while (episodes is None or hands < episodes) and (hands < 1 or time.monotonic() < deadline):
        spec, seat = opponents[hands % len(opponents)], hands // len(opponents) % 2
        deal = int(rng.integers(2**62))
        learner = Learner(policy, rng, make_bot(base, game, seat, deal * 8 + seat) if base else None)
        margin = play_hand(game, {seat: learner}, spec, deal, seat) / POINTS_PER_UNIT
        reference = play_hand(game, {}, spec, deal, seat) / POINTS_PER_UNIT if baseline == "duplicate" else mean
        advantage = (margin - reference) / spread
        mean += 0.02 * (margin - mean)
        spread += 0.02 * (abs(margin - reference) - spread)
        adam.update([policy.theta, policy.w], [advantage * learner.g_theta, advantage * learner.g_w])
        hands += 1
    policy.hands += hands
    return policy


@dataclass
class Result:
    """Margins per hand of the learner's side; ``wins`` counts ties half."""

    wins: float
    margins: list[float]

    def line(self) -> str:
        """Win rate and mean margin with its 95% normal interval.

            >>> Result(1.5, [100.0, -20.0]).line()
            'win rate 0.750, margin +40 ± 118'
        """
        n = len(self.margins)
        mean = float(np.mean(self.margins))
        half = 1.96 * float(np.std(self.margins, ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
        return f"win rate {self.wins / n:.3f}, margin {mean:+.0f} ± {half:.0f}"


def evaluate(policy: Policy, opponent: str, players: int = 2, deals: int = 100, seed: int = 0,
             greedy: bool = True, rules: str = "fibur") -> Result:
    """Duplicate deals: each deal played with the learner on either side, the
    same cards and opponent seeds both times."""
    game = make_game(rules, players=players, target=None)
    result = Result(0.0, [])
    for index in range(deals):
        deal = seed * 1_000_003 + index
        for seat in (0, 1):
            bot = PolicyBot(policy, greedy=greedy, seed=deal * 2 + seat,
                            base=make_bot(policy.base, game, seat, deal * 8 + seat) if policy.base else None)
            margin = play_hand(game, {s: bot for s in range(seat, players, 2)}, opponent, deal, seat)
            result.margins.append(margin)
            result.wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return result


def main(argv: Sequence[str] | None = None) -> None:
    """Train against a bot and save the policy (see the module docstring)."""
    parser = argparse.ArgumentParser(description="Train a linear Burraco policy by REINFORCE against a bot.")
    parser.add_argument("--opponent", default="heuristic:strong", help="bot spec(s) to train against, in turn")
    parser.add_argument("--players", type=int, choices=(2, 4, 6), default=2)
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--episodes", type=int, default=None, help="stop after this many hands")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--learning-rate", type=float, default=0.02)
    parser.add_argument("--baseline", choices=BASELINES, default="duplicate")
    parser.add_argument("--base", default="", help="learn only the draw; this bot plays the rest of the turn")
    parser.add_argument("--out", required=True, help="where to save the policy (.npz)")
    args = parser.parse_args(argv)
    try:
        policy = train(args.opponent, args.players, args.minutes, args.seed, episodes=args.episodes,
                       learning_rate=args.learning_rate, baseline=args.baseline, base=args.base)
    except ValueError as exc:
        parser.error(str(exc))
    policy.save(args.out)
    print(f"trained on {policy.hands} hands against {args.opponent}; saved to {args.out}")


if __name__ == "__main__":
    main()
