"""Two (then three) ``tavolo serve`` processes on one PostgreSQL and one Redis are one room:
what a person sees of a table (its seats, status, who is connected, the lobby, "gioca
ancora") does not depend on the process a balancer sent them to (issue 9, "More than one
process"), and a process that joins later, or comes back after kill -9, reads it all from the
database."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time
from dataclasses import replace
from types import SimpleNamespace

import pytest

from tavolo.online.presence import HEARTBEAT_SECONDS, SILENCE_SECONDS
from tavolo.online.turns import move_seconds
from tavolo.online.tables import Table
from tavolo.store.online import LogEntry, OnlineStore, make_online_engine
from tests.server.processes import Seat, Server, free_port, play_out
from tests.server.test_two_processes import REDIS_URL, whose_turn
from tests.tournament.conftest import postgres_url  # noqa: F401  (the fixture)

BRISCOLA = {"game": "briscola", "name": "Anna", "options": {"players": 2}}


def kinds(info: dict) -> list[str]:
    return [s["kind"] for s in info["seats"]]


def in_lobby(server: Server, table_id: str) -> dict | None:
    return next((t for t in server.get("/api/tables") if t["id"] == table_id), None)


def presence(seats: list[int], watchers: int):
    """A frame test: a ``presence`` frame with these counts."""
    return lambda f: f["type"] == "presence" and (f["seats"], f["watchers"]) == (seats, watchers)


def two_seats(one: Server, two: Server, table: dict = BRISCOLA) -> tuple[str, str, str]:
    """A table of two made (``table``: the request) and started, Anna at seat 0 through process
    ``one`` and Bruno at seat 1 through process ``two``: the table's id and Anna's and Bruno's tokens."""
    made = one.post("/api/tables", table)
    sat = two.post(f"/api/tables/{made['table_id']}/seats/1", {"name": "Bruno"})
    one.post(f"/api/tables/{made['table_id']}/start", {}, token=made["token"])
    return made["table_id"], made["token"], sat["token"]


@pytest.mark.postgres
def test_a_seat_taken_through_one_process_is_seen_through_the_other(postgres_url):  # noqa: F811
    one, two = Server(postgres_url, REDIS_URL), Server(postgres_url, REDIS_URL)
    try:
        made = one.post("/api/tables", BRISCOLA)
        table_id = made["table_id"]
        assert in_lobby(two, table_id)["status"] == "waiting"  # made on one, listed by two
        with one.socket(table_id) as ws_watch:
            watcher = Seat(ws_watch)
            assert kinds(watcher.greet(None)["table"]) == ["human", "free"]
            sat = two.post(f"/api/tables/{table_id}/seats/1", {"name": "Bruno"})
            told = watcher.until(lambda f: f["type"] == "state" and f["table"]["seats"][1]["kind"] == "human")
            assert told["table"]["seats"][1]["name"] == "Bruno"
            assert kinds(one.get(f"/api/tables/{table_id}")) == ["human", "human"]
            assert kinds(in_lobby(one, table_id)) == ["human", "human"]
            with one.socket(table_id) as ws:
                assert Seat(ws).greet(None)["table"]["seats"][1]["name"] == "Bruno"  # a fresh hello
            with one.socket(table_id) as ws_anna, two.socket(table_id) as ws_bruno:
                anna, bruno = Seat(ws_anna), Seat(ws_bruno)
                assert anna.greet(made["token"])["seat"] == 0
                assert bruno.greet(sat["token"])["seat"] == 1
                # who is connected is added up over both processes, for everyone
                watcher.until(presence([1, 1], 1))
                anna.until(presence([1, 1], 1))
                bruno.until(presence([1, 1], 1))
                assert one.get(f"/api/tables/{table_id}")["watchers"] == 1
                assert [s["connected"] for s in two.get(f"/api/tables/{table_id}")["seats"]] == [True, True]
                # Anna starts through process two: both see the game begin
                two.post(f"/api/tables/{table_id}/start", {}, token=made["token"])
                for seat in (anna, bruno, watcher):
                    seat.until(lambda f: f["type"] == "state" and f["table"]["status"] == "playing")
                with pytest.raises(Exception, match="409"):  # started already, whichever process is asked
                    one.post(f"/api/tables/{table_id}/start", {}, token=made["token"])
            watcher.until(presence([0, 0], 1))
    finally:
        one.kill()
        two.kill()


@pytest.mark.postgres
def test_a_killed_process_stops_counting_and_a_late_one_catches_up(postgres_url):  # noqa: F811
    one, two = Server(postgres_url, REDIS_URL), Server(postgres_url, REDIS_URL)
    three = None
    try:
        table_id, anna_token, bruno_token = two_seats(one, two)
        with one.socket(table_id) as ws_anna:
            anna = Seat(ws_anna)
            anna.greet(anna_token)
            ws_bruno = two.socket(table_id)
            Seat(ws_bruno).greet(bruno_token)
            anna.until(presence([1, 1], 0))
            two.kill()  # kill -9: no goodbye; its socket counts until it has been silent a while
            anna.until(presence([1, 0], 0), timeout=SILENCE_SECONDS + 2 * HEARTBEAT_SECONDS)
            three = Server(postgres_url, REDIS_URL)  # joins later: reads the table from the database
            assert three.get(f"/api/tables/{table_id}")["status"] == "playing"
            with three.socket(table_id) as ws_late:
                bruno = Seat(ws_late)
                assert bruno.greet(bruno_token)["seat"] == 1
                assert bruno.frame("state")["seq"] == anna.state["seq"]
                anna.until(presence([1, 1], 0))
                mover = whose_turn(anna, bruno)
                seq = mover.move(mover.state["view"]["legal"][0])
                for seat in (anna, bruno):
                    if seat.state["seq"] < seq:  # the mover may have read it before its ack
                        seat.until(lambda f: f["type"] == "state" and f["seq"] >= seq)
                assert anna.log == bruno.log
    finally:
        one.kill()
        two.kill()
        if three is not None:
            three.kill()


def bot_moves_after(anna: Seat, state: dict) -> None:
    """Anna plays from ``state`` until the bot (seat 1) has moved after her: she plays again while
    it is her turn (she leads again after a trick she won), within 15 s a move."""
    for _ in range(6):
        seq = anna.move(state["view"]["legal"][0])
        while anna.state["seq"] < seq:
            anna.frame("state", timeout=15)
        if any(e["seat"] == 1 and e["seq"] > seq for e in anna.log):
            return
        if anna.state["view"]["to_act"] == 1:
            anna.until(lambda f: f["type"] == "state" and any(e["seat"] == 1 for e in f["events"]), timeout=15)
            return
        state = anna.state
    raise AssertionError("the bot never came to act")


@pytest.mark.postgres
def test_one_process_moves_a_tables_bot_and_another_takes_over_when_it_stops(postgres_url):  # noqa: F811
    """Both processes have the table (Anna plays through one, a spectator watches through the
    other), yet each bot move is chosen once, by the process holding the table's lease; killed
    (no goodbye), the other moves the bot once the lease runs out (fanout.LEASE_MS)."""
    one, two = Server(postgres_url, REDIS_URL), Server(postgres_url, REDIS_URL)
    try:
        made = one.post("/api/tables", {**BRISCOLA, "bots": {1: "random"}})
        table_id = made["table_id"]
        one.post(f"/api/tables/{table_id}/start", {}, token=made["token"])
        with one.socket(table_id) as ws_anna, two.socket(table_id) as ws_watcher:
            anna, watcher = Seat(ws_anna), Seat(ws_watcher)
            anna.greet(made["token"])
            watcher.greet(None)
            for _ in range(6):
                anna.move(anna.settled()["view"]["legal"][0])
            anna.settled()
            bot_moves = sum(e["seat"] == 1 for e in anna.log)
            chosen = [one.get("/healthz")["bot_moves"], two.get("/healthz")["bot_moves"]]
            assert bot_moves >= 5 and sum(chosen) == bot_moves, (chosen, bot_moves)
            holder, other = (one, two) if chosen[0] else (two, one)
            assert 0 in chosen                                              # one process chose them all
            before = other.get("/healthz")["bot_moves"]
            if holder is one:                                               # Anna goes on through two
                ws_anna.close()
                holder.kill()
                anna = Seat(ws_late := two.socket(table_id))
                anna.greet(made["token"])
                state = anna.settled()
            else:
                holder.kill()
                state = anna.state                                          # her turn, as settled above
            bot_moves_after(anna, state)                                    # the bot moved, through the other
            assert other.get("/healthz")["bot_moves"] > before                   # (twice if it won the trick)
            if holder is one:
                ws_late.close()
    finally:
        one.kill()
        two.kill()


@pytest.mark.postgres
def test_play_again_reaches_each_seat_through_its_own_process(postgres_url):  # noqa: F811
    one, two = Server(postgres_url, REDIS_URL), Server(postgres_url, REDIS_URL)
    try:
        table_id, anna_token, bruno_token = two_seats(one, two)
        with one.socket(table_id) as ws_a, two.socket(table_id) as ws_b:
            anna, bruno = Seat(ws_a), Seat(ws_b)
            anna.greet(anna_token), bruno.greet(bruno_token)
            play_out(anna, bruno)
            if bruno.state["table"]["status"] != "finished":
                bruno.until(lambda f: f["type"] == "state" and f["table"]["status"] == "finished")
            new = one.post(f"/api/tables/{table_id}/again", {}, token=anna_token)
            to_bruno = bruno.frame("again")  # asked through process one, told through process two
            assert (to_bruno["table_id"], to_bruno["seat"]) == (new["table_id"], 1)
        with two.socket(new["table_id"]) as ws:
            assert Seat(ws).greet(to_bruno["token"])["seat"] == 1
        assert in_lobby(two, new["table_id"])["status"] == "playing"
    finally:
        one.kill()
        two.kill()


def test_a_continue_stored_first_by_another_process_is_read_and_this_one_follows(client):
    """Two people say "continue" at a hand's end through two processes at once: the one stored
    second collides on its seq, reads the other's, and is stored after it (it was an error that
    closed the socket)."""
    made = client.post("/api/tables", json={"game": "briscola", "name": "Anna",
                                            "options": {"players": 2, "rounds": 3}}).json()
    table_id = made["table_id"]
    client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Bruno"})
    client.post(f"/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {made['token']}"})
    svc = client.app.state.service
    table = svc.tables[table_id]
    while not table.waiting:
        client.portal.call(svc.move, table_id, table.to_act, table.state.legal_action_strings()[0])
    seq = table.seq
    svc.store.append([LogEntry(table_id, seq + 1, "continue", {"seat": 1})])  # as another process would
    client.portal.call(svc.proceed, table_id, 0)
    assert [(e.seq, e.payload) for e in svc.store.log(table_id, seq)][:2] == [(seq + 1, {"seat": 1}),
                                                                              (seq + 2, {"seat": 0})]
    assert not table.waiting and table.hand_end is None  # both continued: the next hand is dealt


@pytest.mark.postgres
@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
def test_a_change_made_while_redis_was_away_is_seen_once_it_is_back(postgres_url, tmp_path):  # noqa: F811
    port = free_port()
    redis = start_redis(port, tmp_path)
    url = f"redis://127.0.0.1:{port}/0"
    one, two = Server(postgres_url, url), Server(postgres_url, url)
    try:
        made = one.post("/api/tables", BRISCOLA)
        table_id = made["table_id"]
        with one.socket(table_id) as ws_watch:
            watcher = Seat(ws_watch)
            watcher.greet(None)
            redis.kill()
            redis.wait(10)
            two.post(f"/api/tables/{table_id}/seats/1", {"name": "Bruno"})  # stored; not heard of yet
            redis = start_redis(port, tmp_path)
            told = watcher.until(lambda f: f["type"] == "state" and f["table"]["seats"][1]["kind"] == "human",
                                 timeout=20)
            assert told["table"]["seats"][1]["name"] == "Bruno"
    finally:
        one.kill()
        two.kill()
        redis.kill()
        redis.wait(10)


def start_redis(port: int, folder) -> subprocess.Popen:
    """A Redis of the test's own on ``port`` (no disk), answering."""
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no", "--dir", str(folder)], stdout=subprocess.DEVNULL)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


@pytest.mark.postgres
def test_the_move_timer_is_the_same_through_both_processes_and_plays_its_move_once(postgres_url):  # noqa: F811
    """Anna plays through one process, Bruno through the other, the timer on (codice art. 32 bis:
    10 s with fewer than 4 cards in hand): both are shown the same deadline, and when it passes
    the timer's move is stored once, by the process holding the table's lease, and told to both."""
    one, two = Server(postgres_url, REDIS_URL), Server(postgres_url, REDIS_URL)
    try:
        table_id, anna_token, bruno_token = two_seats(one, two, {**BRISCOLA, "timer": "code"})
        with one.socket(table_id) as ws_anna, two.socket(table_id) as ws_bruno:
            anna, bruno = Seat(ws_anna), Seat(ws_bruno)
            anna.greet(anna_token), bruno.greet(bruno_token)
            timed = [s.until(lambda f: f["type"] == "state" and f["view"]["deadline_ms"]) for s in (anna, bruno)]
            assert timed[0]["seq"] == timed[1]["seq"]
            assert timed[0]["view"]["deadline_ms"] == timed[1]["view"]["deadline_ms"]
            seq, deadline, late = timed[0]["seq"], timed[0]["view"]["deadline_ms"], timed[0]["view"]["to_act"]
            assert 0 < deadline - time.time() * 1000 <= move_seconds(3, "code") * 1000
            for seat in (anna, bruno):
                seat.until(lambda f: f["type"] == "state" and f["seq"] > seq, timeout=20)
            assert time.time() * 1000 >= deadline - 50
            played = [e for e in anna.log if e["seq"] > seq]
            assert [(e["seat"], e.get("timer")) for e in played] == [(late, True)]
            assert [e["seq"] for e in bruno.log if e["seq"] > seq] == [e["seq"] for e in played]
            time.sleep(2)  # the other process's timer, had it not stood down, would have played by now
        stored = [e for e in OnlineStore(make_online_engine(postgres_url)).log(table_id, seq) if e.kind == "action"]
        assert [(e.payload["seat"], e.payload.get("timer")) for e in stored] == [(late, True)]
    finally:
        one.kill()
        two.kill()


def started_briscola(client) -> tuple[object, object]:
    """A started table of two people through ``client``'s one process: the service and the table."""
    made = client.post("/api/tables", json=BRISCOLA).json()
    client.post(f"/api/tables/{made['table_id']}/seats/1", json={"name": "Bruno"})
    client.post(f"/api/tables/{made['table_id']}/start", headers={"Authorization": f"Bearer {made['token']}"})
    svc = client.app.state.service
    return svc, svc.tables[made["table_id"]]


def stored_elsewhere(svc, table, moves: int) -> list[LogEntry]:
    """``moves`` moves stored as another process stores them (the table here does not apply them)."""
    trial = Table(table.record)
    for entry in svc.store.log(table.id):
        trial.apply(entry)
    rows = []
    for _ in range(moves):
        (entry,) = trial.move_entries(trial.to_act, trial.state.legal_action_strings()[0])
        entry = replace(entry, recorded_at=round(time.time(), 6))
        svc.store.append([entry])
        trial.apply(entry)
        rows.append(entry)
    return rows


def heard(client, svc, table, rows: list[LogEntry], sent: list[LogEntry]) -> list[int]:
    """The ``seq`` message of ``rows`` carrying ``sent`` heard from another process: the ``after``
    of each read of the table's log meanwhile."""
    reads, read = [], svc.store.log
    svc.store.log = lambda table_id, after=0: reads.append(after) or read(table_id, after)
    message = {"kind": "seq", "p": "p2", "t": table.id, "seq": rows[-1].seq,
               "rows": [[e.seq, e.kind, e.payload, e.recorded_at] for e in sent]}
    client.portal.call(svc._on_message, message)
    for _ in range(100):
        if table.seq == rows[-1].seq:
            break
        client.portal.call(asyncio.sleep, 0.01)
    return reads


def test_a_move_heard_with_its_rows_is_applied_without_reading_the_log_and_a_gap_is_read(client):
    svc, table = started_briscola(client)
    seq = table.seq
    rows = stored_elsewhere(svc, table, 1)
    assert heard(client, svc, table, rows, rows) == []  # applied from the message
    assert table.seq == seq + 1 and table.actions[-1] == rows[0].payload["text"]
    assert table.changed_at == rows[0].recorded_at  # the same move timer as the process that stored it
    rows = stored_elsewhere(svc, table, 2)
    assert heard(client, svc, table, rows, rows[1:]) == [seq + 1]  # its first row missing: read
    assert table.actions[-2:] == [r.payload["text"] for r in rows]


def test_a_shuffle_is_told_to_the_other_processes_without_its_cards(client):
    """The deal's outcome (every hand) stays in the database: its message carries no rows, while a
    move's carries the move."""
    svc, table = started_briscola(client)
    published = []
    svc._redis = SimpleNamespace(publish=lambda kind, table_id, **fields: published.append(fields))
    (move,) = table.move_entries(table.to_act, table.state.legal_action_strings()[0])
    svc._publish_rows(table, [LogEntry(table.id, 1, "chance", {"outcome": [1, 2, 3]})])
    svc._publish_rows(table, [move])
    svc._redis = None
    assert published[0] == {"seq": table.seq}
    assert published[1]["rows"] == [[move.seq, "action", move.payload, None]]
