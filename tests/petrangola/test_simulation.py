"""Random simulation of Petrangola games from 2 to 12 players (tests/simulation.py for the
invariants: the 40 cards conserved, a legal action always, JSON round trips, observations that
hide what they must), and what every game must come to (raccolta, Petrangola): the tokens of
all the puglie conserved between players and the table, a token from each equal lowest per
comparison (none when everyone ties on his last token), players out when their tokens are gone,
the last one left holding every puglia."""

import pytest

from tavolo.games.petrangola import make_game

from tests.simulation import random_games


def check_observation(state, seat):
    obs = state.observation(seat)
    assert sum(obs.tokens) + obs.table == state.game.options.tokens * obs.players
    if obs.phase == "choice" and seat == obs.dealer:
        assert obs.hand == ()
    else:
        assert obs.hand == state.hand_cards(seat)
    for other, known in enumerate(obs.known):
        assert set(known) <= set(state.hand_cards(other))


@pytest.mark.simulation
@pytest.mark.parametrize("players, games", [(2, 150), (6, 40), (12, 8)])
def test_random_games_keep_every_invariant(players, games):
    game = make_game(players=players)
    total = game.options.tokens * players
    for final in random_games(game, games, seed=players, max_decisions=20000, round_trip_rate=0.02,
                              check_observation=check_observation):
        returns = final.returns()
        assert sum(returns) == 0 and sorted(returns)[-1] == total - game.options.tokens
        assert returns.count(-game.options.tokens) == players - 1
        for result in final.hand_results:
            shown = [s for s, hand in enumerate(result.hands) if hand]
            assert set(result.payers) <= set(shown) and (result.payers or len(shown) > 2)
            assert len(result.payers) < len(shown) or len(shown) > 2
