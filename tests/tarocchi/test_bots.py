"""The simple Tarocchi bot beats uniformly random play on duplicate deals (tests/bot_margin.py),
at three and at four in partnership: the lower end of the 95% interval of its margin in points
per match is above zero."""

import pytest

from tavolo.bots.tarocchi import SimpleTarocchiBot
from tavolo.games.tarocchi import make_game

from tests.bot_margin import duplicate_margin


@pytest.mark.parametrize("players, deals", [(3, 8), (4, 6)])
def test_the_simple_bot_beats_random_play(players, deals):
    mean, half = duplicate_margin(make_game(players=players), SimpleTarocchiBot, deals=deals)
    assert mean - half > 0, (mean, half)
