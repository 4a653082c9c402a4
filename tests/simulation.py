"""Random simulation for any Tavolo game, as OpenSpiel tests every game: complete games
under uniformly random legal play, checking after every action that the deck's cards are
all accounted for and that there is a legal action until the end; for the seat on turn that
its observation is JSON data and shows nothing it may not know (the game's own check); and,
at random points, that a JSON round trip gives the same state and legal actions and that
resampling the hidden cards leaves every seat's observation unchanged (so the observation
depends on nothing hidden from that seat)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

from tavolo.engine.game import Game, State


def check_round_trip(game: Game, state: State, rng: random.Random) -> None:
    data = json.loads(json.dumps(state.to_json()))
    again = game.state_from_json(data)
    assert again.to_json() == data
    assert again.legal_actions() == state.legal_actions()
    for seat in range(game.num_players):
        obs = state.observation(seat)
        assert game.sample_hidden_state(obs, rng).observation(seat) == obs


def random_walk(state: State, rng: random.Random) -> Iterator[State]:
    """Play ``state`` to its end by uniformly random legal actions, chance nodes
    resolved with ``rng``, yielding it before each decision."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        yield state
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])


def random_games(game: Game, games: int, seed: int, *, max_decisions: int, round_trip_rate: float = 0.01,
                 check_observation: Callable[[State, int], None] | None = None) -> Iterator[State]:
    """Play ``games`` complete games; yield each final state for the caller's checks."""
    rng = random.Random(seed)
    deck = game.deck_counts
    for _ in range(games):
        state = game.new_initial_state()
        for decisions, state in enumerate(random_walk(state, rng)):
            assert decisions < max_decisions, "a game did not end"
            assert state.all_cards() == deck
            assert state.legal_actions(), "a player on turn with no legal action"
            seat = state.current_player()
            json.dumps(state.observation(seat).to_json())
            if check_observation:
                check_observation(state, seat)
            if rng.random() < round_trip_rate:
                check_round_trip(game, state, rng)
        assert state.all_cards() == deck
        yield state


def resample_hidden(game: Game, seed: int, limit: int = 10_000) -> tuple[int, int]:
    """Walk a random game; at each decision re-deal what the seat on turn cannot see and check
    that its observation is the same and the deck whole. Returns (decisions, how many re-deals
    changed another seat's hand): a sampler that changed nothing would prove nothing."""
    rng = random.Random(seed + 1)
    decisions = changed = 0
    for decisions, state in enumerate(random_walk(game.new_initial_state(), random.Random(seed))):
        seat = state.current_player()
        obs = state.observation(seat)
        world = game.sample_hidden_state(obs, rng)
        assert world.observation(seat) == obs and world.all_cards() == game.deck_counts
        changed += any(world.hand_cards(s) != state.hand_cards(s) for s in range(game.num_players) if s != seat)
        if decisions >= limit:
            break
    return decisions + 1, changed
