"""RL interface speed, single core: steps per second of the PettingZoo AEC
environment (4 players, every agent choosing uniformly among its masked legal
actions: ``last()`` encodes the tensor and the mask, then ``step``), and of the
Gymnasium environment (2 players, the learner's steps, the random bot playing
the other seat inside each step). The agents are the cheapest correct masked
random players, so that the figures measure the environment: they read the
``int8`` mask through a ``bool`` view, the same 0/1 values (``np.flatnonzero``
costs 12 us on ``int8``, a fifth of the step, under 1 us on ``bool``), take its
``nonzero`` directly (``np.flatnonzero``'s wrapping cost 1.3 us more) and draw
the index with Python's ``random`` (numpy's ``Generator.integers`` takes 1.7 us
for one number, ``randrange`` 0.3); and, in 4-player random play, the
time of one observation plus its tensor encoding over the time of one engine
decision (``legal_actions`` and ``apply``). Each figure is the median of 5 runs.
``rl.aec4.steps_per_s`` is the environment on the engine ``TAVOLO_ENGINE`` picks (the
compiled Burraco core where it is built, its tensors and masks written by the core:
``NativeBurracoState.encode_observation``) and ``rl.aec4_python.steps_per_s`` the same play
on the Python reference engine, runs alternating; both in CPU time (``time.process_time``:
the machine is shared, its wall clock noisy).
The core writes each tensor from scratch, so its figure holds however far apart a seat's
observations are. The Python encoder is incremental (it writes what changed since the same
seat's previous observation): the Python figure is for agents observed at each of their
steps, as here; observations far apart (another match, a few turns later) cost it about
what the former from-scratch encoder did.
Where RLCard is installed (it is no dependency), its gin rummy ``env.step`` rate
under the same masked random play is printed beside, as a note.
``rl.vec4.steps_per_s`` and ``rl.vec2.steps_per_s``: the vector environment
(:mod:`tavolo.rl.vector`, 256 tables stepped in the core), table steps a second of masked
random play drawn for the whole batch in numpy, CPU time, median of 5 runs; the rate without
the dense masks (``action_mask=False``) is printed beside, as a note.
"""

from __future__ import annotations

import os
import random
import statistics
import time

import numpy as np

from bench.util import note
from tavolo.engine.game import resolve_chance
from tavolo.games.burraco import native
from tavolo.games.burraco import make_game
from tavolo.rl.tensors import ObservationEncoder
from tavolo.rl.burraco_env import env
from tavolo.rl.gym_env import BurracoGymEnv

RUNS = 5
HANDS = 20


def aec_steps(seed: int, engine: str | None = None) -> tuple[float, int]:
    """CPU seconds and agent steps for ``HANDS`` hands of masked random play, on ``engine``
    (``"python"`` or ``"native"``; ``None``: the one ``TAVOLO_ENGINE`` picks)."""
    e = _env_on(engine)
    pick = random.Random(seed).randrange
    steps = 0
    start = time.process_time()
    for hand in range(HANDS):
        e.reset(seed=seed * HANDS + hand)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            e.step(int(legal[pick(len(legal))]))
            steps += 1
    return time.process_time() - start, steps


def _env_on(engine: str | None):
    """A 4-player AEC environment made with ``TAVOLO_ENGINE=engine`` (the variable restored)."""
    if engine is None:
        return env(players=4)
    before = os.environ.get("TAVOLO_ENGINE")
    os.environ["TAVOLO_ENGINE"] = engine
    try:
        return env(players=4)
    finally:
        if before is None:
            del os.environ["TAVOLO_ENGINE"]
        else:
            os.environ["TAVOLO_ENGINE"] = before


def gym_steps(seed: int) -> tuple[float, int]:
    """Seconds and learner steps for ``HANDS`` hands against the random bot."""
    e = BurracoGymEnv(opponent="random", players=2)
    pick = random.Random(seed).randrange
    steps = 0
    start = time.perf_counter()
    for hand in range(HANDS):
        _, info = e.reset(seed=seed * HANDS + hand)
        done = False
        while not done:
            legal = info["action_mask"].view(np.bool_).nonzero()[0]
            _, _, done, _, info = e.step(int(legal[pick(len(legal))]))
            steps += 1
    return time.perf_counter() - start, steps


def observe_over_decide(seed: int) -> float:
    """Seconds spent in ``observation`` + ``encode`` over seconds spent in
    ``legal_actions`` + ``apply``, the seat to act observing before each decision."""
    game = make_game(players=4, target=None)
    encoder = ObservationEncoder(4)
    out = encoder.new_tensor()
    pick = random.Random(seed).randrange
    deals = random.Random(seed)
    observing = deciding = 0.0
    for _ in range(HANDS):
        state = game.new_initial_state()
        resolve_chance(state, deals)
        while not state.is_terminal():
            start = time.perf_counter()
            encoder.encode(state.observation(state.current_player()), out)
            middle = time.perf_counter()
            legal = state.legal_actions()
            state.apply(legal[pick(len(legal))])
            observing += middle - start
            deciding += time.perf_counter() - middle
    return observing / deciding


def rlcard_gin_steps(seed: int) -> tuple[float, int] | None:
    """Seconds and steps for ``HANDS`` hands of RLCard's gin rummy under random
    legal play, or ``None`` where RLCard is not installed."""
    try:
        import rlcard
    except ImportError:
        return None
    e = rlcard.make("gin-rummy", config={"seed": seed})
    pick = random.Random(seed).randrange
    steps = 0
    start = time.perf_counter()
    for _ in range(HANDS):
        state, _ = e.reset()
        while not e.is_over():
            legal = list(state["legal_actions"])
            state, _ = e.step(legal[pick(len(legal))])
            steps += 1
    return time.perf_counter() - start, steps


VEC_TABLES = 256
VEC_BATCHES = 800


def vec_steps(players: int, seed: int, tables: int = VEC_TABLES, action_mask: bool = True) -> tuple[float, int]:
    """CPU seconds and table steps for ``VEC_BATCHES`` steps of the vector environment
    (:class:`tavolo.rl.vector.BurracoVectorEnv`, ``tables`` tables at ``players``): each step a
    masked random action at every table, the whole batch drawn in numpy from the legal ids the
    core wrote (``info["legal_actions"]``, ``info["legal_count"]``); the tensors and, with
    ``action_mask``, the dense masks written at every step as a learner would read them."""
    from tavolo.rl.vector import BurracoVectorEnv

    env = BurracoVectorEnv(num_envs=tables, players=players, action_mask=action_mask)
    _, info = env.reset(seed=seed)
    rows, rng = np.arange(tables), np.random.default_rng(seed)
    legal, counts = info["legal_actions"], info["legal_count"]
    start = time.process_time()
    for _ in range(VEC_BATCHES):
        env.step(legal[rows, (rng.random(tables) * counts).astype(np.intp)])
    return time.process_time() - start, VEC_BATCHES * tables


def vec_figures():
    """``rl.vec4.steps_per_s`` and ``rl.vec2.steps_per_s``: medians of 5 runs, CPU time."""
    if not native.available():
        note("rl: the vector environment needs the compiled Burraco core: rl.vec* not measured")
        return
    for players in (4, 2):
        rate = statistics.median(steps / seconds for seconds, steps in (vec_steps(players, run) for run in range(RUNS)))
        bare = statistics.median(steps / seconds for seconds, steps in
                                 (vec_steps(players, run, action_mask=False) for run in range(RUNS)))
        note(f"rl: vector env, {VEC_TABLES} tables at {players} players, masked random play from numpy, CPU time: "
             f"{rate:,.0f} steps/s with the dense masks written, {bare:,.0f} without (action_mask=False)")
        yield f"rl.vec{players}.steps_per_s", rate, "/s"


def figures():
    engine = native.engine()
    rates: dict[str, list[float]] = {engine: [], "python": []}
    for run in range(RUNS):  # alternating, so that the machine's load falls on both alike
        for name in rates:
            seconds, steps = aec_steps(run, name)
            rates[name].append(steps / seconds)
    aec, python = statistics.median(rates[engine]), statistics.median(rates["python"])
    note(f"rl: AEC env, 4 players, {HANDS} hands of masked random play per run, CPU time; engine {engine}, "
         f"{aec / python:.2f}x the Python engine's")
    yield "rl.aec4.steps_per_s", aec, "/s"
    yield "rl.aec4_python.steps_per_s", python, "/s"
    if rlcard_gin_steps(0) is not None:
        gin = statistics.median(steps / seconds for seconds, steps in map(rlcard_gin_steps, range(RUNS)))
        note(f"rl: RLCard gin rummy env.step, same play: {gin:,.0f} steps/s; aec4 / gin = {aec / gin:.2f}")
    yield "rl.observe_encode_over_decision", statistics.median(map(observe_over_decide, range(RUNS))), "x"
    learner = statistics.median(steps / seconds for seconds, steps in map(gym_steps, range(RUNS)))
    yield "rl.gym2_vs_random.learner_steps_per_s", learner, "/s"
    yield from vec_figures()
