"""Who may watch or replay a tournament's table: the pure decision (issue 39, "Spectators" and
"Hidden information"; the code's seeds say nothing of spectators, so the issue's words are the rule)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from tavolo.online import watching
from tavolo.online.views import view_of
from tavolo.online.watching import (ALL, FINISHED, LIVE, OTHER, PLAYER, RECORD, STAFF, Verdict, Watch, decide,
                                    finished_deals, role_of)
from tavolo.tournament import room
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.events import StaffAppointed
from tavolo.tournament.room_settings import RoomSettings
from tavolo.tournament.state import Tournament

NOW = datetime(2026, 12, 8, 20, 0, tzinfo=UTC)


def running(door: str, role: str, spectators: str = "delayed", duplicate: bool = False) -> Verdict:
    return decide(Watch(door, role, spectators, duplicate, round_complete=False))


@pytest.mark.parametrize("door", [LIVE, RECORD])
@pytest.mark.parametrize("spectators", ["delayed", "none"])
def test_a_player_never_watches_while_the_round_runs(door, spectators):
    """No kibitzing for a partner: not another table, not its own as a spectator, not a record."""
    verdict = running(door, PLAYER, spectators)
    assert not verdict.allowed and verdict.reason == watching.NO_KIBITZ


def test_staff_watch_live_and_read_only_the_finished_deals():
    assert running(LIVE, STAFF, "none") == Verdict(True, ALL)
    assert running(RECORD, STAFF, "none", duplicate=True) == Verdict(True, FINISHED)


def test_a_stranger_by_the_organizers_choice():
    assert running(LIVE, OTHER, "none") == Verdict(False, reason=watching.NO_SPECTATORS)
    assert running(RECORD, OTHER, "none") == Verdict(False, reason=watching.NO_SPECTATORS)
    assert running(LIVE, OTHER, "delayed") == Verdict(False, reason=watching.DELAYED)
    assert running(RECORD, OTHER, "delayed") == Verdict(True, FINISHED)
    assert running(RECORD, OTHER, "delayed", duplicate=True) == Verdict(False, reason=watching.DUPLICATE)


@pytest.mark.parametrize("role", [PLAYER, STAFF, OTHER])
@pytest.mark.parametrize("door", [LIVE, RECORD])
def test_after_the_round_everything_is_public(role, door):
    assert decide(Watch(door, role, "none", True, round_complete=True)) == Verdict(True, ALL)


def test_every_refusal_is_said_in_italian():
    from tavolo.online.messages import say
    for msgid in (watching.NO_KIBITZ, watching.NO_SPECTATORS, watching.DELAYED, watching.DUPLICATE):
        assert say(msgid, "it") != msgid
    assert say(watching.NO_KIBITZ, "it").startswith("Nessun kibitz: durante il turno un giocatore del torneo")


def tournament() -> Tournament:
    t = Tournament(TournamentConfig("Sera", deals=2, phases=(parse_phase("danish:1"),)))
    events = [room.RoomOpened(RoomSettings("Org", sit_and_go=4))]
    for event in events:
        t.apply(event)
    for event in room.invite(t, "Anna", "Bruno", NOW):
        t.apply(event)
    for event in room.answer(t, "Bruno", True, NOW):
        t.apply(event)
    t.apply(StaffAppointed("Arbitro", "arbiter"))
    return t


def test_roles_a_player_first():
    """An organizer who also plays is a player while the round runs (no kibitzing)."""
    assert role_of("anna", ["Anna"], ["Anna"]) == PLAYER
    assert role_of("ORG", [], ["org"]) == STAFF
    assert role_of("sara", ["anna"], ["org"]) == role_of(None, ["anna"], ["org"]) == OTHER


def test_the_facts_read_from_the_tournament():
    """The server's reading of a tournament (tavolo.server.api.watch_of): its players, its organizer
    and staff, its setting, and a round not started is not complete."""
    from tavolo.server.api import watch_of
    t = tournament()
    link = {"id": 1, "round": 1, "table": 1, "deals": "k"}
    assert watch_of(t, link, LIVE, "bruno") == Watch(LIVE, PLAYER, "delayed", True, False)
    assert watch_of(t, link, RECORD, "Arbitro").role == watch_of(t, link, RECORD, "Org").role == STAFF
    assert watch_of(t, {"id": 1, "round": 1, "table": 1}, RECORD, None) == Watch(RECORD, OTHER, "delayed", False,
                                                                                  False)
    for event in room.cancel(t):
        t.apply(event)
    assert watch_of(t, link, RECORD, "bruno").round_complete      # a tournament over: its tables public


def played(cut: int) -> tuple[dict, list]:
    """A Burraco match of two deals by random moves, its record cut after ``cut`` actions."""
    view = view_of("burraco")
    game = view.build({"players": 4, "hands": 2})
    state, rng, chance, actions, ends = game.new_initial_state(), random.Random(7), [], [], []
    while not state.is_terminal() and len(actions) < cut:
        if state.is_chance_node():
            chance.append(state.sample_chance(rng))
            state.apply_chance(chance[-1])
            continue
        action = rng.choice(state.legal_actions())
        actions.append(state.action_to_string(action))
        before = len(view.results(state))
        state.apply(action)
        if len(view.results(state)) > before:
            ends.append(len(actions))
    record = {"game": "burraco", "options": game.options_json(), "seats": list("NESW"), "seed": 0,
              "actions": actions, "result": None, "chance": chance}
    return record, ends


def test_a_record_one_deal_behind_holds_the_finished_deals_only():
    """The deal in play is cut away, its shuffle too: a spectator never learns its cards."""
    view = view_of("burraco")
    whole, ends = played(10_000)
    assert len(ends) == 2
    record, _ = played(ends[0] + 20)              # the second deal under way
    assert len(record["chance"]) == 2
    cut = finished_deals(record, view.results, view.build({"players": 4, "hands": 2}))
    assert cut["actions"] == whole["actions"][:ends[0]]
    assert cut["chance"] == whole["chance"][:1] and cut["result"] is None
    first, _ = played(ends[0] - 1)                  # the first deal not over: nothing at all
    nothing = finished_deals(first, view.results, view.build({"players": 4, "hands": 2}))
    assert nothing["actions"] == [] and nothing["chance"] == []
