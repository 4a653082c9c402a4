"""What the bot tests share: the closing position of the audit, a turn played by a bot, the
decisions of seeded whole hands, hands and a match played on both engines, and a search's CPU
time on a shared core."""

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable

from tavolo.bots.heuristic import HeuristicBurracoBot
from tavolo.games.burraco import native

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


def side_by_side(game, hands: int, seed: int, make_bot):
    """Both engines from the same deals, one copy of each seat's bot on each: every decision as
    (reference state, compiled state, seat, the reference's choice, the compiled one's)."""
    for hand in range(hands):
        deal = game.new_initial_state().sample_chance(random.Random(seed * 1000 + hand))
        ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
        ref.apply_chance(deal)
        fast.apply_chance(deal)
        seeds = [seed * 100 + hand * 10 + seat for seat in range(game.num_players)]
        ref_bots = [make_bot(game, seat, s) for seat, s in enumerate(seeds)]
        fast_bots = [make_bot(game, seat, s) for seat, s in enumerate(seeds)]
        while not ref.is_terminal():
            seat = ref.current_player()
            chosen = ref_bots[seat].choose(ref.observation(seat), ref.legal_actions())
            fast_chosen = fast_bots[seat].choose(fast.observation(seat), fast.legal_actions())
            yield ref, fast, seat, chosen, fast_chosen
            ref.apply(chosen)
            fast.apply(chosen)
        assert fast.to_json() == ref.to_json()


def match_on_both_engines(game, ref_bots, fast_bots, seed, time_out=lambda state: False):
    """A whole match dealt from ``random.Random(seed)`` on the reference state and on the
    compiled one: each seat's ``ref_bots`` bot reads the reference, its twin in ``fast_bots`` the
    compiled state, and the two choose alike at every decision (asserted). ``time_out(state)``,
    asked before each decision, calls the time-out on both states the first time it is true.
    The final reference state and whether the time-out was called."""
    ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
    rng = random.Random(seed)
    made, timed_out = 0, False
    while not ref.is_terminal():
        if ref.is_chance_node():
            deal = ref.sample_chance(rng)
            ref.apply_chance(deal)
            fast.apply_chance(deal)
            continue
        if not timed_out and time_out(ref):
            ref.announce_time_out()
            fast.announce_time_out()
            timed_out = True
        seat = ref.current_player()
        chosen = ref_bots[seat].choose(ref.observation(seat), ref.legal_actions())
        assert fast_bots[seat].choose(fast.observation(seat), fast.legal_actions()) == chosen, f"decision {made}"
        ref.apply(chosen)
        fast.apply(chosen)
        made += 1
    assert fast.to_json() == ref.to_json()
    return ref, timed_out


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
