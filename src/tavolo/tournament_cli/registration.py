"""Creating a tournament and registering its field (iscrizioni)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from tavolo.tournament import commands
from tavolo.tournament.config import Kind, TournamentConfig
from tavolo.tournament.importing import read_entrants
from tavolo.tournament_cli.app import app
from tavolo.tournament_cli.common import (
    DEFAULT_DB,
    Author,
    Db,
    Name,
    Phases,
    Rounds,
    SystemName,
    console,
    open_store,
    open_tournament,
    plan,
    refusals,
)


@app.command()
@refusals
def new(
    name: Annotated[str, typer.Argument(help="The tournament's name, unique in the database.")],
    kind: Annotated[Kind, typer.Option(help="coppie (pairs), squadre (teams) or individuale.")] = Kind.PAIRS,
    deals: Annotated[int, typer.Option(help="Deals (smazzate) per round: 2, 3 or 4 (codice art. 5, 17).")] = 3,
    rounds: Rounds = 6,
    system: SystemName = "",
    phase: Phases = None,
    minutes: Annotated[int, typer.Option(help="Minutes per round (default by deals: 30, 40, 50; codice art. 5).")] = 0,
    internazionale: Annotated[
        bool, typer.Option(help="Use the VP table of one deal more (codice art. 17, last line).")
    ] = False,
    sessions: Annotated[
        str, typer.Option(help="Rounds per session, e.g. 4,4: a pair rests once per session (art. 34).")
    ] = "",
    prizes: Annotated[int, typer.Option(help="Prizes in each ranking (the first N).")] = 3,
    db: Db = DEFAULT_DB,
    author: Author = None,
) -> None:
    """Create a tournament.

    Examples:

    `tavolo tournament new "Martedì al circolo" --deals 3 --rounds 6 --system modified`

    `tavolo tournament new "ARCA" --phase mitchell:3:shifts=2 --phase modified:3:groups=3`

    `tavolo tournament new "Squadre" --kind teams --deals 4 --system roundrobin --rounds 7`
    """
    phases = plan(kind, system, rounds, phase)
    split = tuple(int(s) for s in sessions.split(",")) if sessions else ()
    config = TournamentConfig(name, kind, deals, minutes, internazionale, phases, split, prizes)
    open_store(db).create(config, author)
    table = config.table
    console.print(
        f"created [bold]{name}[/]: {kind.value}, {config.rounds} rounds of {deals} deals "
        f"({config.round_minutes} minutes), VP table {table.name}, riposo {table.bye_vp} VP"
    )
    for index, p in enumerate(phases, start=1):
        groups = f" in {p.groups} groups" if p.groups > 1 else ""
        console.print(f"  phase {index}: {p.rounds} rounds, {p.system.label}{groups}")


@app.command("list")
@refusals
def list_tournaments(db: Db = DEFAULT_DB) -> None:
    """List the tournaments in the database, oldest first."""
    for name in open_store(db).names():
        console.print(name)


@app.command()
@refusals
def add(
    players: Annotated[
        list[str], typer.Argument(help="The players: two for a pair, four to eight for a team, one for an individual.")
    ],
    name: Annotated[
        str, typer.Option(help="The entry's name (a team needs one; a pair's defaults to its players).")
    ] = "",
    club: Annotated[str, typer.Option(help="Club (circolo).")] = "",
    fill_bye: Annotated[
        bool, typer.Option(help="A late pair completes this round's tavolo incompleto (codice art. 34).")
    ] = False,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Register a pair, team or player; after the start it joins from the next round.

    Examples:

    `tavolo tournament add "Anna Rossi" "Bruno Bianchi" --club "Circolo Roma"`

    `tavolo tournament add Verdi Neri --fill-bye` (late pair, takes the incomplete table)
    """
    handle = open_tournament(db, tournament, author)
    events = handle.do(lambda t: commands.register(t, players, name, club, fill_bye=fill_bye))
    entry = events[0]
    console.print(
        f"registered [bold]{entry.number}[/] {entry.name}"
        + (f" from round {entry.joined_round}" if entry.joined_round > 1 else "")
    )


@app.command("import")
@refusals
def import_entrants(
    path: Annotated[Path, typer.Argument(help="A .csv (comma, semicolon or tab) or .xlsx file with a header row.")],
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Register the entrants of a CSV or Excel file: all of them, or none if a line is wrong.

    Columns (English or Italian): name/nome, player1/giocatore1, player2/giocatore2, ..., club/circolo.

    Example: `tavolo tournament import iscritti.xlsx`
    """
    handle = open_tournament(db, tournament, author)
    rows = read_entrants(path, handle.tournament.config.kind)

    def register_all(t):
        steps = [
            (f"{path.name} line {row.line}", lambda s, row=row: commands.register(s, row.players, row.name, row.club))
            for row in rows
        ]
        return commands.in_sequence(t, steps)

    events = handle.do(register_all)
    console.print(f"registered {len(events)} entrants from {path.name}")


@app.command()
@refusals
def entrants(db: Db = DEFAULT_DB, tournament: Name = None) -> None:
    """List the entrants with their players, club, late arrival or withdrawal."""
    t = open_tournament(db, tournament).tournament
    table = Table("N.", "Nome", "Giocatori", "Circolo", "Note", title=f"{t.config.name} - iscritti ({len(t.entrants)})")
    for e in t.entrants.values():
        notes = []
        if e.joined_round > 1:
            notes.append(f"from round {e.joined_round}")
        if e.withdrawn_from is not None:
            notes.append(f"withdrawn from round {e.withdrawn_from}")
        table.add_row(str(e.number), e.name, ", ".join(e.players), e.club, "; ".join(notes))
    console.print(table)


@app.command()
@refusals
def withdraw(
    number: Annotated[int, typer.Argument(help="The entrant's number.")],
    reason: Annotated[str, typer.Option(help="Why, for the log.")] = "",
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Withdraw an entrant (ritiro, codice art. 33): results played stand, future opponents rest.

    Example: `tavolo tournament withdraw 17 --reason "malore"`
    """
    handle = open_tournament(db, tournament, author)
    event = handle.do(lambda t: commands.withdraw(t, number, reason))[0]
    console.print(f"{number} withdrawn from round {event.from_round}")


@app.command()
@refusals
def substitute(
    number: Annotated[int, typer.Argument(help="The entrant's number.")],
    old: Annotated[str, typer.Argument(help="The player leaving, as registered.")],
    new_player: Annotated[str, typer.Argument(metavar="NEW", help="The player coming in.")],
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Replace a player (sostituzione), allowed until half the rounds are played (codice art. 33).

    Example: `tavolo tournament substitute 5 "Bruno Bianchi" "Carla Verdi"`
    """
    handle = open_tournament(db, tournament, author)
    event = handle.do(lambda t: commands.substitute(t, number, old, new_player))[0]
    console.print(f"{number}: {event.new} plays for {event.old} from round {event.from_round}")


@app.command()
@refusals
def lineup(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    team: Annotated[int, typer.Argument(help="The team's number.")],
    first: Annotated[str, typer.Argument(help="First pair, 'A,B'.")],
    second: Annotated[str, typer.Argument(help="Second pair, 'C,D'.")],
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Set the pairs a team fields in a match, before it starts (codice art. 2).

    Example: `tavolo tournament lineup 3 2 "Rossi,Bianchi" "Verdi,Neri"`
    """
    pairs = [tuple(p.strip() for p in pair.split(",")) for pair in (first, second)]
    handle = open_tournament(db, tournament, author)
    handle.do(lambda t: commands.lineup(t, round_number, team, pairs))
    console.print(f"team {team}, round {round_number}: {first} / {second}")
