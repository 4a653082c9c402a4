"""Random simulation of Briscola matches for 2, 3 and 4 players (tests/simulation.py for the
invariants), and what every round must come to: all 120 points (the 2 taken out at three
scores nothing), the round to the side with more of them, a tie voiding it, and the match
to the first side with a majority of the rounds."""

import pytest

from tavolo.games.briscola import make_game

from tests.simulation import random_games

MATCHES = 600


def check_observation(state, seat):
    obs = state.observation(seat)
    assert list(obs.hand) == state.hand_cards(seat)
    for other, known in enumerate(obs.known):
        assert set(known) <= set(state.hand_cards(other))
    if obs.partner_hand:
        assert obs.players == 4 and obs.stock_size == 0
        assert list(obs.partner_hand) == state.hand_cards(obs.partner)
    elif obs.players == 4 and obs.stock_size == 0:
        assert not state.hand_cards(obs.partner)


@pytest.mark.simulation
@pytest.mark.parametrize("players, rounds", [(2, 3), (3, 1), (4, 5)])
def test_random_matches_keep_every_invariant(players, rounds):
    game = make_game(players=players, rounds=rounds)
    for final in random_games(game, MATCHES, seed=players * 10 + rounds, max_decisions=5000,
                              check_observation=check_observation):
        won = [0] * len(final.sides)
        for result in final.round_results:
            assert sum(result.points) == 120
            best = max(result.points)
            if result.points.count(best) == 1:
                assert result.note == "" and best >= 41
                won[result.points.index(best)] += 1
            else:
                assert result.note == "void"
        assert max(won) == game.options.wins_needed and won.count(max(won)) == 1
        assert final.returns() == [float(won[final.side_of(s)]) for s in range(players)]
