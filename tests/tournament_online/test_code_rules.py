"""The code's rules for a hall, as the room applies them (docs/tournaments-online.md).

* codice art. 34 (ritardi): a table is dealt once its four players are there; a pair that comes
  after the tables opened has its minutes recorded (100 points to the pair present after 2', a
  warning past 5'), and past 10' the match is lost;
* codice art. 15 (time out): at zero the hand in play ends by its rule and no new hand is dealt;
* codice art. 33 (abbandono): a player gone for the organizer's grace time is replaced by a bot
  flagged as substitute, or the pair withdraws, by the organizer's setting.
"""

from __future__ import annotations

import asyncio

import pytest

from tavolo.online.clients import Client
from tavolo.tournament import room
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.events import (
    Abandoned, EntrantWithdrawn, LateArrival, SeatReplaced, TableTimeAdded, WarningGiven,
)
from tavolo.tournament.results import table_outcome
from tavolo.tournament.room_settings import RoomSettings
from tests.aio import run
from tests.tournament_online.conftest import START, Clock, driven_room, until

NAME = "Circolo online"
PAIRS = (("anna", "bruno"), ("carla", "dario"))


async def two_pairs(driver, clock: Clock, rounds: int = 1, **settings) -> None:
    """Two pairs of people, checked in, started by the organizer: one table."""
    config = TournamentConfig(NAME, deals=2, phases=(parse_phase(f"danish:{rounds}"),))
    await driver.create(config, RoomSettings("org", **settings))
    for by, partner in PAIRS:
        await driver.do(NAME, lambda t, b=by, p=partner: room.invite(t, b, p, clock()), by)
        await driver.do(NAME, lambda t, p=partner: room.answer(t, p, True, clock()), partner)
        await driver.do(NAME, lambda t, b=by: room.check_in(t, b), by)
    await driver.do(NAME, lambda t: room.start(t, clock(), seed=7), "org")


async def the_table(driver):
    t = await until(driver, NAME, lambda t: 1 in t.room.tables)
    table_id = t.room.tables[1][1]
    return t, await driver.service.table(table_id)


def sit(driver, table, *seats: int) -> list[Client]:
    """People at ``seats`` open their table (a socket each)."""
    clients = []
    for seat in seats:
        client = Client(seat, "it")
        driver.service.connect(table, client)
        clients.append(client)
    return clients


def entrant_at(t, seat: int) -> int:
    seating = t.round(1).tables[1]
    return (seating.ns if seat % 2 == 0 else seating.ew)[0]


def test_a_table_waits_for_its_four_and_a_late_pair_has_its_minutes(tmp_path):
    """Codice art. 34: "Se la coppia ... non è presente ... entro CINQUE MINUTI ... ammonizione;
    ... trascorsi due minuti, verranno accreditati 100 punti" to the pair present."""
    clock = Clock()

    async def go():
        async with driven_room(tmp_path / "r.sqlite", clock, timer_scale=1000) as driver:
            await two_pairs(driver, clock)
            t, table = await the_table(driver)
            sit(driver, table, 0, 2, 1)
            clock.advance(minutes=1)
            await asyncio.sleep(0.3)
            assert table.record.status == "waiting"  # one player is not there: not dealt
            clock.advance(minutes=5, seconds=30)
            sit(driver, table, 3)
            t = await until(driver, NAME, lambda t: t.round(1).late)
            await asyncio.sleep(0.2)
            return t, table, [e.event for e in driver.store.log(NAME)]

    t, table, events = run(go())
    late = entrant_at(t, 1)
    assert [e for e in events if isinstance(e, LateArrival)] == [LateArrival(1, late, 6)]
    assert any(isinstance(e, WarningGiven) and e.number == late for e in events)  # past 5'
    assert table.record.status == "playing" and table.chance  # dealt once all four were there


def test_past_ten_minutes_the_match_is_lost(tmp_path):
    """Codice art. 34: "Dopo i 10 minuti: l'incontro viene dato vinto alla coppia presente"."""
    clock = Clock()

    async def go():
        async with driven_room(tmp_path / "r.sqlite", clock, timer_scale=1000) as driver:
            await two_pairs(driver, clock)
            t, table = await the_table(driver)
            sit(driver, table, 0, 2)
            clock.advance(minutes=11)
            final = await until(driver, NAME, lambda t: room.status(t) == room.FINISHED)
            return final, table

    final, table = run(go())
    present, absent = entrant_at(final, 0), entrant_at(final, 1)
    assert final.round(1).late == {absent: 11}
    ns, ew = table_outcome(final, final.round(1), final.round(1).tables[1])
    assert ns.vp > ew.vp and "late" in ew.note
    assert present != absent and table.record.status == "abandoned" and not table.chance  # never dealt


def test_time_out_ends_the_hand_in_play_and_no_new_hand_is_dealt(tmp_path):
    """Codice art. 15: at the time-out one more round from the partner of the player on turn; the
    hand then ends, and the round's second deal, not started, is not played."""
    clock = Clock()

    async def go():
        async with driven_room(tmp_path / "r.sqlite", clock, timer_scale=1000) as driver:
            await two_pairs(driver, clock)
            t, table = await the_table(driver)
            sit(driver, table, 0, 1, 2, 3)
            await until(driver, NAME, lambda t: True)
            while table.record.status != "playing" or not table.chance:
                await asyncio.sleep(0.05)
            clock.advance(minutes=31)  # 2 deals: 30 minutes (codice art. 5)
            while not table.timed_out:
                await asyncio.sleep(0.05)
            for seat in range(4):  # the people leave it to bots, to see the hand end
                await driver.service.replace_seat(table.id, seat, "heuristic:easy", f"bot {seat}")
            final = await until(driver, NAME, lambda t: room.status(t) == room.FINISHED)
            return final, table

    final, table = run(go())
    results = table.view.results(table.state)
    assert [r.ended_by for r in results] in (["time-out"], ["closing"], ["stock"])
    ns, ew = final.round(1).scores[1]
    assert len(ns) == len(ew) == 1  # one deal played of two


@pytest.mark.parametrize("substitute", ["bot", "withdraw"])
def test_a_player_gone_past_the_grace_time(tmp_path, substitute):
    """Codice art. 33: a player who does not come back is replaced (a bot flagged as substitute) or
    the pair abandons and withdraws, by the organizer's setting; the pair present scores the riposo."""
    clock = Clock()

    async def go():
        async with driven_room(tmp_path / "r.sqlite", clock, timer_scale=1000) as driver:
            await two_pairs(driver, clock, rounds=2, substitute=substitute, grace_seconds=120)
            t, table = await the_table(driver)
            clients = sit(driver, table, 0, 1, 2, 3)
            while table.record.status != "playing":
                await asyncio.sleep(0.05)
            driver.service.disconnect(table, clients[1])
            await asyncio.sleep(0.3)
            clock.advance(seconds=60)
            await asyncio.sleep(0.3)
            assert table.seats[1].kind == "human"  # within the grace time
            clock.advance(seconds=61)
            t = await until(driver, NAME, lambda t: t.room.replaced or t.round(1).abandoned)
            await asyncio.sleep(0.2)
            return t, table, [e.event for e in driver.store.log(NAME)]

    t, table, events = run(go())
    gone = entrant_at(t, 1)
    if substitute == "bot":
        assert [e for e in events if isinstance(e, SeatReplaced)] == [
            SeatReplaced(1, 1, 1, table.seats[1].account, "heuristic:normal")]
        assert table.seats[1].kind == "bot" and table.seats[1].name.endswith("(sostituto)")
    else:
        assert Abandoned(1, gone, False) in events and EntrantWithdrawn(gone, 2, "abbandono (codice art. 33)") in events
        assert table.record.status == "abandoned"


def test_a_table_given_more_time_has_its_time_out_later(tmp_path):
    """Codice art. 5 (the direction may lengthen the time) for one table: the arbiter's extra minutes
    move that table's time-out (art. 15), not the other tables'."""
    clock = Clock()

    async def go():
        async with driven_room(tmp_path / "r.sqlite", clock, timer_scale=1000) as driver:
            await two_pairs(driver, clock)
            t, table = await the_table(driver)
            sit(driver, table, 0, 1, 2, 3)
            while table.record.status != "playing" or not table.chance:
                await asyncio.sleep(0.05)
            await driver.do(NAME, lambda t: room.add_table_time(t, 1, 5), "org")
            clock.advance(minutes=31)  # past the round's 30 minutes, within the table's 35
            await asyncio.sleep(0.4)
            early = table.timed_out
            clock.advance(minutes=5)
            while not table.timed_out:
                await asyncio.sleep(0.05)
            return early, [e.event for e in driver.store.log(NAME)]

    early, events = run(go())
    assert not early
    assert TableTimeAdded(1, 1, 5) in events
