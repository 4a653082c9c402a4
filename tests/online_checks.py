"""What the rummy games' table-service tests check alike (tests/<game>/test_online.py): a
game played to its end through a ``tavolo.online.views`` view, the timer's move or a random
one at each turn, where every frame a spectator gets hides the hands; and that the game's
browser view module (static/views/<name>.js) is valid JavaScript."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

VIEWS_DIR = Path(__file__).resolve().parents[1] / "src" / "tavolo" / "server" / "static" / "views"


def play_watched(view: Any, game: Any, timer_share: float, seed: int = 3) -> tuple[Any, int]:
    """Play ``game`` to its end: at each turn the timer's move with probability ``timer_share``,
    else a random legal one, each asserted legal; every public frame (what spectators get) is
    asserted to hold no hand and no seat, and to be JSON. Returns the final state and how many
    chance nodes (deals, reshuffles) were met."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    chances = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            chances += 1
            continue
        public = view.public(state.observation(state.current_player()).to_json())
        assert "hand" not in public and public["seat"] is None
        json.dumps(public)
        action = view.timer_action(state) if rng.random() < timer_share else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply(action)
    return state, chances


def check_view_module_parses(name: str) -> None:
    """``node --check`` accepts static/views/``name``.js."""
    subprocess.run(["node", "--check", str(VIEWS_DIR / f"{name}.js")], check=True)
