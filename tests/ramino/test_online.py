"""Ramino in the browser's table service (tavolo.online.views): its lobby options build the
game, spectators never see a hand, the timer's move is always legal, and the view module
(static/views/ramino.js) is valid JavaScript."""

import shutil

import pytest

from tavolo.online.views import OptionError, VIEWS
from tests.online_checks import check_view_module_parses, play_watched

VIEW = VIEWS["ramino"]


def test_lobby_options_build_the_game():
    assert VIEW.family == "ramino" and VIEW.build({"players": 3, "closing_limit": 10}).options.decks == 1
    assert VIEW.build({}).options.match == "101"
    with pytest.raises(OptionError, match="closing_limit"):
        VIEW.build({"closing_limit": 3})
    with pytest.raises(OptionError, match="closes only a zero") as refused:
        VIEW.build({"match": "hands", "closing_limit": 5})  # fiches close only a zero (seed)
    assert refused.value.field == "options"                 # the rules refuse the options together


def test_spectators_see_no_hand_and_the_timer_plays_legally():
    game = VIEW.build({"players": 3, "match": None})
    state, _ = play_watched(VIEW, game, timer_share=0.5)
    assert VIEW.results(state)[0].number == 0 and len(VIEW.hands(state)) == 3


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_view_module_parses():
    check_view_module_parses("ramino")
