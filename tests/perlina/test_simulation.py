"""Random simulation of Perlina games, 2 to 9 players, French and Italian decks (tests/simulation.py
for the invariants: the cards conserved, a legal action always, JSON round trips, observations that
hide what they must), and what every game must come to (raccolta, Perlina): the tokens conserved
between purses and pot, no bet above the pot, a pot won only by a hand better than every other one
shown, a tie leaving the pot."""

import pytest

from tavolo.games.perlina import make_game
from tavolo.games.perlina.ranking import hand_key, rank_function

from tests.simulation import random_games


def check_observation(state, seat):
    obs = state.observation(seat)
    assert sum(obs.tokens) + obs.pot == state.game.options.tokens * obs.players
    assert obs.bet <= obs.pot
    assert obs.hand == (() if obs.phase == "ace" and seat == obs.dealer else state.hand_cards(seat))


@pytest.mark.simulation
@pytest.mark.parametrize("players, deck, games", [(2, "french", 60), (5, "italian", 30), (9, "french", 15)])
def test_random_games_keep_every_invariant(players, deck, games):
    game = make_game(players=players, deck=deck, hands=8)
    rank_of = rank_function(deck)
    for final in random_games(game, games, seed=players, max_decisions=5000, round_trip_rate=0.02,
                              check_observation=check_observation):
        assert sum(final.returns()) == 0
        for result in final.hand_results:
            keys = {s: hand_key(cards, result.middle, result.ace, rank_of) for s, cards in result.shown}
            if result.winner >= 0 and keys:
                assert all(keys[result.winner] > k for s, k in keys.items() if s != result.winner)
            elif keys:
                assert list(keys.values()).count(max(keys.values())) > 1
