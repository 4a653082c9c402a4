"""The determinization in the compiled core (``NativeBurracoState.determinize``, ``_search.cpp``)
against :class:`~tavolo.games.burraco.hidden.HiddenSampler`, the reference: the seat's own
observation and every public field unchanged, the cards others took from the discard pile
(public, fedibur-1985 art. 4) kept in their hands, the deck's cards all there, the player on
turn with a legal action, each unseen card landing in each hidden place (another hand, a
pozzetto taken with the discard and not yet seen, codice art. 21.4, a pozzetto, the stock) as
often as the reference's deals put it there, and nothing read that the seat cannot see."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from tavolo.games.burraco import make_game
from tavolo.games.burraco.hidden import HiddenSampler
from tavolo.games.burraco.native import NativeBurracoState, available, raw_of
from tests.bots.test_hidden_sampling import PLAYERS, RULE_SETS, play_out_hand, positions

pytestmark = pytest.mark.skipif(not available(), reason="the compiled Burraco core is not built")


def native(state) -> NativeBurracoState:
    return NativeBurracoState.from_python(state)


def check_determinization(game, real: NativeBurracoState, seat: int, seed: int, infer: float = 0.0
                          ) -> NativeBurracoState:
    obs = real.observation(seat)
    sample = real.determinize(seat, seed, infer)
    assert sample.observation(seat) == obs
    assert sample.observation(seat).to_json() == obs.to_json()
    assert sample.all_cards() == game.deck_counts
    assert sample.legal_actions(), "the player on turn has no legal action"
    if seat == real.current_player():
        assert sample.legal_actions() == real.legal_actions()
    for other, known in enumerate(obs.known):
        held = Counter(sample.hand_cards(other))
        assert all(held[card] >= n for card, n in Counter(known).items()), "a card taken from the pile moved"
    assert sample.history == [] and sample.hand_results == []
    return sample


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("players", PLAYERS)
def test_every_determinization_keeps_the_seats_view_the_known_cards_and_the_deck(rules, players):
    game, states = positions(rules, players, hands=2, every=9)
    assert len(states) >= 10
    for i, state in enumerate(states):
        real = native(state)
        for seat in {state.current_player(), (state.current_player() + 1) % players}:
            sample = check_determinization(game, real, seat, seed=i * 7 + seat)
            if i % 5 == 0:
                play_out_hand(sample, random.Random(i))


def test_later_hands_of_a_match_and_the_hard_cases_are_met():
    game, states = positions("fibur", 4, hands=1, every=7, target=1005)
    later = [s for s in states if s.observation(0).hand_number > 0]
    assert later
    for i, state in enumerate(later):
        check_determinization(game, native(state), state.current_player(), seed=i)
    known = pending = 0
    for players in (2, 4):
        game, states = positions("fibur", players, hands=6, every=1)
        for i, state in enumerate(states):
            obs = state.observation(state.current_player())
            has_known = any(k for seat, k in enumerate(obs.known) if seat != obs.seat)
            if has_known or any(obs.pending_pozzetto):
                known += has_known
                pending += any(obs.pending_pozzetto)
                check_determinization(game, native(state), obs.seat, seed=i)
    assert known and pending


def test_the_determinization_is_a_function_of_the_observation_alone():
    """Two real states that differ only in the cards the seat cannot see give the same
    determinization from the same seed: the core never reads the real hidden cards."""
    game, states = positions("fibur", 4, hands=1, every=15)
    for state in states[1:5]:
        seat = state.current_player()
        obs = state.observation(seat)
        other = game.sample_hidden_state(obs, random.Random(77))
        assert other.observation(seat) == obs
        assert [other.hand_cards(s) for s in range(4)] != [state.hand_cards(s) for s in range(4)]
        for seed in (1, 2, 3):
            raws = [native(s).determinize(seat, seed)._raw() for s in (state, other)]
            assert raws[0] == raws[1]
        deals = {tuple(native(state).determinize(seat, seed).hand_cards((seat + 1) % 4)) for seed in range(6)}
        assert len(deals) == 6


def _places(raw: dict, seat: int, card: int) -> list[int]:
    """Copies of ``card`` in each hidden place of a state's fields: the others' hands (less
    the cards known there), each seat's unseen pozzetto, each pozzetto, the stock."""
    counts = []
    for other, hand in enumerate(raw["hands"]):
        if other != seat:
            counts.append(hand[card] - raw["known"][other][card])
    counts += [pending.count(card) for pending in raw["pending"]]
    counts += [cards.count(card) for cards, _, _ in raw["pozzetti"]]
    counts.append(raw["stock"].count(card))
    return counts


def _chi_square_limit(df: int, z: float = 3.72) -> float:
    """The chi-square quantile at the standard normal's ``z`` (3.72: p = 0.0001),
    Wilson and Hilferty's approximation."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _chi_square(observed: list[int], expected: list[float]) -> tuple[float, int]:
    cells = [(o, e) for o, e in zip(observed, expected) if e > 0]
    return sum((o - e) ** 2 / e for o, e in cells), len(cells) - 1


@pytest.mark.parametrize(("players", "position"), [(2, 3), (4, 4)])
def test_an_unseen_card_lands_in_each_hidden_place_as_often_as_the_references_deals_put_it(players, position):
    game, states = positions("fibur", players, hands=1, every=9)
    state = states[position]
    seat = state.current_player()
    obs = state.observation(seat)
    sampler = HiddenSampler(game, obs)
    card = Counter(sampler.unseen).most_common(1)[0][0]
    copies = sampler.unseen.count(card)
    slots = _places({"hands": [[obs.hand_sizes[s]] * 53 for s in range(players)],
                     "known": [[len(obs.known[s])] * 53 for s in range(players)],
                     "pending": [[card] * n for n in obs.pending_pozzetto],
                     "pozzetti": [([card] * p.size, 0, False) for p in obs.pozzetti],
                     "stock": [card] * obs.stock_size}, seat, card)
    assert sum(slots) == len(sampler.unseen)
    real = native(state)
    core, reference = [0] * len(slots), [0] * len(slots)
    runs_core, runs_reference = 6000, 1500
    for seed in range(runs_core):
        for k, n in enumerate(_places(real.determinize(seat, seed)._raw(), seat, card)):
            core[k] += n
    rng = random.Random(11)
    for _ in range(runs_reference):
        for k, n in enumerate(_places(raw_of(sampler.sample(rng)), seat, card)):
            reference[k] += n
    assert sum(core) == copies * runs_core and sum(reference) == copies * runs_reference
    for observed, runs in ((core, runs_core), (reference, runs_reference)):
        stat, df = _chi_square(observed, [copies * runs * n / sum(slots) for n in slots])
        assert stat < _chi_square_limit(df), (observed, slots)
    # the two engines' counts side by side (a 2 x places homogeneity test)
    total = [a + b for a, b in zip(core, reference)]
    grand = sum(total)
    stat = sum((obs_ - exp) ** 2 / exp
               for row, n_row in ((core, sum(core)), (reference, sum(reference)))
               for obs_, exp in ((row[k], n_row * total[k] / grand) for k in range(len(total))) if exp > 0)
    assert stat < _chi_square_limit(sum(1 for t in total if t) - 1)


def test_a_seed_repeats_its_deal_and_another_seed_deals_afresh():
    game, states = positions("fibur", 2, hands=1, every=10)
    real = native(states[2])
    assert real.determinize(1, 9)._raw() == real.determinize(1, 9)._raw()
    assert real.determinize(1, 9)._raw() != real.determinize(1, 10)._raw()


def test_refusals():
    game = make_game("fibur", players=2, target=None)
    state = NativeBurracoState(game)
    with pytest.raises(ValueError, match="not between hands"):
        state.determinize(0, 1)
    state.apply_chance(state.sample_chance(random.Random(1)))
    with pytest.raises(ValueError, match="seat 2 is not at this table"):
        state.determinize(2, 1)
    with pytest.raises(OverflowError):
        state.determinize(0, -1)
