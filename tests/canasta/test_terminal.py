"""Canasta in the terminal (tavolo play canasta): a person plays a whole hand by typed moves (the
simple bot's moves, typed), a wrong move is explained with its rule and nothing is played; the
command line starts in Italian, quits and refuses bad options."""

import pytest

from tavolo.bots.canasta import SimpleCanastaBot
from tavolo.games.canasta import make_game
from tavolo.terminal.canasta import TerminalCanasta
from tests.terminal_checks import assert_refused, moves_of, play_in_italian, play_typed


def test_a_person_plays_a_whole_hand_in_the_terminal():
    game = make_game(players=4, target=None)
    me = SimpleCanastaBot(seed=0)
    text, typed = play_typed(TerminalCanasta, game, {s: SimpleCanastaBot(seed=s) for s in (1, 2, 3)},
                             ["fly", "discard Qs"], moves_of(me), width=140)
    assert "unknown move 'fly'" in text and "a turn begins by drawing two cards" in text
    assert "Hand 1:" in text and "Winner" in text and "canaste" in text
    assert any(t.startswith("lay") for t in typed)


def test_the_table_speaks_italian_by_default():
    result = play_in_italian("canasta", "mosse\naiuto\nquit\ny\n")
    assert result.exit_code == 0 and "La tua mano" in result.output and "pesca" in result.output
    assert "cala 7h 7c 7s *" in result.output


@pytest.mark.parametrize("args, message", [(["--players", "5"], "less than or equal to 4"),
                                           (["--target", "0"], "target must be positive")])
def test_cli_play_refuses_bad_options(args, message):
    assert_refused("canasta", args, message)
