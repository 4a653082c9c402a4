"""The search in the compiled core (``_core.Ismcts``, ``_search.cpp``): the ismcts bot uses it
when its observation comes from a compiled state and its prior and rollout are heuristic bots
(the rollout level's twin in the core plays the rollouts there: easy by default); the Python
search (``tavolo.bots.ismcts``) stays the reference. Reproducible with a seed and an iteration
budget, every iteration visits the root once, a time budget stops it, it reads only the seat's
observation (another deal of the hidden cards, the same search), it closes when one discard
closes the hand (chiusura, codice art. 18)."""

from __future__ import annotations

import random
import time

import pytest

from tavolo.bots.ismcts import IsmctsBot, _Node
from tavolo.bots.registry import make_bot
from tavolo.games.burraco import make_game
from tavolo.games.burraco.native import NativeBurracoState, available
from tests.bots.helpers import cpu_on_a_shared_core

pytestmark = pytest.mark.skipif(not available(), reason="the compiled Burraco core is not built")


def strong_positions(players: int, hands: int, seed: int, every: int = 7) -> list[NativeBurracoState]:
    """Every ``every``-th decision with a choice of ``hands`` strong hands, compiled states."""
    game = make_game("fibur", players=players, target=None)
    bots = [make_bot("heuristic:strong", game, seat, seed=seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    found = []
    for _ in range(hands):
        state = NativeBurracoState(game)
        state.apply_chance(state.sample_chance(rng))
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append(state.clone())
            state.apply(bots[seat].choose(state.observation(seat), legal))
    return found[::every]


def search(state, seed: int = 1, **settings: str) -> IsmctsBot:
    seat = state.current_player()
    bot = IsmctsBot(state.game, seat, seed=seed, **settings)
    bot.last_action = bot.choose(state.observation(seat), state.legal_actions())
    return bot


def test_the_core_searches_a_compiled_observation_and_python_the_others():
    state = strong_positions(2, 1, seed=4)[3]
    core = search(state, iterations="50")
    assert core.last_root is None and core.last_iterations == 50 and core._core_searches
    python_state = state.to_python()
    bot = IsmctsBot(state.game, state.current_player(), seed=1, iterations="5")
    bot.choose(python_state.observation(bot.seat), python_state.legal_actions())
    assert isinstance(bot.last_root, _Node) and not bot._core_searches
    simple = search(state, iterations="5", rollout="simple")  # not a heuristic rollout: the Python search
    assert isinstance(simple.last_root, _Node)


@pytest.mark.parametrize("players", [2, 4])
def test_a_seed_and_an_iteration_budget_repeat_the_search_and_each_iteration_visits_the_root(players):
    for i, state in enumerate(strong_positions(players, 1, seed=players, every=11)[:6]):
        a, b = search(state, seed=i, iterations="120"), search(state, seed=i, iterations="120")
        assert a.last_action == b.last_action and a.last_visits == b.last_visits
        assert sum(a.last_visits.values()) == 120 == a.last_iterations
        assert a.last_visits[a.last_action] == max(a.last_visits.values())
    others = {tuple(sorted(search(state, seed=s, iterations="60").last_visits.items())) for s in range(4)}
    assert len(others) > 1, "another seed deals other determinizations"


@pytest.mark.parametrize("rollout", ["heuristic:easy", "simple"])  # searched in the core, and in Python
def test_a_cpu_clock_budget_is_the_searchs_own_cpu_time_however_loaded_the_core(rollout):
    """``clock=cpu``, as for pimc: the whole budget of the searching thread's CPU time on a core
    shared with a busy process; about half of it with the wall clock."""
    state = strong_positions(4, 1, seed=2)[5]
    used = cpu_on_a_shared_core(lambda clock: search(state, time="0.2", clock=clock, rollout=rollout))
    assert used["cpu"] >= 0.2
    assert used["wall"] < 0.16, "the busy process took part of the wall clock's 0.2 s"


def test_a_time_budget_stops_the_search():
    state = strong_positions(4, 1, seed=2)[5]
    start = time.perf_counter()
    bot = search(state, time="0.05")
    elapsed = time.perf_counter() - start
    assert bot.last_iterations > 20
    assert elapsed < 0.5
    assert sum(bot.last_visits.values()) == bot.last_iterations


def test_it_reads_only_the_seats_observation():
    """Another deal of the cards the seat cannot see (HiddenSampler, loaded into the core): the
    same iterations, visits and choice from the same seed."""
    game = make_game("fibur", players=2, target=None)
    for state in strong_positions(2, 1, seed=6, every=13)[1:5]:
        seat = state.current_player()
        other = NativeBurracoState.from_python(game.sample_hidden_state(state.observation(seat), random.Random(9)))
        assert other.observation(seat) == state.observation(seat)
        assert (other._raw()["hands"], other._raw()["stock"]) != (state._raw()["hands"], state._raw()["stock"])
        a, b = search(state, seed=3, iterations="80"), search(other, seed=3, iterations="80")
        assert (a.last_action, a.last_visits) == (b.last_action, b.last_visits)


def test_a_kept_observation_whose_state_moved_on_is_searched_in_python():
    state = strong_positions(2, 1, seed=4)[3]
    seat = state.current_player()
    moved = state.clone()
    observation, legal = moved.observation(seat), moved.legal_actions()
    moved.apply(legal[0])
    kept = IsmctsBot(state.game, seat, seed=2, iterations="20")
    action = kept.choose(observation, legal)
    assert isinstance(kept.last_root, _Node) and kept.last_iterations == 20 and action in legal


def test_one_legal_action_is_played_without_search():
    state = strong_positions(2, 1, seed=4)[2]
    bot = IsmctsBot(state.game, state.current_player(), seed=1, iterations="50")
    action = state.legal_actions()[0]
    assert bot.choose(state.observation(bot.seat), [action]) == action and bot.last_iterations == 0


def closes(state: NativeBurracoState, action: int) -> bool:
    """Whether ``action`` closes the hand for the seat (chiusura), with the forced moves after it."""
    seat = state.current_player()
    after = state.clone()
    after.apply(action)
    while after.phase == "play" and after.current_player() == seat and len(after.legal_actions()) == 1:
        after.apply(after.legal_actions()[0])
    return after.closed_by == seat


def closing_positions(players: int, hands: int, seed: int) -> list[tuple[NativeBurracoState, set[int]]]:
    """Decisions of strong hands where some action closes the hand for the seat's side at once
    and another does not."""
    found = []
    for state in strong_positions(players, hands, seed, every=1):
        if state.phase == "play":
            closing = {a for a in state.legal_actions() if closes(state, a)}
            if closing and len(closing) < len(state.legal_actions()):
                found.append((state, closing))
    return found


@pytest.mark.parametrize(("players", "hands"), [(2, 12), (4, 6)])
def test_it_closes_when_a_move_closes_the_hand(players, hands):
    found = closing_positions(players, hands, seed=players - 1)
    assert len(found) >= 5
    for i, (state, closing) in enumerate(found):
        assert search(state, seed=i, iterations="150").last_action in closing


def test_the_core_search_refuses_bad_input():
    from tavolo.games.burraco.native import _core

    state = strong_positions(2, 1, seed=4)[3]
    bot = search(state, iterations="10")
    core = next(iter(bot._core_searches.values()))
    view = state.observation(bot.seat).__dict__["_core_view"]
    with pytest.raises(ValueError, match="iteration budget"):
        core.search(view, state.legal_actions(), 0, 0.0, 1)
    with pytest.raises(TypeError):
        core.search(state.observation(bot.seat), state.legal_actions(), 10, 0.0, 1)
    with pytest.raises(TypeError):
        _core.Ismcts(None, (), 1.0, 2, 100.0, 0.0)
