"""Random simulation of Canasta (tests/simulation.py for the invariants: the 162 cards conserved,
a legal action always, every hand ends, JSON round trips, observations that hide what they must)
and what every hand must come to (raccolta, "Canasta", Punteggio): the score parts add up to each
side's total, the totals to the match, only a side with two canaste (one clean) closes, and a side
that did not close with no canasta pays its cards double."""

import pytest

from tavolo.games.canasta import make_game
from tavolo.games.canasta.melds import card_value

from tests.simulation import random_games, resample_hidden


def check_observation(state, seat):
    obs = state.observation(seat)
    assert sorted(obs.hand) == sorted(state.hand_cards(seat))
    assert obs.hand_sizes[seat] == len(obs.hand)
    assert not any(c == 52 + 1 for c in obs.hand)


def check_hands(final):
    game = final.game
    for result in final.hand_results:
        for side, score in enumerate(result.sides):
            assert score.total == score.melded + score.canaste + score.red_threes + score.closing - score.in_hand
            if result.closer >= 0 and game.options.side_of(result.closer) == side:
                assert score.closing == 300 and score.canaste >= 800
            else:
                assert score.closing == 0
    totals = [sum(r.sides[side].total for r in final.hand_results) for side in range(game.options.sides)]
    assert final.returns() == [float(totals[game.options.side_of(s)]) for s in range(game.num_players)]


def test_a_side_with_no_canasta_pays_double():
    game = make_game(players=2, target=None)
    for final in random_games(game, 6, seed=9, max_decisions=5000, round_trip_rate=0):
        result = final.hand_results[0]
        for side, score in enumerate(result.sides):
            held = sum(card_value(c) for c in final.hand_cards(side))
            assert score.in_hand == held * (2 if score.canaste == 0 and score.closing == 0 else 1)


CASES = [(dict(players=2, target=None), 8), (dict(players=3, target=None), 6), (dict(players=4, target=5000), 3)]


@pytest.mark.simulation
@pytest.mark.parametrize("options, games", CASES, ids=[f"{o['players']}p" for o, _ in CASES])
def test_random_games_keep_every_invariant(options, games):
    game = make_game(**options)
    for final in random_games(game, games, seed=options["players"], max_decisions=20000, round_trip_rate=0.03,
                              check_observation=check_observation):
        check_hands(final)


def test_resampled_hidden_cards_change_other_hands_but_not_the_observation():
    decisions, changed = resample_hidden(make_game(players=4, target=None), seed=2, limit=200)
    assert changed > decisions // 2
