"""The search in the core against ``heuristic:strong`` on duplicate deals, on compiled states.

The arena (``tavolo.arena.duplicate``) plays a table with a bot that reads the observation on the
Python state, where the search runs in Python; here both tables of each deal are dealt in the
compiled core (``native.new_state``), so the ismcts bot searches in the core and strong plays in
the core (its choices are the Python bot's, tests/bots/test_strong_core.py). The deals, the
seatings and the bots' seeds are the arena's (``deal_seed``, ``seatings``, ``bot_seed``); the
score is A's duplicate score per deal (the mean of the two tables' differences), with a 95%
t interval.

    python -m bench.ismcts_vs_strong 40 "ismcts:time=0.1"        # deals, the search's spec
"""

from __future__ import annotations

import sys

from tavolo.arena.duplicate import DuplicateDeal, arena_game, deal_seed, dealt, seatings
from tavolo.arena.stats import mean_interval
from tavolo.bots.registry import make_bot

STRONG = "heuristic:strong"


def play_compiled(game, seating) -> tuple[float, float]:
    """One hand at ``seating`` in the compiled core; the points of side 0 and side 1."""
    state = dealt(game, seating, compiled=True)
    bots = [make_bot(spec, game, seat, seating.bot_seed(seat)) for seat, spec in enumerate(seating.specs)]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    points = state.returns()
    return points[0], points[1]


def main(deals: int, spec: str, players: int = 2, seed: int = 0) -> None:
    game = arena_game("fibur", players)
    scores = []
    for index in range(deals):
        first, second = (play_compiled(game, s) for s in seatings(spec, STRONG, deal_seed(seed, index), players))
        scores.append(DuplicateDeal(index, (first, second[::-1])).score)
        interval = mean_interval(scores)
        ends = "" if interval.low is None else f" (95% {interval.low:+.1f} to {interval.high:+.1f})"
        print(f"{index + 1} deals: {interval.estimate:+.1f} a deal{ends}; last {scores[-1]:+.1f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 2)
