"""A search in the compiled core lets other threads run: the web server's bots choose in a worker
thread (tavolo.online.service), and a search that held the GIL for its whole time budget would
hold the event loop, and every table of the room, as long (the brief: no single client can stall
the room). The search's iterations touch no Python object and run with the GIL released; the
tables it remembers per meld are per thread, so two searches at once do not share them."""

from __future__ import annotations

import random
import threading
import time

import pytest

from tavolo.bots.registry import make_bot
from tavolo.games.burraco import make_game, native

pytestmark = pytest.mark.skipif(not native.available(), reason="the compiled core is not built")

SEARCH_S = 1.0
"""The search's time budget: long beside any pause the machine's scheduler makes."""


def longest_pause_while(work) -> tuple[float, object]:
    """The longest pause (s) of a Python thread counting while ``work()`` runs; work's result."""
    stamps: list[float] = []
    stop = threading.Event()

    def count() -> None:
        while not stop.is_set():
            stamps.append(time.perf_counter())

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.05)
    try:
        result = work()
    finally:
        stop.set()
        counter.join()
    return max(b - a for a, b in zip(stamps, stamps[1:])), result


@pytest.mark.parametrize("spec", [f"ismcts:time={SEARCH_S}", f"pimc:time={SEARCH_S},z=1000"])  # z: no rival dropped early
def test_a_search_in_the_core_lets_other_threads_run(spec):
    game = make_game("fibur", players=2, target=None)
    state = native.NativeBurracoState(game)
    state.apply_chance(state.sample_chance(random.Random(4)))
    seat = state.current_player()
    bot = make_bot(spec, game, seat, seed=1)
    started = time.perf_counter()
    pause, action = longest_pause_while(lambda: bot.choose(state.observation(seat), state.legal_actions()))
    assert time.perf_counter() - started >= SEARCH_S * 0.9  # it did search for its budget
    assert action in state.legal_actions()
    assert pause < SEARCH_S / 2, f"another thread waited {pause:.2f} s while the search ran"


def test_two_searches_at_once_choose_as_one_alone():
    """The per-meld tables are per thread: two searches in two threads at once, with the same seed
    and iteration budget, choose what one alone chooses, visit for visit."""
    game = make_game("fibur", players=2, target=None)
    state = native.NativeBurracoState(game)
    state.apply_chance(state.sample_chance(random.Random(6)))
    seat, legal = state.current_player(), state.legal_actions()

    def search() -> tuple:
        bot = make_bot("ismcts:iterations=3000", game, seat, seed=3)
        action = bot.choose(state.observation(seat), legal)
        return action, bot.last_iterations

    alone = search()
    results: list[tuple] = []
    threads = [threading.Thread(target=lambda: results.append(search())) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [alone, alone]
