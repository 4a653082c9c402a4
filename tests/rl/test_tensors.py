"""The observation tensor: documented fields hold the position's counts, only
what the seat may know, within the declared bounds."""

import random

import numpy as np
import pytest

from tavolo.cards import french as fr
from tavolo.engine.game import resolve_chance
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import NUM_ACTIONS, TAKE
from tavolo.games.burraco.melds import CLEAN, DIRTY, SEMICLEAN, attachments, burraco_kind, meld_cards, meld_size
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.rl.tensors import RULE_SET_NAMES, Layout, ObservationEncoder, fill_action_mask, max_sides
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


def reference_tensor(obs: BurracoObservation, layout: Layout) -> np.ndarray:
    """``obs``'s tensor written from scratch, field by field as the module's
    table describes it (in ``float64``, rounded to ``float32`` once)."""
    t = np.zeros(layout.size)

    def field(name: str) -> np.ndarray:
        return layout.view(t, name)

    p, me = obs.players, obs.seat
    seats = [(me + r) % p for r in range(p)]
    order = sorted(range(len(obs.sides)), key=lambda side: min((seat - me) % p for seat in obs.sides[side]))
    unseen = field("unseen")[0]
    unseen[:] = 3 if p >= 5 else 2
    unseen[-1] *= 2  # the jokers

    def put(row: np.ndarray, cards) -> None:
        for card in cards:
            row[card] += 1
            unseen[card] -= 1

    put(field("hand")[0], obs.hand)
    put(field("pile")[0], obs.pile)
    if obs.pile:
        field("pile_top")[0, obs.pile[-1]] = 1
    if obs.single_pile_card >= 0:
        field("single_pile_card")[0, obs.single_pile_card] = 1
    for r, seat in enumerate(seats[1:]):
        put(field("known")[r], obs.known[seat])
    for k, side in enumerate(order):
        melds = obs.melds[side]
        for meld in melds:
            put(field("melded")[k], meld_cards(meld))
            field("fits")[k, [card for card, _, _ in attachments(meld)]] = 1
        kinds = [burraco_kind(meld) for meld in melds]
        longest = max((meld_size(meld) for meld, kind in zip(melds, kinds) if not kind), default=0)
        field("side_melds")[k] = [len(melds) / 10, *(kinds.count(kind) / 4 for kind in (CLEAN, SEMICLEAN, DIRTY)),
                                  longest / 7]
    if obs.phase in ("draw", "play"):
        field("phase")[0, ("draw", "play").index(obs.phase)] = 1
    if 0 <= obs.current_player < p:
        field("to_act")[0, (obs.current_player - me) % p] = 1
    field("hand_sizes")[0] = [obs.hand_sizes[seat] / 11 for seat in seats]
    field("pending_pozzetto")[0] = [obs.pending_pozzetto[seat] / 11 for seat in seats]
    for r, seat in enumerate(seats):
        field("seat_side")[r, order.index(obs.side_of[seat])] = 1
    for pozzetto in obs.pozzetti:
        if pozzetto.side < 0:
            field("free_pozzetti")[0, 0] += 1
        elif pozzetto.taken:
            field("pozzetto_taken")[0, order.index(pozzetto.side)] = 1
    field("stock")[0, 0] = obs.stock_size / 100
    field("flags")[0] = [obs.must_meld, obs.last_turn, obs.time_out_plays_left is not None, obs.everyone_alone]
    field("stall")[0, 0] = min(1, obs.stall_streak / (2 * p))
    field("time_out_left")[0, 0] = min(1, (obs.time_out_plays_left or 0) / (2 * p))
    field("turn")[0, 0] = min(obs.turn_number, 200) / 200
    field("rule_set")[0, RULE_SET_NAMES.index(obs.rule_set)] = 1
    field("scores")[0] = [min(5, max(-5, obs.scores[seat] / 1000)) for seat in seats]
    return t.astype(np.float32)


def random_match(players: int, seed: int, rules: str = "fibur"):
    """The states of a seeded two-hand match of random play, one by one (the
    same state object, moved on after each yield); time is called at step 150."""
    game = make_game(rules, players=players, target=None, hands=2)
    rng = random.Random(seed)
    state = game.new_initial_state()
    step = 0
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            return
        yield state
        step += 1
        if step == 150:
            state.announce_time_out()
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players, rules", [(2, "fibur"), (3, "internazionale"), (4, "fibur"),
                                            (4, "fedibur1985"), (5, "fibur"), (6, "fibur")])
@pytest.mark.parametrize("watching", ["to act", "every seat", "some seats"])
def test_the_kept_tensors_equal_a_from_scratch_encoding_at_every_step(players, rules, watching):
    """The encoder writes only what changed since a seat's previous observation:
    all through seeded matches (two hands, a time-out), with the seat to act
    observing (as the benchmark does), every seat, or seats at random, each
    tensor equals one written from scratch, and writing into a returned tensor
    changes nothing that follows."""
    encoder = ObservationEncoder(players)
    pick = random.Random(players)
    steps = 0
    for seed in range(2):
        for state in random_match(players, seed, rules):
            seats = {"to act": [state.current_player()], "every seat": range(players),
                     "some seats": pick.sample(range(players), pick.randint(1, players))}[watching]
            for seat in seats:
                obs = state.observation(seat)
                out = encoder.encode(obs, encoder.new_tensor())
                assert np.array_equal(out, reference_tensor(obs, encoder.layout))
                out[:] = -1.0
            steps += 1
    assert steps > 300


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_observations_in_any_order_encode_as_from_scratch(players):
    """A position far from the seat's previous one (going back in the hand,
    another hand, the states of another match) still encodes exactly."""
    observations = [state.observation(seat) for state in random_match(players, 7) for seat in (0, players - 1)]
    observations += [state.observation(0) for state in random_match(players, 8)]
    random.Random(players).shuffle(observations)
    encoder = ObservationEncoder(players)
    out = encoder.new_tensor()
    for obs in observations:
        assert np.array_equal(encoder.encode(obs, out), reference_tensor(obs, encoder.layout))
