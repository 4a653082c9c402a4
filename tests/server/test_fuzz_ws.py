"""Fuzzing the tables' WebSocket (issue 9, "Tavolo online"; the frames of the contract in
``tavolo.online``): "a bad frame gets an ``error`` and changes nothing; the connection
stays open".

Hypothesis sends a seated player's socket arbitrary text, arbitrary JSON, frames of the
protocol's types with wrong or extra fields, oversized and binary frames, moves in the
game's notation with junk, and the legal moves of the seat to act sent from the other
seat. After each one a ``ping`` must still be answered, an ``error`` frame must have come
first, and the table's seq, its log and both seats' views must be what they were.

The server's rate limit (20 frames a second) reads a clock the tests drive
(:class:`ServerClock`), so what they assert holds on a machine of any speed: a frame is
never too fast by accident, and a burst is too fast by exactly what the limit says.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tavolo.online.messages import Refusal
from tavolo.online.clients import encode
from tavolo.server import ws as ws_module
from tavolo.server.app import create_app
from tavolo.server.ws import MAX_FRAME, MAX_RATE, Lang, Move, Ping, parse_frame
from tests.server.conftest import hello, next_frame, settled_state

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
TYPES = st.sampled_from(["hello", "move", "continue", "ping", "lang", "Move", "", "state", "ack"])
WRONG_SHAPE = st.builds(lambda kind, extra: {"type": kind, **extra}, TYPES,
                        st.dictionaries(st.sampled_from(["text", "ref", "token", "lang", "seat", "seq", "x"]), JSON,
                                        max_size=3))
JUNK = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)


class ServerClock:
    """The clock the server's rate limit reads (``time.monotonic`` in :mod:`tavolo.server.ws`):
    each reading ``step`` seconds after the last, a frame every 60 ms by default, under the
    limit however fast or slow the frames come; ``step`` 0: every frame at one instant."""

    def __init__(self) -> None:
        self.now, self.step = 0.0, 1.0 / (MAX_RATE - 3)

    def monotonic(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A started two-player Burraco table with two people seated, each seat's socket open,
    the server's rate limit on :class:`ServerClock`."""
    url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'tavolo.sqlite'}"
    clock = ServerClock()
    with pytest.MonkeyPatch.context() as patch, TestClient(create_app(url, pace=0)) as client:
        patch.setattr(ws_module, "time", clock)
        made = client.post("/api/tables", json={"game": "burraco", "name": "Anna", "options": {"players": 2}}).json()
        other = client.post(f"/api/tables/{made['table_id']}/seats/1", json={"name": "Bruno"}).json()
        auth = {"Authorization": f"Bearer {made['token']}"}
        assert client.post(f"/api/tables/{made['table_id']}/start", headers=auth).status_code == 200
        with (client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws0,
              client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws1):
            hello(ws0, made["token"])
            hello(ws1, other["token"])
            svc = client.app.state.service
            to_act = svc.tables[made["table_id"]].to_act
            mover, waiter = (ws0, ws1) if to_act == 0 else (ws1, ws0)
            settled_state(mover)
            yield {"svc": svc, "id": made["table_id"], "mover": mover, "waiter": waiter, "seats": (to_act, 1 - to_act),
                   "clock": clock}


def snapshot(table) -> tuple:
    """What a refused frame must leave alone: seq, log, and what each seat sees."""
    state = table["svc"].tables[table["id"]]
    return state.seq, list(state.log), [encode(state.seat_view(s)) for s in (0, 1)]


def legal_moves(table) -> list[str]:
    """The legal moves of the seat to act."""
    return table["svc"].tables[table["id"]].seat_view(table["seats"][0])["legal"]


def answer(ws) -> list[dict]:
    """Every frame up to the pong that answers a ping sent now (the socket is still healthy)."""
    ws.send_text(json.dumps({"type": "ping"}))
    seen: list[dict] = []
    next_frame(ws, "pong", seen)
    return seen


def harmless(text: str, legal: list[str]) -> bool:
    """A frame the server rightly answers without an error: a well-formed ping or lang, a legal move."""
    try:
        frame = parse_frame(text)
    except Refusal:
        return False
    return isinstance(frame, Ping | Lang) or (isinstance(frame, Move) and " ".join(frame.text.split()) in legal)


def refused(table, ws, text: str | None = None, data: bytes | None = None) -> dict:
    """Send one frame; assert it was refused with one error frame and changed nothing. What was
    already on its way to the socket (a presence) is read first; frames of other kinds are let by."""
    before = snapshot(table)
    answer(ws)
    ws.send_bytes(data) if data is not None else ws.send_text(text)
    seen = answer(ws)
    errors = [f for f in seen if f["type"] == "error"]
    assert len(errors) == 1 and not any(f["type"] == "ack" or f.get("events") for f in seen), seen
    assert isinstance(errors[0]["message"], str) and errors[0]["message"]
    assert snapshot(table) == before
    return errors[0]


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(text=st.one_of(st.text(max_size=60), JSON.map(json.dumps), WRONG_SHAPE.map(json.dumps)))
def test_arbitrary_text_and_json_are_refused_and_change_nothing(table, text):
    assume(not harmless(text, legal_moves(table)))
    error = refused(table, table["mover"], text)
    assert error["code"] in ("bad_message", "notation", "illegal", "ambiguous", "not_your_turn"), error


@FUZZ
@given(junk=JUNK, where=st.sampled_from(["before", "after", "instead"]), ref=st.text(max_size=40) | st.none())
def test_a_legal_move_with_junk_is_refused_and_changes_nothing(table, junk, where, ref):
    """``draw`` (pesca) is legal for the seat to act (fedibur-1985 art. 4: a turn begins by
    drawing or taking the discard pile); with junk around it, it is no move at all."""
    legal = legal_moves(table)
    move = {"before": f"{junk} {legal[0]}", "after": f"{legal[0]} {junk}", "instead": junk}[where]
    assume(move.strip() and move.strip() not in legal and move.split() != legal[0].split())
    error = refused(table, table["mover"], json.dumps({"type": "move", "text": move, "ref": ref}))
    assert error["ref"] == ref


@FUZZ
@given(index=st.integers(min_value=0, max_value=10))
def test_a_move_for_another_seat_is_refused(table, index):
    legal = legal_moves(table)
    error = refused(table, table["waiter"], json.dumps({"type": "move", "text": legal[index % len(legal)], "ref": "x"}))
    assert error["code"] == "not_your_turn" and error["ref"] == "x"


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.integers(min_value=MAX_FRAME + 1, max_value=64 * 1024), binary=st.booleans())
def test_oversized_and_binary_frames_are_refused(table, size, binary):
    body = json.dumps({"type": "move", "text": "x" * size})
    if binary:
        error = refused(table, table["mover"], data=body.encode())
    else:
        error = refused(table, table["mover"], body)
    assert error["code"] == "bad_message"


def test_frames_over_the_rate_are_refused_then_the_socket_plays_on(table):
    """25 frames within one second of the server's clock: the first 20 are read (and refused as
    no move), the 5 over the rate are refused as too fast; a second later the socket plays on."""
    ws, clock = table["mover"], table["clock"]
    before = snapshot(table)
    clock.now, clock.step = clock.now + 1.0, 0.0
    for _ in range(MAX_RATE + 5):
        ws.send_text(json.dumps({"type": "move", "text": "fly", "ref": "f"}))
    codes = [next_frame(ws, "error")["code"] for _ in range(MAX_RATE + 5)]
    assert codes == ["notation"] * MAX_RATE + ["too_fast"] * 5
    clock.now, clock.step = clock.now + 1.0, ServerClock().step
    assert answer(ws) and snapshot(table) == before
