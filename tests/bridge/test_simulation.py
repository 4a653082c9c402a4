"""Random bridge games (tests/simulation.py): every card accounted for after each action,
always a legal action until the end, every game ends; JSON round trips and resampled
hidden hands leave each seat's observation unchanged; the scores add up: a duplicate board
scores one side what the other loses, a rubber's totals are its hands' points."""

import random

from tavolo.games.bridge import make_game
from tavolo.games.bridge.scoring import duplicate_score, is_vulnerable
from tavolo.games.bridge.calls import PASS, Contract

from tests.simulation import check_round_trip, random_games


def no_hidden_card_shown(state, seat):
    obs = state.observation(seat)
    others = set(range(52)) - set(obs.hand) - set(obs.dummy_hand) - set(obs.played_cards())
    assert len(others) == sum(obs.hand_sizes) - len(obs.hand) - len(obs.dummy_hand)
    if obs.dummy_hand:
        assert obs.dummy_hand == tuple(state.hand_cards(state.dummy))


def test_random_duplicate_boards():
    game = make_game(board=5, boards=3)
    for final in random_games(game, 20, seed=1, max_decisions=600, round_trip_rate=0.02,
                              check_observation=no_hidden_card_shown):
        results = final.hand_results
        assert [r.number for r in results] == [5, 6, 7]
        for r in results:
            assert r.points[0] == -r.points[1]
            if r.contract:
                contract = Contract.parse(r.contract)
                side = contract.declarer % 2
                assert r.points[side] == duplicate_score(contract, r.tricks, is_vulnerable(r.vulnerability, side))
        assert final.returns()[0] == sum(r.points[0] for r in results) == -final.returns()[1]


def test_random_rubbers_end_and_their_hands_add_up():
    """Uniform calls make rubbers of 100,000 decisions (hardly a game is ever made), so
    here a random player passes seven calls in ten; its cards stay uniformly random."""
    game = make_game(scoring="rubber")
    rng = random.Random(3)
    for _ in range(2):
        state = game.new_initial_state()
        for decisions in range(20_000):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            assert state.all_cards() == game.deck_counts and state.legal_actions()
            no_hidden_card_shown(state, state.current_player())
            if rng.random() < 0.01:
                check_round_trip(game, state, rng)
            legal = state.legal_actions()
            state.apply(PASS if PASS in legal and rng.random() < 0.7 else legal[int(rng.random() * len(legal))])
        assert state.is_terminal(), "a rubber did not end"
        sheet = state.sheet
        assert max(sheet.games) == 2 and tuple(state.returns()[:2]) == sheet.totals()
        assert tuple(sum(r.points[s] for r in state.hand_results) for s in (0, 1)) == sheet.totals()


def test_resampled_hidden_hands_keep_voids_and_sizes():
    game = make_game()
    rng = random.Random(2)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(rng))
    for call in ("1S", "pass", "pass", "pass"):
        state.apply_text(call)
    while len(state.tricks) < 6:
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    obs = state.observation(1)
    for _ in range(20):
        sample = game.sample_hidden_state(obs, rng)
        assert sample.observation(1) == obs and sample.all_cards() == game.deck_counts
