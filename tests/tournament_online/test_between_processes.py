"""A tournament's change stored by one process reaches the pages of another at once: the process that
stored it publishes the tournament's name (fan-out kind ``tournament``), and the other's driver reads
the new events and wakes its pages (without it they would wait for its tick, a second later)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from tavolo.online.service import TableService
from tavolo.online.tournaments import Tournaments
from tavolo.store import Store
from tavolo.store.online import OnlineStore, make_online_engine
from tavolo.tournament import room
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.room_settings import RoomSettings
from tests.aio import run


def test_a_change_through_one_process_wakes_the_pages_of_another(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.sqlite'}"

    async def go():
        drivers = []
        for _ in range(2):
            service = TableService(OnlineStore(make_online_engine(url)), pace=0)
            await service.start()
            driver = Tournaments(service, Store(service.store.engine), tick=3600)  # no tick to help
            await driver.start()
            drivers.append(driver)
        one, two = drivers
        published = []
        one.service.tournament_changed = published.append  # what one tells the others, here by hand
        try:
            config = TournamentConfig("Due", deals=2, phases=(parse_phase("danish:1"),))
            await one.create(config, RoomSettings("org"))
            seen = (await two.tournament("Due")).version
            waiting = asyncio.create_task(two.wait_change("Due", seen, timeout=30))
            await one.do("Due", lambda t: room.add_bots(t, 1, "heuristic:easy", datetime.now(UTC)), "org")
            assert published == ["Due"]
            await asyncio.sleep(0.2)
            assert not waiting.done()  # two has not read it: nothing told it
            await two.service._on_message({"kind": "tournament", "p": "one", "name": "Due"})
            version = await asyncio.wait_for(waiting, 5)
            return seen, version, len((await two.tournament("Due")).entrants)
        finally:
            for driver in drivers:
                await driver.stop()
                await driver.service.stop()

    seen, version, entrants = run(go())
    assert version > seen and entrants == 1
