"""A Burraco table plays on the engine ``TAVOLO_ENGINE`` names (issue 27: "the web server ... use[s]
the compiled core when it is built"): the compiled core by default where it is built, the
Python reference state with ``TAVOLO_ENGINE=python``. Nothing a person, a bot or the store sees
depends on which: one seeded match of four (a person playing the first legal move, strong, easy
and normal at the other seats, a refused move on the way) gives the same frames, the same
stored log and the same record on both, and a table stored by a server on one engine resumes
exactly on a server on the other (the server killed and restarted: test_restart.py). The
"Campione" (``pimc``) searches from the table's own compiled state there, with no deal of the
unseen cards loaded into the core for it (``native.compiled_observation``)."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tavolo.games.burraco import BurracoState, native
from tavolo.online import tables
from tavolo.server.app import create_app
from tests.server.conftest import after_ack, hello, next_frame, send, settled_state

ENGINES = ("python", "native")
needs_core = pytest.mark.skipif(not native.available(), reason="the compiled Burraco core is not built")
BOTS = {"1": "heuristic:strong", "2": "heuristic:easy", "3": "heuristic:normal"}
DEAL = 2027
"""``random.Random(2027)`` shuffles the match's one deal."""
FIRST_LEG = 8
"""The person's moves before a restart, where the match is played in two legs."""


@dataclass
class Match:
    """What one seeded match showed and stored: every frame the person got but the first
    state of each leg (a hello's, with the recent events), without the table's info (its id
    and time); the last state before each restart and the first after it; the stored log
    (kind and payload of each entry); the record; the state's type in each leg."""

    frames: list[dict] = field(default_factory=list)
    resumed: list[tuple[dict, list[dict], dict]] = field(default_factory=list)
    """(the last state before a restart, the events told before it, the first state after it)"""
    log: list[tuple[str, dict]] = field(default_factory=list)
    record: dict = field(default_factory=dict)
    state_types: list[type] = field(default_factory=list)


def seeded_match(monkeypatch: pytest.MonkeyPatch, folder: Path, engines: tuple[str, ...]) -> Match:
    """The seeded match (module docstring) played through the WebSocket API, in one leg per
    engine of ``engines``: the server stopped after the person's first :data:`FIRST_LEG` moves
    and started again on the next engine, on the same database."""
    monkeypatch.setattr(tables, "_ENTROPY", random.Random(DEAL))
    monkeypatch.setattr(secrets, "randbits", lambda bits: 27)  # every bot's seed
    db_url, match, table_id, token = f"sqlite:///{folder / 'tavolo.sqlite'}", Match(), "", ""
    moves, refused, last, told = 0, False, {}, []
    for leg, engine in enumerate(engines):
        monkeypatch.setenv("TAVOLO_ENGINE", engine)
        with TestClient(create_app(db_url, pace=0)) as client:
            if not table_id:
                made = client.post("/api/tables", json={"game": "burraco", "name": "Anna", "bots": BOTS,
                                                        "options": {"players": 4, "target": None}}).json()
                table_id, token = made["table_id"], made["token"]
                start = client.post(f"/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {token}"})
                assert start.status_code == 200, start.text
            table = client.app.state.service.tables[table_id]
            match.state_types.append(type(table.state))
            seen: list[dict] = []
            with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                hello(ws, token)
                state = settled_state(ws, seen)
                if leg:
                    match.resumed.append((last, told, state))
                told = list(state["view"]["log"])
                seen.clear()
                while not state["view"]["finished"] and (leg == len(engines) - 1 or moves < FIRST_LEG):
                    if not refused and "draw" in state["view"]["legal"]:  # a move the rules refuse, at the draw
                        send(ws, type="move", text="discard 5h", ref="wrong")
                        next_frame(ws, "error", seen)
                        refused = True
                    send(ws, type="move", text=state["view"]["legal"][0], ref=f"m{moves}")
                    state = after_ack(ws, seen)
                    moves += 1
            last = state
            told += [event for f in seen if f["type"] == "state" for event in f["events"]]
            match.frames += [{k: v for k, v in f.items() if k != "table"} for f in seen
                             if f["type"] in ("state", "ack", "error")]
            if state["view"]["finished"]:
                match.record = client.get(f"/api/tables/{table_id}/record").json()
                match.log = [(e.kind, e.payload) for e in client.app.state.service.store.log(table_id)]
    assert refused and match.record, "the match was not played to its end"
    return match


@pytest.fixture(scope="module")
def python_match(tmp_path_factory) -> Match:
    """The seeded match on the Python engine alone: what every other run must match."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        return seeded_match(monkeypatch, tmp_path_factory.mktemp("python"), ("python",))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_burraco_table_plays_on_the_engine_tavolo_engine_names(engine, db_url, monkeypatch):
    if engine == "native" and not native.available():
        pytest.skip("the compiled Burraco core is not built")
    monkeypatch.setenv("TAVOLO_ENGINE", engine)
    with TestClient(create_app(db_url, pace=0)) as client:
        made = client.post("/api/quick", json={"game": "burraco", "name": "Anna", "options": {"players": 2}}).json()
        state = client.app.state.service.tables[made["table_id"]].state
    assert type(state) is (native.NativeBurracoState if engine == "native" else BurracoState)


@needs_core
def test_the_default_engine_is_the_compiled_core(db_url, monkeypatch):
    monkeypatch.delenv("TAVOLO_ENGINE", raising=False)
    with TestClient(create_app(db_url, pace=0)) as client:
        made = client.post("/api/quick", json={"game": "burraco", "name": "Anna", "options": {"players": 2}}).json()
        assert type(client.app.state.service.tables[made["table_id"]].state) is native.NativeBurracoState


@needs_core
def test_a_seeded_match_is_told_and_stored_alike_on_both_engines(python_match, tmp_path, monkeypatch):
    """Every frame (each move's words and notation, the views, the refusal's rule, the hand's
    end and the final), the stored log and the record: the same."""
    compiled = seeded_match(monkeypatch, tmp_path, ("native",))
    assert python_match.state_types == [BurracoState] and compiled.state_types == [native.NativeBurracoState]
    assert [f["type"] for f in compiled.frames] == [f["type"] for f in python_match.frames]
    assert any(f["type"] == "error" and f["code"] == "illegal" for f in compiled.frames)
    for mine, theirs in zip(compiled.frames, python_match.frames, strict=True):
        assert mine == theirs
    assert compiled.log == python_match.log
    assert compiled.record == python_match.record


@needs_core
@pytest.mark.parametrize("engines", [("python", "native"), ("native", "python")], ids=["python-native", "native-python"])
def test_a_table_stored_on_one_engine_resumes_on_the_other(engines, python_match, tmp_path, monkeypatch):
    """The first state after the restart is the last before it (its events, the log, included),
    and the match goes on to the same end: the same stored log, the same record."""
    switched = seeded_match(monkeypatch, tmp_path, engines)
    assert [t.__name__ for t in switched.state_types] == [
        "NativeBurracoState" if e == "native" else "BurracoState" for e in engines]
    [(before, told, after)] = switched.resumed
    for key in ("obs", "legal", "legal_words", "to_act", "melds", "hand_end", "finished"):
        assert after["view"][key] == before["view"][key], key
    assert after["seq"] == before["seq"]
    assert after["view"]["log"] == told[-tables.LOG_LENGTH:]
    assert switched.log == python_match.log
    assert switched.record == python_match.record


@pytest.mark.parametrize("engine", ENGINES)
def test_the_champion_searches_from_the_table_s_own_compiled_state(engine, client, monkeypatch):
    """On the compiled core the champion's observation links to the table's state (its
    ``_core_view``), so no deal of the unseen cards is loaded into the core for a decision; on
    the Python state every decision loads one."""
    if not native.available():
        pytest.skip("the champion searches in the compiled core")
    monkeypatch.setenv("TAVOLO_ENGINE", engine)
    loads = []
    load = native.compiled_observation

    def counted(*args):
        loads.append(1)
        return load(*args)
    monkeypatch.setattr(native, "compiled_observation", counted)
    made = client.post("/api/tables", json={"game": "burraco", "name": "Anna", "options": {"players": 2, "target": None},
                                            "bots": {"1": "pimc"}}).json()
    client.post(f"/api/tables/{made['table_id']}/start", headers={"Authorization": f"Bearer {made['token']}"})
    service = client.app.state.service
    seen: list[dict] = []
    with client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws:
        hello(ws, made["token"])
        view = settled_state(ws, seen)["view"]
        for _ in range(6):  # three turns of Anna's: the champion plays between them
            send(ws, type="move", text=view["legal"][0], ref="m")
            view = after_ack(ws, seen)["view"]
    told = [e for f in seen if f["type"] == "state" for e in f["events"] if e["seat"] == 1]
    assert len(told) >= 2 and service.bot_moves >= 2
    assert (loads == []) if engine == "native" else (len(loads) >= 1), (engine, len(loads))
