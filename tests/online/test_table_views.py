"""A table's views (tavolo.online.tables): what each seat and a spectator are sent is the
game's observation JSON, read afresh at every seq, although the table encodes it once for each change of the game."""

from __future__ import annotations

import random

import orjson
import pytest

from tavolo.online.tables import Table
from tavolo.store.online import SeatRecord, TableRecord


def sent(view: dict) -> dict:
    """A view as a client reads it (the text the service sends, parsed)."""
    return orjson.loads(orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS))


def plain(value: object) -> object:
    """A JSON value as a client reads it (tuples become lists)."""
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


def started(game: str, options: dict) -> Table:
    seats = [SeatRecord(s, f"P{s}", "human", None, f"h{s}", None) for s in range(4)]
    return Table(TableRecord("t1", game, {"players": 4, **options}, "off", "playing", seats))


def step(table: Table, rng: random.Random) -> None:
    """One stored entry: the deal, a seat's continue at a hand's end, or a random legal move."""
    entries = table.next_entries()
    if not entries and table.waiting:
        entries = table.continue_entries(min(table.waiting))
    if not entries:
        seat = table.to_act
        entries = table.move_entries(seat, rng.choice(table.state.legal_action_strings()))
    for entry in entries:
        table.apply(entry)


@pytest.mark.parametrize("game, options, steps", [("briscola", {"rounds": 3}, 90), ("burraco", {"target": None}, 60)])
def test_every_view_is_the_observation_of_its_seat(game: str, options: dict, steps: int) -> None:
    table, rng = started(game, options), random.Random(11)
    for _ in range(steps):
        step(table, rng)
        if table.state.is_terminal():
            break
        for seat in (0, 1, 2, 3, None):
            view = sent(table.seat_view(seat))
            observed = table.state.observation(0 if seat is None else seat)
            expected = observed.to_json() if seat is not None else table.view.public(observed.to_json())
            assert view["obs"] == plain(expected)
            assert view["melds"] == plain(table.view.melds(table.state, observed))
        assert table.seat_view(1)["obs"] is table.seat_view(1)["obs"]  # encoded once a seq


def test_a_spectator_sees_no_hand() -> None:
    table, rng = started("briscola", {}), random.Random(3)
    for _ in range(5):
        step(table, rng)
    assert "hand" not in sent(table.seat_view(None))["obs"]
    assert sent(table.seat_view(2))["obs"]["hand"]


def test_a_continue_keeps_the_views_read_and_the_log_is_sent_as_it_was_told() -> None:
    """A continue at a hand's end is stored (a seq) but changes no game: every seat's
    observation is not read again; the recent events reach a client as they were told."""
    table, rng = started("briscola", {"rounds": 3}), random.Random(5)
    while not table.waiting:
        step(table, rng)
    before = {seat: table.seat_view(seat)["obs"] for seat in (0, 1, 2, 3, None)}
    seq = table.seq
    table.apply(table.continue_entries(min(table.waiting))[0])
    assert table.seq == seq + 1
    assert all(table.seat_view(seat)["obs"] is before[seat] for seat in before)
    log = sent(table.seat_view(0))["log"]
    assert log and log[-1]["type"] == "event" and log[-1]["seq"] < table.seq
    assert [e["text"] for e in log] == table.actions[-len(log):]
