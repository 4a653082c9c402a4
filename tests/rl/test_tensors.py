"""The observation tensor: documented fields hold the position's counts, only
what the seat may know, within the declared bounds."""

import random

import numpy as np
import pytest

from tavolo.cards import french as fr
from tavolo.engine.game import resolve_chance
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import NUM_ACTIONS, TAKE
from tavolo.rl.tensors import Layout, ObservationEncoder, fill_action_mask, max_sides
from tests.burraco.helpers import position


def plane(layout: Layout, tensor: np.ndarray, name: str, row: int = 0) -> dict[str, float]:
    """The non-zero entries of one row of a card plane, by card name."""
    values = layout.view(tensor, name)[row]
    return {fr.name(c): float(values[c]) for c in np.flatnonzero(values)}


@pytest.fixture
def table():
    """Seat 1 (side 1, with seat 3) to draw; side 1 took its pozzetto."""
    return position(players=4, turn=1, phase="draw", hands={1: "3h 4h 5h Kd Kd *"},
                    melds={0: ["7s 8s 9s"], 1: ["Qc Qd Qh"]}, pile="5c 9d", taken={1: True}, stock_size=20)


def test_fields_hold_the_counts_of_a_known_position(table):
    encoder = ObservationEncoder(4)
    layout = encoder.layout
    t = encoder.encode(table.observation(1), encoder.new_tensor())
    assert plane(layout, t, "hand") == {"3h": 1, "4h": 1, "5h": 1, "Kd": 2, "*": 1}
    assert plane(layout, t, "pile") == {"5c": 1, "9d": 1}
    assert plane(layout, t, "pile_top") == {"9d": 1}
    assert plane(layout, t, "melded", 0) == {"Qh": 1, "Qd": 1, "Qc": 1}  # own side first
    assert plane(layout, t, "melded", 1) == {"7s": 1, "8s": 1, "9s": 1}
    fits_own, fits_other = plane(layout, t, "fits", 0), plane(layout, t, "fits", 1)
    assert {"Qs", "Qh", "*", "2c"} <= set(fits_own) and "Ks" not in fits_own
    assert {"6s", "Ts", "*"} <= set(fits_other) and "Qs" not in fits_other
    assert layout.view(t, "unseen").sum() == 108 - 6 - 2 - 6
    unseen = plane(layout, t, "unseen")
    assert "Kd" not in unseen and unseen["*"] == 3 and unseen["Qh"] == 1
    assert layout.view(t, "phase").tolist() == [[1, 0]]
    assert layout.view(t, "to_act").tolist() == [[1, 0, 0, 0]]
    assert layout.view(t, "hand_sizes")[0, 0] == pytest.approx(6 / 11)
    # Relative seats 0..3 are seats 1, 2, 3, 0: sides own, other, own, other.
    assert layout.view(t, "seat_side").tolist() == [[1, 0], [0, 1], [1, 0], [0, 1]]
    assert layout.view(t, "pozzetto_taken").tolist() == [[1, 0]]
    assert layout.view(t, "stock")[0, 0] == pytest.approx(0.20)
    assert layout.view(t, "side_melds")[:, 0].tolist() == pytest.approx([0.1, 0.1])
    assert layout.view(t, "side_melds")[0, 4] == pytest.approx(3 / 7)
    assert layout.view(t, "rule_set").tolist() == [[1, 0, 0]]


def test_cards_taken_from_the_pile_are_shown_to_the_others_by_relative_seat(table):
    """The discard pile's cards are in view (fedibur-1985 art. 4): who took them is public."""
    table.apply(TAKE)
    encoder = ObservationEncoder(4)
    t = encoder.encode(table.observation(2), encoder.new_tensor())
    assert plane(encoder.layout, t, "known", 2) == {"5c": 1, "9d": 1}  # seat 1 is three places after seat 2
    assert encoder.layout.view(t, "known")[:2].sum() == 0
    assert encoder.layout.view(t, "pile").sum() == 0


def test_tensor_is_the_same_whatever_the_hidden_cards():
    """Two states differing only in the cards seat 0 cannot see give the same tensor."""
    game = make_game(players=4, target=None)
    rng = random.Random(5)
    state = game.new_initial_state()
    resolve_chance(state, rng)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    encoder = ObservationEncoder(4)
    first, second = game.sample_hidden_state(obs, random.Random(1)), game.sample_hidden_state(obs, random.Random(2))
    assert first.hand_cards(1) != second.hand_cards(1)  # the hidden part does differ
    expected = encoder.encode(obs, encoder.new_tensor())
    for sampled in (first, second, state):
        assert np.array_equal(encoder.encode(sampled.observation(0), encoder.new_tensor()), expected)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_value_of_a_random_hand_is_within_the_bounds(players):
    game = make_game(players=players, target=None)
    encoder = ObservationEncoder(players)
    low, high = encoder.layout.bounds()
    out = encoder.new_tensor()
    rng = random.Random(players)
    state = game.new_initial_state()
    resolve_chance(state, rng)
    sides = set()
    while not state.is_terminal():
        seat = state.current_player()
        assert encoder.encode(state.observation(seat), out) is out
        assert np.all(low <= out) and np.all(out <= high)
        assert encoder.layout.view(out, "unseen").min() >= 0
        sides.add(len(state.observation(seat).sides))
        state.apply(rng.choice(state.legal_actions()))
    assert max(sides) <= max_sides(players)


def test_a_layout_refuses_an_observation_of_another_table():
    state = make_game(players=2, target=None).new_initial_state()
    resolve_chance(state, random.Random(0))
    with pytest.raises(ValueError, match="2 players"):
        ObservationEncoder(4).encode(state.observation(0), ObservationEncoder(4).new_tensor())


def test_mask_is_overwritten_not_accumulated():
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    fill_action_mask([5, 9], mask)
    fill_action_mask([7], mask)
    assert np.flatnonzero(mask).tolist() == [7]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_an_encoder_that_keeps_blocks_writes_what_a_new_one_writes(players):
    """The blocks kept between calls (melds, sides, scores, the pile) never go
    stale: every seat's tensor, all through a random hand, equals a fresh encoder's."""
    game = make_game(players=players, target=None, hands=2)
    kept = ObservationEncoder(players)
    rng = random.Random(100 + players)
    state = game.new_initial_state()
    tensors = [kept.new_tensor() for _ in range(players)]
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        for seat in range(players):
            obs = state.observation(seat)
            fresh = ObservationEncoder(players)
            assert np.array_equal(kept.encode(obs, tensors[seat]), fresh.encode(obs, fresh.new_tensor()))
        state.apply(rng.choice(state.legal_actions()))
