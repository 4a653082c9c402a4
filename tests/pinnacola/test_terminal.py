"""Pinnacola in the terminal (tavolo play pinnacola): a person plays a whole hand by typed moves, a
wrong move is explained with its rule and nothing is played, the person sees only their own
hand and the public pozzo and table; the command line starts, quits and refuses bad options."""

import pytest

from tavolo.bots.pinnacola import SimplePinnacolaBot
from tavolo.games.pinnacola import make_game
from tavolo.terminal.pinnacola import TerminalPinnacola
from tests.terminal_checks import assert_refused, last_legal, play_in_italian, play_typed


def test_a_person_plays_a_whole_hand_in_the_terminal():
    game = make_game(players=4, target=None)
    text, typed = play_typed(TerminalPinnacola, game, {s: SimplePinnacolaBot(seed=s) for s in (1, 2, 3)},
                             ["fly", "discard Kh"], last_legal, width=140)
    assert "unknown move 'fly'" in text and "a turn begins by drawing" in text
    assert "Hand 1:" in text and "Winner" in text and "points of the hand" in text
    assert len(typed) > 3


def test_the_table_speaks_italian_by_default():
    result = play_in_italian("pinnacola", "mosse\nquit\ny\n")
    assert result.exit_code == 0 and "La tua mano" in result.output and "Pozzo" in result.output


@pytest.mark.parametrize("args, message", [
    (["--players", "3", "--target", "1000"], "choose 1500, 2000 or 2500"),
    (["--cards", "14"], "choose 13, 15 or 19"),
    (["--joker", "20"], "25 or 30"),
    (["--clean-run", "5"], "from 7 cards, or 6"),
])
def test_cli_play_refuses_bad_options(args, message):
    assert_refused("pinnacola", args, message)
