"""Who may watch or replay a tournament's table, at the server's doors (issue 39, "Spectators":
"a registered player never watches a table of his own tournament while it is running, and a
spectator sees a running table with a delay of one deal or not at all (organizer's choice): no
kibitzing for a partner"; "Hidden information": the arbiter's spectator view shows no hand).

A sit & go of six pairs, one round of two deals: two pairs of people (Anna-Bruno, Carla-Dario,
each logged in) and four pairs of bots, so at least one table is of bots alone and plays by itself.
The tournaments' driver runs on the app's own table service, its clock held still by the test.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tavolo.online import watching
from tavolo.online.messages import say
from tavolo.online.tournaments import Tournaments
from tavolo.server.app import create_app
from tavolo.server.limits import Limits
from tavolo.store import Store
from tavolo.tournament import room
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.room_settings import RoomSettings
from tavolo.tournament.state import Tournament
from tests.server.conftest import next_frame, send
from tests.tournament_online.conftest import Clock

NAME = "Sera al tavolo"
PAIRS = (("anna", "bruno"), ("carla", "dario"))
PEOPLE = ("anna", "bruno", "carla", "dario", "org", "sara")
PACE = 0.02
"""Seconds a bot waits before a move: a deal of bots lasts a few seconds, time to look at it mid-game."""


@dataclass
class Room:
    client: TestClient
    driver: Tournaments
    clock: Clock
    cookies: dict[str, str]

    def tournament(self) -> Tournament:
        return self.client.portal.call(self.driver.tournament, NAME)

    def as_(self, name: str | None) -> TestClient:
        """The client with ``name``'s session cookie (None: nobody logged in)."""
        self.client.cookies.clear()
        if name is not None:
            self.client.cookies.set("tavolo_session", self.cookies[name])
        return self.client

    def tables(self) -> tuple[str, list[str]]:
        """Round 1's table of bots alone, and the tables where people play."""
        t = self.tournament()
        bots, people = [], []
        for number, table_id in t.room.tables[1].items():
            seating = t.round(1).tables[number]
            alone = all(t.room.entries[n].bot for n in seating.ns + seating.ew)
            (bots if alone else people).append(table_id)
        return bots[0], people

    def until(self, done: Any, seconds: float = 60) -> Tournament:
        deadline = time.monotonic() + seconds
        while not done(t := self.tournament()):
            assert time.monotonic() < deadline, f"still {room.status(t)}"
            time.sleep(0.05)
        return t

    def socket_error(self, name: str | None, table_id: str, token: str | None = None) -> dict:
        """The frame answering ``name``'s hello at ``table_id`` (an error, or the welcome)."""
        with self.as_(name).websocket_connect(f"/ws/tables/{table_id}") as ws:
            send(ws, type="hello", token=token, lang="it")
            return ws.receive_json()


@contextmanager
def tournament_room(tmp_path, spectators: str = "delayed", duplicate: bool = False) -> Iterator[Room]:
    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", pace=PACE, limits=Limits(replays_burst=10_000))
    with TestClient(app) as client:
        cookies = {}
        for name in PEOPLE:
            client.cookies.clear()
            assert client.post("/api/accounts", json={"name": name, "password": "password-" + name}).status_code == 201
            cookies[name] = client.cookies["tavolo_session"]
        clock = Clock()
        driver = Tournaments(app.state.service, Store(app.state.store.engine), now=clock, tick=0.05)
        call = client.portal.call
        call(driver.start)
        app.state.room_tournaments = driver
        config = TournamentConfig(NAME, deals=2, phases=(parse_phase("danish:1"),))
        call(driver.create, config, RoomSettings("org", sit_and_go=6, spectators=spectators, duplicate=duplicate,
                                                 bot="heuristic:easy"))
        for by, partner in PAIRS:
            call(driver.do, NAME, lambda t, b=by, p=partner: room.invite(t, b, p, clock.now), by)
            call(driver.do, NAME, lambda t, p=partner: room.answer(t, p, True, clock.now), partner)
            call(driver.do, NAME, lambda t, b=by: room.check_in(t, b), by)
        call(driver.do, NAME, lambda t: room.add_bots(t, 4, "heuristic:easy", clock.now), "org")
        here = Room(client, driver, clock, cookies)
        here.until(lambda t: 1 in t.room.tables)
        try:
            yield here
        finally:
            call(driver.stop)


def refused(response, msgid: str) -> None:
    """A 403 saying ``msgid`` in Italian."""
    assert response.status_code == 403, response.text
    assert response.json()["error"] == {"code": "watch_refused", "message": say(msgid, "it"), "field": None}


def test_a_player_watches_no_table_of_its_tournament_while_the_round_runs(tmp_path):
    with tournament_room(tmp_path) as here:
        bots, people = here.tables()
        for table_id in [bots, *people]:          # another table, or its own as a spectator
            error = here.socket_error("anna", table_id)
            assert error["type"] == "error" and error["code"] == "watch_refused"
            assert error["message"].startswith("Nessun kibitz: durante il turno un giocatore del torneo")
        refused(here.as_("bruno").get(f"/api/tables/{bots}/record?lang=it"), watching.NO_KIBITZ)
        page = here.as_("bruno").get(f"/replay/{bots}?lang=it")
        assert page.status_code == 403 and "Nessun kibitz" in page.text
        seat = here.driver.seat_of(here.tournament(), "anna")   # its own seat, with its token: welcome
        welcome = here.socket_error("anna", seat["table_id"], seat["token"])
        assert welcome["type"] == "welcome" and welcome["seat"] == seat["seat"]


def test_the_organizer_watches_a_table_and_sees_no_hand(tmp_path):
    """The arbiter's spectator view included: no frame it gets names a card held in a hand."""
    with tournament_room(tmp_path, spectators="none") as here, ExitStack() as stack:
        t = here.tournament()
        seats = {name: here.driver.seat_of(t, name) for pair in PAIRS for name in pair}
        hands: dict[str, list] = {}
        for name, seat in seats.items():                     # everyone at its seat: the tables begin
            ws = stack.enter_context(here.as_(name).websocket_connect(f"/ws/tables/{seat['table_id']}"))
            send(ws, type="hello", token=seat["token"], lang="it")
            hands[name] = ws
        table_id = seats["anna"]["table_id"]
        own = next_frame(hands["anna"], "state")
        while not own["view"]["obs"].get("hand"):
            own = next_frame(hands["anna"], "state")
        with here.as_("org").websocket_connect(f"/ws/tables/{table_id}") as ws:
            send(ws, type="hello", token=None, lang="it")
            assert next_frame(ws, "welcome")["seat"] is None
            frames = [next_frame(ws, "state") for _ in range(3)]
        anna_hand = own["view"]["obs"]["hand"]
        for frame in frames:
            assert "hand" not in frame["view"]["obs"] and frame["view"]["legal"] == []
            assert json.dumps(anna_hand) not in json.dumps(frame)
        refused(here.as_("sara").get(f"/api/tables/{table_id}/record?lang=it"), watching.NO_SPECTATORS)


def test_no_spectators_refuses_a_stranger_everywhere(tmp_path):
    with tournament_room(tmp_path, spectators="none") as here:
        bots, _ = here.tables()
        for name in ("sara", None):
            error = here.socket_error(name, bots)
            assert error["code"] == "watch_refused" and error["message"] == say(watching.NO_SPECTATORS, "it")
            refused(here.as_(name).get(f"/api/tables/{bots}/record?lang=it"), watching.NO_SPECTATORS)


def test_delayed_a_stranger_replays_the_finished_deals_only(tmp_path):
    """One deal behind: the record of a table playing its second deal holds the first one alone,
    its one shuffle, no result; the live table stays shut."""
    with tournament_room(tmp_path) as here:
        bots, _ = here.tables()
        error = here.socket_error("sara", bots)
        assert error["code"] == "watch_refused" and error["message"] == say(watching.DELAYED, "it")
        deadline = time.monotonic() + 60
        while not (record := here.as_("sara").get(f"/api/tables/{bots}/record").json())["actions"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        live = here.client.app.state.service.tables[bots]
        while len(live.actions) <= len(record["actions"]):  # the record may come as the first deal ends
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert record["result"] is None and len(record["chance"]) == 1
        assert len(record["actions"]) < len(live.actions) and not live.over    # the second deal under way
        assert record["actions"] == live.actions[:len(record["actions"])]
        ends = here.client.post("/replay/hands", json=record).json()["hand_ends"]
        assert len(ends) == 1                                 # the first deal, whole, and nothing after it
        assert here.as_(None).get(f"/replay/{bots}").status_code == 200


def test_duplicate_deals_open_when_the_round_is_complete(tmp_path):
    """Nobody sees a duplicate deal before every table has played it; after the round, anyone."""
    with tournament_room(tmp_path, duplicate=True) as here:
        bots, people = here.tables()
        here.until(lambda t: any(n in t.round(1).scores for n, i in t.room.tables[1].items() if i == bots))
        refused(here.as_("sara").get(f"/api/tables/{bots}/record?lang=it"), watching.DUPLICATE)
        assert here.as_("sara").get(f"/replay/{bots}?lang=it").status_code == 403
        staff = here.as_("org").get(f"/api/tables/{bots}/record")   # the arbiter reads a table's finished deals
        assert staff.status_code == 200 and staff.json()["result"] is not None
        here.clock.advance(minutes=11)          # the people never came: their matches lost (codice art. 34)
        here.until(lambda t: room.complete(t, 1))
        for name in ("anna", "sara", None):
            record = here.as_(name).get(f"/api/tables/{bots}/record")
            assert record.status_code == 200 and record.json()["result"] is not None
            assert here.as_(name).get(f"/replay/{bots}").status_code == 200
        assert here.socket_error("anna", bots)["type"] == "welcome"
