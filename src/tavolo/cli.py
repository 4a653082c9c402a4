"""The ``tavolo`` command line (Typer + Rich)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from tavolo.tournament_cli import app as tournament_app

app = typer.Typer(
    help="Tavolo: Italian card games, Burraco first. Play, count a hand, run a tournament.",
    no_args_is_help=True,
    add_completion=False,
)
play_app = typer.Typer(help="Play a game in the terminal against bots.", no_args_is_help=True)
burraco_app = typer.Typer(help="Burraco tools for the real table.", no_args_is_help=True)
app.add_typer(play_app, name="play")
app.add_typer(burraco_app, name="burraco")
app.add_typer(tournament_app, name="tournament")

RULES_HELP = "Rule set: fibur (default), fedibur1985 or internazionale."


@play_app.command("burraco")
def play_burraco(
    rules: str = typer.Option("fibur", help=RULES_HELP),
    players: int = typer.Option(4, min=2, max=6, help="Players at the table, you included."),
    target: int = typer.Option(2005, help="Match target: 505, 1005, 2005, 3005 or 5005."),
    seed: Optional[int] = typer.Option(None, help="Seed of the shuffles (default: unpredictable)."),
    record: Optional[Path] = typer.Option(None, help="Save the game record (JSON) to this file."),
) -> None:
    """Play Burraco against bots: you sit at seat 0 and play first.

    Example: tavolo play burraco --players 2 --target 505
    """
    from tavolo.bots.simple import SimpleBurracoBot
    from tavolo.games.burraco import make_game
    from tavolo.terminal.burraco import TerminalBurraco

    try:
        game = make_game(rules, players=players, target=target)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    bots = {s: SimpleBurracoBot(seed=None if seed is None else seed + s) for s in range(1, players)}
    try:
        result = TerminalBurraco(game, bots, seat=0, seed=seed).run()
    except (EOFError, KeyboardInterrupt):
        return
    if record:
        result.save(record)
        Console().print(f"Game record saved to {record}")


@burraco_app.command("score")
def burraco_score(
    file: Path = typer.Argument(..., help="The score sheet (text or JSON); '-' reads standard input."),
    rules: Optional[str] = typer.Option(None, help=RULES_HELP + " Overrides the sheet's 'rules:' line."),
    as_json: bool = typer.Option(False, "--json", help="Print the breakdown as JSON."),
) -> None:
    """Count the points of a hand played at a real table.

    The sheet lists, for each side, its melds, the cards left in each player's
    hand, whether it took its pozzetto and whether it closed:

    \b
        side: Noi
          closed: yes
          pozzetto: taken
          meld: 3h 4h 5h 6h 7h 8h 9h
          meld: Kd Kc Ks *(K)
          hand:
          hand: 7c 8d
        side: Loro
          pozzetto: not taken
          meld: Ah Ad As
          hand: Qs Qd 4c
          hand: 5h

    Example: tavolo burraco score hand.txt --rules internazionale
    """
    from tavolo.games.burraco.scoresheet import SheetError, parse_sheet, score_sheet

    text = sys.stdin.read() if str(file) == "-" else _read(file)
    try:
        sheet = parse_sheet(text, rules)
    except SheetError as exc:
        Console(stderr=True).print(f"[red]{file}: {exc}[/]")
        raise typer.Exit(1) from None
    scores = score_sheet(sheet)
    if as_json:
        out = {"rules": sheet.rules, "sides": [{"name": side.name, **score.to_json()}
                                                for side, score in zip(sheet.sides, scores)]}
        typer.echo(json.dumps(out, indent=1))
        return
    from tavolo.terminal.burraco import score_table

    Console().print(score_table(f"Burraco hand ({sheet.rules})", [side.name for side in sheet.sides], scores))


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise typer.BadParameter(f"cannot read {path}: {exc.strerror}") from None
