"""Ramino in the terminal (tavolo play ramino): a person plays a whole hand by typed moves, a
wrong move is explained with its rule and nothing is played, the person sees only their own
hand; the command line starts, quits and refuses bad options."""

import pytest

from tavolo.bots.ramino import SimpleRaminoBot
from tavolo.games.ramino import make_game
from tavolo.terminal.ramino import TerminalRamino
from tests.terminal_checks import assert_refused, last_legal, play_in_italian, play_typed


def test_a_person_plays_a_whole_hand_in_the_terminal():
    game = make_game(players=3, match=None)
    text, typed = play_typed(TerminalRamino, game, {s: SimpleRaminoBot(seed=s) for s in (1, 2)},
                             ["fly", "draw"], last_legal)
    assert "unknown move 'fly'" in text and "the first player takes the card turned up" in text
    assert "Hand 1:" in text and "Winner" in text and "loose cards" in text
    assert len(typed) > 3


def test_the_table_speaks_italian_by_default():
    result = play_in_italian("ramino", "mosse\nquit\ny\n")
    assert result.exit_code == 0 and "La tua mano" in result.output and "raccogli" in result.output


@pytest.mark.parametrize("args, message", [
    (["--closing", "3"], "choose 0 (a zero), 5 or 10"),
    (["--players", "7", "--cards", "13"], "choose 7, 9 or 10"),
    (["--match", "hands", "--closing", "10"], "fixed number of hands"),
    (["--joker", "30"], "25 or 20"),
])
def test_cli_play_refuses_bad_options(args, message):
    assert_refused("ramino", args, message)
