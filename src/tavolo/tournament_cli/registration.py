"""Creating a tournament and registering its field (iscrizioni)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from tavolo.tournament import commands
from tavolo.tournament.config import (
    Kind,
    PrizeTies,
    TimeoutRule,
    TournamentConfig,
    parse_category_prize,
    parse_sessions,
)
from tavolo.tournament.importing import read_entrant_file
from tavolo.tournament.naming import check_event_name
from tavolo.tournament_cli.app import app

if TYPE_CHECKING:
    from tavolo.store.online import OnlineStore
from tavolo.tournament_cli.common import (
    DEFAULT_DB,
    Author,
    Db,
    Name,
    Phases,
    Rounds,
    SystemName,
    _,
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
    prize_ties: Annotated[
        PrizeTies,
        typer.Option(help="A tie across the last prize: shared (all tied take it) or registration (the earlier)."),
    ] = PrizeTies.SHARED,
    category_prize: Annotated[
        list[str] | None,
        typer.Option(help="A category's prizes NAME[:COUNT] (dame:1, misto:1, a club's name); repeat for several."),
    ] = None,
    timeout: Annotated[
        TimeoutRule, typer.Option(help="The time-out rule: codice (art. 15) or fedibur (1985, art. 10).")
    ] = TimeoutRule.CODICE,
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
    categories = tuple(parse_category_prize(text) for text in category_prize or ())
    config = TournamentConfig(
        name, kind, deals, minutes, internazionale, phases, parse_sessions(sessions), prizes, prize_ties, categories,
        timeout,
    )  # fmt: skip
    store = open_store(db)
    check_event_name(config.name, store.names())
    store.create(config, author)
    table = config.table
    console.print(
        _(
            "created [bold]{name}[/]: {kind}, {rounds} rounds of {deals} deals ({round_minutes} minutes), VP table {table}, riposo {bye_vp} VP",
            name=name,
            kind=_(kind.value),
            rounds=config.rounds,
            deals=deals,
            round_minutes=config.round_minutes,
            table=table.name,
            bye_vp=table.bye_vp,
        )
    )
    for index, p in enumerate(phases, start=1):
        text = (
            "  phase {index}: {rounds} rounds, {label} in {groups} groups"
            if p.groups > 1
            else "  phase {index}: {rounds} rounds, {label}"
        )
        console.print(_(text, index=index, rounds=p.rounds, label=p.system.label, groups=p.groups))


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
    category: Annotated[
        list[str] | None, typer.Option(help="A prize category it competes in (dame, misto...); repeat for several.")
    ] = None,
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
    events = handle.do(
        lambda t: commands.register(t, players, name, club, fill_bye=fill_bye, categories=category or ())
    )
    entry = events[0]
    late = entry.joined_round > 1
    text = "registered [bold]{number}[/] {name} from round {round}" if late else "registered [bold]{number}[/] {name}"
    console.print(_(text, number=entry.number, name=entry.name, round=entry.joined_round))


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
    read = read_entrant_file(path, handle.tournament.config.kind)

    def label(row) -> str:
        return f"{path.name}{f' [{row.sheet}]' if row.sheet else ''} line {row.line}"

    events = handle.do(lambda t: commands.register_list(t, read.rows, label))
    console.print(_("registered {count_events} entrants from {name}", count_events=len(events), name=path.name))
    if read.sheets_read:
        console.print(_("sheets read: {items}", items=", ".join(read.sheets_read)))
    if read.sheets_skipped:
        console.print(_("sheets passed over (no list of entrants): {items}", items=", ".join(read.sheets_skipped)))


@app.command()
@refusals
def entrants(db: Db = DEFAULT_DB, tournament: Name = None) -> None:
    """List the entrants with their players, club, late arrival or withdrawal."""
    t = open_tournament(db, tournament).tournament
    title = _("{name} - entrants ({count})", name=t.config.name, count=len(t.entrants))
    table = Table(_("No."), _("Name"), _("Players"), _("Club"), _("Notes"), title=title)
    for e in t.entrants.values():
        notes = []
        if e.joined_round > 1:
            notes.append(_("from round {round}", round=e.joined_round))
        if e.withdrawn_from is not None:
            notes.append(_("withdrawn from round {round}", round=e.withdrawn_from))
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
    console.print(_("{number} withdrawn from round {from_round}", number=number, from_round=event.from_round))


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
    console.print(
        _(
            "{number}: {new} plays for {old} from round {from_round}",
            number=number,
            new=event.new,
            old=event.old,
            from_round=event.from_round,
        )
    )


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
    console.print(
        _(
            "team {team}, round {round_number}: {first} / {second}",
            team=team,
            round_number=round_number,
            first=first,
            second=second,
        )
    )


@app.command()
@refusals
def rename(
    number: Annotated[int, typer.Argument(help="The entrant's number.")],
    name: Annotated[str, typer.Option(help="The entry's right name.")] = "",
    player: Annotated[list[str] | None, typer.Option(help="Each player's right name, in order.")] = None,
    club: Annotated[str | None, typer.Option(help="The right club.")] = None,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Fix a typo in a registration (name, players, club); a different player is a substitution instead.

    Example: `tavolo tournament rename 7 --player "Anna Rossi" --player "Bruno Bianchi"`
    """
    handle = open_tournament(db, tournament, author)
    event = handle.do(lambda t: commands.correct_entry(t, number, name, player or (), club))[0]
    console.print(_("{number}: {name} ({players})", number=number, name=event.name, players=", ".join(event.players)))


@app.command()
@refusals
def staff(
    account: Annotated[str, typer.Argument(help="The web app's account name.")],
    role: Annotated[str, typer.Option(help="director or arbiter (arbiters enter scores and decisions).")] = "arbiter",
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """Let an account run the tournament on the director's pages, as director or arbiter.

    Example: `tavolo tournament staff mario --role director`
    """
    handle = open_tournament(db, tournament, author)
    handle.do(lambda t: commands.appoint(t, account, role))
    console.print(_("{account} is {role} of {name}", account=account, role=role, name=handle.tournament.config.name))


@app.command()
@refusals
def director(
    account: Annotated[str, typer.Argument(help="The web app's account name.")],
    db: Db = DEFAULT_DB,
) -> None:
    """Make an account a director of the web server, who creates tournaments at the desk (/direttore) and names
    the other directors; an account not registered yet is created here, with the password asked for, so that no
    one else can register the name first.

    Example: `tavolo tournament director anna --db tavolo.sqlite`
    """
    from tavolo.store.online import OnlineStore

    name_desk_director(OnlineStore(open_store(db).engine), account)


def name_desk_director(store: OnlineStore, account: str) -> None:
    """What ``tavolo tournament director`` and ``tavolo serve --director`` do: the account is made a director of
    the server, created first (its password asked twice, unseen) when it does not exist."""
    from tavolo.server.director.common import make_desk_director

    def password() -> str:
        return typer.prompt(_("Password for the new account {account}", account=account), hide_input=True,
                            confirmation_prompt=True)  # fmt: skip

    created = make_desk_director(store, account, password)
    said = "{account} is a director of this server (account created)" if created else (
        "{account} is a director of this server")  # fmt: skip
    console.print(_(said, account=" ".join(account.split())))
