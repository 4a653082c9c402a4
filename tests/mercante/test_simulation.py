"""Random simulation of Mercante in fiera from 2 to 24 players, with and without trading
(tests/simulation.py for the invariants: the 80 cards conserved, a legal action always, JSON round
trips, observations that hide what they must), and what every game must come to (raccolta,
Mercante in fiera): tokens conserved between players, pot, prizes and the house; the prizes rising
and adding up to the stakes and the auction money; one prize per prize card, paid to the figure's
holder; every other figure dead."""

import pytest

from tavolo.games.mercante import make_game

from tests.simulation import random_games


def check_observation(state, seat):
    obs = state.observation(seat)
    unpaid = sum(obs.prizes) - sum(p.value for p in obs.won)
    assert sum(obs.tokens) + obs.pot + obs.house + unpaid == state.game.options.tokens * obs.players


@pytest.mark.simulation
@pytest.mark.parametrize("players, trading, games, mercante", [(2, True, 60, "house"), (8, True, 12, "house"),
                                                            (8, False, 30, "house"), (24, True, 2, "house"),
                                                            (5, True, 20, "player")])
def test_random_games_keep_every_invariant(players, trading, games, mercante):
    game = make_game(players=players, trading=trading, mercante=mercante)
    stakes = game.options.buyers * game.options.stake
    for final in random_games(game, games, seed=players, max_decisions=20000, round_trip_rate=0.01,
                              check_observation=check_observation):
        obs = final.observation(0)
        assert sum(final.returns()) + obs.house == 0
        assert list(obs.prizes) == sorted(obs.prizes) and sum(obs.prizes) >= stakes
        assert len(obs.won) == game.options.prizes and [p.value for p in obs.won] == list(obs.prizes)
        assert len(obs.dead) == 40 - game.options.prizes and not obs.live
