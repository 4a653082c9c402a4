"""The analysis of one seat of one 4-player Burraco hand (issue 41), at the default budget
(``tavolo.analysis.review.DEFAULT_BUDGET_S`` CPU seconds a hand, spread over the seat's decisions):

* ``analysis.burraco4.hand_s``: the CPU seconds of the whole review (the replay, the sampling and
  the core's play-outs), one thread, the process's CPU time (``time.process_time``): the
  project's shared machine's wall clock says more about the other sessions than about the work;
* ``analysis.burraco4.deals_median``: the deals each decision got (the median), what the
  budget buys.

The hand: fibur, 4 players, every seat ``heuristic:strong``, seed 5, seat 0 reviewed.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bench.util import note

SEED = 5


def strong_hand(seed: int):
    """A 4-player fibur hand played by heuristic:strong in every seat, as the analysis reads it."""
    from tavolo.analysis.records import Recorded
    from tavolo.bots.registry import make_bot
    from tavolo.engine.record import GameRecord
    from tavolo.games.burraco import make_game, native

    game = make_game(players=4, target=None)
    state, rng = native.new_state(game), random.Random(seed)
    bots = [make_bot("heuristic:strong", game, seat, seed=seat) for seat in range(4)]
    record = GameRecord(game.name, game.options_json(), ["strong"] * 4, seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        seat = state.current_player()
        action = bots[seat].choose(state.observation(seat), state.legal_actions())
        record.actions.append(state.action_to_string(action))
        state.apply(action)
    record.result = state.returns()
    return Recorded(record, None, game)


def figures() -> list[tuple[str, float, str]]:
    from tavolo.analysis import DEFAULT_BUDGET_S, analyse

    recorded = strong_hand(SEED)
    start = time.process_time()
    review = analyse(recorded, 0, DEFAULT_BUDGET_S)
    spent = time.process_time() - start
    deals = statistics.median(d.deals for d in review.decisions)
    note(f"{len(review.decisions)} decisions of seat 0, budget {DEFAULT_BUDGET_S:g} s; "
         f"{len(review.marked())} marked; CPU time")
    return [("analysis.burraco4.hand_s", spent, "s"), ("analysis.burraco4.deals_median", deals, "deals")]


if __name__ == "__main__":
    for name, value, unit in figures():
        print(f"{name}: {value:.4g} {unit}")
    sys.exit(0)
