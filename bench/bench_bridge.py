"""Bridge engine speed, single core: uniformly random play of single duplicate boards (a
decision is one call or one card), and the double-dummy solver the bot's card play calls
(endplay/DDS: one opening lead solved, all cards of the hand)."""

from __future__ import annotations

import random
import time

from bench.util import note, random_decisions_per_s
from tavolo.bots.bridge import solve
from tavolo.games.bridge import make_game


def figures():
    game = make_game()
    decisions, boards = random_decisions_per_s(game, games=500)
    note(f"bridge random play: {boards:.0f} boards/s")
    yield "bridge.random.decisions_per_s", decisions, "/s"
    yield "bridge.dd.opening_lead_ms", _opening_lead_ms(game, 10), "ms"


def _opening_lead_ms(game, deals: int) -> float:
    """Mean time to solve the opening lead of a 3NT by North, double-dummy."""
    rng = random.Random(1)
    spent = 0.0
    for _ in range(deals):
        state = game.new_initial_state()
        state.apply_chance(state.sample_chance(rng))
        for call in ("3NT", "pass", "pass", "pass"):
            state.apply_text(call)
        start = time.perf_counter()
        solve(state)
        spent += time.perf_counter() - start
    return 1000 * spent / deals
