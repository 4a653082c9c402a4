"""Random simulation of Scala 40 (tests/simulation.py for the invariants) over table sizes,
single hands and elimination matches, and the art. 9 variants; every hand must end with a
closer scoring 0 (or with no stock left to reshuffle), the scores add up the hands, players
are out at the elimination score and the match ends with at most one left."""

import pytest

from tavolo.games.scala40 import make_game

from tests.simulation import random_games

CONFIGS = [
    (dict(players=2, elimination=None, open_with_discard=True, closing_in_hand=True, open_without_joker=True), 200),
    (dict(players=4, elimination=101), 30),
    (dict(players=6, elimination=None, open_with_discard=True), 100),
    (dict(players=3, elimination=201, closing_in_hand=True, open_without_joker=True), 12),
]


def check_observation(state, seat):
    obs = state.observation(seat)
    assert sorted(obs.hand) == state.hand_cards(seat)
    assert obs.hand_sizes == tuple(len(state.hand_cards(s)) for s in range(obs.players))
    assert obs.table == tuple(state.table) and obs.stock_size == len(state._stock)
    assert obs.pile_top == (state._pile[-1] if state._pile else -1) and obs.pile_size == len(state._pile)
    hand = state.hand_cards(seat)
    assert all(hand.count(c) >= obs.owed.count(c) for c in obs.owed)


@pytest.mark.simulation
@pytest.mark.parametrize("options, games", CONFIGS, ids=[str(i) for i in range(len(CONFIGS))])
def test_random_games_keep_every_invariant(options, games):
    game = make_game(**options)
    for final in random_games(game, games, seed=len(options) * 7 + games, max_decisions=20000,
                              check_observation=check_observation):
        totals = [0] * game.num_players
        for result in final.hand_results:
            if result.closer >= 0:
                assert result.points[result.closer] == 0
            else:
                assert result.ended_by in ("no stock", "blocked")
            totals = [t + p for t, p in zip(totals, result.points)]
        assert final.returns() == [float(-t) for t in totals]
        if options["elimination"] is None:
            assert len(final.hand_results) == 1
        else:
            assert len(final.active_seats()) <= 1
            assert all(totals[s] >= options["elimination"] for s in range(game.num_players)
                       if s not in final.active_seats())
