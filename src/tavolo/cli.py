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
    help="Tavolo: Italian card games (Burraco, Scala 40, Briscola, Tressette). Play, count a hand, run a tournament.",
    no_args_is_help=True,
    add_completion=False,
)
play_app = typer.Typer(help="Play a game in the terminal against bots.", no_args_is_help=True)
burraco_app = typer.Typer(help="Burraco tools for the real table.", no_args_is_help=True)
app.add_typer(play_app, name="play")
app.add_typer(burraco_app, name="burraco")
app.add_typer(tournament_app, name="tournament")

RULES_HELP = "Rule set: fibur (default), fedibur1985 or internazionale."


SEED = typer.Option(None, help="Seed of the shuffles (default: unpredictable).")
RECORD = typer.Option(None, help="Save the game record (JSON) to this file.")


@play_app.command("burraco")
def play_burraco(
    rules: str = typer.Option("fibur", help=RULES_HELP),
    players: int = typer.Option(4, min=2, max=6, help="Players at the table, you included."),
    target: int = typer.Option(2005, help="Match target: 505, 1005, 2005, 3005 or 5005."),
    bot: str = typer.Option("heuristic:normal", help="The bots' spec: random, simple, heuristic:easy|normal|strong, "
                                                      "ismcts:time=1 (a second per move)."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Burraco against bots: you sit at seat 0 and play first.

    Example: tavolo play burraco --players 2 --target 505 --bot heuristic:strong
    """
    from tavolo.bots.registry import make_bot
    from tavolo.games.burraco import make_game
    from tavolo.terminal.burraco import TerminalBurraco

    game = _game(make_game, rules, players=players, target=target)
    try:
        make_bot(bot, game, seat=1)
    except (ValueError, TypeError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--bot") from None
    _play(TerminalBurraco, game, lambda seat, seed: make_bot(bot, game, seat, seed), seed, record)


@play_app.command("scala40")
def play_scala40(
    players: int = typer.Option(4, min=2, max=6, help="Players at the table, you included."),
    elimination: int = typer.Option(101, help="Points that put a player out: 101 or 201 (art. 8)."),
    single_hand: bool = typer.Option(False, "--single-hand", help="Play one hand instead of a match."),
    open_with_discard: bool = typer.Option(False, help="Variant art. 9a: take the last discard to open with it."),
    closing_in_hand: bool = typer.Option(False, help="Variant art. 9b: closing all at once doubles the points."),
    open_without_joker: bool = typer.Option(False, help="Variant art. 9c: no joker in an opening under 40 clean."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Scala 40 (FISCA rules) against bots: you sit at seat 0 and play first.

    Example: tavolo play scala40 --players 3 --elimination 201 --open-with-discard
    """
    from tavolo.bots.scala40 import SimpleScala40Bot
    from tavolo.games.scala40 import make_game
    from tavolo.terminal.scala40 import TerminalScala40

    game = _game(make_game, players=players, elimination=None if single_hand else elimination,
                 open_with_discard=open_with_discard, closing_in_hand=closing_in_hand,
                 open_without_joker=open_without_joker)
    _play(TerminalScala40, game, lambda seat, seed: SimpleScala40Bot(seed=seed), seed, record)


@play_app.command("briscola")
def play_briscola(
    players: int = typer.Option(2, min=2, max=4, help="2, 3 (a 2 taken out) or 4 (partners facing)."),
    rounds: int = typer.Option(1, help="A match of 1, 3 or 5 rounds."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Briscola against bots: you sit at seat 0 and lead first.

    Example: tavolo play briscola --players 4 --rounds 3
    """
    from tavolo.bots.briscola import SimpleBriscolaBot
    from tavolo.games.briscola import make_game
    from tavolo.terminal.briscola import TerminalBriscola

    game = _game(make_game, players=players, rounds=rounds)
    _play(TerminalBriscola, game, lambda seat, seed: SimpleBriscolaBot(seed=seed), seed, record)


@play_app.command("tressette")
def play_tressette(
    players: int = typer.Option(4, help="4 (partners facing) or 2 (drawing from the stock)."),
    target: int = typer.Option(31, help="Match target: 21, 31 or 41."),
    single_round: bool = typer.Option(False, "--single-round", help="Play one round instead of a match."),
    accusi: Optional[str] = typer.Option(None, help="Count accusi: 'declared' (you declare them) or 'automatic'."),
    ends_at_target: bool = typer.Option(False, help="The match ends the moment a side reaches the target."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Tressette against bots: you sit at seat 0.

    Example: tavolo play tressette --players 2 --target 21 --accusi declared
    """
    from tavolo.bots.tressette import SimpleTressetteBot
    from tavolo.games.tressette import make_game
    from tavolo.terminal.tressette import TerminalTressette

    game = _game(make_game, players=players, target=None if single_round else target, accusi=accusi,
                 ends_at_target=ends_at_target)
    _play(TerminalTressette, game, lambda seat, seed: SimpleTressetteBot(seed=seed), seed, record)


def _game(make_game, *args, **options):
    """The game, or the options' error as a bad parameter."""
    try:
        return make_game(*args, **options)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _play(terminal, game, make_bot, seed: Optional[int], record: Optional[Path]) -> None:
    """You at seat 0 against ``make_bot(seat, seed)`` in every other seat; the record saved if asked."""
    bots = {s: make_bot(s, None if seed is None else seed + s) for s in range(1, game.num_players)}
    try:
        result = terminal(game, bots, seat=0, seed=seed).run()
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


@app.command("arena")
def arena(
    bots: list[str] = typer.Argument(..., metavar="BOT",
                                     help="Bot specs: random, simple, heuristic:strong, ismcts:time=1, ..."),
    deals: int = typer.Option(1000, min=1, help="Duplicate deals per pair (each played at two tables)."),
    players: int = typer.Option(4, help="2 (one against one), 4 (partnerships) or 6 (teams of three)."),
    rules: str = typer.Option("fibur", help=RULES_HELP),
    seed: int = typer.Option(0, min=0, help="Seed of the deals: the same deals for every pair."),
    vs: Optional[str] = typer.Option(None, help="Play each bot only against this one, not a round robin."),
    workers: Optional[int] = typer.Option(None, min=1, help="Processes (default: every core)."),
    ray: Optional[str] = typer.Option(None, help="Play on the Ray cluster at this address ('auto' finds it)."),
    target: int = typer.Option(2005, help="Match target for the share of matches won."),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Save the results as JSON to this file."),
    plots: Optional[Path] = typer.Option(None, help="Save ratings.png and differences.png into this folder."),
) -> None:
    """Measure Burraco bots: duplicate deals (each dealt twice, sides swapped) between every pair.

    Example: tavolo arena heuristic:strong simple random --deals 2000 --json arena.json --plots arena/
    """
    from tavolo.arena import ArenaError, make_plan, run_plan, summarize
    from tavolo.arena.report import pair_table, progress_bar, rating_table, report_json

    try:
        plan = make_plan(bots, deals, players=players, rules=rules, seed=seed, vs=vs)
        with progress_bar(deals * len(plan.pairs)) as advance:
            results = run_plan(plan, workers=workers, ray_address=ray, progress=advance)
    except ArenaError as exc:
        raise typer.BadParameter(str(exc)) from None
    report = summarize(plan, results, target=target)
    console = Console()
    console.print(pair_table(report), rating_table(report))
    if json_path:
        json_path.write_text(json.dumps(report_json(report), indent=1), encoding="utf-8")
        console.print(f"Results saved to {json_path}")
    if plots:
        from tavolo.arena.plots import save_plots

        console.print(f"Plots saved: {', '.join(map(str, save_plots(report, plots)))}")
