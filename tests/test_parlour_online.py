"""The parlour games at the online tables (tavolo.online.views, family "parlour"): what a spectator
is sent is the same whichever seat it is read from (nothing private to one seat gets through:
hands, the monte the dealer looks at, Perlina's dropped cards), every game builds from the lobby's
defaults, and the table's timer can play a whole game (the do-nothing move first)."""

import json
import random

import pytest

from tavolo.online.views import VIEWS

from tests.simulation import random_walk

PARLOUR = ["petrangola", "perlina", "mercante"]


@pytest.mark.parametrize("name", PARLOUR)
def test_a_spectator_sees_the_same_from_every_seat(name):
    view = VIEWS[name]
    game = view.build({})
    for step, state in enumerate(random_walk(game.new_initial_state(), random.Random(4))):
        if step % 5:
            continue
        seen = [view.public(state.observation(seat).to_json()) for seat in range(game.num_players)]
        assert all(s == seen[0] for s in seen), f"{name}: a spectator's view depends on the seat"
        json.dumps(seen[0])


@pytest.mark.parametrize("name", PARLOUR)
def test_the_timer_plays_a_whole_game(name):
    view = VIEWS[name]
    game = view.build({"players": 4})
    state, rng = game.new_initial_state(), random.Random(1)
    for _ in range(20000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(view.timer_action(state))
    assert state.is_terminal() and view.info()["family"] == "parlour"
