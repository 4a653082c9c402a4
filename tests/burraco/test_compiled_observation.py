"""A Python observation handed to the core (native.compiled_observation): how a search in the
core plays a web table or the terminal, which play on the Python state. The observation it makes
must be the seat's own, field for field, and the core's strong bot must choose on it what the
Python bot chooses on the original: only what the seat cannot see was dealt at random."""

from __future__ import annotations

import random

import pytest

from tavolo.bots.heuristic import HeuristicBurracoBot
from tavolo.games.burraco import make_game, native

pytestmark = pytest.mark.skipif(not native.available(), reason="the compiled core is not built")


@pytest.mark.parametrize("players", [2, 4, 3])
def test_a_python_observation_in_the_core_is_the_same_and_strong_chooses_alike(players):
    game = make_game("fibur", players=players, target=None)
    rng, checked, hands = random.Random(players), 0, 0
    while checked < 300:
        state = game.new_initial_state()
        state.apply_chance(state.sample_chance(rng))
        hands += 1
        while not state.is_terminal() and checked < 300:
            seat, legal = state.current_player(), state.legal_actions()
            obs = state.observation(seat)
            compiled = native.compiled_observation(game, obs, rng)
            assert compiled == obs and "_core_view" in compiled.__dict__
            python_bot, core_bot = HeuristicBurracoBot("strong", seed=1), HeuristicBurracoBot("strong", seed=1)
            assert core_bot.choose(compiled, legal) == python_bot.choose(obs, legal)
            checked += 1
            state.apply(rng.choice(legal))
    assert hands >= 1


def test_an_observation_of_the_core_is_loaded_afresh_and_equal():
    """A kept observation of the core whose state moved on is loaded again (a search refuses a
    view whose state moved on): the new one is equal and links to a state of its own."""
    game = make_game("fibur", players=2, target=None)
    state = native.NativeBurracoState(game)
    state.apply_chance(state.sample_chance(random.Random(2)))
    obs = state.observation(0)
    again = native.compiled_observation(game, obs, random.Random(1))
    assert again == obs and again.__dict__["_core_view"] is not obs.__dict__["_core_view"]
