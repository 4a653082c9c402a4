"""Random simulation of Machiavelli (tests/simulation.py for the invariants: the cards
conserved, a legal action always, every hand ends, JSON round trips, observations that hide
what they must) and what every hand must come to (raccolta, "Machiavelli"): at the end of every
turn each combination on the table is valid, the closer scores 100 and every other player pays
exactly his cards; the solver bots' games, where cards are laid and the table rearranged, too."""

import random
from collections import Counter

import pytest

from tavolo.cards import french as fr
from tavolo.engine.game import resolve_chance
from tavolo.games.machiavelli import make_game
from tavolo.games.machiavelli.melds import card_points, is_meld
from tavolo.bots.machiavelli import SolverMachiavelliBot

from tests.simulation import random_games, resample_hidden


def check_observation(state, seat):
    obs = state.observation(seat)
    assert Counter(obs.hand) == Counter(state.hand_cards(seat))
    assert obs.hand_sizes[seat] == len(obs.hand)
    if not obs.turn_moves:
        assert all(is_meld(g) for g in obs.table)


def check_hands(final):
    for result in final.hand_results:
        for seat, (points, left) in enumerate(zip(result.points, result.left)):
            expected = 100 if seat == result.closer else -sum(card_points(c) for c in fr.parse_many(left))
            assert points == expected
    assert final.returns() == [float(sum(r.points[s] for r in final.hand_results)) for s in range(final.game.num_players)]


CASES = [(dict(players=2, hands=1), 2), (dict(players=4, hands=2), 2), (dict(players=7, hands=1), 1)]


@pytest.mark.simulation
@pytest.mark.parametrize("options, games", CASES, ids=[f"{o['players']}p" for o, _ in CASES])
def test_random_games_keep_every_invariant(options, games):
    game = make_game(**options)
    for final in random_games(game, games, seed=options["players"], max_decisions=60000, round_trip_rate=0.01,
                              check_observation=check_observation):
        check_hands(final)
        assert len(final.hand_results) == game.options.hands


@pytest.mark.parametrize("players", [2, 3, 5])
def test_solver_bots_rearrange_the_table_and_every_turn_ends_valid(players):
    game = make_game(players=players, hands=2)
    rng = random.Random(players)
    state = game.new_initial_state()
    bots = [SolverMachiavelliBot(s) for s in range(players)]
    moved_table_cards = False
    while not state.is_terminal():
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        seat = state.current_player()
        action = bots[seat].choose(state.observation(seat), state.legal_actions())
        was_moving = bool(state._moves)
        assert not (was_moving and state.action_to_string(action) == "draw"), "a plan that did not finish"
        moved_table_cards |= state.action_to_string(action).startswith("move")
        state.apply(action)
        assert state.all_cards() == game.deck_counts
        if not state._moves and state.current_player() >= 0 and not state.is_chance_node():
            assert all(is_meld(g) for g in state._table)
        if rng.random() < 0.02 and state.current_player() >= 0:
            again = game.state_from_json(state.to_json())
            assert again.to_json() == state.to_json()
    assert moved_table_cards
    check_hands(state)
    assert any(r.closer >= 0 for r in state.hand_results)


def test_resampled_hidden_cards_change_other_hands_but_not_the_observation():
    decisions, changed = resample_hidden(make_game(players=3, hands=1), seed=5, limit=300)
    assert changed > decisions // 2
