"""Bridge in the terminal (tavolo play bridge): a person plays whole boards by typed calls
and cards, wrong moves are explained with the rule and nothing is played, the person sees
only their own hand (and the dummy's once shown), each board ends with its score, the
double-dummy result and the par; the command line refuses bad options."""

import io

from rich.console import Console
from typer.testing import CliRunner

from tavolo.bots.bridge import BridgeBot
from tavolo.cli import app
from tavolo.games.bridge import make_game
from tavolo.terminal.bridge import TerminalBridge

runner = CliRunner()


def test_a_person_plays_two_boards_in_the_terminal():
    game = make_game(board=1, boards=2)
    out = io.StringIO()
    typed = []

    def read(prompt):
        state = table.state
        typed.append("fly" if not typed else "8NT" if len(typed) == 1 else
                     "1NT" if len(typed) == 2 else state.action_to_string(state.legal_actions()[-1]))
        return typed[-1]

    table = TerminalBridge(game, {s: BridgeBot(seed=s, samples=1) for s in (1, 2, 3)}, seat=0,
                           console=Console(file=out, width=120), read=read, seed=5, lang="en")
    record = table.run()
    text = out.getvalue()
    assert "unknown move 'fly'" in text and "level 1-7" in text
    assert "Auction" in text and "Your hand" in text and "Double dummy" in text and "par" in text
    assert table.state.is_terminal() and record.result == table.state.returns()
    assert record.actions[0] == "1NT"


def test_cli_play_bridge_lists_moves_resumes_and_refuses_bad_options(tmp_path):
    result = runner.invoke(app, ["play", "bridge", "--seed", "1", "--lang", "en", "--samples", "1"],
                           input="moves\nquit\ny\n", env={"TAVOLO_HOME": str(tmp_path)})
    assert result.exit_code == 0 and "1NT" in result.output
    resumed = runner.invoke(app, ["play", "bridge", "--resume", "--lang", "en", "--samples", "1"],
                            input="quit\ny\n", env={"TAVOLO_HOME": str(tmp_path)})
    assert resumed.exit_code == 0 and "Auction" in resumed.output
    bad = runner.invoke(app, ["play", "bridge", "--scoring", "chicago", "--lang", "en"])
    assert bad.exit_code != 0 and "'duplicate' or 'rubber'" in " ".join(bad.output.split())


def test_the_table_speaks_italian_first():
    out = io.StringIO()
    table = TerminalBridge(make_game(), {s: BridgeBot(seed=s, samples=1) for s in (1, 2, 3)}, seat=0,
                           console=Console(file=out, width=120), read=lambda prompt: "quit", seed=2, lang="it")
    table.pause = None
    table.run()
    text = out.getvalue()
    assert "Licita" in text and "La tua mano" in text and "Smazzata 1" in text
