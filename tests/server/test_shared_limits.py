"""What one address may ask is counted over every process that shares a Redis (issue 24: behind a
balancer over N processes an address got N times its allowance): the tables it makes, its
sockets, a table's spectators; a process killed with -9 stops counting by itself, and a Redis out
of reach leaves each process counting on its own, said in the log, never refusing everyone."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import shutil
import time
from contextlib import ExitStack

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tavolo.online.messages import Refusal
from tavolo.server import shared_limits
from tavolo.server.limits import Guard, Limits
from tavolo.server.ws import TOO_MANY
from tests.server.processes import Seat, Server, free_port
from tests.server.test_room_processes import BRISCOLA, start_redis
from tests.server.test_two_processes import REDIS_URL
from tests.tournament.conftest import postgres_url  # noqa: F401  (the fixture)
from tests import aio

SMALL = Limits(tables_burst=2, tables_per_minute=1, connections_per_address=2, spectators_per_table=1)


def an_address() -> str:
    """An address of this test alone (the counts in Redis outlive a test)."""
    return f"198.51.100.{secrets.randbelow(250) + 1}:{secrets.token_hex(4)}"


async def shared(limits: Limits, url: str = REDIS_URL) -> Guard:
    guard = Guard(limits)
    await guard.share(url)
    return guard


def test_two_processes_count_an_address_and_a_table_once():
    async def run() -> None:
        one, two = await shared(SMALL), await shared(SMALL)
        address, table = an_address(), secrets.token_hex(8)
        try:
            await one.take_table(address)
            await two.take_table(address)
            with pytest.raises(Refusal) as refused:  # the third, through either
                await one.take_table(address)
            assert refused.value.code == "too_fast" and 1 <= refused.value.retry_after <= 60
            await two.take_table(an_address())  # another address has its own
            assert await one.open_socket(address) and await two.open_socket(address)
            assert not await two.open_socket(address) and not await one.open_socket(address)
            one.close_socket(address)
            await one.given_back()
            assert await two.open_socket(address)
            assert await one.watch(table, 0)
            assert not await two.watch(table, 0)  # the spectator at one counts at two
            one.unwatch(table)
            await one.given_back()
            assert await two.watch(table, 0)
            assert one.held["sockets"] == {} and two.held["sockets"] == {address: 2}
        finally:
            await one.unshare()
            await two.unshare()

    aio.run(run())


def test_a_process_gone_without_a_goodbye_stops_counting_once_its_heartbeat_is_missed(monkeypatch):
    monkeypatch.setattr(shared_limits, "TTL_MS", 300)

    async def run() -> None:
        one, two = await shared(SMALL), await shared(SMALL)
        address = an_address()
        try:
            assert await one.open_socket(address) and await one.open_socket(address)
            one.shared._task.cancel()  # no heartbeat any more, nothing deleted: as after kill -9
            assert not await two.open_socket(address)
            await asyncio.sleep(0.4)
            assert await two.open_socket(address)
        finally:
            await two.unshare()
            await one.shared.client.aclose()

    aio.run(run())


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
def test_without_redis_each_process_counts_alone_and_says_so_then_shares_again(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr(shared_limits, "RETRY_SECONDS", 0.1)
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"

    async def run() -> None:
        one = await shared(SMALL, url)  # no Redis there yet: served all the same
        address = an_address()
        assert await one.open_socket(address) and await one.open_socket(address)
        assert not await one.open_socket(address)  # counted by the process itself
        await one.take_table(address), await one.take_table(address)
        with pytest.raises(Refusal):
            await one.take_table(address)
        assert "each process counts its own limits" in caplog.text
        redis = start_redis(port, tmp_path)
        try:
            await asyncio.sleep(0.15)
            await one.shared.heartbeat()  # writes what it held meanwhile
            assert "counted over all processes" in caplog.text
            two = await shared(SMALL, url)
            assert not await two.open_socket(address)  # one's two sockets, counted while Redis was away
            one.close_socket(address)
            await one.given_back()
            assert await two.open_socket(address)
            await two.unshare()
            await one.unshare()
        finally:
            redis.kill()
            redis.wait(10)

    with caplog.at_level(logging.WARNING, logger="tavolo.server.shared_limits"):
        aio.run(run())


def refused_socket(server: Server, table_id: str, address: str, token: str | None = None) -> dict | None:
    """The refusal a socket from ``address`` gets (an error frame, then close code 4029), or None
    when it is let in (then closed)."""
    with server.socket(table_id, address) as ws:
        try:
            ws.send(json.dumps({"type": "hello", "token": token, "lang": "it"}))
        except ConnectionClosed:  # refused as it opened: its frame came before
            pass
        frame = json.loads(ws.recv(timeout=10))
        if frame["type"] != "error":
            return None
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == TOO_MANY
        return frame


@pytest.mark.postgres
def test_an_address_using_its_allowance_through_one_process_is_refused_through_the_other(postgres_url):  # noqa: F811
    limits = "tables_burst=2,tables_per_minute=1,connections_per_address=2"
    one, two = Server(postgres_url, REDIS_URL, limits=limits), Server(postgres_url, REDIS_URL, limits=limits)
    number = secrets.randbelow(250) + 1
    address, other = f"203.0.113.{number}", f"203.0.113.{number % 250 + 1}"
    forwarded = {"X-Forwarded-For": address}
    sockets = ExitStack()
    try:
        made = [httpx.post(f"{s.url}/api/tables", json=BRISCOLA, headers=forwarded, timeout=10) for s in (one, one)]
        assert [r.status_code for r in made] == [201, 201]
        refused = httpx.post(f"{two.url}/api/quick", json=BRISCOLA, headers=forwarded, timeout=10)
        assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
        assert refused.json()["error"]["message"].startswith("Troppi tavoli nuovi: riprova tra")
        table_id = made[0].json()["table_id"]
        for _ in range(2):
            Seat(sockets.enter_context(one.socket(table_id, address))).greet(None)
        frame = refused_socket(two, table_id, address)
        assert frame["code"] == "too_many" and frame["message"] == "Troppe connessioni dal tuo indirizzo: al massimo 2"
        assert refused_socket(two, table_id, other) is None  # another address gets in
        one.kill()  # kill -9: its two sockets count until its heartbeat is missed
        deadline = time.monotonic() + shared_limits.TTL_MS / 1000 + 2 * shared_limits.HEARTBEAT_SECONDS
        while refused_socket(two, table_id, address) is not None:
            assert time.monotonic() < deadline, "a killed process's sockets still count"
            time.sleep(1)
    finally:
        one.kill()
        two.kill()
        sockets.close()
