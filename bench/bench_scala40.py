"""Scala 40 engine speed, single core: uniformly random play of single hands at four
players (FISCA rules, no variants); a decision is one applied action (draw, take, meld,
attach, swap, discard). Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.scala40 import make_game


def figures():
    decisions, hands = random_decisions_per_s(make_game(players=4, elimination=None), games=20)
    note(f"scala40 random play, 4 players: {hands:.1f} hands/s")
    yield "scala40.random.decisions_per_s", decisions, "/s"
