"""The observation kept per seat and position (and its parts kept until they
change) is always exactly the one built afresh from the state: after any
sequence of moves, deals, hand ends and the arbiter's time-out, for every rule
set and number of players; clones keep their own; callers cannot alter it."""

import dataclasses
import random
import zlib

import pytest

from tavolo.engine.game import resolve_chance
from tavolo.games.burraco import make_game
from tavolo.games.burraco.cards import hand_order_key
from tavolo.games.burraco.observation import BurracoObservation, PozzettoView
from tavolo.games.burraco.rules import RULE_SETS


def fresh(state, seat: int) -> BurracoObservation:
    """The observation as built before it was kept: every part read afresh."""
    known = tuple(tuple(c for c, k in enumerate(counts) if k for _ in range(k)) for counts in state._known)
    return BurracoObservation(
        seat=seat, players=state._n, rule_set=state._opts.rule_set, phase=state.phase,
        current_player=state.current_player(), hand_number=state._hand_no, dealer=state._dealer,
        turn_number=state._turn_no, hand=tuple(sorted(state.hand_cards(seat), key=hand_order_key)),
        hand_sizes=tuple(state._sizes), pending_pozzetto=tuple(len(p) for p in state._pending),
        side_of=tuple(state._side_of), sides=tuple(state._sides), melds=tuple(tuple(m) for m in state._melds),
        pile=tuple(state._pile), stock_size=len(state._stock),
        pozzetti=tuple(PozzettoView(len(cards), owner, taken) for cards, owner, taken
                       in zip(state._pozzetti, state._pozz_owner, state._pozz_taken)),
        known=known, shunned=tuple(tuple(c for c in range(53) if mask >> c & 1) for mask in state._shunned),
        single_pile_card=state._single, must_meld=state._must_meld, stall_streak=state._stall,
        last_turn=state._last_turn, time_out_plays_left=state.time_out_plays_left,
        scores=tuple(state._scores), everyone_alone=state._alone,
    )


def check_every_seat(state) -> None:
    for seat in range(state._n):
        kept = state.observation(seat)
        expected = fresh(state, seat)
        assert kept == expected
        assert kept.to_json() == expected.to_json()
        assert state.observation(seat) is kept  # built once per position


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_kept_observation_equals_a_fresh_one_after_random_play(rules, players):
    """Two hands of random play (the deal, hand end and scores change the parts);
    the 3-player game forms its sides when the lone player takes the 18
    (estratto, "Il gioco in 3")."""
    game = make_game(rules, players=players, target=None, hands=2)
    rng = random.Random(zlib.crc32(f"cache/{rules}/{players}".encode()))
    state = game.new_initial_state()
    while not state.is_terminal():
        resolve_chance(state, rng)
        check_every_seat(state)
        if not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    check_every_seat(state)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_a_hand_kept_between_observations_is_the_hand_now(players):
    """A seat's hand is kept as shown and changed card by card (a draw, a pile
    taken, melds, a discard) between observations: seats looked at now and then,
    as a bot or a browser does, still see exactly their hand."""
    game = make_game(players=players, target=None, hands=2)
    rng = random.Random(zlib.crc32(f"sparse/{players}".encode()))
    state = game.new_initial_state()
    while not state.is_terminal():
        resolve_chance(state, rng)
        if rng.random() < 0.3:
            seat = rng.randrange(players)
            assert state.observation(seat) == fresh(state, seat)
        if not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    check_every_seat(state)


def randomly_played(players: int, seed: int, actions: int):
    """A hand dealt and played ``actions`` random legal actions from ``seed``; the state and its generator."""
    state = make_game(players=players, target=None).new_initial_state()
    rng = random.Random(seed)
    resolve_chance(state, rng)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


def test_time_out_drops_the_kept_observation():
    """codice art. 15: the time-out changes what every seat sees (turns left)."""
    state, _ = randomly_played(players=4, seed=11, actions=30)
    before = state.observation(1)
    state.announce_time_out()
    assert before.time_out_plays_left is None and state.observation(1).time_out_plays_left is not None
    check_every_seat(state)


def test_a_clone_keeps_its_own_observations():
    state, rng = randomly_played(players=2, seed=5, actions=40)
    seen = [state.observation(seat) for seat in range(2)]
    other = state.clone()
    while not other.is_terminal():
        other.apply(rng.choice(other.legal_actions()))
        check_every_seat(other)
    assert [state.observation(seat) for seat in range(2)] == seen
    check_every_seat(state)
    state.apply(state.legal_actions()[0])
    check_every_seat(state)


def test_a_caller_cannot_alter_the_kept_observation():
    state = make_game(players=4, target=None).new_initial_state()
    resolve_chance(state, random.Random(2))
    obs = state.observation(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]
    for part in (obs.hand, obs.pile, obs.melds, obs.known, obs.sides, obs.scores, obs.pozzetti):
        assert type(part) is tuple
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.pozzetti[0].taken = True  # type: ignore[misc]


def test_a_seat_off_the_table_is_refused():
    state = make_game(players=2, target=None).new_initial_state()
    resolve_chance(state, random.Random(2))
    with pytest.raises(ValueError, match="seat 2 is not at this table"):
        state.observation(2)
