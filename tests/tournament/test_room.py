"""The room's commands (tavolo.tournament.room): registration, the start, the rounds' end.

Each refusal names what was wrong and changes nothing (the command returns no event); the
defined outcomes of the issue's bad inputs: an invitation nobody answers is void at the start, a
tournament with one pair at its start time is cancelled, a sit & go that never fills is cancelled
at its registration's close (by the driver, tests/tournament_online), a running tournament is not
closed by hand.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tavolo.tournament import room
from tavolo.tournament.config import Kind, TournamentConfig, parse_phase
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import EntrantWithdrawn, RoomClosed, RoomOpened, RoundPaired
from tavolo.tournament.room_settings import RoomSettings
from tavolo.tournament.state import Tournament

NOW = datetime(2026, 12, 8, 21, 0, tzinfo=UTC)


def tournament(rounds: int = 3, kind: Kind = Kind.PAIRS, **settings) -> Tournament:
    t = Tournament(TournamentConfig("Sera", kind=kind, deals=2, phases=(parse_phase(f"danish:{rounds}"),)))
    t.apply(RoomOpened(RoomSettings("org", **settings)))
    return t


def do(t: Tournament, events: list) -> list:
    for event in events:
        t.apply(event)
    return events


def pair(t: Tournament, by: str, partner: str, checked: bool = True) -> int:
    do(t, room.invite(t, by, partner, NOW))
    do(t, room.answer(t, partner, True, NOW))
    if checked:
        do(t, room.check_in(t, by))
    return t.room.entrant_of(by)


def refused(t: Tournament, command, text: str) -> None:
    version = t.version
    with pytest.raises(TournamentError, match=text):
        command(t)
    assert t.version == version


def test_registering_twice_is_refused_with_who():
    t = tournament()
    pair(t, "anna", "bruno")
    refused(t, lambda t: room.invite(t, "anna", "carla", NOW), "anna is already registered")
    refused(t, lambda t: room.invite(t, "carla", "bruno", NOW), "bruno is already registered")
    do(t, room.invite(t, "carla", "dario", NOW))
    refused(t, lambda t: room.invite(t, "elena", "dario", NOW), "dario already has an invitation")
    refused(t, lambda t: room.invite(t, "elena", "Elena", NOW), "a pair is two players")


def test_registration_keeps_its_times():
    t = tournament(opens=(NOW + timedelta(hours=1)).isoformat(), closes=(NOW + timedelta(hours=2)).isoformat())
    refused(t, lambda t: room.invite(t, "anna", "bruno", NOW), "registration opens at")
    do(t, room.invite(t, "anna", "bruno", NOW + timedelta(hours=1, minutes=5)))
    refused(t, lambda t: room.answer(t, "bruno", True, NOW + timedelta(hours=3)), "registration closed at")
    assert t.room.entrant_of("bruno") is None and "bruno" in t.room.invitations


def test_an_invitation_never_answered_is_void_at_the_start():
    t = tournament()
    pair(t, "anna", "bruno")
    pair(t, "carla", "dario")
    do(t, room.invite(t, "elena", "fabio", NOW))
    do(t, room.start(t, NOW, seed=3))
    assert room.status(t) == room.RUNNING and len(t.entrants) == 2
    refused(t, lambda t: room.answer(t, "fabio", True, NOW), "registration is closed")


def test_a_tournament_of_one_pair_does_not_start():
    t = tournament()
    pair(t, "anna", "bruno")
    refused(t, lambda t: room.start(t, NOW, seed=1), "at least 2 entrants checked in, not 1")
    assert do(t, room.cancel(t)) == [RoomClosed(room.CANCELLED)]
    assert room.status(t) == room.CANCELLED


def test_pairs_not_checked_in_are_left_out_of_round_1():
    """Codice art. 34, read online: presenting oneself is checking in before the start."""
    t = tournament()
    for by, partner in (("a1", "a2"), ("b1", "b2"), ("c1", "c2")):
        pair(t, by, partner)
    absent = pair(t, "d1", "d2", checked=False)
    events = do(t, room.start(t, NOW, seed=5))
    assert EntrantWithdrawn(absent, 1, room.NOT_CHECKED_IN) in events
    paired = next(e for e in events if isinstance(e, RoundPaired))
    assert absent not in {n for table in paired.tables for n in table.ns + table.ew}
    assert len(paired.byes) == 1  # three pairs: one rests (codice art. 34, tavolo incompleto)


def test_a_sit_and_go_is_full_at_its_number():
    t = tournament(sit_and_go=2)
    pair(t, "anna", "bruno")
    assert not room.full(t)
    pair(t, "carla", "dario")
    assert room.full(t)
    refused(t, lambda t: room.invite(t, "elena", "fabio", NOW), "the sit & go is full")
    refused(t, lambda t: room.add_bots(t, 1, "heuristic:easy", NOW), "the sit & go is full")


def test_a_running_tournament_is_not_closed_by_hand_and_rounds_can_be_held():
    t = tournament(rounds=2)
    do(t, room.add_bots(t, 4, "heuristic:easy", NOW))
    do(t, room.start(t, NOW, seed=2))
    refused(t, room.cancel, "a running tournament is not closed by hand")
    do(t, room.hold(t, 2, True))
    refused(t, lambda t: room.hold(t, 1, True), "round 1 is paired already")
    for number in t.round(1).tables:
        do(t, room.table_score(t, 1, number, [450, 100], [200, 55]))
    assert room.complete(t, 1) and room.advance(t, NOW) == []  # held: not paired
    do(t, room.hold(t, 2, False))
    assert isinstance(do(t, room.advance(t, NOW))[-1], RoundPaired)
    assert room.table_score(t, 1, 1, [5], [5]) == []  # a table's result is stored once


def test_no_deal_played_before_the_time_out_is_a_draw_at_zero():
    """Codice art. 15: a deal not started is not played; with none played the table is a draw."""
    t = tournament(rounds=1)
    do(t, room.add_bots(t, 2, "heuristic:easy", NOW))
    do(t, room.start(t, NOW, seed=2))
    do(t, room.table_score(t, 1, 1, [], []))
    assert t.round(1).scores[1] == ((0,), (0,))


def test_an_individual_tournament_registers_players_alone():
    t = tournament(kind=Kind.INDIVIDUAL)
    refused(t, lambda t: room.invite(t, "anna", "bruno", NOW), "registers each player alone")
    for name in ("anna", "bruno", "carla"):
        do(t, room.enter_alone(t, name, NOW))
        do(t, room.check_in(t, name))
    refused(t, lambda t: room.start(t, NOW, seed=1), "at least 4 players")
    do(t, room.enter_alone(t, "dario", NOW))
    do(t, room.check_in(t, "dario"))
    events = do(t, room.start(t, NOW, seed=1))
    table = next(e for e in events if isinstance(e, RoundPaired)).tables[0]
    assert len(table.ns) == len(table.ew) == 2


def test_settings_refuse_what_the_room_cannot_do():
    for bad, text in ((dict(sit_and_go=1), "sit & go starts with 2"), (dict(rule_set="x"), "rules 'x'"),
                      (dict(spectators="all"), "choose delayed or none"), (dict(starts="domani"), "starts 'domani'"),
                      (dict(grace_seconds=-1), "grace time")):
        with pytest.raises(TournamentError, match=text):
            RoomSettings("org", **bad)


def test_an_invitation_never_accepted_can_be_withdrawn_and_another_sent():
    t = tournament()
    do(t, room.invite(t, "anna", "bruno", NOW))
    refused(t, lambda t: room.withdraw_invitation(t, "bruno"), "bruno has sent no invitation")
    do(t, room.withdraw_invitation(t, "anna"))
    refused(t, lambda t: room.answer(t, "bruno", True, NOW), "bruno has no invitation waiting")
    do(t, room.invite(t, "anna", "carla", NOW))
    do(t, room.answer(t, "carla", True, NOW))
    assert t.entrants[1].players == ["anna", "carla"]
