"""What the director reads and hands out: standings, histories, the log, PDFs and exports."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from tavolo.tournament import export as exporting
from tavolo.tournament.standings import history as entrant_history
from tavolo.tournament.standings import rankings
from tavolo.tournament_cli.app import app
from tavolo.tournament_cli.common import (
    DEFAULT_DB,
    Db,
    Name,
    console,
    open_store,
    open_tournament,
    refusals,
    tournament_name,
)

After = Annotated[int | None, typer.Option(help="Standings after this round (default: the last paired).")]


@app.command()
@refusals
def standings(
    after: After = None,
    group: Annotated[
        str, typer.Option(help="Only this ranking: 'A' for Girone A, 'general' for the general one.")
    ] = "",
    db: Db = DEFAULT_DB,
    tournament: Name = None,
) -> None:
    """The standings: VP, then MP, then total points (fedibur art. 9); group rankings and prizes when split.

    Examples: `tavolo tournament standings`, `tavolo tournament standings --after 3 --group B`
    """
    t = open_tournament(db, tournament).tournament
    for ranking in rankings(t, after):
        if group and not (
            ranking.title.endswith(f" {group.upper()}")
            or (group == "general" and ranking.title.startswith("Classifica"))
        ):
            continue
        winners = ranking.prize_winners()
        table = Table(
            "Pos.",
            "N.",
            "Nome",
            "VP",
            "MP",
            "Punti",
            "G",
            "R",
            "Amm.",
            "Premio",
            title=f"{t.config.name} - {ranking.title}",
        )
        for place, line in zip(ranking.places(), ranking.lines):
            prize = str(winners.index(line.number) + 1) if line.number in winners else ""
            name = line.name + (" (ritirata)" if line.withdrawn else "")
            warnings = (
                str(line.warnings) + (f" (-{line.penalty_vp} VP)" if line.penalty_vp else "") if line.warnings else ""
            )
            table.add_row(
                str(place),
                str(line.number),
                name,
                str(line.vp),
                str(line.mp),
                str(line.points),
                str(line.played),
                str(line.rested),
                warnings,
                prize,
            )
        console.print(table)
    console.print("G played, R rested (riposo), Amm. warnings (ammonizioni)")


@app.command()
@refusals
def history(
    number: Annotated[int, typer.Argument(help="The entrant's number.")],
    db: Db = DEFAULT_DB,
    tournament: Name = None,
) -> None:
    """An entrant's round-by-round history: table, seat, opponents, points, MP, VP and notes.

    Example: `tavolo tournament history 12`
    """
    t = open_tournament(db, tournament).tournament
    table = Table(
        "Turno",
        "Tavolo",
        "Linea",
        "Avversari",
        "Punti",
        "Contro",
        "MP",
        "VP",
        "Note",
        title=f"{number} {t.entrant(number).name}",
    )
    for row in entrant_history(t, number):
        cells = [
            row.round,
            row.table,
            row.seat,
            "+".join(map(str, row.opponents)),
            row.points_for,
            row.points_against,
            row.mp,
            row.vp,
            row.note,
        ]
        table.add_row(*("" if c is None else str(c) for c in cells))
    console.print(table)


@app.command()
@refusals
def log(
    last: Annotated[int, typer.Option(help="Only the last N events (0: all).")] = 0,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
) -> None:
    """The event log: every change with its number, time and author, from which the standings are rebuilt.

    Example: `tavolo tournament log --last 20`
    """
    store = open_store(db)
    name = tournament_name(store, tournament)
    table = Table("N.", "Quando (UTC)", "Chi", "Evento", "Dati", title=f"{name} - registro")
    logged = store.log(name)
    for entry in logged[-last:] if last else logged:
        data = json.dumps(entry.payload, ensure_ascii=False)
        table.add_row(
            str(entry.seq), entry.recorded_at.strftime("%Y-%m-%d %H:%M:%S"), entry.author, entry.kind, data[:120]
        )
    console.print(table)


class Paper(StrEnum):
    TABLES = "tables"
    CARDS = "cards"
    STANDINGS = "standings"


@app.command("print")
@refusals
def print_papers(
    paper: Annotated[
        Paper, typer.Argument(help="tables (assegnazione tavoli), cards (score), standings (classifica).")
    ],
    round_number: Annotated[int | None, typer.Option("--round", help="The round (default: the last paired).")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The PDF file (default: a name from the paper and round).")
    ] = None,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
) -> None:
    """Write a PDF to hand out: table assignments, score cards with the VP table, or standings.

    Examples: `tavolo tournament print tables`, `tavolo tournament print cards --round 3 -o score3.pdf`
    """
    from tavolo.tournament import printing  # ReportLab loads only to print

    t = open_tournament(db, tournament).tournament
    number = round_number or len(t.rounds)
    path = output or Path(f"{paper.value}-{number}.pdf")
    if paper is Paper.TABLES:
        printing.table_assignments(t, number, path)
    elif paper is Paper.CARDS:
        printing.score_cards(t, number, path)
    else:
        printing.standings_sheet(t, path, number)
    console.print(f"wrote {path}")


class Export(StrEnum):
    STANDINGS = "standings"
    RESULTS = "results"
    JSON = "json"


@app.command("export")
@refusals
def export_data(
    what: Annotated[Export, typer.Argument(help="standings (CSV), results (CSV) or json (everything).")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The file (default: print to the screen).")
    ] = None,
    after: After = None,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
) -> None:
    """Export standings or results as CSV, or the whole tournament as JSON.

    Examples: `tavolo tournament export standings -o classifica.csv`, `tavolo tournament export json`
    """
    t = open_tournament(db, tournament).tournament
    if what is Export.STANDINGS:
        text = exporting.standings_csv(t, after)
    elif what is Export.RESULTS:
        text = exporting.results_csv(t)
    else:
        text = json.dumps(exporting.tournament_json(t), ensure_ascii=False, indent=1)
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        console.print(f"wrote {output}")
