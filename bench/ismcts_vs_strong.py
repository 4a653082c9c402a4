"""The search in the core against ``heuristic:strong`` on duplicate deals, on compiled states.

Both tables of each deal are dealt in the compiled core (``native.new_state``, as the arena,
``tavolo.arena.duplicate``, deals them too), so the search runs in the core and strong plays in
the core (its choices are the Python bot's, tests/bots/test_strong_core.py); this script adds a
line per deal with the running interval and the search's time a decision. The deals, the
seatings and the bots' seeds are the arena's (``deal_seed``, ``seatings``, ``bot_seed``); the
score is A's duplicate score per deal (the mean of the two tables' differences), with a 95%
t interval.

    python -m bench.ismcts_vs_strong 40 "ismcts:time=0.1"        # deals, the search's spec
    python -m bench.ismcts_vs_strong 40 "pimc:time=0.1" 2 1      # ... players, the deals' seed

Each line also gives the searching bot's mean seconds a decision (its ``choose`` calls with more
than one legal action).
"""

from __future__ import annotations

import sys
import time

from tavolo.arena.duplicate import DuplicateDeal, arena_game, deal_seed, dealt, seatings
from tavolo.arena.stats import mean_interval
from tavolo.bots.registry import make_bot

STRONG = "heuristic:strong"


def play_compiled(game, seating, clock: list[float] | None = None) -> tuple[float, float]:
    """One hand at ``seating`` in the compiled core; the points of side 0 and side 1. ``clock``
    (seconds, decisions) gains the time the bots not ``STRONG`` took at their decisions."""
    state = dealt(game, seating, compiled=True)
    bots = [make_bot(spec, game, seat, seating.bot_seed(seat)) for seat, spec in enumerate(seating.specs)]
    while not state.is_terminal():
        seat, legal = state.current_player(), state.legal_actions()
        start = time.perf_counter()
        state.apply(bots[seat].choose(state.observation(seat), legal))
        if clock is not None and seating.specs[seat] != STRONG and len(legal) > 1:
            clock[0] += time.perf_counter() - start
            clock[1] += 1
    points = state.returns()
    return points[0], points[1]


def main(deals: int, spec: str, players: int = 2, seed: int = 0) -> None:
    game = arena_game("fibur", players)
    scores, clock = [], [0.0, 0]
    for index in range(deals):
        first, second = (play_compiled(game, s, clock) for s in seatings(spec, STRONG, deal_seed(seed, index), players))
        scores.append(DuplicateDeal(index, (first, second[::-1])).score)
        interval = mean_interval(scores)
        ends = "" if interval.low is None else f" (95% {interval.low:+.1f} to {interval.high:+.1f})"
        print(f"{index + 1} deals: {interval.estimate:+.1f} a deal{ends}; last {scores[-1]:+.1f}; "
              f"{clock[0] / max(clock[1], 1):.3f} s a decision", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], *(int(arg) for arg in sys.argv[3:5]))
