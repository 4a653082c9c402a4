"""Random simulation of Ramino (tests/simulation.py for the invariants: the cards conserved, a
legal action always, every hand ends, JSON round trips, observations that hide what they must)
and what every hand must come to (raccolta, "Ramino"): each player pays exactly his loose cards,
the closer nothing or no more than the agreed points, fiches and stakes that add up to zero."""

from collections import Counter

import pytest

from tavolo.cards import french as fr
from tavolo.games.ramino import make_game
from tavolo.games.ramino.cards import loose_points
from tavolo.games.ramino.rules import ELIMINATION

from tests.simulation import random_games


def check_observation(state, seat):
    obs = state.observation(seat)
    assert Counter(obs.hand) == Counter(state.hand_cards(seat))
    assert obs.hand_sizes[seat] == len(obs.hand)


CASES = [
    (dict(players=2, match=None), 25),
    (dict(players=4, match=None, closing_limit=10, same_suit_groups=True), 15),
    (dict(players=7, match=None, hand_size=7, joker_penalty=20), 8),
    (dict(players=3, match="101", reentry=True, closing_limit=5), 4),
    (dict(players=5, match="hands", hands=3, hand_size=9), 3),
]


@pytest.mark.simulation
@pytest.mark.parametrize("options, games", CASES, ids=[f"{o['players']}p-{o['match']}" for o, _ in CASES])
def test_random_games_keep_every_invariant(options, games):
    game = make_game(**options)
    o = game.options
    for final in random_games(game, games, seed=o.players, max_decisions=20000, round_trip_rate=0.02,
                              check_observation=check_observation):
        for result in final.hand_results:
            for seat, (points, loose) in enumerate(zip(result.points, result.loose)):
                assert points == (loose_points(fr.parse_many(loose), o.joker_penalty) if loose else 0)
            if result.closer >= 0:
                assert result.points[result.closer] <= o.closing_limit
            assert sum(result.fiches) == 0
        returns = final.returns()
        if o.match is not None:
            assert sum(returns) == 0
        if o.match == "101":
            obs = final.observation(0)
            winners = final.winners()
            assert obs.out.count(False) <= 1 and all(obs.out[s] for s in range(o.players) if s not in winners)
            assert all(obs.scores[s] > ELIMINATION for s in range(o.players) if obs.out[s])
            pot = sum(obs.scores[s] for s in range(o.players) if s not in winners)
            assert all(returns[w] == pot / len(winners) for w in winners)
        if o.match == "hands":
            assert len(final.hand_results) == o.hands
