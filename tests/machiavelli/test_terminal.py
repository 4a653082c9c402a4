"""Machiavelli in the terminal (tavolo play machiavelli): a person plays whole hands by typed
moves (here the solver bot's moves, typed one by one), a wrong move is explained with its rule
and nothing is played, the person sees only their own hand; the command line starts in Italian,
quits and refuses bad options."""

import pytest

from tavolo.bots.machiavelli import SolverMachiavelliBot
from tavolo.games.machiavelli import make_game
from tavolo.terminal.machiavelli import TerminalMachiavelli
from tests.terminal_checks import assert_refused, moves_of, play_in_italian, play_typed


def test_a_person_plays_whole_hands_in_the_terminal():
    game = make_game(players=3, hands=2)
    me = SolverMachiavelliBot()
    text, typed = play_typed(TerminalMachiavelli, game, {s: SolverMachiavelliBot(seed=s) for s in (1, 2)},
                             ["fly", "put Ah Ah Ah to new"], moves_of(me))
    assert "unknown move 'fly'" in text
    assert "Hand 2:" in text and "Winner" in text and "points of the hand" in text
    assert "You could lay" in text and any(t.startswith("put") for t in typed[2:])


def test_the_table_speaks_italian_by_default():
    result = play_in_italian("machiavelli", "mosse\naiuto\nquit\ny\n")
    assert result.exit_code == 0 and "La tua mano" in result.output and "pesca" in result.output
    assert "metti 4h 5h 6h a nuova" in result.output


@pytest.mark.parametrize("args, message", [
    (["--players", "7", "--cards", "13"], "deal 8"),
    (["--cards", "10"], "choose 13 or 8"),
    (["--players", "11"], "less than or equal to 10"),
])
def test_cli_play_refuses_bad_options(args, message):
    assert_refused("machiavelli", args, message)
