"""The round clock: the round's minutes (codice art. 5; ARCA "durata di ogni turno 40 minuti") and the
time-out announced by the event's rule (codice art. 15, fedibur-1985 art. 10)."""

from datetime import UTC, datetime, timedelta

import pytest
from conftest import make_tournament

from tavolo.tournament import commands
from tavolo.tournament.clock import TIME_OUT_RULES
from tavolo.tournament.config import TimeoutRule
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.seating import Seating
from tavolo.tournament.simulate import InMemory

T0 = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)


def seated(**options):
    tournament = make_tournament(4, "modified:3", **options)
    InMemory(tournament).record(commands.seat(tournament, Seating.REGISTRATION))
    return tournament


def act(tournament, action, minutes_after, minutes=0):
    InMemory(tournament).record(commands.clock(tournament, action, T0 + timedelta(minutes=minutes_after), minutes))


def test_a_three_deal_round_runs_forty_minutes_with_pauses_and_added_time():
    tournament = seated()
    act(tournament, "start", 0)
    act(tournament, "pause", 10)
    act(tournament, "resume", 13)
    act(tournament, "add", 14, minutes=2)
    clock = tournament.clocks[1]
    assert clock.minutes == 42
    assert clock.reading(T0 + timedelta(minutes=30)).remaining_s == (42 - 27) * 60
    end = clock.reading(T0 + timedelta(minutes=45))
    assert end.time_out and end.remaining_s == 0 and not clock.reading(T0).time_out


def test_a_clock_change_it_cannot_make_is_refused():
    tournament = seated()
    with pytest.raises(TournamentError, match="not running"):
        commands.clock(tournament, "pause", T0)
    act(tournament, "start", 0)
    with pytest.raises(TournamentError, match="running already"):
        commands.clock(tournament, "start", T0)
    with pytest.raises(TournamentError, match="not 'stop'"):
        commands.clock(tournament, "stop", T0)


def test_the_clock_does_not_change_the_standings_kept():
    tournament = seated()
    before = tournament.changed.copy()
    act(tournament, "start", 0)
    assert tournament.changed == before


@pytest.mark.parametrize(
    "rule, words", [(TimeoutRule.CODICE, "partner of the player on turn"), (TimeoutRule.FEDIBUR, "up to the dealer")]
)
def test_the_time_out_is_announced_by_the_events_rule(cli, rule, words):
    cli("new", "Circolo", "--minutes", "1", "--timeout", rule.value)
    for n in range(4):
        cli("add", f"A{n}", f"B{n}")
    cli("seat")
    assert "1:00 left of 1 minutes (running)" in cli("clock", "start").output
    cli("clock", "add", "--", "-1")
    shown = cli("clock").output
    assert "time out" in shown and words in " ".join(shown.split())
    assert TIME_OUT_RULES[rule].split(";")[0] in " ".join(shown.split())
