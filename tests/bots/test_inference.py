"""Determinizations that read what the others let go (``pimc:infer``; ``_search.cpp``'s
``deal_weighted``, the reference ``HiddenSampler(..., infer)``): every hard constraint kept (the
seat's own observation, the cards taken from the pile, the deck, a legal action for the player
on turn), ``infer=0`` the uniform deals and pimc's play exactly as before, and with ``infer`` > 0
the cards that go with what an opponent let go (its rank, its suit within two places) land in
his hand measurably less often, in the core as in the reference."""

from __future__ import annotations

import hashlib
import math
import random

import pytest

from tavolo.bots.registry import make_bot
from tavolo.games.burraco import make_game
from tavolo.games.burraco.cards import MATES
from tavolo.games.burraco.hidden import HiddenSampler
from tavolo.games.burraco.native import NativeBurracoState, available, raw_of
from tests.bots.helpers import decisions
from tests.bots.test_core_determinization import check_determinization
from tests.bots.test_hidden_sampling import positions
from tests.bots.test_ismcts_core import strong_positions

pytestmark = pytest.mark.skipif(not available(), reason="the compiled Burraco core is not built")


@pytest.mark.parametrize(("rules", "players"), [("fibur", 2), ("internazionale", 2), ("fibur", 3), ("fibur", 4),
                                                ("fedibur1985", 6)])
def test_a_weighted_deal_keeps_every_hard_constraint_in_the_core_and_the_reference(rules, players):
    game, states = positions(rules, players, hands=2, every=9)
    rng = random.Random(players)
    weighed = 0
    for i, state in enumerate(states):
        real = NativeBurracoState.from_python(state)
        for seat in {state.current_player(), (state.current_player() + 1) % players}:
            obs = state.observation(seat)
            weighed += any(obs.shunned)
            check_determinization(game, real, seat, seed=i, infer=2.0)
            sample = HiddenSampler(game, obs, infer=2.0).sample(rng)
            assert sample.observation(seat) == obs and sample.all_cards() == game.deck_counts
            assert sample.legal_actions()
            for other, known in enumerate(obs.known):
                held = sample.hand_cards(other)
                assert all(held.count(card) >= known.count(card) for card in known)
    assert weighed >= 10


def test_infer_0_deals_exactly_the_uniform_deals():
    for state in strong_positions(4, 1, seed=3, every=9)[:6]:
        seat = state.current_player()
        assert any(state.observation(seat).shunned) or state.observation(seat).turn_number == 0
        for seed in (1, 2):
            assert state.determinize(seat, seed, 0.0)._raw() == state.determinize(seat, seed)._raw()
            assert state.determinize(seat, seed, 1.0)._raw() != state.determinize(seat, seed)._raw() or \
                not any(state.observation(seat).shunned)


def pimc_digest(players: int, seeds: range, spec: str) -> tuple[int, str]:
    """Whole hands of ``spec`` at the even seats against strong, seeded: how many actions, and
    a hash of them in order."""
    game = make_game("fibur", players=players, target=None)
    sha, n = hashlib.sha256(), 0
    for _, _, action in decisions(game, seeds, new_state=NativeBurracoState, make_bot=lambda seat, seed: make_bot(
            spec if seat % 2 == 0 else "heuristic:strong", game, seat, seed=seed)):
        sha.update(action.to_bytes(2, "big"))
        n += 1
    return n, sha.hexdigest()[:16]


@pytest.mark.parametrize(("players", "seeds", "expected"), [(2, range(100, 103), (690, "8f1344b2d5406b16")),
                                                            (4, range(100, 101), (110, "ccf48d582d0957c2"))])
def test_infer_0_plays_exactly_as_pimc_did_before_it(players, seeds, expected):
    """The digests were taken before ``infer`` existed: the same choices, with and without it."""
    assert pimc_digest(players, seeds, "pimc:rounds=8") == expected
    assert pimc_digest(players, seeds, "pimc:rounds=8,infer=0") == expected
    assert pimc_digest(players, seeds, "pimc:rounds=8,infer=2") != expected


def _position():
    """The first decision of a seeded strong hand where the opponent of the seat on turn has let
    go three card types or more and hides five cards or more in hand."""
    for state in strong_positions(2, 1, seed=5, every=1):
        seat = state.current_player()
        obs = state.observation(seat)
        if len(obs.shunned[1 - seat]) >= 3 and obs.hand_sizes[1 - seat] - len(obs.known[1 - seat]) >= 5:
            return state, seat
    raise AssertionError("no such position")


def _mates_held(hands: list, known: list, opponent: int, mates: set[int]) -> int:
    """Copies of ``mates`` dealt into the opponent's hand (the cards known there left out)."""
    return sum(hands[opponent][c] - known[opponent][c] for c in mates)


def test_the_cards_that_go_with_what_the_opponent_let_go_land_in_his_hand_less_often():
    """Over 3000 deals (seeds 0-2999) in the core and 600 in the reference, the mates of the
    cards the opponent let go fill his hidden cards as the uniform share says with infer=0
    (within 4 standard errors) and at most 0.6 of it with infer=2, in both."""
    state, seat = _position()
    opponent = 1 - seat
    obs = state.observation(seat)
    sampler = HiddenSampler(state.game, obs)
    mates = {c for c in set(sampler.unseen) if MATES[c] & set(obs.shunned[opponent])}
    slots = obs.hand_sizes[opponent] - len(obs.known[opponent])
    in_pool = sum(1 for c in sampler.unseen if c in mates)
    share = in_pool * slots / len(sampler.unseen)  # the uniform deal's mean: a hypergeometric's
    spread = math.sqrt(share * (1 - in_pool / len(sampler.unseen)) * (len(sampler.unseen) - slots)
                       / (len(sampler.unseen) - 1))
    assert share >= 1.5 and 0 < in_pool < len(sampler.unseen)

    def core_mean(infer: float, runs: int = 3000) -> float:
        total = 0
        for seed in range(runs):
            raw = state.determinize(seat, seed, infer)._raw()
            total += _mates_held(raw["hands"], raw["known"], opponent, mates)
        return total / runs

    def reference_mean(infer: float, runs: int = 600) -> float:
        rng, weighted, total = random.Random(17), HiddenSampler(state.game, obs, infer), 0
        for _ in range(runs):
            raw = raw_of(weighted.sample(rng))
            total += _mates_held(raw["hands"], raw["known"], opponent, mates)
        return total / runs

    assert abs(core_mean(0.0) - share) < 4 * spread / math.sqrt(3000)
    assert abs(reference_mean(0.0) - share) < 4 * spread / math.sqrt(600)
    assert core_mean(2.0) < 0.6 * share
    assert reference_mean(2.0) < 0.6 * share
    assert abs(core_mean(2.0) - reference_mean(2.0)) < 4 * spread / math.sqrt(600)
