"""Random play, decisions a second, for every game of the collection (and Hearts) at its usual
table size (the game's default ``players``), beside OpenSpiel's and RLCard's nearest games, in
one run.

A decision is one ``legal_actions`` and one ``apply`` of a uniformly chosen legal action; chance
(the deals, a reshuffle) is resolved by sampling (``sample_chance`` / ``apply_chance``) and its
time counted, its steps not. Each run plays for ``BUDGET_S`` seconds of CPU time
(``time.process_time``: the machine is shared, its wall clock noisy), game after game from
seeded generators; a figure is the median of ``RUNS`` runs, the games' runs alternating so that
the machine's load falls on all alike.

Tavolo's games play on ``game.new_table_state()``: the compiled core for Burraco where it is
built (``rl.decisions.burraco.per_s``), the Python state for the others;
``rl.decisions.burraco_python.per_s`` is Burraco on the Python reference engine
(``new_initial_state()``). Beside them: OpenSpiel's ``hearts``, ``bridge`` (its card play:
``use_double_dummy_result=False``) and ``gin_rummy`` (``apply_action``, chance outcomes
sampled from ``chance_outcomes()``), and RLCard's ``gin-rummy`` environment (``env.step``,
its observation built at every step as a learner reads it) where RLCard is installed (it is in
the ``research`` extra, no dependency); a tool that is missing is noted and left out.

    python -m bench games_speed
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Iterator

from bench.util import note
from tavolo.rl.catalog import GAMES, make

RUNS = 3
BUDGET_S = 0.6
CHECK_EVERY = 64
"""Decisions between two reads of the CPU clock (a read costs about 1 us, as much as a decision on the core)."""

Player = Callable[[float, int], tuple[int, float]]
"""Plays random games for a CPU-time budget (seconds) from a seed; returns the decisions made and
the CPU seconds they took (its setup, such as making an environment, left out)."""


def tavolo_player(name: str, engine: str = "table") -> Player:
    """Random play of the Tavolo game ``name`` at its default table; ``engine`` ``"table"`` plays
    on ``new_table_state()`` (Burraco's core where built), ``"python"`` on ``new_initial_state()``."""
    game = make(name)
    new_state = game.new_table_state if engine == "table" else game.new_initial_state

    def play(budget: float, seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        draw = rng.random
        start = time.process_time()
        decisions, deadline = 0, start + budget
        while True:
            state = new_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_chance(state.sample_chance(rng))
                    continue
                legal = state.legal_actions()
                state.apply(legal[int(draw() * len(legal))])
                decisions += 1
                if decisions % CHECK_EVERY == 0 and (now := time.process_time()) >= deadline:
                    return decisions, now - start

    return play


def openspiel_player(name: str, params: dict | None = None) -> Player | None:
    """Random play of OpenSpiel's game ``name``, or ``None`` where OpenSpiel is missing."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name, params or {})

    def play(budget: float, seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        draw = rng.random
        start = time.process_time()
        decisions, deadline = 0, start + budget
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, odds = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, odds)[0])
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
                decisions += 1
                if decisions % CHECK_EVERY == 0 and (now := time.process_time()) >= deadline:
                    return decisions, now - start

    return play


def rlcard_gin_player() -> Player | None:
    """Random play of RLCard's gin rummy environment, or ``None`` where RLCard is missing."""
    try:
        import rlcard
    except ImportError:
        return None

    def play(budget: float, seed: int) -> tuple[int, float]:
        env = rlcard.make("gin-rummy", config={"seed": seed})
        draw = random.Random(seed).random
        start = time.process_time()
        decisions, deadline = 0, start + budget
        while True:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(draw() * len(legal))])
                decisions += 1
                if decisions % CHECK_EVERY == 0 and (now := time.process_time()) >= deadline:
                    return decisions, now - start

    return play


def players() -> dict[str, Player]:
    """Every player measured, by figure name; a missing tool's are noted and left out."""
    table: dict[str, Player] = {name: tavolo_player(name) for name in GAMES}
    table["burraco_python"] = tavolo_player("burraco", engine="python")
    others = {
        "openspiel_hearts": lambda: openspiel_player("hearts"),
        "openspiel_bridge": lambda: openspiel_player("bridge", {"use_double_dummy_result": False}),
        "openspiel_gin_rummy": lambda: openspiel_player("gin_rummy"),
        "rlcard_gin_rummy": rlcard_gin_player,
    }
    for name, build in others.items():
        try:
            player = build()
        except Exception as error:  # a game OpenSpiel does not load here
            note(f"games_speed: {name} not measured: {error}")
            continue
        if player is None:
            note(f"games_speed: {name} not measured: {name.split('_')[0]} is not installed")
            continue
        table[name] = player
    return table


def measure(chosen: dict[str, Player], runs: int = RUNS, budget: float = BUDGET_S) -> Iterator[tuple[str, float, str]]:
    """``(rl.decisions.<name>.per_s, median decisions a CPU second, "decisions/s")`` per player
    of ``chosen``, its ``runs`` runs of ``budget`` CPU seconds alternating with the others'
    (after one warm-up run each of a tenth of the budget: first imports, caches)."""
    rates: dict[str, list[float]] = {name: [] for name in chosen}
    for play in chosen.values():
        play(budget / 10, runs)
    for run in range(runs):
        for name, play in chosen.items():
            decisions, seconds = play(budget, run)
            rates[name].append(decisions / seconds)
    for name, values in rates.items():
        yield f"rl.decisions.{name}.per_s", statistics.median(values), "decisions/s"


def figures() -> Iterator[tuple[str, float, str]]:
    """Every player's figure (:func:`measure`), the load average noted first."""
    note(f"games_speed: random play, CPU time, median of {RUNS} runs of {BUDGET_S} s each; "
         f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    yield from measure(players())
