"""Random simulation of Peppa and Hearts (tests/simulation.py for the invariants) and what
every hand must come to: the cards out of play are pairs; the points of the hand are those of
the point cards left in play (raccolta, "Peppa-Chat noir-Hearts", "Punteggio": Peppa 13, the
ace of hearts 5 ... 33 in the 49 cards; Hearts 26), or 0 to one player and 36 (26) to each
other when he took them all; in the match to 50 the tricks score 10 each, less those points
("Regole", "Scopo"); the match ends past the target."""

from collections import Counter

import pytest

from tavolo.cards import french as fr
from tavolo.games.peppa import make_game
from tavolo.games.peppa.cards import HEARTS_POINTS, PEPPA_POINTS, TRICK_POINTS

from tests.simulation import random_games, resample_hidden

CONFIGS = [
    (dict(target=None), 60),
    (dict(players=6, target=50), 8),
    (dict(target=100), 6),
    (dict(rules="hearts", target=100), 3),
]


def check_observation(state, seat):
    obs = state.observation(seat)
    assert list(obs.hand) == state.hand_cards(seat)
    assert "fans" not in obs.extra
    for other, known in enumerate(obs.known):
        assert set(known) <= set(state.hand_cards(other))
    if obs.trick:
        led = obs.trick[0][1] // 13
        for other, card in obs.trick:
            if card // 13 != led:
                assert all(c // 13 != led for c in state.hand_cards(other))


@pytest.mark.simulation
@pytest.mark.parametrize("options, matches", CONFIGS, ids=lambda o: "-".join(map(str, o.values()))
                         if isinstance(o, dict) else str(o))
def test_random_matches_keep_every_invariant(options, matches):
    game = make_game(**options)
    hearts = options.get("rules") == "hearts"
    table = HEARTS_POINTS if hearts else PEPPA_POINTS
    for state in random_games(game, matches, seed=7, max_decisions=4000, round_trip_rate=0.02,
                              check_observation=check_observation):
        results = state.round_results
        assert [sum(r.total[s] for r in results) for s in range(game.num_players)] == state._scores
        n, counts_tricks = game.num_players, game.options.counts_tricks
        for r in results if not counts_tricks else ():
            assert all(p >= 0 for p in r.points) and sum(r.points) <= (26 if hearts else 33)
            assert any(r.bonus) == (r.note == "shoot")
        last = results[-1]
        made = [TRICK_POINTS * sum(w == s for _, w in state._tricks) if counts_tricks else 0 for s in range(n)]
        taken = [sum(table[c] for c in state.pile_cards(s)) for s in range(n)]
        assert list(last.points) == ([m - t for m, t in zip(made, taken)] if counts_tricks else taken)
        penalty = [m - t for m, t in zip(made, last.total)] if counts_tricks else list(last.total)
        if last.note == "shoot":
            assert sorted(penalty) == [0] + [26 if hearts else 36] * (n - 1)
        else:
            assert penalty == taken
        if not hearts:
            assert all(k % 2 == 0 for k in Counter(fr.rank(c) for c in state.observation(0).out).values())
            in_play = sum(table[c] for c in game.deck if c not in state.observation(0).out)
            assert sum(taken) == in_play
        returns = state.returns()
        target = options["target"]
        if target is None:
            assert returns == [-float(t) for t in last.total]
        else:
            assert max(state._scores) >= target if hearts else max(state._scores) > target
            assert abs(sum(returns) - (1.0 if hearts else 0.0)) < 1e-9


@pytest.mark.parametrize("options", [dict(target=None), dict(rules="hearts", target=None)], ids=["peppa", "hearts"])
def test_resampled_hidden_cards_differ_but_every_observation_stays(options):
    """What a seat cannot see (other hands, the order of a fan, cards being passed) is re-dealt by
    sample_hidden_state; the seat's observation does not change, so it depends on nothing hidden."""
    decisions, changed = resample_hidden(make_game(**options), seed=2)
    assert changed > decisions // 2
