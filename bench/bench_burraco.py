"""Burraco engine speed, single core, full rules (fibur):

* random play: uniformly random legal actions through the public API
  (``legal_actions`` then ``apply``), 4 and 2 players;
* bot play: every seat the simple bot, choosing from its observation.

A decision is one applied action (draw, take, open, attach, discard); a turn
runs from the draw to the discard. Each figure is the median of 5 runs.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.util import note
from tavolo.bots.simple import SimpleBurracoBot
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import DRAW, TAKE

RUNS = 5


def random_hands(players: int, hands: int, seed: int) -> tuple[float, int, int]:
    """Seconds, decisions and turns for ``hands`` hands of uniformly random play."""
    rng = random.Random(seed + 1000)
    return _play_hands(players, hands, seed, lambda state: _uniform(state.legal_actions(), rng))


def bot_hands(players: int, hands: int, seed: int) -> tuple[float, int, int]:
    """The same with the simple bot in every seat, choosing from its observation."""
    bots = [SimpleBurracoBot(seed + s) for s in range(players)]

    def choose(state):
        seat = state.current_player()
        return bots[seat].choose(state.observation(seat), state.legal_actions())

    return _play_hands(players, hands, seed, choose)


def _uniform(legal: list[int], rng: random.Random) -> int:
    return legal[int(rng.random() * len(legal))]


def _play_hands(players: int, hands: int, seed: int, choose) -> tuple[float, int, int]:
    game = make_game("fibur", players=players, target=None)
    deals = random.Random(seed)
    decisions = turns = 0
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        state.apply_chance(state.sample_chance(deals))
        while not state.is_terminal():
            action = choose(state)
            if action in (DRAW, TAKE):
                turns += 1
            state.apply(action)
            decisions += 1
    return time.perf_counter() - start, decisions, turns


def _median_rates(play, players: int, hands: int) -> tuple[float, float, float]:
    rates = []
    for run in range(RUNS):
        seconds, decisions, turns = play(players, hands, seed=run)
        rates.append((decisions / seconds, turns / seconds, hands / seconds))
    return tuple(statistics.median(r[i] for r in rates) for i in range(3))  # type: ignore[return-value]


def figures():
    decisions, turns, hands = _median_rates(random_hands, 4, 300)
    note(f"random play, 4 players: {decisions / turns:.2f} decisions per turn, {turns / hands:.1f} turns per hand")
    yield "burraco.random4.decisions_per_s", decisions, "/s"
    yield "burraco.random4.turns_per_s", turns, "/s"
    yield "burraco.random4.hands_per_s", hands, "/s"
    _, bot_turns, bot_hands_s = _median_rates(bot_hands, 4, 100)
    note(f"simple bots, 4 players: {bot_hands_s:.1f} hands/s")
    yield "burraco.bot4.turns_per_s", bot_turns, "/s"
    decisions2, _, _ = _median_rates(random_hands, 2, 300)
    yield "burraco.random2.decisions_per_s", decisions2, "/s"
