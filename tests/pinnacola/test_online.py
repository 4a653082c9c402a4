"""Pinnacola in the browser's table service (tavolo.online.views): its lobby options build the
game, spectators never see a hand, the timer's move is always legal, and the view module
(static/views/pinnacola.js) is valid JavaScript."""

import shutil

import pytest

from tavolo.online.views import OptionError, VIEWS
from tests.online_checks import check_view_module_parses, play_watched

VIEW = VIEWS["pinnacola"]


def test_lobby_options_build_the_game():
    assert VIEW.family == "pinnacola" and VIEW.build({}).options.partnerships
    assert not VIEW.build({"players": 3}).options.partnerships
    with pytest.raises(OptionError, match="target"):
        VIEW.build({"target": 1000})


def test_spectators_see_no_hand_and_the_timer_plays_legally():
    game = VIEW.build({"players": 4, "target": None})
    state, chances = play_watched(VIEW, game, timer_share=0.5)
    assert chances == 1  # one deal: the pozzo is never reshuffled into a stock
    assert VIEW.results(state)[0].number == 0 and all(len(h) < 30 for h in VIEW.hands(state))


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_view_module_parses():
    check_view_module_parses("pinnacola")
