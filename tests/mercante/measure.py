"""Measure Mercante's bot against the one before issue 40 (tests/mercante/baseline.py), at eight
players by default, over seeded hands:

- each bot among its own kind: actions, passes ("passa"), bids and trades a hand, and the seconds a
  hand of one person and seven bots takes when every bot action waits the room's pace;
- the new bot in one seat of seven old ones, and in four seats of eight (each half in turn): on the
  same shuffle, the new seats' tokens minus the same seats' at a table of old bots only (the new bot
  in the old one's place) and minus their old tablemates', each a mean a hand with its 95% interval.

    python -m tests.mercante.measure --hands 1000
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Sequence

from tavolo.arena.stats import mean_interval
from tavolo.bots.mercante import APPETITE, ValueMercanteBot
from tavolo.engine.agent import Agent
from tavolo.engine.play import play
from tavolo.games.mercante import make_game
from tavolo.games.mercante.game import MercanteGame

from tests.mercante.baseline import OldValueMercanteBot

PACE = 0.7
"""The room's default pace: seconds a bot waits before each action (TableService, ``pace``)."""
CALL_SHARE = 0.25
"""A share of the pace for a bot's pass at the auction, for the report's what-if."""
Maker = Callable[[int], Agent]


def hand_counts(game: MercanteGame, maker: Maker, hands: int) -> Counter[str]:
    """Actions of each kind over ``hands`` seeded hands with ``maker``'s bot in every seat; passes
    at the auction (calls of a lot) are also counted as ``call``."""
    counts: Counter[str] = Counter()
    for deal in range(hands):
        agents = [maker(deal * game.num_players + s) for s in range(game.num_players)]
        state, rng = game.new_initial_state(), random.Random(deal)
        state.apply_chance(state.sample_chance(rng))
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            action = agents[seat].choose(obs, state.legal_actions())
            verb = state.action_to_string(action).split()[0]
            counts.update([verb, "actions"] + (["call"] if verb == "pass" and obs.auction else []))
            state.apply(action)
    return counts


def duplicate(game: MercanteGame, new: Maker, old: Maker, hands: int, new_seats: Callable[[int], Sequence[int]]):
    """Over ``hands`` deals, each played by old bots only and at tables where the new bot takes the
    seats ``new_seats(deal)`` lists (one list a table): the intervals of the new seats' mean tokens
    minus the same seats' at the old bots' table (in the old bot's place), and minus their
    tablemates' (against the old bot at the table)."""
    n, placed, against = game.num_players, [], []
    for deal in range(hands):
        base = play(game, [old(deal * n + s) for s in range(n)], seed=deal).result
        tables = new_seats(deal)
        in_place = at_table = 0.0
        for seats in tables:
            result = play(game, [(new if s in seats else old)(deal * n + s) for s in range(n)], seed=deal).result
            mean = sum(result[s] for s in seats) / len(seats)
            in_place += mean - sum(base[s] for s in seats) / len(seats)
            at_table += mean - sum(result[s] for s in range(n) if s not in seats) / (n - len(seats))
        placed.append(in_place / len(tables))
        against.append(at_table / len(tables))
    return mean_interval(placed), mean_interval(against)


def report(players: int, hands: int, appetite: float, pace: float) -> list[str]:
    """The measures as lines ``name: value``."""
    game = make_game(players=players)
    new: Maker = lambda seed: ValueMercanteBot(seed, appetite=appetite)  # noqa: E731
    old: Maker = OldValueMercanteBot
    lines = []
    for name, maker in (("old", old), ("new", new)):
        c = hand_counts(game, maker, hands)
        per = {k: v / hands for k, v in c.items()}
        share = (players - 1) / players
        paced = per["actions"] * share * pace
        calls = per.get("call", 0) * share * pace
        lines.append(f"{name}: {per['actions']:.1f} actions a hand, {per.get('pass', 0):.1f} passes "
                     f"({c['pass'] / c['actions']:.1%}; {per.get('call', 0):.1f} at the auction), "
                     f"{per.get('bid', 0):.1f} bids, {per.get('offer', 0):.1f} offers, {per.get('accept', 0):.2f} "
                     f"trades; one person and {players - 1} bots: {per['actions'] * share:.0f} bot actions x {pace} s "
                     f"= {paced:.0f} s ({paced - calls * (1 - CALL_SHARE):.0f} s with the auction's passes "
                     f"at {CALL_SHARE} of the pace)")
    for seats, tables in ((1, lambda deal: [[deal % players]]),
                          (players // 2, lambda deal: [range(0, players, 2), range(1, players, 2)])):
        for name, interval in zip(("in the old bot's place", "over its old tablemates"),
                                  duplicate(game, new, old, hands, tables)):
            lines.append(f"new in {seats} seat(s) of {players}, tokens a hand {name}: {interval.estimate:+.2f} "
                         f"[{interval.low:+.2f}, {interval.high:+.2f}]")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--appetite", type=float, default=APPETITE)
    parser.add_argument("--pace", type=float, default=PACE)
    args = parser.parse_args(argv)
    print("\n".join(report(args.players, args.hands, args.appetite, args.pace)))


if __name__ == "__main__":
    main()
