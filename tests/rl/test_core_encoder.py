"""The RL tensor written by the compiled core against the reference encoder (issue 27).

``NativeBurracoState.encode_observation(seat, tensor, mask)`` writes a seat's
:mod:`tavolo.rl.tensors` tensor and action mask from the core's fields; the reference is
:class:`~tavolo.rl.tensors.ObservationEncoder` (Python, incremental) reading
``observation(seat)``, with :func:`~tavolo.rl.tensors.fill_action_mask` over the legal actions.
Random hands at 2 to 6 players, over the three rule sets, single hands and matches to a target
(scores, the pair's halved share as a float), time-outs called (codice art. 15; fedibur-1985
art. 10), the lone player at 3 and 5 players (estratto "Il gioco in 3", "Il gioco in 5"): at
every decision, every seat's tensor and mask must be equal, value for value (``np.array_equal``).
One agent of two prefers to meld, so that sides reach burraci of each kind (codice art. 13).

The compiled core is built by ``pip install -e .``: these tests require it, as
``tests/burraco/test_native_differential.py`` does.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import NUM_ACTIONS, OPEN_BASE, TIME_OUT
from tavolo.games.burraco.melds import CLEAN, DIRTY, SEMICLEAN, burraco_kind
from tavolo.rl.tensors import Layout, ObservationEncoder, fill_action_mask
from tests.burraco.helpers import position

# (rules, players, target, hands played, other options)
TABLES = [
    ("fibur", 2, None, 12, {}),
    ("fibur", 3, None, 10, {}),
    ("fibur", 4, 505, 10, {}),
    ("fibur", 6, None, 6, {}),
    ("fibur", 5, 505, 6, {}),
    ("fedibur1985", 3, 1005, 12, {"alone_threshold": 100}),
    ("fedibur1985", 4, None, 8, {}),
    ("internazionale", 2, None, 8, {}),
    ("internazionale", 4, 505, 8, {}),
    ("internazionale", 6, None, 6, {}),
]


def test_the_core_lays_the_tensor_out_as_the_reference():
    for players in range(2, 7):
        fields = tuple((f.name, f.offset, f.rows, f.width) for f in Layout(players).fields.values())
        assert native._core.tensor_layout(players) == fields, players


def _choose(legal: list[int], pick: random.Random, melder: bool) -> int:
    """Uniform among the legal actions; a melder takes a meld (open or attach) 9 times in 10."""
    melds = [a for a in legal if a >= OPEN_BASE] if melder else ()
    if melds and pick.random() < 0.9:
        return melds[int(pick.random() * len(melds))]
    return legal[int(pick.random() * len(legal))]


def _same_for_every_seat(state, encoder: ObservationEncoder, buffers, where: str, cached_legal: bool) -> None:
    """Every seat's tensor and mask, the core's against the reference's. With ``cached_legal``
    the state has made its legal list before the core writes the mask (the core reads it),
    else not (the core generates the moves itself)."""
    ref, ref_mask, fast, fast_mask = buffers
    for seat in range(state.game.num_players):
        fast.fill(-7.0)  # whatever was there: every value must be written
        fast_mask.fill(7)
        if cached_legal:
            state.legal_actions()
        state.encode_observation(seat, fast, fast_mask)
        encoder.encode(state.observation(seat), ref)
        fill_action_mask(state.legal_actions() if state.current_player() == seat else (), ref_mask)
        assert np.array_equal(fast, ref), f"{where} seat {seat}: {_diff(encoder.layout, ref, fast)}"
        assert np.array_equal(fast_mask, ref_mask), f"{where} seat {seat}: mask"


def _diff(layout: Layout, ref: np.ndarray, fast: np.ndarray) -> list[tuple[str, int, float, float]]:
    """The first differing values, by field: (field, index in it, reference, core)."""
    out = []
    for i in np.flatnonzero(ref != fast)[:5]:
        field = next(f for f in layout.fields.values() if f.offset <= i < f.end)
        out.append((field.name, int(i - field.offset), float(ref[i]), float(fast[i])))
    return out


def _seen(state, seen: Counter) -> None:
    """Count what the position shows, so the test knows the play reached it."""
    obs = state.observation(0)
    seen["decisions"] += 1
    seen["time-out"] += obs.time_out_plays_left is not None
    seen["pozzetto taken"] += any(p.taken for p in obs.pozzetti)
    seen["scores"] += any(obs.scores)
    seen["lone player"] += obs.players % 2 == 1 and len(obs.sides) < obs.players
    seen["single pile card"] += obs.single_pile_card >= 0
    seen["must meld"] += obs.must_meld
    for side in obs.melds:
        for meld in side:
            seen[("burraco", burraco_kind(meld))] += 1


def play_and_compare(rules: str, players: int, target: int | None, hands: int, seed: int, seen: Counter,
                     **options) -> None:
    """Matches on the core until ``hands`` hands are played, every seat compared at every decision."""
    game = make_game(rules, players=players, target=target, **options)
    pick = random.Random(seed)
    encoder = ObservationEncoder(players)
    buffers = (encoder.new_tensor(), np.zeros(NUM_ACTIONS, np.int8), encoder.new_tensor(),
               np.zeros(NUM_ACTIONS, np.int8))
    played = 0
    while played < hands:
        state = native.NativeBurracoState(game)
        melder = pick.randrange(players)
        while not state.is_terminal() and played < hands:
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(pick))
            where = f"{rules} {players}p seed {seed} hand {played} decision {seen['decisions']}"
            _same_for_every_seat(state, encoder, buffers, where, cached_legal=seen["decisions"] % 2 == 1)
            _seen(state, seen)
            before = state.hands_played
            if not state._timeout and game.options.time_out and pick.random() < 0.002:
                state.apply(TIME_OUT)
            else:
                state.apply(_choose(state.legal_actions(), pick, state.current_player() == melder))
            played += state.hands_played - before
        _same_for_every_seat(state, encoder, buffers, f"{rules} {players}p seed {seed} after hand {played}", False)


def test_the_core_writes_the_reference_tensor_and_mask_at_every_decision():
    seen: Counter = Counter()
    for k, (rules, players, target, hands, options) in enumerate(TABLES):
        play_and_compare(rules, players, target, hands, 1000 + k, seen, **options)
    assert seen["decisions"] >= 10_000, seen
    for what in ("time-out", "pozzetto taken", "scores", "lone player", "single pile card", "must meld",
                 ("burraco", CLEAN), ("burraco", SEMICLEAN), ("burraco", DIRTY)):
        assert seen[what], f"the play never reached {what}: {seen}"


def test_a_position_loaded_from_the_reference_engine_encodes_alike():
    """A reference position (its melds include a clean and a dirty burraco) loaded into the core."""
    state = position(players=4, turn=1, phase="draw", hands={1: "3h 4h 5h Kd Kd *"},
                     melds={0: ["7s 8s 9s Ts Js Qs Ks", "Qc Qd Qh Qs Qc Qd 2h"], 1: ["5d 6d 7d"]},
                     pile="5c 9d", taken={1: True}, stock_size=20, scores=[120, -35.5, 120, -35.5], target=505)
    fast = native.NativeBurracoState.from_python(state)
    encoder = ObservationEncoder(4)
    for seat in range(4):
        ref = encoder.encode(state.observation(seat), encoder.new_tensor())
        out = encoder.new_tensor()
        fast.encode_observation(seat, out, None)
        assert np.array_equal(out, ref), f"seat {seat}: {_diff(encoder.layout, ref, out)}"


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


@pytest.mark.parametrize(("tensor", "mask"), [
    (np.zeros(686, np.float64), np.zeros(NUM_ACTIONS, np.int8)),
    (np.zeros(685, np.float32), np.zeros(NUM_ACTIONS, np.int8)),
    (np.zeros(686, np.float32), np.zeros(NUM_ACTIONS, np.int32)),
    (np.zeros(686, np.float32), np.zeros(NUM_ACTIONS - 1, np.int8)),
    (np.zeros(686, np.float32)[::-1], np.zeros(NUM_ACTIONS, np.int8)),
    (np.zeros(686, np.float32), np.zeros(NUM_ACTIONS, np.int8)[::2]),
    (np.zeros(686, ">f4"), np.zeros(NUM_ACTIONS, np.int8)),
    (_read_only(np.zeros(686, np.float32)), np.zeros(NUM_ACTIONS, np.int8)),
], ids=["float64", "short", "int32-mask", "short-mask", "not-contiguous", "strided-mask", "big-endian", "read-only"])
def test_a_buffer_of_the_wrong_kind_is_refused(tensor, mask):
    state = native.NativeBurracoState(make_game(players=4, target=None))
    state.apply_chance(state.sample_chance(random.Random(0)))
    with pytest.raises(ValueError):
        state.encode_observation(0, tensor, mask)
    with pytest.raises(TypeError):
        state.encode_observation(0, [0.0] * 686, None)


def test_a_seat_not_at_the_table_is_refused_and_no_mask_is_left_alone():
    state = native.NativeBurracoState(make_game(players=2, target=None))
    state.apply_chance(state.sample_chance(random.Random(0)))
    tensor = np.zeros(Layout(2).size, np.float32)
    with pytest.raises(ValueError, match="seat 2"):
        state.encode_observation(2, tensor, None)
    state.encode_observation(0, tensor, None)
    assert tensor.any()
    with pytest.raises(TypeError):
        state.encode_observation(0, tensor)


def test_the_cards_hidden_from_a_seat_do_not_change_its_tensor():
    """Another deal of what the seat cannot see (the others' hands, the stock, the pozzetti),
    loaded into the core, gives the seat the same tensor."""
    game = make_game(players=4, target=None)
    state = native.NativeBurracoState(game)
    pick = random.Random(5)
    state.apply_chance(state.sample_chance(pick))
    for _ in range(40):
        state.apply(_choose(state.legal_actions(), pick, melder=True))
    seat = state.current_player()
    size = Layout(4).size
    seen, seen_mask = np.zeros(size, np.float32), np.zeros(NUM_ACTIONS, np.int8)
    state.encode_observation(seat, seen, seen_mask)
    other = (seat + 1) % 4
    swapped = native.NativeBurracoState.from_python(
        game.sample_hidden_state(state.observation(seat), random.Random(9)))
    assert swapped.hand_cards(other) != state.hand_cards(other)
    again, again_mask = np.zeros(size, np.float32), np.zeros(NUM_ACTIONS, np.int8)
    swapped.encode_observation(seat, again, again_mask)
    assert np.array_equal(again, seen) and np.array_equal(again_mask, seen_mask)
