"""The analysis of one seat of one 4-player Burraco hand (issue 41), at the default budget
(``tavolo.analysis.review.DEFAULT_BUDGET_S`` CPU seconds a hand, spread over the seat's decisions):

* ``analysis.burraco4.hand_s``: the CPU seconds of the whole review (the replay, the sampling and
  the core's play-outs), one thread, the process's CPU time (``time.process_time``): the
  project's shared machine's wall clock says more about the other sessions than about the work;
* ``analysis.burraco4.deals_median``: the deals each decision got (the median), what the
  budget buys.

The hand: fibur, 4 players, every seat ``heuristic:strong``, seed 5, seat 0 reviewed.

``python -m bench.bench_analysis calibrate DEALS BUDGET`` (long; not part of ``figures``): duplicate
4-player hands of ``heuristic:normal`` against ``heuristic:strong`` (seeds 1000.., each deal with
normal on either side), every seat reviewed at ``BUDGET`` CPU seconds a hand; prints the measured
margin of normal's side a hand and the margin the analysis predicts from the points each side
lost (marked decisions only, and every decision's measured loss), each with a 95% interval.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bench.util import note

SEED = 5


def strong_hand(seed: int, specs: tuple[str, ...] = ("heuristic:strong",) * 4):
    """A 4-player fibur hand played by ``specs`` (heuristic:strong in every seat), as the analysis reads it."""
    from tavolo.analysis.records import Recorded
    from tavolo.bots.registry import make_bot
    from tavolo.engine.record import GameRecord
    from tavolo.games.burraco import make_game, native

    game = make_game(players=4, target=None)
    state, rng = native.new_state(game), random.Random(seed)
    bots = [make_bot(spec, game, seat, seed=seat) for seat, spec in enumerate(specs)]
    record = GameRecord(game.name, game.options_json(), list(specs), seed)
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


def calibrate(deals: int, budget: float) -> None:
    """normal against strong: the measured margin against the analysis's (module docstring)."""
    from tavolo.analysis import analyse

    rows = []
    for deal in range(deals):
        for normal in (0, 1):
            specs = tuple("heuristic:normal" if seat % 2 == normal else "heuristic:strong" for seat in range(4))
            recorded = strong_hand(1000 + deal, specs)
            result = recorded.record.result
            lost = {0: [0.0, 0.0], 1: [0.0, 0.0]}
            for seat in range(4):
                review = analyse(recorded, seat, budget, seed=seat)
                lost[seat % 2][0] += sum(d.lost for d in review.decisions)
                lost[seat % 2][1] += sum(d.loss.mean for d in review.decisions if d.mark != "not estimated")
            rows.append((result[normal] - result[1 - normal], lost[1 - normal][0] - lost[normal][0],
                         lost[1 - normal][1] - lost[normal][1]))
            note(deal, normal, *(round(x) for x in rows[-1]))
    for i, name in enumerate(("measured margin of normal", "predicted, marked losses", "predicted, every loss")):
        xs = [row[i] for row in rows]
        print(f"{name}: {statistics.mean(xs):.1f} ± {1.96 * statistics.stdev(xs) / len(xs) ** 0.5:.1f} a hand "
              f"({len(xs)} hands)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["calibrate"]:
        calibrate(int(sys.argv[2]), float(sys.argv[3]))
        sys.exit(0)
    for name, value, unit in figures():
        print(f"{name}: {value:.4g} {unit}")
    sys.exit(0)
