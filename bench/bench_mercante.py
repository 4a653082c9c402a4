"""Mercante in fiera: engine speed, single core (uniformly random play of whole games at eight
players; a decision is a bid, pass, offer or answer; median of 5 runs), and the time a hand
takes at a web table (issue 23, target under 120 s).

``web.mercante.hand_s``: a hand at a web table as a person lives it: the table service in this
process (a SQLite file of its own), the lobby's defaults (eight players, offers before each prize
card), one person at seat 0 who answers at once (the first legal move: pass, refuse, the lowest
bid) and seven "Normal" bots at the service's default pace. The seconds from the start to the
hand's end, the median of :data:`RUNS` hands (target under 120 s)."""

from __future__ import annotations

import asyncio
import os
import statistics

from bench.util import note, random_decisions_per_s
from bench.web_hand import one_hand
from tavolo.games.mercante import make_game


def figures():
    decisions, games = random_decisions_per_s(make_game(players=8), games=30)
    note(f"mercante random play, 8 players: {games:.1f} games/s")
    yield "mercante.random.decisions_per_s", decisions, "/s"
    yield "web.mercante.hand_s", web_hand_seconds(), "s"


RUNS = int(os.environ.get("TAVOLO_BENCH_RUNS", "3"))


def web_hand_seconds() -> float:
    """The median length of a web hand, in seconds (see the module docstring)."""
    times = []
    for run in range(RUNS):
        seconds, bots, mine = asyncio.run(one_hand("mercante", {}, {s: "simple" for s in range(1, 8)},
                                                   lambda state: state.legal_actions()[0]))
        note(f"mercante web hand {run}: {seconds:.1f} s, {bots} bot moves, the person's {mine}")
        times.append(seconds)
    return statistics.median(times)
