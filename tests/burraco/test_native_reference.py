"""The reference state a compiled state keeps for its faces (``NativeBurracoState._reference``:
the notation, words, JSON, refusals and hand results a web table and the terminal read, issue
27): always the position the core holds, never a stale one, built once a position, and the
next one sharing with it only what did not change. The differential test
(test_native_differential.py) compares the faces' JSON and refusals through it with the Python
engine's; here every field of it, the readings of each hand the legal actions are made from
included, is compared with a fresh copy after every action, deal and time-out."""

from __future__ import annotations

import random

import pytest

from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import TIME_OUT
from tavolo.online.tables import Table
from tavolo.store.online import SeatRecord, TableRecord
from tests.burraco.test_native_differential import JSON_FIELDS

pytestmark = pytest.mark.skipif(not native.available(), reason="the compiled Burraco core is not built")

READINGS = ("_sizes", "_masks", "_ranks", "_pairs")
"""The readings of each hand the reference keeps beside its cards (what its legal actions use)."""
TABLES = [("fibur", 2, None, 0), ("fibur", 4, 505, 2), ("fedibur1985", 3, 1005, 2), ("internazionale", 5, None, 0)]


def _fresh(state: native.NativeBurracoState, where: str) -> None:
    """The kept reference is the position the core holds: every field, each hand's readings,
    the legal actions and their notation."""
    kept, fresh = state._reference(), state.to_python()
    assert kept is state._reference(), where  # kept while the state does not move
    for name in (*JSON_FIELDS, *READINGS):
        assert getattr(kept, name) == getattr(fresh, name), f"{where}: {name}"
    assert kept.legal_actions() == fresh.legal_actions() == state.legal_actions(), where
    assert kept.legal_action_strings() == fresh.legal_action_strings(), where


@pytest.mark.parametrize(("rules", "players", "target", "time_out_every"), TABLES)
def test_the_kept_reference_is_always_the_position_the_core_holds(rules, players, target, time_out_every):
    game = make_game(rules, players=players, target=target)
    deals, moves = random.Random(players), random.Random(players + 1)
    timed_out = 0
    for match in range(1, 4):
        state = native.NativeBurracoState(game)
        call_time_at = moves.randrange(20, 200) if time_out_every and match % time_out_every == 0 else -1
        made = 0
        while not state.is_terminal() and made < 1500:
            where = f"{rules} {players}p match {match} decision {made}"
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(deals))
            elif made == call_time_at:
                state.apply(TIME_OUT)
                call_time_at, timed_out = -1, timed_out + 1
            else:
                state.apply(moves.choice(state.legal_actions()))
                made += 1
            _fresh(state, where)
    assert timed_out == (1 if time_out_every else 0)


def test_a_loaded_position_drops_the_kept_reference():
    """Another deal loaded (``_load``, as a search's determinization is) at the same history's
    length, phase, hand and turn: the mark of a position does not tell them apart, the load does."""
    game = make_game("fibur", players=2, target=None)
    state, other = native.NativeBurracoState(game), native.NativeBurracoState(game)
    state.apply_chance(state.sample_chance(random.Random(5)))
    other.apply_chance(other.sample_chance(random.Random(6)))
    before = state._reference()
    state._load(other._raw())
    assert state._reference() is not before
    _fresh(state, "loaded")
    assert state._reference()._hands == other.to_python()._hands != before._hands


def test_a_table_s_move_builds_one_reference(monkeypatch):
    """A web table reads the reference for a move's notation and words, the hand's results, the
    legal moves and their words of the seat to act: one copy of the core's fields a move (a
    deal adds one), not one a reading (seven a move when each face made its own)."""
    built = []
    make = native._python_state

    def counted(*args):
        built.append(1)
        return make(*args)
    monkeypatch.setenv("TAVOLO_ENGINE", "native")
    monkeypatch.setattr(native, "_python_state", counted)
    record = TableRecord("t", "burraco", {"players": 4, "target": None}, "off", "playing",
                         [SeatRecord(s, f"S{s}", "bot", "random", None, None) for s in range(4)])
    table, rng, moves = Table(record), random.Random(3), 0
    while moves < 120 and not table.state.is_terminal():
        for entry in table.next_entries() or table.action_entries(table.to_act, [rng.choice(table.state.legal_actions())]):
            table.apply(entry)
        moves += 1
        for seat in (0, 1, 2, 3, None):
            table.seat_view(seat)
    assert isinstance(table.state, native.NativeBurracoState)
    assert len(built) <= moves + 1, (len(built), moves)
