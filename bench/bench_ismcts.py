"""Search speed of the ismcts bot, single core (its process's CPU time, so
that other work on the machine does not count), default settings (the tree
over information sets, PUCT with ``heuristic:strong``'s prior at the root,
rollouts by ``heuristic:easy`` to ``horizon`` turns after the root's), fibur
rules, 4 players.

An iteration is one determinization of the hidden cards, one descent of the
tree (other players' decisions included) with one node expanded, the rollout
bots to the horizon, then the position scored and the values backed up. The
positions are every sixth decision with a choice of two seeded hands between
``heuristic:strong`` bots; each run searches all of them with a fixed
iteration budget. The figure is the median of 5 runs.

Before the tree (commit 21e5fe8: flat Monte Carlo over the heuristic's top 4
root moves, a rollout of 8 turns after the move per iteration by the
heuristic of then, about 0.2 ms a turn) this bench gave about 595 /s on the
project's machine. The gain is the shorter default horizon (2 turns), the
determinization's public part and unseen cards worked out once per move
(``HiddenSampler``), bots made once per search instead of per rollout, and
the quick easy heuristic in the rollouts (the strong one plans each turn, about
8 ms a turn); the note line gives the rate at the old horizon of 8.

Where the compiled core is built, ``ismcts.iterations_per_s`` is the search in the core
(``_search.cpp``: the positions are compiled states, the observation carries the core's link,
rollouts by easy in the core, ``_easy.cpp``; by strong there before 2026-11-28's port of easy,
about 21,000 /s) and ``ismcts_python.iterations_per_s`` the Python search on the same positions
as Python states (the reference, easy rollouts);
``ismcts.iterations_in_0_1_s`` is how many iterations the core's search runs with
``time=0.1`` (median over the positions, CPU-bound, so wall clock here).
"""

from __future__ import annotations

import random
import statistics
import time

from bench.util import note
from tavolo.bots.ismcts import IsmctsBot
from tavolo.bots.registry import make_bot
from tavolo.games.burraco import make_game
from tavolo.games.burraco import native

RUNS = 5
HANDS = 2
EVERY = 6
ITERATIONS = 12


def positions(game, hands: int, seed: int) -> list:
    """Every ``EVERY``-th decision with more than one legal action in ``hands`` heuristic hands, as
    compiled states where the core is built (``native.new_state``)."""
    bots = [make_bot("heuristic:strong", game, seat, seed=seed + seat) for seat in range(game.num_players)]
    rng = random.Random(seed)
    found = []
    for _ in range(hands):
        state = native.new_state(game)
        state.apply_chance(state.sample_chance(rng))
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append(state.clone())
            state.apply(bots[seat].choose(state.observation(seat), legal))
    return found[::EVERY]


def iterations_per_s(game, states: list, seed: int, **settings: str) -> float:
    iterations = 0
    start = time.process_time()
    for i, state in enumerate(states):
        seat = state.current_player()
        bot = IsmctsBot(game, seat, seed=seed + i, iterations=str(ITERATIONS), **settings)
        bot.choose(state.observation(seat), state.legal_actions())
        iterations += bot.last_iterations
    return iterations / (time.process_time() - start)


def iterations_in(game, states: list, seconds: float) -> float:
    """The median iterations the search runs in ``seconds`` a move over ``states``."""
    counts = []
    for i, state in enumerate(states):
        seat = state.current_player()
        bot = IsmctsBot(game, seat, seed=i, time=str(seconds))
        bot.choose(state.observation(seat), state.legal_actions())
        counts.append(bot.last_iterations)
    return statistics.median(counts)


def figures():
    game = make_game("fibur", players=4, target=None)
    states = positions(game, HANDS, seed=1)
    python_states = [s.to_python() if isinstance(s, native.NativeBurracoState) else s for s in states]
    compiled = isinstance(states[0], native.NativeBurracoState)
    rates, python_rates = [], []
    for run in range(RUNS):  # alternating, so that the machine's load falls on both alike
        python_rates.append(iterations_per_s(game, python_states, seed=run))
        if compiled:
            rates.append(iterations_per_s(game, states, seed=run))
    defaults = IsmctsBot(game, 0).settings
    old_horizon = iterations_per_s(game, python_states, seed=0, horizon="8")
    note(f"ismcts: {len(states)} positions x {ITERATIONS} iterations per run, horizon {defaults.horizon}; "
         f"Python (rollout {defaults.rollout}) runs {', '.join(f'{r:.0f}' for r in python_rates)} /s, "
         f"at the old horizon 8: {old_horizon:.0f} /s (flat Monte Carlo there: about 595 /s)"
         + (f"; the core (rollout {defaults.rollout}) runs {', '.join(f'{r:.0f}' for r in rates)} /s" if compiled else ""))
    if compiled:
        yield "ismcts.iterations_per_s", statistics.median(rates), "/s"
        yield "ismcts.iterations_in_0_1_s", iterations_in(game, states, 0.1), ""
    yield "ismcts_python.iterations_per_s", statistics.median(python_rates), "/s"
