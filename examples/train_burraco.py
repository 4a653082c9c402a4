"""Train a small Burraco policy on CPU with numpy, then measure it against bots.

A thin script over :mod:`tavolo.rl.reinforce`: REINFORCE on a linear policy
(:class:`tavolo.bots.policy.Policy`, a softmax over the legal actions) for
``--minutes`` against the ``--opponents`` bots in turn (or ``--episodes`` hands,
exactly that many and reproducible from ``--seed`` when no ``--minutes`` is
given, however fast the machine), then ``--eval-deals``
duplicate deals against each of ``--versus`` (every deal twice, the learner on
each side, so both sides get the same cards), greedy, beside the untrained
(uniform random) policy: win rate (ties count half) and mean margin per hand
with its 95% interval. The weights go to ``--out`` (``.npz``); the bot
``policy:path=FILE`` plays them.

    python examples/train_burraco.py --minutes 3 --seed 1
"""

from __future__ import annotations

import argparse
import math
import time

from tavolo.bots.policy import FEATURES, Policy
from tavolo.rl.reinforce import evaluate, train


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=None,
                        help="training time (default 3, none with --episodes)")
    parser.add_argument("--episodes", type=int, default=None, help="stop training after this many hands")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--opponents", default="random,simple", help="bots to train against, in turn")
    parser.add_argument("--versus", default="random,heuristic:strong", help="bots to measure against")
    parser.add_argument("--eval-deals", type=int, default=100, help="duplicate deals per opponent")
    parser.add_argument("--learning-rate", type=float, default=0.02)
    parser.add_argument("--out", default="burraco_policy.npz", help="where to save the weights")
    args = parser.parse_args()

    start = time.monotonic()
    minutes = args.minutes if args.minutes is not None else 3.0 if args.episodes is None else math.inf
    policy = train(args.opponents, args.players, minutes, args.seed, episodes=args.episodes,
                   learning_rate=args.learning_rate)
    seconds = time.monotonic() - start
    print(f"trained on {policy.hands} hands in {seconds:.0f} s ({policy.hands / seconds:.1f} hands/s) "
          f"against {args.opponents}")
    for name, value in sorted(zip(FEATURES, policy.theta, strict=True), key=lambda x: -abs(x[1]))[:6]:
        print(f"  weight {value:+.2f}  {name}")
    for opponent in args.versus.split(","):
        before = evaluate(Policy.zeros(), opponent, args.players, args.eval_deals, args.seed + 1, greedy=False)
        after = evaluate(policy, opponent, args.players, args.eval_deals, args.seed + 1, greedy=True)
        print(f"versus {opponent} ({args.eval_deals} duplicate deals, {2 * args.eval_deals} hands): "
              f"untrained {before.line()}; trained {after.line()}")
    policy.save(args.out)
    print(f"weights saved to {args.out}")


if __name__ == "__main__":
    main()
