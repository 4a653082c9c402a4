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
"""

from __future__ import annotations

import random
import statistics
import time

from bench.util import note
from tavolo.bots.heuristic import HeuristicBurracoBot
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import DRAW, TAKE

RUNS = 5
HANDS = 20


def turns_per_s(level: str, players: int, hands: int, seed: int) -> float:
    """Player-turns per second of ``hands`` seeded hands with ``level`` in every seat."""
    game = make_game("fibur", players=players, target=None)
    bots = [HeuristicBurracoBot(level, seed=seed * 10 + s) for s in range(players)]
    deals = random.Random(seed)
    turns = 0
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        state.apply_chance(state.sample_chance(deals))
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].choose(state.observation(seat), state.legal_actions())
            turns += action in (DRAW, TAKE)
            state.apply(action)
    return turns / (time.perf_counter() - start)


def figures():
    strong = statistics.median(turns_per_s("strong", 2, HANDS, run) for run in range(RUNS))
    easy = statistics.median(turns_per_s("easy", 2, HANDS, run) for run in range(RUNS))
    note(f"heuristic:easy (no planning), 2 players: {easy:.0f} turns/s")
    yield "burraco.bot2.turns_per_s", strong, "/s"
