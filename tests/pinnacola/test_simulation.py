"""Random simulation of Pinnacola (tests/simulation.py for the invariants: the 108 cards conserved,
a legal action always, every hand ends, JSON round trips, observations that hide what they
must) and what every hand must come to (raccolta, "Pinnacola", Conteggio punti): each side's
points are its closing, its melds and its cards in hand, exactly; the closer's side alone has
the 100; only players who had a turn and had not opened pay double."""

from collections import Counter

import pytest

from tavolo.games.pinnacola import make_game
from tavolo.games.pinnacola.cards import points
from tavolo.games.pinnacola.melds import meld_value

from tests.simulation import random_games


def check_observation(state, seat):
    obs = state.observation(seat)
    assert Counter(obs.hand) == Counter(state.hand_cards(seat)) and obs.hand_sizes[seat] == len(obs.hand)


CASES = [
    (dict(players=2, target=None), 8),
    (dict(players=4, target=None, poker_and_pinnacola=True, swap_must_meld=True), 6),
    (dict(players=3, target=None, hand_size=19, joker_points=30, clean_run=6), 4),
    (dict(players=4, partnerships=False, target=1500), 1),
]


@pytest.mark.simulation
@pytest.mark.parametrize("options, games", CASES, ids=[f"{o['players']}p-{i}" for i, (o, _) in enumerate(CASES)])
def test_random_games_keep_every_invariant(options, games):
    game = make_game(**options)
    o = game.options
    for final in random_games(game, games, seed=o.players, max_decisions=30000, round_trip_rate=0.02,
                              check_observation=check_observation):
        last = final.hand_results[-1]
        melded = [0] * o.sides
        for meld, owner in zip(final.table, final._owners):
            melded[o.side(owner)] += meld_value(meld, o.joker_points, o.clean_run)
        held = [0] * o.sides
        for seat in range(o.players):
            cost = sum(points(o.joker_points)[c] for c in final.hand_cards(seat))
            held[o.side(seat)] -= cost * (2 if seat in last.doubled else 1)
        assert list(last.melded) == melded and list(last.in_hand) == held
        assert all(p == c + m + h for p, c, m, h in zip(last.points, last.closing, last.melded, last.in_hand))
        assert sum(last.closing) == (100 if last.closer >= 0 else 0)
        for seat in last.doubled:
            assert not final._opened[seat] and final._played[seat] and seat != last.closer
        assert [sum(r.points[s] for r in final.hand_results) for s in range(o.sides)] == list(final._scores)
        if o.target is not None:
            assert max(final._scores) >= o.target or last.ended_by == "pinnacolone"
