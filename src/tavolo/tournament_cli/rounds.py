"""Seating, pairing and score entry: the round-by-round work."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from tavolo.tournament import commands
from tavolo.tournament.clock import TIME_OUT_RULES, RoundClock
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.importing import read_points, read_scores
from tavolo.tournament.results import missing_tables, table_outcome
from tavolo.tournament.seating import Seating, new_seed
from tavolo.tournament_cli.app import app
from tavolo.tournament_cli.common import (
    DEFAULT_DB,
    Author,
    Db,
    Name,
    _,
    console,
    open_tournament,
    parse_numbers,
    refusals,
    show_round,
)

Start = Annotated[str, typer.Option(help="The round's starting time, printed on the papers (e.g. 21:15).")]
RepairShifts = Annotated[
    bool, typer.Option(help="Repair a Mitchell shift plan that repeats a meeting, instead of refusing it.")
]


@app.command()
@refusals
def seat(
    draw: Annotated[bool, typer.Option("--draw", help="Sorteggio: a seeded random draw.")] = False,
    seed: Annotated[
        int | None, typer.Option(help="The draw's seed (default: a fresh one, printed and recorded).")
    ] = None,
    choice: Annotated[str, typer.Option(help="A scelta dell'arbitro: the numbers in seating order, '3 1 4 2'.")] = "",
    start: Start = "",
    repair_shifts: RepairShifts = False,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Seat round 1 (codice art. 2): registration order by default, --draw, or --choice.

    Consecutive entrants in the seating order share a table (1st N/S v 2nd E/W at table 1, ...).

    Examples:

    `tavolo tournament seat --draw` (prints the seed, so the draw can be shown fair)

    `tavolo tournament seat --choice "4 1 3 2 6 5" --start 21:00`
    """
    if draw and choice:
        raise TournamentError("seat by --draw or by --choice, not both")
    method = Seating.DRAW if draw else Seating.CHOICE if choice else Seating.REGISTRATION
    seed = (new_seed() if seed is None else seed) if draw else None
    order = parse_numbers(choice) if choice else None
    handle = open_tournament(db, tournament, author)
    handle.do(lambda t: commands.seat(t, method, seed=seed, order=order, repair=repair_shifts, start=start))
    show_round(handle.tournament, handle.tournament.round(1))


@app.command()
@refusals
def pair(
    start: Start = "",
    repair_shifts: RepairShifts = False,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Pair and publish the next round by its phase's system (Danish, Mitchell, round robin).

    Danish rounds need every result of the round before; a phase split into groups is formed here.

    Example: `tavolo tournament pair --start 22:00`
    """
    handle = open_tournament(db, tournament, author)
    handle.do(lambda t: commands.pair(t, repair=repair_shifts, start=start))
    show_round(handle.tournament, handle.tournament.last_round)


@app.command()
@refusals
def tables(
    round_number: Annotated[
        int | None, typer.Argument(metavar="[ROUND]", help="Default: the last round paired.")
    ] = None,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
) -> None:
    """Show a round's table assignment, and which tables still miss their score.

    Example: `tavolo tournament tables 3`
    """
    t = open_tournament(db, tournament).tournament
    played = t.round(round_number or len(t.rounds))
    show_round(t, played)
    missing = missing_tables(t, played)
    if missing:
        console.print(_("to enter: tables {items}", items=", ".join(map(str, missing))))


@app.command()
@refusals
def swap(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    first: Annotated[int, typer.Argument(metavar="A", help="An entrant's number.")],
    second: Annotated[int, typer.Argument(metavar="B", help="Another entrant's number.")],
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Swap two entrants' places in a round that has not started; says which rules that breaks.

    Example: `tavolo tournament swap 4 12 15`
    """
    handle = open_tournament(db, tournament, author)
    handle.do(lambda t: commands.swap(t, round_number, first, second))
    show_round(handle.tournament, handle.tournament.round(round_number))


@app.command("re-pair")
@refusals
def re_pair(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    table: Annotated[list[str], typer.Option(help="A table 'NS-EW' in table order, e.g. 3-7 (individuals: 1+2-3+4).")],
    bye: Annotated[list[str] | None, typer.Option(help="A side that rests (riposo).")] = None,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Replace a round's pairing, not started yet, by your own; says which rules it breaks.

    Example: `tavolo tournament re-pair 2 --table 1-4 --table 2-3 --bye 5`
    """
    tables_ = [tuple(_side(part) for part in _halves(text)) for text in table]
    byes = [_side(text) for text in bye or []]
    handle = open_tournament(db, tournament, author)
    handle.do(lambda t: commands.repair_round(t, round_number, tables_, byes))
    show_round(handle.tournament, handle.tournament.round(round_number))


def _halves(text: str) -> list[str]:
    halves = text.split("-")
    if len(halves) != 2:
        raise TournamentError("table {text!r}: write N/S-E/W, e.g. 3-7", text=text)
    return halves


def _side(text: str) -> tuple[int, ...]:
    return tuple(parse_numbers(text.replace("+", " ")))


@app.command()
@refusals
def score(
    round_number: Annotated[int | None, typer.Argument(metavar="[ROUND]")] = None,
    table: Annotated[int | None, typer.Argument(metavar="[TABLE]")] = None,
    ns: Annotated[str, typer.Option(help="N/S points: a total, or the deals joined by + (450+300+205).")] = "",
    ew: Annotated[str, typer.Option(help="E/W points, likewise.")] = "",
    correct: Annotated[bool, typer.Option(help="Correct a score already entered (codice art. 19).")] = False,
    reason: Annotated[str, typer.Option(help="Why a correction, for the log.")] = "",
    file: Annotated[Path | None, typer.Option(help="A CSV of score cards: round,table,ns,ew[,correction].")] = None,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Enter a table's score card (both sides, multiples of 5), or a whole file of them.

    Examples:

    `tavolo tournament score 2 5 --ns 450+300+205 --ew 120+95+630`

    `tavolo tournament score 2 5 --ns 955 --ew 845 --correct --reason "somma errata"`

    `tavolo tournament score --file turno2.csv`
    """
    handle = open_tournament(db, tournament, author)
    if file is not None:
        rows = read_scores(file)
        steps = [
            (f"{file.name} line {row.line}", _entry(row.round, row.table, row.ns, row.ew, row.correction, reason))
            for row in rows
        ]
        events = handle.do(lambda t: commands.in_sequence(t, steps))
        console.print(_("entered {count_events} score cards from {name}", count_events=len(events), name=file.name))
        return
    if round_number is None or table is None:
        raise TournamentError("give ROUND and TABLE with --ns and --ew, or --file")
    where = _("round {round} table {table}", round=round_number, table=table)
    entry = _entry(
        round_number, table, read_points(ns, f"{where} N/S"), read_points(ew, f"{where} E/W"), correct, reason
    )
    event = handle.do(entry)[0]
    played = handle.tournament.round(round_number)
    ns_side, ew_side = table_outcome(handle.tournament, played, played.tables[table])
    console.print(
        _(
            "{where}: N/S {points} - E/W {points2}, MP {mp:+d}, VP {vp}-{vp2}",
            where=where,
            points=ns_side.points,
            points2=ew_side.points,
            mp=ns_side.mp,
            vp=ns_side.vp,
            vp2=ew_side.vp,
        )
    )
    if getattr(event, "pairing_kept", False):
        console.print(_("round {value} was published: its pairing stays (codice art. 19 b)", value=round_number + 1))


def _entry(round_number: int, table: int, ns: tuple[int, ...], ew: tuple[int, ...], correction: bool, reason: str):
    if correction:
        return lambda t: commands.correct_score(t, round_number, table, ns, ew, reason)
    return lambda t: commands.enter_score(t, round_number, table, ns, ew)


@app.command()
@refusals
def clock(
    action: Annotated[str, typer.Argument(help="start, pause, resume, add or show.")] = "show",
    minutes: Annotated[int, typer.Argument(help="For add: minutes to add (negative to take away).")] = 0,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """The last round's clock (codice art. 5): start it, pause, resume, add minutes, or show what is left.

    Examples: `tavolo tournament clock start`, `tavolo tournament clock add 5`, `tavolo tournament clock`
    """
    handle = open_tournament(db, tournament, author)
    now = datetime.now(UTC)
    if action != "show":
        handle.do(lambda t: commands.clock(t, action, now, minutes))
    t = handle.tournament
    played = t.round(len(t.rounds))
    reading = (t.clocks.get(played.number) or RoundClock(played.number, t.config.round_minutes)).reading(now)
    left = _("round {round}: {minutes}:{seconds:02d} left of {total} minutes", round=reading.round,
             minutes=reading.remaining_s // 60, seconds=reading.remaining_s % 60, total=reading.minutes)  # fmt: skip
    state = (
        "time out"
        if reading.time_out
        else "running"
        if reading.running
        else "paused"
        if reading.started
        else "not started"
    )
    console.print(f"{left} ({_(state)})")
    if reading.time_out:
        console.print(_(TIME_OUT_RULES[t.config.timeout]))


@app.command()
@refusals
def undo(db: Db = DEFAULT_DB, tournament: Name = None, author: Author = None) -> None:
    """Take back the last action (a score, a pairing, a registration ...); the log keeps it, marked undone.

    Example: `tavolo tournament undo`
    """
    handle = open_tournament(db, tournament, author)
    seqs = handle.undo()
    console.print(_("undone: events {numbers}", numbers=", ".join(map(str, seqs))))
