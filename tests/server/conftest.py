"""A server on a fresh SQLite file, bots moving without a pause, and a seat's socket."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tavolo.server.app import create_app


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'tavolo.sqlite'}"


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url, pace=0)) as test_client:
        yield test_client


def send(ws, **frame) -> None:
    """Send a frame, keeping under the server's 20 frames a second."""
    time.sleep(0.055)
    ws.send_text(json.dumps(frame))


def next_frame(ws, kind: str, seen: list | None = None) -> dict:
    """The next frame of ``kind``; the frames passed on the way are kept in ``seen``."""
    while True:
        frame = ws.receive_json()
        if seen is not None:
            seen.append(frame)
        if frame["type"] == kind:
            return frame


def next_told(ws, seen: list | None = None) -> dict:
    """The next state that tells events (actions applied since the last state)."""
    while not (frame := next_frame(ws, "state", seen))["events"]:
        pass
    return frame


def told_events(ws) -> Iterator[dict]:
    """The events told from now on, one at a time, in order (each state's ``events``)."""
    while True:
        yield from next_told(ws)["events"]


def settled(frame: dict) -> bool:
    """A state where this seat must act: its turn, a hand's end waiting for it, or the end."""
    view = frame["view"]
    return bool(view["legal"] or view["finished"] or (view["hand_end"] and view["hand_end"]["waiting_for"]))


def settled_state(ws, seen: list | None = None) -> dict:
    """The next settled state (see :func:`settled`)."""
    while True:
        frame = next_frame(ws, "state", seen)
        if settled(frame):
            return frame


def after_ack(ws, seen: list) -> dict:
    """After a move: wait for its ack, then for the next settled state (maybe sent before the ack)."""
    start = len(seen)
    next_frame(ws, "ack", seen)
    states = [f for f in seen[start:] if f["type"] == "state"]
    if states and settled(states[-1]):
        return states[-1]
    return settled_state(ws, seen)


def hello(ws, token: str | None, lang: str = "en") -> dict:
    send(ws, type="hello", token=token, lang=lang)
    return next_frame(ws, "welcome")
