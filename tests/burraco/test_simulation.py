"""Random simulation, as OpenSpiel tests every game: 400 complete hands for every rule
set and number of players, under uniformly random legal play, checking after every action
that the deck's cards are all accounted for, that no observation shows a card its seat may
not know, that there is always a legal action until the end, that every hand ends, that the
score breakdown adds up to the returns, and, at random points, that a JSON round trip gives
the same state and legal actions and that resampling the hidden cards leaves every seat's
observation unchanged."""

import random
import zlib
from collections import Counter

import pytest

from tavolo.games.burraco import make_game
from tavolo.games.burraco.rules import RULE_SETS

from tests.simulation import check_round_trip

HANDS = 400
MAX_DECISIONS = 5000
"""No random hand comes near this: a bound that proves every hand ends."""


def check_conservation(state, deck):
    assert dict(state.all_cards()) == deck  # as dicts: Counter's == walks both in Python


def check_observation(state, seat):
    obs = state.observation(seat)
    assert sorted(obs.hand) == state.hand_cards(seat)
    assert obs.pile == tuple(state._pile)
    assert obs.melds == tuple(tuple(side) for side in state._melds)
    for other, known in enumerate(obs.known):
        hand = state._hands[other]
        assert all(hand[c] >= k for c, k in Counter(known).items()), "a 'known' card is not in that hand"
    assert obs.stock_size == len(state._stock)
    assert obs.hand_sizes == tuple(sum(h) for h in state._hands)
    assert [p.size for p in obs.pozzetti] == [len(p) for p in state._pozzetti]


def check_hand_result(state):
    result = state.hand_results[-1]
    credited = [0.0] * len(result.credited)
    for side in result.sides:
        parts = side.closing + side.burraco_bonus + side.melded + side.in_hand + side.pozzetto
        assert parts == side.total
        share = 0.5 if len(side.seats) == 2 and len(credited) in (3, 5) else 1
        for seat in side.seats:
            credited[seat] = side.total * share
    assert state.returns() == credited == list(result.credited)


@pytest.mark.simulation
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_random_hands_keep_every_invariant(rules, players):
    game = make_game(rules, players=players, target=None)
    rng = random.Random(zlib.crc32(f"{rules}/{players}".encode()))
    deck = dict(game.deck_counts)
    for _ in range(HANDS):
        state = game.new_initial_state()
        state.apply_chance(state.sample_chance(rng))
        for _ in range(MAX_DECISIONS):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal, "a player on turn with no legal action"
            seat = state.current_player()
            check_observation(state, seat)
            if rng.random() < 0.005:
                check_round_trip(game, state, rng)
            state.apply(legal[int(rng.random() * len(legal))])
            check_conservation(state, deck)
        assert state.is_terminal(), "a hand did not end"
        for seat in range(players):
            check_observation(state, seat)
        check_hand_result(state)
