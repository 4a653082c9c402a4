"""What the rummy games' terminal tests do alike (tests/<game>/test_terminal.py): a person at
seat 0 types some moves, then a strategy's, through a whole game; ``tavolo play <game>`` is run
in Italian (the default) with typed input; and a bad option is refused with its message."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from tavolo.cli import app

runner = CliRunner()


def play_typed(terminal: type, game: Any, bots: dict[int, Any], scripted: Sequence[str],
               then: Callable[[Any], str], width: int = 120) -> tuple[str, list[str]]:
    """Play ``game`` at ``terminal`` (seed 5, English) typing ``scripted`` first, then
    ``then(state)`` at each turn; asserts it ends with the record's result the state's returns.
    Returns what it printed and what was typed."""
    out = io.StringIO()
    typed: list[str] = []

    def read(prompt: str) -> str:
        typed.append(scripted[len(typed)] if len(typed) < len(scripted) else then(table.state))
        return typed[-1]

    table = terminal(game, bots, seat=0, console=Console(file=out, width=width), read=read, seed=5, lang="en")
    record = table.run()
    assert table.state.is_terminal() and record.result == table.state.returns()
    return out.getvalue(), typed


def last_legal(state: Any) -> str:
    """The notation of the last legal action (a person who always picks it)."""
    return state.action_to_string(state.legal_actions()[-1])


def moves_of(bot: Any) -> Callable[[Any], str]:
    """A person at seat 0 who types what ``bot`` would play."""
    return lambda state: state.action_to_string(bot.choose(state.observation(0), state.legal_actions()))


def play_in_italian(game: str, typed: str) -> Any:
    """``tavolo play <game> --players 2 --seed 1`` with no language set, ``typed`` as input
    and its own home folder; the CLI's result."""
    return runner.invoke(app, ["play", game, "--players", "2", "--seed", "1"], input=typed,
                         env={"TAVOLO_HOME": f"/tmp/tavolo-test-{game}", "TAVOLO_LANG": ""})


def assert_refused(game: str, args: list[str], message: str) -> None:
    """``tavolo play <game> <args>`` fails, saying ``message`` (in English: TAVOLO_LANG=en)."""
    result = runner.invoke(app, ["play", game, *args], env={"TAVOLO_LANG": "en"})
    assert result.exit_code != 0 and message in " ".join(result.output.split())
