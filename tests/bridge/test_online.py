"""Bridge in the browser's table service (tavolo.online.views): its lobby options build
the game, spectators never see a hand, the timer's move is legal in the auction and the
play, and the bridge view module is valid JavaScript."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tavolo.online.views import OptionError, VIEWS

VIEW = VIEWS["bridge"]
MODULE = Path(__file__).resolve().parents[2] / "src" / "tavolo" / "server" / "static" / "views" / "bridge.js"


def test_lobby_options_build_the_game():
    assert VIEW.family == "bridge" and VIEW.build({"scoring": "rubber"}).options.scoring == "rubber"
    assert VIEW.build({}).options.boards == 4
    with pytest.raises(OptionError, match="scoring"):
        VIEW.build({"scoring": "chicago"})


def test_spectators_see_no_hand_and_the_timer_plays_legally():
    game = VIEW.build({"boards": 1})
    state = game.new_initial_state()
    rng = random.Random(3)
    state.apply_chance(state.sample_chance(rng))
    while not state.is_terminal():
        seat = state.current_player()
        public = VIEW.public(state.observation(seat).to_json())
        assert "hand" not in public and public["seat"] is None
        json.dumps(public)
        action = VIEW.timer_action(state) if rng.random() < 0.5 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply(action)
    assert VIEW.results(state)[0].number == 1


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_view_module_parses():
    subprocess.run(["node", "--check", str(MODULE)], check=True)
