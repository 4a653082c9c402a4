"""Speed of the heuristic Burraco bots, single core, fibur rules, 2 players.

``burraco.bot2.turns_per_s``: player-turns per second with ``heuristic:strong`` in both
seats (a turn is every decision of one player's turn, from the draw to the discard; the
engine's time, observations included). Strong plans each turn as one search
(``tavolo.bots.planner``) and plans the turn with the pile in hand before taking it, so it
costs more than the one-action-at-a-time bot it replaced (about 9,600 turns/s on the
project's machine); the note gives ``heuristic:easy``, which does not plan, on the same
deals for comparison. Each figure is the median of 5 runs of 20 seeded hands.

Where strong's time goes (cProfile and py-spy, 20 hands, 2 players): about 2.8 turn plans a
turn (two at the draw, with and without the pile, one in play, reused for the turn's later
decisions; re-planned mid-turn 2 times in 3,286 decisions), two thirds of the time; each plan
visits 4 positions on average, and the 2-3% of plans that visit 40 to 80 carry a third of the
planning time. The table's reading per decision is a tenth, the engine (observation, legal
actions, apply) an eighth. The profile is flat: a position costs 10 to 40 us of interpreter
work (the discard's keep value of every card held, the value of every move, the openings and
attachments), so the 30,000 turns/s of issue 12 (33 us a turn) is beyond this design in
Python: it needs the engine and the planner compiled, or fewer searches a turn (which
changes the choices, so the levels would be measured again and the choices digest renewed).

That is what was done (issue 27): strong's reading, planner and draw by plan are in the compiled
core (``_strong.cpp``, docs/compiled-engine.md), used when the observation comes from the
compiled state. ``burraco.bot2.turns_per_s`` plays on ``native.new_state`` (the compiled core
where it is built, the Python engine with ``TAVOLO_ENGINE=python``), CPU time;
``burraco.bot2_python.turns_per_s`` keeps the Python bot on the Python engine beside it, the same
choices (tests/bots/test_strong_core.py). The note gives easy and normal both ways: on the
compiled state they play in the core too (``_easy.cpp``, tests/bots/test_easy_core.py; normal with
strong's code, tests/bots/test_normal_core.py).
"""

from __future__ import annotations

import random
import statistics
import time

from bench.util import note
from tavolo.bots.heuristic import HeuristicBurracoBot
from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import DRAW, TAKE

RUNS = 5
HANDS = 20


def turns_per_s(level: str, players: int, hands: int, seed: int, new_state=native.new_state) -> float:
    """Player-turns per second (CPU time) of ``hands`` seeded hands with ``level`` in every seat,
    on the states ``new_state(game)`` makes."""
    game = make_game("fibur", players=players, target=None)
    bots = [HeuristicBurracoBot(level, seed=seed * 10 + s) for s in range(players)]
    deals = random.Random(seed)
    turns = 0
    start = time.process_time()
    for _ in range(hands):
        state = new_state(game)
        state.apply_chance(state.sample_chance(deals))
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].choose(state.observation(seat), state.legal_actions())
            turns += action in (DRAW, TAKE)
            state.apply(action)
    return turns / (time.process_time() - start)


def python_state(game):
    return game.new_initial_state()


def figures():
    strong, python = [], []
    for run in range(RUNS):  # alternating, so that a change in the machine's load falls on both
        strong.append(turns_per_s("strong", 2, HANDS, run))
        python.append(turns_per_s("strong", 2, HANDS, run, python_state))
    easy = statistics.median(turns_per_s("easy", 2, HANDS, run, python_state) for run in range(RUNS))
    easy_core = statistics.median(turns_per_s("easy", 2, HANDS, run) for run in range(RUNS))
    normal = statistics.median(turns_per_s("normal", 2, HANDS, run, python_state) for run in range(RUNS))
    normal_core = statistics.median(turns_per_s("normal", 2, HANDS, run) for run in range(RUNS))
    note(f"heuristic:strong on the {native.engine()} engine; 2 players, turns/s in Python and on the "
         f"{native.engine()} engine: heuristic:easy (no planning) {easy:.0f} and {easy_core:.0f}, "
         f"heuristic:normal {normal:.0f} and {normal_core:.0f}")
    yield "burraco.bot2.turns_per_s", statistics.median(strong), "/s"
    yield "burraco.bot2_python.turns_per_s", statistics.median(python), "/s"
