"""Machiavelli in the browser's table service (tavolo.online.views): its lobby options build the
game, spectators never see a hand, the timer's move is always legal, and the view module
(static/views/machiavelli.js) is valid JavaScript."""

import shutil

import pytest

from tavolo.online.views import VIEWS, OptionError
from tests.online_checks import check_view_module_parses, play_watched

VIEW = VIEWS["machiavelli"]


def test_lobby_options_build_the_game():
    assert VIEW.build({}).options.hands == 4 and VIEW.build({"players": 7}).options.hand_size == 8
    with pytest.raises(OptionError, match="players"):
        VIEW.build({"players": 11})


def test_spectators_see_no_hand_and_the_timer_plays_legally():
    game = VIEW.build({"players": 3, "hands": 1})
    state, _ = play_watched(VIEW, game, timer_share=0.7)
    assert VIEW.results(state)[0].number == 0 and len(VIEW.hands(state)) == game.num_players


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_view_module_parses():
    check_view_module_parses("machiavelli")
