"""What the bot tests share: the closing position of the audit, a turn played by a bot, the
decisions of seeded whole hands and a search's CPU time on a shared core."""

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable

from tavolo.bots.heuristic import HeuristicBurracoBot

CLOSE_POSITION = dict(hands={0: "Kh Kh Ts 2d"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c", "3s 4s 5s 6s 7s 8s"]},
                      taken={0: True}, turn=0)
"""The audit's hand ``Kh Kh Ts 2d``, the pozzetto taken and a burraco down: it can close."""


def play_turn(bot, state):
    """The actions ``bot`` plays for seat 0 until the turn passes or the hand ends."""
    actions = []
    while not state.is_terminal() and state.current_player() == 0:
        action = bot.choose(state.observation(0), state.legal_actions())
        assert action in state.legal_actions()
        actions.append(state.action_to_string(action))
        state.apply(action)
    return actions



def decisions(game, seeds, level="strong", new_state=None, make_bot=None):
    """Every decision of whole hands played by the heuristic ``level`` at every seat (or by
    ``make_bot(seat, seed)``): the state before it, the legal actions and the action chosen; on
    ``new_state(game)`` (the reference engine by default)."""
    for seed in seeds:
        bots = [HeuristicBurracoBot(level, seed=seed * 10 + s) if make_bot is None else make_bot(s, seed * 10 + s)
                for s in range(game.num_players)]
        state = game.new_initial_state() if new_state is None else new_state(game)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            action = bots[seat].choose(state.observation(seat), legal)
            yield state, legal, action
            state.apply(action)


def cpu_on_a_shared_core(search: Callable[[str], object]) -> dict[str, float]:
    """The CPU time this thread spent in ``search(clock)`` for each clock (``cpu``, ``wall``),
    pinned to one core with a busy process: the wall clock's budget gets about half of it."""
    kept = os.sched_getaffinity(0)
    core = {min(kept)}
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    used = {}
    try:
        os.sched_setaffinity(0, core)
        os.sched_setaffinity(busy.pid, core)
        time.sleep(0.05)  # the busy process is spinning
        for clock in ("cpu", "wall"):
            start = time.thread_time()
            search(clock)
            used[clock] = time.thread_time() - start
    finally:
        busy.kill()
        busy.wait()
        os.sched_setaffinity(0, kept)
    return used
