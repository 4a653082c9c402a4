"""The arbiter's decisions: warnings, arbitral scores, late arrivals, abandonments."""

from __future__ import annotations

from typing import Annotated

import typer

from tavolo.tournament import commands
from tavolo.tournament_cli.app import app
from tavolo.tournament_cli.common import (
    DEFAULT_DB,
    Author,
    Db,
    Name,
    _,
    console,
    open_tournament,
    refusals,
)

penalty = typer.Typer(
    help="The arbiter's decisions: ammonizione (warning), punteggio arbitrale, ritardo (late arrival), abbandono.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
)
app.add_typer(penalty, name="penalty")

Round = Annotated[int, typer.Argument(metavar="ROUND")]
Number = Annotated[int, typer.Argument(metavar="NUMBER", help="The entrant's number.")]
Reason = Annotated[str, typer.Option(help="Why, for the log and the history.")]


@penalty.command()
@refusals
def warning(
    round_number: Round,
    number: Number,
    reason: Reason = "",
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """An ammonizione: every second costs 1 VP and its MP in the standings, the opponent gains nothing (codice art. 20).

    Example: `tavolo tournament penalty warning 3 12 --reason "carte sul tavolo"`
    """
    handle = open_tournament(db, tournament, author)
    handle.do(lambda t: commands.warn(t, round_number, number, reason))
    count = sum(1 for w in handle.tournament.warnings if w.number == number)
    costs = count % 2 == 0
    console.print(_("{number}: warning {count} - costs 1 VP and its MP" if costs else "{number}: warning {count}",
                    number=number, count=count))  # fmt: skip


@penalty.command()
@refusals
def arbitral(
    round_number: Round,
    table: Annotated[int, typer.Argument(metavar="TABLE")],
    ns_vp: Annotated[int, typer.Argument(metavar="NS_VP")],
    ew_vp: Annotated[int, typer.Argument(metavar="EW_VP")],
    ns_mp: Annotated[int | None, typer.Option(help="N/S MP (default: the VP's equivalent).")] = None,
    ew_mp: Annotated[int | None, typer.Option(help="E/W MP (default: the VP's equivalent).")] = None,
    reason: Reason = "",
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """A punteggio arbitrale for a table, replacing its result (codice art. 20, 35).

    Example: `tavolo tournament penalty arbitral 4 7 12 8 --reason "pozzetto irregolare"`
    """
    handle = open_tournament(db, tournament, author)
    event = handle.do(
        lambda t: commands.arbitral_score(t, round_number, table, ns_vp, ew_vp, ns_mp=ns_mp, ew_mp=ew_mp, reason=reason)
    )[0]
    ns, ew = f"{event.ns_vp} VP ({event.ns_mp:+d} MP)", f"{event.ew_vp} VP ({event.ew_mp:+d} MP)"
    console.print(
        _(
            "round {round_number} table {table}: N/S {ns}, E/W {ew}",
            round_number=round_number,
            table=table,
            ns=ns,
            ew=ew,
        )
    )


@penalty.command()
@refusals
def late(
    round_number: Round,
    number: Number,
    minutes: Annotated[int, typer.Argument(help="Minutes late.")],
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """A late arrival at the table (codice art. 34).

    Over 2 minutes: +100 points to the opponent; over 5: a warning and 50 points more; over 10: the match is
    lost (the opponent takes the riposo score, the late side its complement).

    Example: `tavolo tournament penalty late 2 9 7`
    """
    handle = open_tournament(db, tournament, author)
    events = handle.do(lambda t: commands.late_arrival(t, round_number, number, minutes))
    warned = len(events) > 1
    late = (
        "{number}: {minutes} minutes late in round {round} - warned"
        if warned
        else "{number}: {minutes} minutes late in round {round}"
    )
    console.print(_(late, number=number, minutes=minutes, round=round_number))


@penalty.command()
@refusals
def abandon(
    round_number: Round,
    number: Number,
    justified: Annotated[
        bool, typer.Option(help="A temporary, justified abandonment: 6 VP (8 at 4 deals) instead of 0.")
    ] = False,
    withdraw: Annotated[bool, typer.Option(help="The side leaves the tournament too.")] = False,
    db: Db = DEFAULT_DB,
    tournament: Name = None,
    author: Author = None,
) -> None:
    """A side abandons its match (codice art. 33): the opponent takes the riposo score.

    Example: `tavolo tournament penalty abandon 5 21 --withdraw`
    """
    handle = open_tournament(db, tournament, author)
    handle.do(lambda t: commands.abandon(t, round_number, number, justified=justified, withdraw_too=withdraw))
    left = "{number} abandoned round {round} and withdrew" if withdraw else "{number} abandoned round {round}"
    console.print(_(left, number=number, round=round_number))
