"""The engines' edges (issue 42): no input through the public API crashes the interpreter, and
the two engines load the same states.

A fuzz of the public API on both engines, seeded: garbage actions through ``apply_legal`` and
``apply`` in random play (a refusal leaves the state as it was, and the observations of every
seat still read), mutated JSON through ``state_from_json`` (a ``ValueError`` naming the field,
never a bare ``KeyError``/``TypeError``/``IndexError``/``AttributeError``), and on the core
tampered pickles (the ``_restore`` payload unpickling reaches, as Ray does). A state one engine
loads, the other loads too, to the same JSON. The fuzz runs in a child process (``python -m
tests.burraco.test_engine_edges ENGINE SEED``): a crash of the core (SIGSEGV) is its exit code,
not the death of pytest.
"""

from __future__ import annotations

import copy
import json
import math
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.errors import IllegalActionError
from tavolo.engine.play import play
from tavolo.engine.record import replay
from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import NUM_ACTIONS, TIME_OUT
from tavolo.games.burraco.integrity import raw_of
from tavolo.games.burraco.rules import BurracoOptions

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not native.available(),
                                                                        reason="the compiled core is not built"))]
GARBAGE = (-1, 0, 1, 2, 52, 53, 255, 256, 65535, 2**31, -2**31, 2**63, 2**64, 1.5, math.nan, "x", "", None,
           True, False, [], {}, [0] * 60, {"cards": []}, [[]], [-1], ["Xz"])
"""Values put where a field was: out of every range, of every wrong type."""
REFUSED = (ValueError, TypeError, OverflowError)
"""How a garbage action may be refused (``IllegalActionError`` is a ``ValueError``): a non-int
action id is a ``TypeError``, as ``list.index`` gives."""


# --- the fuzz, run in a child process -------------------------------------------------------

def new_state(game, engine: str):
    return game.new_initial_state() if engine == "python" else native.NativeBurracoState(game)


def fields(state) -> dict[str, Any]:
    """Every field of a state of either engine (``_raw``'s form)."""
    return state._raw() if isinstance(state, native.NativeBurracoState) else raw_of(state)


def mutate(value: Any, rng: random.Random) -> Any:
    """``value`` (a JSON state or the core's fields) with one thing changed somewhere inside:
    a value replaced by garbage or by its neighbour, an entry dropped, duplicated or added."""
    if isinstance(value, (dict, list, tuple)) and value and rng.random() < 0.75:
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        key = rng.choice(keys)
        inner = mutate(value[key], rng)
        if isinstance(value, dict):
            return {**value, key: inner}
        changed = list(value)
        changed[key] = inner
        return type(value)(changed) if isinstance(value, tuple) else changed
    roll = rng.random()
    if isinstance(value, list) and value and roll < 0.15:
        return value[:-1]
    if isinstance(value, list) and value and roll < 0.3:
        return [*value, rng.choice(value)]
    if isinstance(value, int) and not isinstance(value, bool) and roll < 0.5:
        return value + rng.choice((-1, 1, 53, -53))
    return copy.deepcopy(rng.choice(GARBAGE))


def mutated_fields(raw: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The fields with one mutated (sometimes one dropped)."""
    if rng.random() < 0.05:
        raw = dict(raw)
        del raw[rng.choice(list(raw))]
        return raw
    return mutate(raw, rng)


class Tampered:
    """A pickle of a compiled state whose fields were changed on the way (its ``__reduce__``
    is the state's, with the mutated fields)."""

    def __init__(self, state, raw: dict[str, Any]) -> None:
        self.reduced = (native._restore, (type(state), state.game, raw))

    def __reduce__(self):
        return self.reduced


def try_garbage_action(state, rng: random.Random, tally: dict[str, int]) -> None:
    """A garbage action through ``apply_legal`` or ``apply``: refused, the state unchanged, every
    seat's observation still read."""
    action = rng.choice((rng.randrange(-3, NUM_ACTIONS + 3), rng.choice(GARBAGE)))
    if action in state.legal_actions() or action == TIME_OUT:
        return
    before = fields(state)
    try:
        getattr(state, rng.choice(("apply_legal", "apply")))(action)
    except REFUSED:
        tally["actions refused"] += 1
    else:
        raise AssertionError(f"{action!r} was played")
    assert fields(state) == before, f"{action!r} changed the state"
    for seat in range(state.game.options.players):
        state.observation(seat)


def loaded_alike(game, data: dict[str, Any], rng: random.Random, tally: dict[str, int]) -> None:
    """``data`` through ``state_from_json``: refused with a ``ValueError`` naming a field, or
    loaded, and then loaded by the core's loader (``_restore``, what unpickling runs) to the same
    JSON, and played alike (:func:`played_alike`)."""
    try:
        state = game.state_from_json(data)
    except ValueError as refusal:
        assert ":" in str(refusal), refusal  # "field: what is wrong"
        tally["json refused"] += 1
        return
    tally["json loaded"] += 1
    if native.available():
        compiled = native._restore(native.NativeBurracoState, game, raw_of(state))
        assert compiled.to_json() == state.to_json()
        played_alike(state, compiled, rng)


def played_alike(reference, compiled, rng: random.Random) -> None:
    """The same legal actions, every seat's observation read, and a legal action played on both
    to the same JSON."""
    legal = compiled.legal_actions()
    assert reference.legal_actions() == legal
    for seat in range(reference.game.options.players):
        assert compiled.observation(seat).to_json() == reference.observation(seat).to_json()
    if legal:
        action = rng.choice(legal)
        reference, compiled = reference.clone(), compiled.clone()
        reference.apply(action)
        compiled.apply(action)
        assert compiled.to_json() == reference.to_json()


def pickled_alike(state, rng: random.Random, tally: dict[str, int]) -> None:
    """A tampered pickle of a compiled state: refused with a ``ValueError`` naming a field, or
    loaded, and then its JSON loads on the reference engine, and both play alike."""
    raw = mutated_fields(state._raw(), rng)
    try:
        loaded = pickle.loads(pickle.dumps(Tampered(state, raw)))
    except ValueError as refusal:
        assert ":" in str(refusal), refusal
        tally["pickles refused"] += 1
        return
    tally["pickles loaded"] += 1
    played_alike(state.game.state_from_json(loaded.to_json()), loaded, rng)


def fuzz(engine: str, seed: int, hands: int = 6) -> dict[str, int]:
    """Random hands at 2 to 6 players on ``engine``: garbage actions along the way, and the
    states met mutated as JSON (and, on the core, as pickles)."""
    rng = random.Random(seed)
    tally = dict.fromkeys(("actions refused", "json refused", "json loaded", "pickles refused",
                           "pickles loaded"), 0)
    for hand in range(hands):
        game = make_game(rng.choice(("fibur", "internazionale", "fedibur1985")), players=2 + hand % 5,
                         target=rng.choice((None, 505)))
        state = new_state(game, engine)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            if rng.random() < 0.3:
                try_garbage_action(state, rng, tally)
            if rng.random() < 0.12:
                data = json.loads(json.dumps(state.to_json()))
                for _ in range(6):
                    loaded_alike(game, mutated_fields(data, rng), rng, tally)
            if engine == "native" and rng.random() < 0.12:
                for _ in range(6):
                    pickled_alike(state, rng, tally)
            state.apply_legal(rng.choice(state.legal_actions()))
    return tally


if __name__ == "__main__":
    print(json.dumps(fuzz(sys.argv[1], int(sys.argv[2]))))


# --- the tests -----------------------------------------------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
def test_no_garbage_action_json_or_pickle_crashes_either_engine(engine):
    """Issue 42: a researcher's unmasked action, a damaged saved state or a tampered pickle is
    refused with a ``ValueError`` (or ``TypeError`` for an action that is not an int), never a
    crash; before, ``apply_legal`` on the core wrapped a card count and the next observation
    killed the interpreter, and ``state_from_json`` refused with bare errors or took states the
    core refused."""
    child = subprocess.run([sys.executable, "-m", "tests.burraco.test_engine_edges", engine, "42"], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, f"exit {child.returncode}: {child.stderr[-3000:]}"
    tally = json.loads(child.stdout.strip().splitlines()[-1])
    assert tally["actions refused"] >= 100 and tally["json refused"] >= 100 and tally["json loaded"] >= 10
    if engine == "native":
        assert tally["pickles refused"] >= 100 and tally["pickles loaded"] >= 10


@pytest.mark.parametrize("engine", ENGINES)
def test_apply_legal_refuses_an_illegal_action_and_leaves_the_state(engine):
    """``apply_legal`` checks the action against the legal actions: discarding a card not held
    (the crash of issue 42 on the core, twenty times over) is refused with the rule it breaks;
    ``_apply_unchecked`` is the fast path for actions known to be legal."""
    game = make_game(players=4, target=None)
    state = new_state(game, engine)
    state.apply_chance(state.sample_chance(random.Random(1)))
    state.apply_legal(state.legal_actions()[0])  # the draw
    before = fields(state)
    for _ in range(20):
        with pytest.raises(IllegalActionError):
            state.apply_legal(2 + 5)  # discard a card type the seat does not hold
    assert fields(state) == before
    assert len(state.observation(state.current_player()).hand) == 12
    legal = state.legal_actions()
    state._apply_unchecked(legal[-1])
    assert state.history[-1] == legal[-1]


TWO_CARD_RUN = {"run": [0, 3, 4, -1, 0]}
"""A run of two cards (3h 4h): no meld; as the core packs it, ``3 << 2 | 4 << 6``."""


@pytest.mark.parametrize(("field", "value", "raw_value"), [
    ("dealer", 2**31, 2**31), ("turn", "1", "1"), ("scores", [0, 0, 0], [0, 0, 0]), ("everyone_alone", 1, 1),
    ("sides", [[0, 2], [1, 1]], [[0, 2], [1, 1]]), ("pozzetti", "none", "none"),
    ("history", [NUM_ACTIONS + 1], [NUM_ACTIONS + 1]), ("phase", "lunch", 9), ("hands", None, None),
    ("melds", [[TWO_CARD_RUN], []], [[3 << 2 | 4 << 6], []]),
])
def test_a_damaged_state_is_refused_naming_its_field_by_both_loaders(field, value, raw_value):
    """Issue 42: every field's type and range checked, by one check for both engines
    (``integrity.check_raw``): the refusal names the field, as the JSON (or the core) calls it."""
    game = make_game(players=4, target=None)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(3)))
    with pytest.raises(ValueError, match=f"^{field}: "):
        game.state_from_json({**state.to_json(), field: value})
    if native.available():
        name = {"everyone_alone": "alone"}.get(field, field)  # the core's name of the field
        with pytest.raises(ValueError, match=f"^{name}: "):
            native._restore(native.NativeBurracoState, game, {**raw_of(state), name: raw_value})


def test_a_state_with_a_card_too_many_loads_on_neither_engine():
    """Cards not conserved: one card of the stock copied into a hand."""
    game = make_game(players=4, target=None)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(5)))
    data = state.to_json()
    data["hands"][0] = [*data["hands"][0], data["stock"][0]]
    with pytest.raises(ValueError, match="the cards in play are not exactly the deck's"):
        game.state_from_json(data)
    if native.available():
        raw = raw_of(state)
        raw["hands"][0][raw["stock"][0]] += 1
        with pytest.raises(ValueError, match="the cards in play are not exactly the deck's"):
            native._restore(native.NativeBurracoState, game, raw)


def test_a_draw_from_an_empty_stock_is_refused_by_both_loaders():
    """The stock moved onto the pile, the cards still the deck's: in the draw phase there is no
    card to draw (the core's draw would wrap the stock's length), so neither engine loads it."""
    game = make_game(players=4, target=None)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(6)))
    data = state.to_json()
    data["pile"], data["stock"] = data["pile"] + data["stock"], []
    with pytest.raises(ValueError, match="^stock: no card to draw"):
        game.state_from_json(data)
    if native.available():
        raw = raw_of(state)
        raw["pile"], raw["stock"] = raw["pile"] + raw["stock"], []
        with pytest.raises(ValueError, match="^stock: no card to draw"):
            native._restore(native.NativeBurracoState, game, raw)


@pytest.mark.parametrize(("options", "named"), [
    ({"group_ranks": (99,)}, "group_ranks"), ({"group_ranks": (2, 3)}, "group_ranks"),
    ({"alone_threshold": 2**40}, "alone_threshold"), ({"alone_threshold": True}, "alone_threshold"),
    ({"semiclean": "yes"}, "semiclean"), ({"players": 4.0}, "4.0"), ({"target": 505.0}, "505.0"),
    ({"rule_set": ["fibur"]}, "fibur"),
])
def test_options_the_core_cannot_read_are_refused(options, named):
    """Issue 42: ``BurracoOptions`` checks every field the core reads; before, ``group_ranks=(99,)``
    played on Python and a huge threshold was an ``OverflowError`` from ``new_table_state()``."""
    with pytest.raises(ValueError, match=named):
        BurracoOptions(**options)


def test_a_record_replays_from_the_record_alone():
    """README ("For researchers"): ``tavolo.engine.record.replay(record)`` rebuilds the game the
    record names (before, it needed the game and raised ``TypeError``)."""
    game = make_game(players=2, target=None)
    record = play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=5)
    assert replay(record).returns() == record.result
