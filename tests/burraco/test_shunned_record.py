"""The observation's ``shunned``: per seat, the card types it let go this hand, each once: the
cards it discarded (scarto) and those of the discard pile it left when it drew from the stock
(the whole pile is in view, fedibur-1985 art. 4). Both are public: every viewer's observation
holds the same record, and it is exactly what replaying the public moves gives, on the reference
engine and in the compiled core, emptied at each new deal, kept by a clone, a save and a load."""

from __future__ import annotations

import random

import pytest

from tavolo.bots.simple import SimpleBurracoBot
from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import DISCARD_BASE, DRAW, OPEN_BASE

ENGINES = ["python"] + (["native"] if native.available() else [])


def new_state(engine: str, game):
    return game.new_initial_state() if engine == "python" else native.NativeBurracoState(game)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("rules", "players"), [("fibur", 2), ("fibur", 4), ("internazionale", 3), ("fibur", 6)])
def test_every_viewer_sees_the_discards_and_the_piles_each_seat_left(engine, rules, players):
    game = make_game(rules, players=players, target=None, hands=2)
    bots = [SimpleBurracoBot(seed=s) for s in range(players)]
    rng = random.Random(players * 7 + len(rules))
    state = new_state(engine, game)
    expected: list[set[int]] = []
    hands = draws = discards = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            expected = [set() for _ in range(players)]  # a new deal: nothing let go yet
            hands += 1
            continue
        seat = state.current_player()
        obs = state.observation(seat)
        for viewer in range(players):
            assert state.observation(viewer).shunned == tuple(tuple(sorted(cards)) for cards in expected)
        action = bots[seat].choose(obs, state.legal_actions())
        if action == DRAW:
            expected[seat] |= set(obs.pile)
            draws += bool(obs.pile)
        elif DISCARD_BASE <= action < OPEN_BASE:
            expected[seat].add(action - DISCARD_BASE)
            discards += 1
        state.apply(action)
    assert hands == 2 and draws > 10 and discards > 10


@pytest.mark.parametrize("engine", ENGINES)
def test_a_clone_a_save_and_a_load_keep_the_record(engine):
    game = make_game("fibur", players=2, target=None)
    bots = [SimpleBurracoBot(seed=s) for s in range(2)]
    rng = random.Random(5)
    state = new_state(engine, game)
    state.apply_chance(state.sample_chance(rng))
    for _ in range(30):
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    shunned = state.observation(0).shunned
    assert all(shunned)
    assert state.clone().observation(0).shunned == shunned
    data = state.to_json()
    assert [len(names) for names in data["shunned"]] == [len(cards) for cards in shunned]
    assert game.state_from_json(data).observation(0).shunned == shunned
    del data["shunned"]  # a game saved before the record resumes with none
    assert game.state_from_json(data).observation(0).shunned == ((), ())
