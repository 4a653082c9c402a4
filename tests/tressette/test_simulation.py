"""Random simulation of Tressette matches, at four and at two, with and without accusi
(tests/simulation.py for the invariants), and what every round must come to: 11 points from
the cards and the last trick, the accusi on top, the match over when one side leads at or
above the target (or, with ``ends_at_target``, the moment a side reaches it)."""

import zlib

import pytest

from tavolo.games.tressette import make_game
from tavolo.games.tressette.accusi import accuso

from tests.simulation import random_games

MATCHES = 300
CONFIGS = [
    dict(players=4, target=21, accusi=None),
    dict(players=4, target=31, accusi="declared", ends_at_target=True),
    dict(players=2, target=21, accusi="automatic"),
    dict(players=2, target=None, accusi="declared"),
]


def check_observation(state, seat):
    obs = state.observation(seat)
    assert list(obs.hand) == state.hand_cards(seat)
    assert not obs.partner_hand and obs.trump_card == -1
    for other, known in enumerate(obs.known):
        assert set(known) <= set(state.hand_cards(other))
    if obs.trick:  # following suit: whoever did not answer the suit led has none of it
        led = obs.trick[0] // 10
        for i, card in enumerate(obs.trick[1:], start=1):
            if card // 10 != led:
                assert all(c // 10 != led for c in state.hand_cards((obs.leader + i) % obs.players))


@pytest.mark.simulation
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{v}" for v in o.values()))
def test_random_matches_keep_every_invariant(options):
    game = make_game(**options)
    seed = zlib.crc32(repr(options).encode())
    for final in random_games(game, MATCHES, seed=seed, max_decisions=20000, check_observation=check_observation):
        scores = [0, 0]
        for result in final.round_results:
            if result.note != "target":
                assert sum(result.points) == 11
            assert (result.note == "cappotto") == (11 in result.points)
            scores = [s + t for s, t in zip(scores, result.total)]
        declared = [0, 0]
        for seat, action in final.observation(0).declarations:
            declared[final.side_of(seat)] += accuso(action).points
        assert list(final.round_results[-1].bonus) == declared
        assert final.returns() == [float(scores[final.side_of(s)]) for s in range(game.num_players)]
        target = options["target"]
        if target is None:
            assert len(final.round_results) == 1
        else:
            assert max(scores) >= target and scores.count(max(scores)) == 1
