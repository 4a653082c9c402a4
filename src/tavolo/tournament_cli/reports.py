"""What the director reads and hands out: standings, histories, the log, PDFs and exports."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated
from urllib.parse import quote

import typer
from rich.table import Table

from tavolo.tournament import export as exporting
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.naming import check_event_name
from tavolo.tournament.standings import history as entrant_history
from tavolo.tournament.wording import note_text, seat_text
from tavolo.tournament.standings import rankings
from tavolo.tournament_cli.app import app
from tavolo.tournament_cli.common import (
    DEFAULT_DB,
    Db,
    Name,
    _,
    console,
    open_store,
    open_tournament,
    output_file,
    refusals,
    tournament_name,
    words,
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
        awarded = ranking.awarded()
        headers = ("Pl.", "No.", "Name", "VP", "MP", "Points", "P", "R", "Warn.", "Club", "Prize")
        table = Table(*map(_, headers), title=f"{t.config.name} - {ranking.title}")
        for place, line in zip(ranking.places(), ranking.lines):
            prize = str(awarded.get(line.number, ""))
            name = _("{name} (withdrawn)", name=line.name) if line.withdrawn else line.name
            warnings = (
                str(line.warnings) + (f" (-{line.penalty_vp} VP)" if line.penalty_vp else "") if line.warnings else ""
            )
            club = t.entrants[line.number].club
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
                club,
                prize,
            )
        console.print(table)
        tied = ranking.tie_at_prize_line()
        if tied:
            rule = _(t.config.prize_ties.value)
            tied_numbers = ", ".join(map(str, tied))
            console.print(
                _("ex aequo across the last prize: {numbers} (declared rule: {rule})", numbers=tied_numbers, rule=rule)
            )
    console.print(_("P played, R rested (riposo), Warn. warnings (ammonizioni)"))


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
    headers = ("Round", "Table", "Line", "Opponents", "Points", "Against", "MP", "VP", "Notes")
    table = Table(*map(_, headers), title=f"{number} {t.entrant(number).name}")
    for row in entrant_history(t, number):
        cells = [
            row.round,
            row.table,
            seat_text(row.seat, words()),
            "+".join(map(str, row.opponents)),
            row.points_for,
            row.points_against,
            row.mp,
            row.vp,
            note_text(row.note, words()),
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
    headers = ("No.", "When (UTC)", "Who", "Event", "Data")
    table = Table(*map(_, headers), title=_("{name} - log", name=name))
    logged = store.log(name)
    for entry in logged[-last:] if last else logged:
        data = json.dumps(entry.payload, ensure_ascii=False)
        table.add_row(
            str(entry.seq), entry.recorded_at.strftime("%Y-%m-%d %H:%M:%S"), entry.author, entry.kind, data[:120]
        )
    console.print(table)


class Paper(StrEnum):
    TABLES = "tables"
    NAMES = "names"
    CARDS = "cards"
    MOVEMENT = "movement"
    GROUPS = "groups"
    STANDINGS = "standings"
    SHEETS = "sheets"


@app.command("print")
@refusals
def print_papers(
    paper: Annotated[
        Paper,
        typer.Argument(
            help="tables (assegnazione tavoli), names (players A-Z -> table), cards (score cards with QR codes), "
            "movement (Mitchell cards of the moving line), groups (girone labels), standings (classifica), "
            "sheets (each entrant's results)."
        ),
    ],
    round_number: Annotated[int | None, typer.Option("--round", help="The round (default: the last paired).")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The PDF file (default: a name from the paper and round).")
    ] = None,
    url: Annotated[
        str | None,
        typer.Option(envvar="TAVOLO_URL", help="The address of Tavolo's pages in the hall, for the cards' QR codes "
                     "(default: the one set at the desk, else http://127.0.0.1:8000)."),
    ] = None,
    landscape: Annotated[bool, typer.Option(help="The standings on A4 landscape (default portrait).")] = False,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
) -> None:
    """Write a PDF to hand out or pin up.

    Examples: `tavolo tournament print tables`, `tavolo tournament print cards --round 3 -o score3.pdf --url
    http://192.168.1.20:8000`, `tavolo tournament print names`, `tavolo tournament print sheets`
    """
    from tavolo.tournament import printing  # ReportLab loads only to print

    handle = open_tournament(db, tournament)
    t = handle.tournament
    number = round_number or len(t.rounds)
    path = output_file(output or Path(f"{paper.value}-{number}.pdf"))
    if paper is Paper.TABLES:
        printing.table_assignments(t, number, path, words=words())
    elif paper is Paper.NAMES:
        printing.names_list(t, number, path, words=words())
    elif paper is Paper.CARDS:
        address = url or t.hall_address or "http://127.0.0.1:8000"
        printing.score_cards_issuing(t, handle.do, number, path, table_url(address, t.config.name), words=words())
    elif paper is Paper.MOVEMENT:
        printing.movement_cards(t, number, path, words=words())
    elif paper is Paper.GROUPS:
        printing.group_labels(t, path, words=words())
    elif paper is Paper.SHEETS:
        printing.result_sheets(t, path, words=words())
    else:
        printing.standings_sheet(t, path, number, words=words(), landscape=landscape)
    console.print(_("wrote {path}", path=path))


def table_url(base: str, name: str) -> str:
    """The address of a table's page (``{table}`` left to fill), as the score cards' QR codes carry it."""
    return f"{base.rstrip('/')}/torneo/{quote(name, safe='')}/tavolo/{{table}}"


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
    path = output_file(output) if output is not None else None
    t = open_tournament(db, tournament).tournament
    if what is Export.STANDINGS:
        text = exporting.standings_csv(t, after)
    elif what is Export.RESULTS:
        text = exporting.results_csv(t)
    else:
        text = json.dumps(exporting.tournament_json(t), ensure_ascii=False, indent=1)
    if path is None:
        typer.echo(text, nl=False)
    else:
        path.write_text(text, encoding="utf-8")
        console.print(_("wrote {output}", output=output))


@app.command()
@refusals
def backup(
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The backup file (default: the tournament's name .json).")
    ] = None,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
) -> None:
    """Save the whole tournament (its log with authors and times) to one file that `restore` rebuilds exactly.

    Example: `tavolo tournament backup -o martedi.json`, then on another machine
    `tavolo tournament restore martedi.json`
    """
    from tavolo.store.backup import backup as backup_of

    store = open_store(db)
    name = tournament_name(store, tournament)
    path = output_file(output or Path(f"{_file_name(name)}.json"))
    data = backup_of(store, name)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    console.print(_("wrote {path}: {count} events of {name}", path=path, count=len(data["events"]), name=name))


@app.command()
@refusals
def restore(
    path: Annotated[Path, typer.Argument(help="A file written by `tavolo tournament backup`.")],
    db: Db = DEFAULT_DB,
) -> None:
    """Recreate a tournament from its backup file, exactly as it was (log, authors, times).

    Example: `tavolo tournament restore martedi.json --db circolo.sqlite`
    """
    from tavolo.store.backup import restore as restore_from

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise TournamentError("cannot read {path}: {strerror}", path=path, strerror=error.strerror) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise TournamentError("{path}: not a Tavolo tournament backup (not JSON)", path=path) from None
    except RecursionError:
        raise TournamentError("{path}: brackets nested too deeply to read", path=path) from None
    store = open_store(db)
    if isinstance(data, dict) and isinstance(data.get("name"), str) and data["name"] not in store.names():
        check_event_name(data["name"], store.names())  # the same name exactly is refused by the restore itself
    try:
        handle = restore_from(store, data)
    except (TypeError, AttributeError, KeyError, IndexError) as error:  # a log edited by hand into nonsense
        raise TournamentError("{path}: a damaged backup ({error})", path=path, error=error) from None
    console.print(
        _("restored {name}: {version} events", name=handle.tournament.config.name, version=handle.tournament.version)
    )


def _file_name(name: str) -> str:
    """A tournament's name as a file name: letters, digits and dashes."""
    return "".join(c if c.isalnum() else "-" for c in name).strip("-") or "torneo"
