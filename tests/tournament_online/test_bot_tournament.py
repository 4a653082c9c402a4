"""An online tournament of bots from creation to final standings (issue 39's CI run).

Eight pairs of bots, pure Danish, 3 rounds of 2 deals, played through the room: the pairings are
what the desk's code gives for the same results (codice art. 2, the Danish system), the VP are the
code's table for each table's points (codice art. 17), the standings are those the command line
prints from the same database, and nobody typed a score: each one is the sum of the table's
hand records.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from typer.testing import CliRunner

from tavolo.cli import app as cli
from tavolo.store.online import OnlineStore, make_online_engine
from tavolo.tournament import commands, room
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.events import PhaseStarted, RoundPaired, ScoreEntered, TournamentCreated
from tavolo.tournament.results import table_outcome
from tavolo.tournament.room_settings import RoomSettings
from tavolo.tournament.seating import Seating
from tavolo.tournament.standings import rankings
from tavolo.tournament.state import Tournament
from tavolo.tournament.vp import victory_points
from tests.aio import run
from tests.tournament_online.conftest import driven_room, until

NAME = "Sera dei bot"


def play(tmp_path, duplicate: bool = False):
    """The whole tournament; returns (its log's events, the final state, the room's store)."""
    path = tmp_path / "room.sqlite"

    async def go():
        async with driven_room(path) as driver:
            config = TournamentConfig(NAME, deals=2, phases=(parse_phase("danish:3"),))
            await driver.create(config, RoomSettings("org", sit_and_go=8, duplicate=duplicate))
            await driver.do(NAME, lambda t: room.add_bots(t, 8, "heuristic:easy", datetime.now(UTC)), "org")
            final = await until(driver, NAME, lambda t: room.status(t) == room.FINISHED)
            return [e.event for e in driver.store.log(NAME)], final

    events, final = run(go())
    return events, final, OnlineStore(make_online_engine(f"sqlite:///{path}")), path


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return play(tmp_path_factory.mktemp("bots"))


def test_every_round_played_and_scored_from_the_tables(played):
    events, final, store, _ = played
    assert room.status(final) == room.FINISHED
    assert len(final.rounds) == 3
    for number, played_round in final.rounds.items():
        assert len(played_round.tables) == 4 and not played_round.byes
        for table, table_id in final.room.tables[number].items():
            ns, ew = played_round.scores[table]
            assert len(ns) == len(ew) == 2  # two deals, each as the table's hand record gives it
            record = store.table(table_id)
            assert record.status == "finished" and record.tournament["round"] == number
    scores = [e for e in events if isinstance(e, ScoreEntered)]
    assert len(scores) == 12  # one per table, stored once


def test_pairings_are_the_desks_for_the_same_results(played):
    """Codice art. 2: round 1 by draw (its seed in the log), then pure Danish on the standings."""
    events, _, _, _ = played
    state = Tournament(events[0].config) if isinstance(events[0], TournamentCreated) else None
    for event in events[1:]:
        if isinstance(event, PhaseStarted) and event.round == 1:
            expected = commands.seat(state, Seating.DRAW, seed=event.seed)
            assert expected[0].lines == event.lines
        if isinstance(event, RoundPaired):
            if event.round == 1:
                expected_tables = expected[1].tables
            else:
                expected_tables = commands.pair(state)[-1].tables
            assert expected_tables == event.tables, f"round {event.round}"
        state.apply(event)


def test_vp_are_the_codes_table(played):
    """Codice art. 17: the VP of each table from the difference of its points, by the 2-deal table."""
    _, final, _, _ = played
    table = final.config.table
    lines = {line.number: line for line in rankings(final)[0].lines}
    totals = {number: 0 for number in lines}
    for played_round in final.rounds.values():
        for number, seating in played_round.tables.items():
            ns, ew = played_round.scores[number]
            vp_ns, vp_ew = victory_points(sum(ns) - sum(ew), table)
            outcome = table_outcome(final, played_round, seating)
            assert (outcome[0].vp, outcome[1].vp) == (vp_ns, vp_ew)
            totals[seating.ns[0]] += vp_ns
            totals[seating.ew[0]] += vp_ew
    assert {n: line.vp for n, line in lines.items()} == totals


def test_standings_equal_the_command_lines(played):
    _, final, _, path = played
    result = CliRunner().invoke(cli, ["tournament", "standings", "--db", str(path), "--tournament", NAME],
                                env={"COLUMNS": "200", "LANG": "C"})
    assert result.exit_code == 0, result.output
    printed = [(int(m[1]), int(m[2])) for m in re.finditer(r"│\s*\d+\s*│\s*(\d+)\s*│[^│]*│\s*(\d+)\s*│",
                                                               result.output)]
    expected = [(line.number, line.vp) for line in rankings(final)[0].lines]
    assert printed == expected


def test_duplicate_deals_are_the_same_at_every_table_of_a_round(tmp_path):
    _, final, store, _ = play(tmp_path, duplicate=True)
    for number, tables in final.room.tables.items():
        shuffles = {table: [e.payload["outcome"] for e in store.log(table_id) if e.kind == "chance"]
                    for table, table_id in tables.items()}
        first = shuffles[1]
        assert len(first) == 2
        assert all(deals == first for deals in shuffles.values()), f"round {number}"
    rounds = [final.room.tables[n][1] for n in final.room.tables]
    assert len({str(store.log(t)[0].payload["outcome"]) for t in rounds}) == 3  # each round its own deals


def test_an_individual_tournament_seats_each_partnership_by_the_draw(tmp_path):
    """Codice art. 2, individual events: each round pairs the players into partnerships (pure Danish);
    at the room's table the two partners sit opposite (seats 0 and 2, 1 and 3)."""
    from tavolo.tournament.config import Kind

    async def go():
        async with driven_room(tmp_path / "solo.sqlite") as driver:
            config = TournamentConfig("Individuale", kind=Kind.INDIVIDUAL, deals=2,
                                      phases=(parse_phase("danish:2"),))
            await driver.create(config, RoomSettings("org", sit_and_go=8))
            await driver.do("Individuale", lambda t: room.add_bots(t, 8, "heuristic:easy", datetime.now(UTC)), "org")
            final = await until(driver, "Individuale", lambda t: room.status(t) == room.FINISHED)
            seats = {}
            for number, tables in final.room.tables.items():
                for table, table_id in tables.items():
                    seats[(number, table)] = [s.name for s in (await driver.service.table(table_id)).seats]
            return final, seats

    final, seats = run(go())
    for (number, table), names in seats.items():
        seating = final.round(number).tables[table]
        assert len(seating.ns) == len(seating.ew) == 2
        ns = [final.entrants[n].players[0] for n in seating.ns]
        ew = [final.entrants[n].players[0] for n in seating.ew]
        assert [names[0], names[2]] == ns and [names[1], names[3]] == ew
    assert [line.played for line in rankings(final)[0].lines] == [2] * 8
