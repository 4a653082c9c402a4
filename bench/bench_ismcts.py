"""Search speed of the ismcts bot, single core, default settings (rollouts by
the heuristic bot, ``horizon`` and ``width`` as the bot's defaults), fibur
rules, 4 players.

An iteration is one rollout: one candidate action played on one
determinization of the hidden cards, then the rollout bots to the horizon,
then the position scored. The positions are every decision with a choice of
two seeded hands between ``heuristic:strong`` bots; each run searches all of
them with a fixed iteration budget. The figure is the median of 5 runs.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.util import note
from tavolo.bots.ismcts import IsmctsBot
from tavolo.bots.registry import make_bot
from tavolo.games.burraco import make_game

RUNS = 5
HANDS = 2
EVERY = 6
ITERATIONS = 12


def positions(game, hands: int, seed: int) -> list:
    """Every ``EVERY``-th decision with more than one legal action in ``hands`` heuristic hands."""
    bots = [make_bot("heuristic:strong", game, seat, seed=seed + seat) for seat in range(game.num_players)]
    rng = random.Random(seed)
    found = []
    for _ in range(hands):
        state = game.new_initial_state()
        state.apply_chance(state.sample_chance(rng))
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append(state.clone())
            state.apply(bots[seat].choose(state.observation(seat), legal))
    return found[::EVERY]


def iterations_per_s(game, states: list, seed: int) -> float:
    iterations = 0
    start = time.perf_counter()
    for i, state in enumerate(states):
        seat = state.current_player()
        bot = IsmctsBot(game, seat, seed=seed + i, iterations=str(ITERATIONS))
        bot.choose(state.observation(seat), state.legal_actions())
        iterations += bot.last_iterations
    return iterations / (time.perf_counter() - start)


def figures():
    game = make_game("fibur", players=4, target=None)
    states = positions(game, HANDS, seed=1)
    rates = [iterations_per_s(game, states, seed=run) for run in range(RUNS)]
    note(f"ismcts: {len(states)} positions x {ITERATIONS} iterations per run, "
         f"rollout {IsmctsBot(game, 0).settings.rollout}; runs {', '.join(f'{r:.0f}' for r in rates)} /s")
    yield "ismcts.iterations_per_s", statistics.median(rates), "/s"
