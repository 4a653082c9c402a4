"""When an online tournament starts by itself, and the defined outcomes when it cannot."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from tavolo.tournament import room
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.room_settings import RoomSettings
from tests.aio import run
from tests.tournament_online.conftest import START, Clock, driven_room, until


def config(name: str) -> TournamentConfig:
    return TournamentConfig(name, deals=2, phases=(parse_phase("danish:1"),))


def test_scheduled_start_and_a_start_with_one_pair(tmp_path):
    """At its start time a tournament starts; with fewer than two pairs checked in it is cancelled."""
    clock = Clock()
    at = (START + timedelta(minutes=30)).isoformat()

    async def go():
        async with driven_room(tmp_path / "r.sqlite", clock) as driver:
            await driver.create(config("Piena"), RoomSettings("org", starts=at))
            await driver.create(config("Vuota"), RoomSettings("org", starts=at))
            await driver.do("Piena", lambda t: room.add_bots(t, 2, "heuristic:easy", clock()), "org")
            await driver.do("Vuota", lambda t: room.add_bots(t, 1, "heuristic:easy", clock()), "org")
            await asyncio.sleep(0.3)
            assert room.status(await driver.tournament("Piena")) == room.REGISTRATION  # not yet
            clock.advance(minutes=30)
            full = await until(driver, "Piena", lambda t: room.status(t) == room.FINISHED)
            empty = await until(driver, "Vuota", lambda t: room.status(t) != room.REGISTRATION)
            return full, empty

    full, empty = run(go())
    assert len(full.rounds) == 1 and full.round(1).scores
    assert room.status(empty) == room.CANCELLED and not empty.rounds


def test_a_sit_and_go_starts_when_full_and_one_that_never_fills_is_cancelled_at_its_close(tmp_path):
    clock = Clock()

    async def go():
        async with driven_room(tmp_path / "r.sqlite", clock) as driver:
            await driver.create(config("Sng"), RoomSettings("org", sit_and_go=4))
            closes = (START + timedelta(hours=1)).isoformat()
            await driver.create(config("Mai"), RoomSettings("org", sit_and_go=4, closes=closes))
            await driver.do("Mai", lambda t: room.add_bots(t, 3, "heuristic:easy", clock()), "org")
            await driver.do("Sng", lambda t: room.add_bots(t, 3, "heuristic:easy", clock()), "org")
            await asyncio.sleep(0.3)
            assert room.status(await driver.tournament("Sng")) == room.REGISTRATION
            await driver.do("Sng", lambda t: room.add_bots(t, 1, "heuristic:easy", clock()), "org")
            started = await until(driver, "Sng", lambda t: room.status(t) == room.FINISHED)
            clock.advance(hours=1, seconds=1)
            never = await until(driver, "Mai", lambda t: room.status(t) != room.REGISTRATION)
            return started, never

    started, never = run(go())
    assert len(started.round(1).tables) == 2
    assert room.status(never) == room.CANCELLED
