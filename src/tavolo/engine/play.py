"""Play a whole game between agents, recording it."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from tavolo.engine.agent import Agent
from tavolo.engine.game import Game
from tavolo.engine.record import GameRecord


def new_seed() -> int:
    """A seed from the operating system's entropy, for games with people."""
    return secrets.randbits(63)


def play(game: Game, agents: Sequence[Agent], seed: int | None = None,
         seat_names: Sequence[str] | None = None) -> GameRecord:
    """Play ``game`` to the end with ``agents[seat]`` choosing for each seat.

    Chance events (shuffles) use ``random.Random(seed)``; with no seed one is
    drawn from OS entropy and kept in the record.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs as many agents, not {len(agents)}")
    seed = new_seed() if seed is None else seed
    rng = random.Random(seed)
    names = list(seat_names) if seat_names else [type(a).__name__ for a in agents]
    record = GameRecord(game.name, game.options_json(), names, seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        seat = state.current_player()
        action = agents[seat].choose(state.observation(seat), state.legal_actions())
        record.actions.append(state.action_to_string(action))
        state.apply(action)
    record.result = state.returns()
    return record
