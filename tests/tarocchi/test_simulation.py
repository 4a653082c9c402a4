"""Random simulation of Tarocchi at three and at four, with the accuso (tests/simulation.py for
the invariants), and what every hand must come to: the piles counted in threes add up to the
pack's 77 at three (the Matto exchanged for a scartina keeps each pile a multiple of three) and at
four, where the sides' leftover cards count together (DECISIONS, "Tarocchi, the count")."""

import pytest

from tavolo.games.tarocchi import make_game

from tests.simulation import random_games, resample_hidden

CONFIGS = [(dict(), 6), (dict(players=4, accuso=True), 3)]


def check_observation(state, seat):
    obs = state.observation(seat)
    assert list(obs.hand) == state.hand_cards(seat)
    if seat != obs.dealer:
        assert not obs.secret
    for other, known in enumerate(obs.known):
        assert set(known) <= set(state.hand_cards(other))


@pytest.mark.simulation
@pytest.mark.parametrize("options, matches", CONFIGS, ids=["3", "4-accuso"])
def test_random_matches_keep_every_invariant(options, matches):
    game = make_game(**options)
    for state in random_games(game, matches, seed=3, max_decisions=1000, round_trip_rate=0.03,
                              check_observation=check_observation):
        results = state.round_results
        assert len(results) == game.options.hands
        for r in results:
            assert sum(r.points) == 77
        sides = [sum(r.total[side] for r in results) for side in range(len(state.sides))]
        assert state.returns() == [float(sides[state._side_of[seat]]) for seat in range(game.num_players)]


def test_resampled_hidden_cards_differ_but_every_observation_stays():
    """The other hands and the dealer's discard are re-dealt by sample_hidden_state; the seat's
    observation does not change, so it depends on nothing hidden from it."""
    decisions, changed = resample_hidden(make_game(players=4, accuso=True), seed=2, limit=80)
    assert changed > decisions // 2
