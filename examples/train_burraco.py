"""Train a small Burraco policy on CPU with numpy, then measure it against bots.

The policy is a softmax over the legal actions (the ``action_mask``) of a
linear score: ``theta . phi(action)``, where ``phi`` are a few features of the
action read from the observation tensor (is it a draw, a take of the discard
pile, a discard, an opening, an attachment; is the card a wild; does it fit
our melds or the next opponent's; how many cards of the hand go with it ...),
plus ``W[kind] . tensor``, which lets the whole observation push each kind of
action up or down. It learns by REINFORCE with a running-mean baseline
(Williams 1992) and Adam, one hand (smazzata) per episode, the reward being
the hand's margin (our side's points less the other side's, / 1000).

It trains for ``--minutes`` in the Gymnasium environment
(:class:`tavolo.rl.gym_env.BurracoGymEnv`) against the ``--opponents`` bots
in turn, then plays ``--eval-deals`` duplicate deals against each of
``--versus`` (every deal twice, the learner on each side, so both sides get
the same cards), greedy (the highest-scoring legal action), and reports the
untrained (uniform random) policy beside the trained one: win rate (ties
count half) and mean margin per hand with its 95% interval. The weights go to
``--out`` (``.npz``).

    python examples/train_burraco.py --minutes 3 --seed 1
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

import numpy as np

from tavolo.games.burraco.actions import NUM_ACTIONS, OPEN_BASE, TAKE, TEMPLATES, decode
from tavolo.games.burraco.cards import POINTS, WILD
from tavolo.rl.burraco_env import POINTS_PER_UNIT
from tavolo.rl.gym_env import BurracoGymEnv
from tavolo.rl.tensors import Layout

KINDS = ("draw", "take", "discard", "open", "attach")
FEATURES = (
    "draw", "take", "discard", "open", "attach",
    "wild", "points", "pair in hand", "same rank in hand", "same suit near in hand",
    "fits our melds", "fits next opponent's melds", "copies unseen", "the next player took one from the pile",
    "take: pile size", "take: pile cards fitting our melds", "take: pile cards going with the hand",
    "wild late in the hand", "meld after our pozzetto",
)


def _action_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per action id: its kind (index in KINDS), its card (-1 for draw, take, open),
    whether it lays a wild, and its card points / 30."""
    kind = np.zeros(NUM_ACTIONS, dtype=np.intp)
    card = np.full(NUM_ACTIONS, -1, dtype=np.intp)
    wild = np.zeros(NUM_ACTIONS)
    points = np.zeros(NUM_ACTIONS)
    for action in range(NUM_ACTIONS):
        name, *rest = decode(action)
        kind[action] = KINDS.index(name)
        if name in ("discard", "attach"):
            card[action] = rest[-2] if name == "attach" else rest[0]
            wild[action], points[action] = WILD[card[action]], POINTS[card[action]] / 30
        elif name == "open":
            cards = TEMPLATES[rest[0]].cards
            wild[action], points[action] = any(WILD[c] for c in cards), sum(POINTS[c] for c in cards) / 30
    return kind, card, wild, points


KIND, CARD, LAYS_WILD, CARD_POINTS = _action_tables()


@dataclass
class Policy:
    """``theta`` over FEATURES and ``w`` (kinds x tensor size)."""

    theta: np.ndarray
    w: np.ndarray

    @classmethod
    def zeros(cls, tensor_size: int) -> Policy:
        return cls(np.zeros(len(FEATURES)), np.zeros((len(KINDS), tensor_size)))


def card_context(layout: Layout, t: np.ndarray) -> np.ndarray:
    """Per card type (53 columns), rows: pair in hand, same rank in hand, same suit
    within two ranks in hand, fits our melds, fits the next opponent's, copies
    unseen, the next player took one from the discard pile."""
    hand = layout.view(t, "hand")[0]
    grid = hand[:52].reshape(4, 13)
    same_rank = np.append(np.tile(grid.sum(axis=0), 4), 0) - hand
    padded = np.pad(grid, ((0, 0), (2, 2)))
    near = padded[:, :-4] + padded[:, 1:-3] + padded[:, 3:-1] + padded[:, 4:]
    next_side = int(np.argmax(layout.view(t, "seat_side")[1]))
    fits = layout.view(t, "fits")
    return np.stack([hand >= 2, same_rank, np.append(near.reshape(-1), 0), fits[0], fits[next_side],
                     layout.view(t, "unseen")[0] / 4, layout.view(t, "known")[0] > 0])


def features(layout: Layout, t: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """The FEATURES of each legal action (one row each)."""
    kind, card = KIND[legal], CARD[legal]
    phi = np.zeros((len(legal), len(FEATURES)))
    phi[np.arange(len(legal)), kind] = 1.0
    phi[:, 5], phi[:, 6] = LAYS_WILD[legal], CARD_POINTS[legal]
    context = card_context(layout, t)
    has_card = card >= 0
    phi[has_card, 7:14] = context[:, card[has_card]].T
    takes = legal == TAKE
    if takes.any():
        pile = layout.view(t, "pile")[0]
        phi[takes, 14:17] = [pile.sum() / 10, (pile * context[3]).sum() / 5, (pile * (context[1] > 0)).sum() / 5]
    late = max(0.0, 1.0 - layout.view(t, "stock")[0, 0] / 0.3)
    melds = legal >= OPEN_BASE
    phi[:, 17] = phi[:, 5] * melds * late
    phi[:, 18] = melds * layout.view(t, "pozzetto_taken")[0, 0]
    return phi


def logits(policy: Policy, phi: np.ndarray, legal: np.ndarray, t: np.ndarray) -> np.ndarray:
    return phi @ policy.theta + (policy.w @ t)[KIND[legal]]


def softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


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


def train(policy: Policy, args: argparse.Namespace, rng: np.random.Generator) -> int:
    """REINFORCE for ``args.minutes`` (or ``args.episodes``); the hands played."""
    envs = [BurracoGymEnv(opponent=o, seat=seat, players=args.players, reward="margin")
            for o in args.opponents.split(",") for seat in (0, 1)]  # both sides, every opponent in turn
    layout = envs[0].table.encoder.layout
    adam = Adam(args.learning_rate)
    baseline, spread = 0.0, 1.0
    deadline = time.monotonic() + 60 * args.minutes
    hands = 0
    while (args.episodes is None or hands < args.episodes) and (hands < 1 or time.monotonic() < deadline):
        env = envs[hands % len(envs)]
        t, info = env.reset(seed=int(rng.integers(2**63)))
        g_theta, g_w = np.zeros_like(policy.theta), np.zeros_like(policy.w)
        ret, done = 0.0, False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            phi = features(layout, t, legal)
            p = softmax(logits(policy, phi, legal, t))
            i = int(rng.choice(len(legal), p=p))
            g_theta += phi[i] - p @ phi
            kinds = np.bincount(KIND[legal], weights=p, minlength=len(KINDS))
            kinds[KIND[legal[i]]] -= 1.0
            g_w -= np.outer(kinds, t)
            t, reward, done, _, info = env.step(int(legal[i]))
            ret += reward
        advantage = (ret - baseline) / spread
        baseline += 0.02 * (ret - baseline)
        spread += 0.02 * (abs(ret - baseline) - spread)
        adam.update([policy.theta, policy.w], [advantage * g_theta, advantage * g_w])
        hands += 1
    return hands


@dataclass
class Result:
    wins: float
    margins: list[float]

    def line(self) -> str:
        n = len(self.margins)
        mean = float(np.mean(self.margins))
        half = 1.96 * float(np.std(self.margins, ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
        return f"win rate {self.wins / n:.3f}, margin {mean:+.0f} ± {half:.0f}"


def evaluate(policy: Policy, opponent: str, args: argparse.Namespace, greedy: bool) -> Result:
    """Duplicate deals: each deal played with the learner on either side."""
    result = Result(0.0, [])
    rng = np.random.default_rng(args.seed + 1)
    envs = [BurracoGymEnv(opponent=opponent, seat=seat, players=args.players, reward="margin") for seat in (0, 1)]
    layout = envs[0].table.encoder.layout
    for deal in range(args.eval_deals):
        for env in envs:
            t, info = env.reset(seed=10_000 + deal)
            margin, done = 0.0, False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                z = logits(policy, features(layout, t, legal), legal, t)
                i = int(np.argmax(z)) if greedy else int(rng.choice(len(legal), p=softmax(z)))
                t, reward, done, _, info = env.step(int(legal[i]))
                margin += reward * POINTS_PER_UNIT
            result.margins.append(margin)
            result.wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    parser.add_argument("--episodes", type=int, default=None, help="stop training after this many hands")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--opponents", default="random,simple", help="bots to train against, in turn")
    parser.add_argument("--versus", default="random,heuristic:strong", help="bots to measure against")
    parser.add_argument("--eval-deals", type=int, default=100, help="duplicate deals per opponent")
    parser.add_argument("--learning-rate", type=float, default=0.02)
    parser.add_argument("--out", default="burraco_policy.npz", help="where to save the weights")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    size = Layout(args.players).size
    policy = Policy.zeros(size)
    start = time.monotonic()
    hands = train(policy, args, rng)
    seconds = time.monotonic() - start
    print(f"trained on {hands} hands in {seconds:.0f} s ({hands / seconds:.1f} hands/s) against {args.opponents}")
    for name, value in sorted(zip(FEATURES, policy.theta, strict=True), key=lambda x: -abs(x[1]))[:6]:
        print(f"  weight {value:+.2f}  {name}")
    untrained = Policy.zeros(size)
    for opponent in args.versus.split(","):
        before = evaluate(untrained, opponent, args, greedy=False)
        after = evaluate(policy, opponent, args, greedy=True)
        print(f"versus {opponent} ({args.eval_deals} duplicate deals, {2 * args.eval_deals} hands): "
              f"untrained {before.line()}; trained {after.line()}")
    np.savez(args.out, theta=policy.theta, w=policy.w, features=np.array(FEATURES), kinds=np.array(KINDS),
             players=args.players)
    print(f"weights saved to {args.out}")


if __name__ == "__main__":
    main()
