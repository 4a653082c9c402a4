"""Burraco engine speed, single core, full rules (fibur):

* random play: uniformly random legal actions through the public API
  (``legal_actions`` then ``apply``) from a Python loop, 4 and 2 players, over the
  engine ``tavolo.games.burraco.native.new_state`` chooses (the compiled core where it is
  built; ``TAVOLO_ENGINE=python`` for the reference), and the same over the Python
  engine (``burraco.random4_python.decisions_per_s``);
* the native playout: whole hands dealt and played at random inside the compiled core
  (``burraco.native_playout.decisions_per_s``);
* memory: one state after the deal, compiled and Python (``burraco.state_bytes``);
* the differential run: decisions a second compared between the two engines, legal
  actions and JSON after every action (tests/burraco/test_native_differential.py, longer);
* bot play: every seat the simple bot, choosing from its observation.

A decision is one applied action (draw, take, open, attach, discard); a turn
runs from the draw to the discard. Each figure is the median of 5 runs, timed in the
process's CPU time (``time.process_time``): every figure here is one thread's work, and on
the project's shared 2-core machine the wall clock of a loaded run says more about the other
sessions than about the engine (docs/compiled-engine.md).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bench.util import note
from tavolo.bots.simple import SimpleBurracoBot
from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import DRAW, TAKE

RUNS = 5


def random_hands(players: int, hands: int, seed: int, new_state=native.new_state) -> tuple[float, int, int]:
    """Seconds, decisions and turns for ``hands`` hands of uniformly random play."""
    rng = random.Random(seed + 1000)
    return _play_hands(players, hands, seed, lambda state: _uniform(state.legal_actions(), rng), new_state)


def python_random_hands(players: int, hands: int, seed: int) -> tuple[float, int, int]:
    """The same over the reference Python engine."""
    return random_hands(players, hands, seed, lambda game: game.new_initial_state())


def native_playouts(players: int, hands: int, seed: int) -> tuple[float, int, int]:
    """Seconds and decisions for ``hands`` whole hands dealt and played inside the core."""
    start = time.process_time()
    decisions = native.bench_playouts(players, hands, seed)
    return time.process_time() - start, decisions, 0


def differential(players: int, hands: int, seed: int) -> tuple[float, int, int]:
    """Seconds and decisions compared between the engines (the CI test's check, longer)."""
    from tests.burraco.test_native_differential import play_side_by_side

    start = time.process_time()
    made = play_side_by_side("fibur", players, None, hands, 0, seed)
    return time.process_time() - start, made, 0


def python_state_bytes(state) -> int:
    """Bytes a Python state holds: the object and everything it alone refers to (the game
    and its options, shared by every state, left out)."""
    shared = {id(state.game), id(state.game.options)}
    seen: set[int] = set()
    total = 0
    stack = [state]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or id(obj) in shared or isinstance(obj, (bool, type(None))):
            continue
        seen.add(id(obj))
        if isinstance(obj, int) and -5 <= obj <= 256:
            continue  # small ints are shared by the interpreter
        total += sys.getsizeof(obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set)):
            stack.extend(obj)
        elif hasattr(obj, "__slots__"):
            stack.extend(getattr(obj, name) for name in type(obj)._slot_names if hasattr(obj, name))
    return total


def state_bytes(players: int = 4) -> tuple[int, int]:
    """Bytes of one state after the deal: compiled, Python."""
    game = make_game("fibur", players=players, target=None)
    ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
    deal = ref.sample_chance(random.Random(0))
    ref.apply_chance(deal)
    fast.apply_chance(deal)
    return fast.native_bytes(), python_state_bytes(ref)


def bot_hands(players: int, hands: int, seed: int) -> tuple[float, int, int]:
    """The same with the simple bot in every seat, choosing from its observation."""
    bots = [SimpleBurracoBot(seed + s) for s in range(players)]

    def choose(state):
        seat = state.current_player()
        return bots[seat].choose(state.observation(seat), state.legal_actions())

    return _play_hands(players, hands, seed, choose)


def _uniform(legal: list[int], rng: random.Random) -> int:
    return legal[int(rng.random() * len(legal))]


def _play_hands(players: int, hands: int, seed: int, choose, new_state=None) -> tuple[float, int, int]:
    game = make_game("fibur", players=players, target=None)
    deals = random.Random(seed)
    decisions = turns = 0
    start = time.process_time()
    for _ in range(hands):
        state = new_state(game) if new_state is not None else game.new_initial_state()
        state.apply_chance(state.sample_chance(deals))
        while not state.is_terminal():
            action = choose(state)
            if action in (DRAW, TAKE):
                turns += 1
            state.apply(action)
            decisions += 1
    return time.process_time() - start, decisions, turns


def _median_rates(play, players: int, hands: int) -> tuple[float, float, float]:
    rates = []
    for run in range(RUNS):
        seconds, decisions, turns = play(players, hands, seed=run)
        rates.append((decisions / seconds, turns / seconds, hands / seconds))
    return tuple(statistics.median(r[i] for r in rates) for i in range(3))  # type: ignore[return-value]


def figures():
    decisions, turns, hands = _median_rates(random_hands, 4, 300)
    note(f"random play, 4 players ({native.engine()} engine): {decisions / turns:.2f} decisions per turn, "
         f"{turns / hands:.1f} turns per hand")
    yield "burraco.random4.decisions_per_s", decisions, "/s"
    yield "burraco.random4.turns_per_s", turns, "/s"
    yield "burraco.random4.hands_per_s", hands, "/s"
    _, bot_turns, bot_hands_s = _median_rates(bot_hands, 4, 100)
    note(f"simple bots, 4 players: {bot_hands_s:.1f} hands/s")
    yield "burraco.bot4.turns_per_s", bot_turns, "/s"
    decisions2, _, _ = _median_rates(random_hands, 2, 300)
    yield "burraco.random2.decisions_per_s", decisions2, "/s"
    python4, _, _ = _median_rates(python_random_hands, 4, 100)
    yield "burraco.random4_python.decisions_per_s", python4, "/s"
    if not native.available():
        note(f"the compiled Burraco core is not built ({native.BUILD_ERROR}): no native figures")
        return
    playout, _, _ = _median_rates(native_playouts, 4, 20_000)
    yield "burraco.native_playout.decisions_per_s", playout, "/s"
    compiled, python = state_bytes(4)
    note(f"state after the deal, 4 players: compiled {compiled} bytes, Python {python} bytes")
    yield "burraco.state_bytes", compiled, "B"
    yield "burraco.state_bytes_python", python, "B"
    compared = statistics.median(d / s for s, d, _ in (differential(p, 6_000, p) for p in (2, 3, 4, 5, 6)))
    note("differential: 30,000 random decisions at 2-6 players, legal actions and JSON after each, equal")
    yield "burraco.differential.decisions_per_s", compared, "/s"
