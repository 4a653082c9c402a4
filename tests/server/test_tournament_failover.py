"""An online tournament survives a process's death mid-round (issue 39, "What must hold"; issue 38).

Two ``tavolo serve`` processes on one PostgreSQL and one Redis; a tournament of eight pairs of
bots, 3 rounds of 2 deals, starts (a full sit & go) and the process moving the bots is killed (SIGKILL)
while round 2 is being played. The survivor's takeover moves the dead process's tables, and its driver's
tick scores them, pairs the next rounds and closes the tournament: the standings are whole, and
every table's result was stored once.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

import httpx
import pytest
from sqlalchemy import create_engine

from tavolo.store import Store
from tavolo.tournament import room
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.events import ScoreEntered
from tavolo.tournament.room_settings import RoomSettings
from tavolo.tournament.standings import rankings
from tests.server.processes import Server
from tests.server.test_two_processes import REDIS_URL
from tests.tournament.conftest import postgres_url  # noqa: F401  (the fixture)

NAME = "Notte dei bot"
PACE = 0.03
"""Seconds a bot waits before a move: a round lasts a few seconds, long enough to kill in it."""


def busiest(*servers: Server) -> Server:
    """The server whose bots moved most in a moment: the one playing the round's tables."""
    def moves() -> list[int]:
        return [httpx.get(f"{s.url}/healthz", timeout=5).json()["bot_moves"] for s in servers]
    before = moves()
    time.sleep(0.3)
    after = moves()
    gains = [b - a for a, b in zip(before, after)]
    assert max(gains) > 0, "no bot moved"
    return servers[gains.index(max(gains))]


@pytest.mark.postgres
def test_a_round_goes_on_after_a_process_dies(postgres_url):  # noqa: F811
    one, two = Server(postgres_url, REDIS_URL, pace=PACE), Server(postgres_url, REDIS_URL, pace=PACE)
    store = Store(create_engine(postgres_url))
    try:
        config = TournamentConfig(NAME, deals=2, phases=(parse_phase("danish:3"),))
        handle = store.create(config, author="org")
        handle.record([room.RoomOpened(RoomSettings("org", sit_and_go=8))])
        handle.do(lambda t: room.add_bots(t, 8, "heuristic:easy", datetime.now(UTC)))  # full: it starts
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            t = store.open(NAME).tournament
            if 2 in t.room.tables:  # round 2's tables are being played
                break
            time.sleep(0.05)
        else:
            raise AssertionError("round 2 never opened")
        victim = busiest(one, two)
        victim.kill()
        killed_in = room.current_round(store.open(NAME).tournament)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            t = store.open(NAME).tournament
            if room.status(t) == room.FINISHED:
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"stuck in round {room.current_round(t)} after the kill in round {killed_in}")
        scores = [e.event for e in store.log(NAME) if e.kind == "ScoreEntered"]
        assert len(scores) == 12 and len({(s.round, s.table) for s in scores}) == 12
        assert all(isinstance(s, ScoreEntered) and len(s.ns) == 2 for s in scores)
        assert [line.played for line in rankings(t)[0].lines] == [3] * 8
    finally:
        one.kill()
        two.kill()
