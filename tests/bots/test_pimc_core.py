"""Determinized rollouts of strong in the compiled core (``_core.Pimc``, ``_pimc.cpp``, the
``pimc`` bot): strong's choice first among the candidates, reproducible with a seed and a round
budget, a time budget stops it, it reads only the seat's observation (another deal of the hidden
cards, the same search), it closes when a move closes the hand (chiusura, codice art. 18) and it
loads the observation of a Python state into the core."""

from __future__ import annotations

import random
import time

import pytest

from tavolo.bots.heuristic import HeuristicBurracoBot
from tavolo.bots.pimc import PimcBot
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import DRAW, TAKE
from tavolo.games.burraco.native import NativeBurracoState, available
from tests.bots.helpers import cpu_on_a_shared_core
from tests.bots.test_ismcts_core import closing_positions, strong_positions

pytestmark = pytest.mark.skipif(not available(), reason="the compiled Burraco core is not built")


def search(state: NativeBurracoState, seed: int = 1, **settings: str) -> PimcBot:
    seat = state.current_player()
    bot = PimcBot(state.game, seat, seed=seed, **settings)
    bot.last_action = bot.choose(state.observation(seat), state.legal_actions())
    return bot


def test_strong_choice_comes_first_and_the_draw_weighs_draw_against_take():
    draws = [s for s in strong_positions(2, 2, seed=5, every=1) if TAKE in s.legal_actions()][:4]
    assert draws
    for state in draws:
        seat = state.current_player()
        strong = HeuristicBurracoBot("strong").choose(state.observation(seat), state.legal_actions())
        bot = search(state, rounds="12")
        assert bot.last_candidates[0][0] == strong
        assert {c[0] for c in bot.last_candidates} == {DRAW, TAKE}
        assert bot.last_rounds == bot.last_candidates[0][1] >= 4
        assert bot.last_action == strong or bot.last_candidates[1][2] > bot.settings.margin


@pytest.mark.parametrize("players", [2, 4])
def test_a_seed_and_a_round_budget_repeat_the_search(players):
    searched = 0
    for i, state in enumerate(strong_positions(players, 1, seed=players, every=5)[:10]):
        a, b = search(state, seed=i, rounds="20"), search(state, seed=i, rounds="20")
        assert (a.last_action, a.last_rounds, a.last_candidates) == (b.last_action, b.last_rounds, b.last_candidates)
        assert a.last_rounds <= 20
        searched += a.last_rounds > 0
    assert searched >= 3
    state = next(s for s in strong_positions(players, 1, seed=players, every=1) if TAKE in s.legal_actions())
    others = {search(state, seed=s, rounds="10", min_rounds="10").last_candidates for s in range(4)}
    assert len(others) > 1, "another seed deals other determinizations"


def test_a_time_budget_stops_the_search():
    state = next(s for s in strong_positions(4, 1, seed=2, every=1) if TAKE in s.legal_actions())
    start = time.perf_counter()
    bot = search(state, time="0.05", min_rounds="100000")  # no candidate dropped: only the time stops it
    elapsed = time.perf_counter() - start
    assert bot.last_rounds >= 2
    assert elapsed < 0.3


def test_a_cpu_clock_budget_is_the_searchs_own_cpu_time_however_loaded_the_core():
    """``clock=cpu``: a search sharing its core with a busy process still gets its whole budget
    of CPU time (an evaluation's bot, the same however loaded the machine); with the wall clock
    it gets about half of it."""
    state = next(s for s in strong_positions(4, 1, seed=2, every=1) if TAKE in s.legal_actions())
    used = cpu_on_a_shared_core(lambda clock: search(state, time="0.2", clock=clock, min_rounds="100000"))
    assert used["cpu"] >= 0.2
    assert used["wall"] < 0.16, "the busy process took part of the wall clock's 0.2 s"


def test_it_reads_only_the_seats_observation():
    """Another deal of the cards the seat cannot see (HiddenSampler, loaded into the core): the
    same rounds, candidates and choice from the same seed."""
    game = make_game("fibur", players=2, target=None)
    compared = 0
    for state in strong_positions(2, 1, seed=6, every=5)[1:8]:
        seat = state.current_player()
        other = NativeBurracoState.from_python(game.sample_hidden_state(state.observation(seat), random.Random(9)))
        assert other.observation(seat) == state.observation(seat)
        assert (other._raw()["hands"], other._raw()["stock"]) != (state._raw()["hands"], state._raw()["stock"])
        a, b = search(state, seed=3, rounds="16"), search(other, seed=3, rounds="16")
        assert (a.last_action, a.last_rounds, a.last_candidates) == (b.last_action, b.last_rounds, b.last_candidates)
        compared += a.last_rounds > 0
    assert compared >= 2


@pytest.mark.parametrize(("players", "hands"), [(2, 12), (4, 6)])
def test_it_closes_when_a_move_closes_the_hand(players, hands):
    """Strong closes in these positions; the search keeps the closing unless another move did
    better than it by the margin on the same deals (in one of 12 at 2 players: keeping the hand
    open scored 36 points more on 30 deals), and closes in most."""
    found = closing_positions(players, hands, seed=players - 1)
    assert len(found) >= 5
    closed = 0
    for i, (state, closing) in enumerate(found):
        bot = search(state, seed=i, rounds="30", melds="all")
        assert bot.last_candidates[0][0] in closing
        if bot.last_action in closing:
            closed += 1
        else:
            chosen = next(c for c in bot.last_candidates if c[0] == bot.last_action)
            assert chosen[2] > bot.settings.margin
    assert closed >= 0.8 * len(found)


def test_one_legal_action_is_played_without_search_and_a_python_state_is_loaded_into_the_core():
    state = strong_positions(2, 1, seed=4)[3]
    bot = PimcBot(state.game, state.current_player(), seed=1, rounds="10")
    action = state.legal_actions()[0]
    assert bot.choose(state.observation(bot.seat), [action]) == action and bot.last_rounds == 0
    python_state = state.to_python()
    legal = python_state.legal_actions()
    twin = PimcBot(state.game, bot.seat, seed=1, rounds="10")
    assert twin.choose(python_state.observation(bot.seat), legal) in legal and twin.last_candidates


def test_the_core_search_refuses_bad_input():
    from tavolo.games.burraco.native import _core

    state = strong_positions(2, 1, seed=4)[3]
    bot = search(state, rounds="4")
    core = next(iter(bot._searches.values()))
    view = state.observation(bot.seat).__dict__["_core_view"]
    with pytest.raises(ValueError, match="round budget"):
        core.search(view, state.legal_actions(), 0, 0.0, 1)
    with pytest.raises(ValueError, match="melds"):
        strong = bot._strong[0]._compiled(state.observation(0), bot._strong[0].weights(2))
        _core.Pimc(strong, (strong, strong), 3, 0.0, 1.0, 1, 0.0)
    with pytest.raises(ValueError, match="infer >= 0"):
        _core.Pimc(strong, (strong, strong), 1, 0.0, 1.0, 1, -1.0)
    with pytest.raises(ValueError, match="infer must be a number >= 0"):
        PimcBot(state.game, 0, infer="-1")
    with pytest.raises(ValueError, match="unknown setting"):
        PimcBot(state.game, 0, depth="2")
