"""Determinizations for search: ``game.sample_hidden_state(obs, rng)`` deals the cards a
seat has not seen (other hands, pozzetti, stock, a pozzetto taken with the discard and not
yet looked at) at random. Over many positions of bot-played hands, at 2 to 6 players and
under every rule set, each sampled state is a legal state: it holds exactly the deck's cards,
shows the seat exactly its own observation, offers the same legal actions when the seat is on
turn, keeps the cards others took from the discard pile (public, fedibur-1985 art. 4) in
their hands, and plays on to the end of the hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tavolo.bots.simple import SimpleBurracoBot
from tavolo.games.burraco import make_game
from tavolo.games.burraco.hidden import HiddenSampler

RULE_SETS = ("fibur", "fedibur1985", "internazionale")
PLAYERS = (2, 3, 4, 5, 6)


def positions(rules: str, players: int, hands: int, every: int, target: int | None = None):
    """Copies of the states met every ``every`` decisions of ``hands`` simple-bot hands."""
    game = make_game(rules, players=players, target=target)
    bots = [SimpleBurracoBot(seed=s) for s in range(players)]
    rng = random.Random(players * 31 + len(rules))
    out = []
    for _ in range(hands):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            if decisions % every == 0:
                out.append(state.clone())
            seat = state.current_player()
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
            decisions += 1
    return game, out


def play_out_hand(state, rng: random.Random) -> None:
    """Uniformly random legal play to the end of the current hand, conserving the cards."""
    hand = len(state.hand_results)
    deck = state.game.deck_counts
    for _ in range(5000):
        if state.is_terminal() or len(state.hand_results) > hand:
            return
        legal = state.legal_actions()
        assert legal, "a sampled state left a player with no legal action"
        state.apply(legal[int(rng.random() * len(legal))])
        assert state.all_cards() == deck
    raise AssertionError("a sampled state's hand did not end")


def check_sample(game, state, seat: int, rng: random.Random) -> None:
    obs = state.observation(seat)
    sample = game.sample_hidden_state(obs, rng)
    assert sample.all_cards() == game.deck_counts
    assert sample.observation(seat).to_json() == obs.to_json()
    assert sample.observation(seat) == obs
    assert sample.legal_actions(), "no legal action in a sampled state"
    if seat == state.current_player():
        assert sample.legal_actions() == state.legal_actions()
    for other, known in enumerate(obs.known):
        held = sample.hand_cards(other)
        assert all(held.count(card) >= known.count(card) for card in known), "a card taken from the pile moved"
    play_out_hand(sample, rng)


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("players", PLAYERS)
def test_every_sampled_state_is_legal_keeps_the_seats_view_and_plays_to_the_end(rules, players):
    game, states = positions(rules, players, hands=2, every=9)
    rng = random.Random(players)
    assert len(states) >= 10
    for state in states:
        for seat in {state.current_player(), (state.current_player() + 1) % players}:
            check_sample(game, state, seat, rng)


def test_samples_in_a_later_hand_of_a_match_keep_the_scores_and_the_dealer():
    game, states = positions("fibur", 4, hands=1, every=7, target=1005)
    later = [s for s in states if s.observation(0).hand_number > 0]
    assert later, "the match ended in its first hand"
    rng = random.Random(5)
    for state in later:
        check_sample(game, state, state.current_player(), rng)


def test_the_positions_cover_cards_taken_from_the_pile_and_pozzetti_taken_unseen():
    """The checks above meet the hard cases: other players' known cards (taken from the
    discard pile) and a pozzetto taken with the discard and not yet seen (codice art. 21.4)."""
    seen_known = seen_pending = 0
    for players in (2, 4):
        _, states = positions("fibur", players, hands=6, every=1)
        for state in states:
            obs = state.observation(state.current_player())
            seen_known += any(k for seat, k in enumerate(obs.known) if seat != obs.seat)
            seen_pending += any(obs.pending_pozzetto)
    assert seen_known and seen_pending


def test_the_hidden_cards_are_dealt_afresh_not_copied_from_the_real_state():
    game, states = positions("fibur", 4, hands=1, every=20)
    state = states[1]
    obs = state.observation(0)
    hands = {tuple(game.sample_hidden_state(obs, random.Random(i)).hand_cards(1)) for i in range(8)}
    assert len(hands) > 1
    rng = random.Random(1)
    assert game.sample_hidden_state(obs, random.Random(3)).to_json() == \
        game.sample_hidden_state(obs, random.Random(3)).to_json()
    assert game.sample_hidden_state(obs, rng).hand_cards(0) == state.hand_cards(0)


def test_the_sample_is_a_function_of_the_observation_alone():
    """Two real states that differ only in the cards the seat cannot see give the same
    samples from the same seed: the sampler never reads the real hidden cards."""
    game, states = positions("fibur", 4, hands=1, every=15)
    for state in states[1:4]:
        seat = state.current_player()
        obs = state.observation(seat)
        other = game.sample_hidden_state(obs, random.Random(77))
        assert other.observation(seat) == obs
        assert [other.hand_cards(s) for s in range(4)] != [state.hand_cards(s) for s in range(4)]
        samples = [HiddenSampler(game, s.observation(seat)).sample(random.Random(5)) for s in (state, other)]
        assert samples[0].to_json() == samples[1].to_json()


def test_one_sampler_deals_afresh_each_time_and_agrees_with_the_games_sampler():
    game, states = positions("fibur", 2, hands=1, every=10)
    state = states[2]
    obs = state.observation(1)
    sampler = HiddenSampler(game, obs)
    rng = random.Random(8)
    stocks = {tuple(sampler.sample(rng)._stock) for _ in range(6)}
    assert len(stocks) == 6
    assert sampler.sample(random.Random(4)).to_json() == game.sample_hidden_state(obs, random.Random(4)).to_json()
    assert Counter(sampler.unseen) == state.all_cards() - Counter(obs.visible_cards())


def test_a_finished_hand_is_refused_with_the_reason():
    game, states = positions("fibur", 2, hands=1, every=1)
    last = states[-1].clone()
    while not last.is_terminal():
        last.apply(last.legal_actions()[0])
    with pytest.raises(ValueError, match="not in phase 'over'"):
        HiddenSampler(game, last.observation(0))
