"""Quick look-ups and demos: the VP table, and a whole simulated event."""

from __future__ import annotations

from typing import Annotated

import typer

from tavolo.tournament.config import Kind, TournamentConfig
from tavolo.tournament.naming import check_event_name
from tavolo.tournament.simulate import (
    engine_deal_scorer,
    play_event,
    random_deal,
    register_field,
)
from tavolo.tournament.standings import rankings
from tavolo.tournament.vp import table_for, victory_points
from tavolo.tournament_cli.app import app
from tavolo.tournament_cli.common import (
    DEFAULT_DB,
    Author,
    Db,
    Phases,
    Rounds,
    SystemName,
    _,
    console,
    open_store,
    plan,
    refusals,
)


@app.command(context_settings={"ignore_unknown_options": True})  # so that -350 reads as a number
@refusals
def vp(
    mp: Annotated[int, typer.Argument(help="The MP difference (a multiple of 5).")],
    deals: Annotated[int, typer.Option(help="Deals in the round: 2, 3 or 4.")] = 3,
    teams: Annotated[bool, typer.Option(help="The teams' table.")] = False,
    internazionale: Annotated[bool, typer.Option(help="The table of one deal more (codice art. 17).")] = False,
) -> None:
    """Look up the VP of an MP difference (codice art. 17): `tavolo tournament vp 350 --deals 3` prints 13-7."""
    winner, loser = victory_points(abs(mp), table_for(deals, teams=teams, internazionale=internazionale))
    typer.echo(f"{winner}-{loser}")


@app.command()
@refusals
def simulate(
    entrants: Annotated[int, typer.Option(min=2, help="How many pairs (teams, players) play.")] = 40,
    kind: Annotated[Kind, typer.Option(help="pairs, teams or individual.")] = Kind.PAIRS,
    deals: Annotated[int, typer.Option(help="Deals per round.")] = 3,
    rounds: Rounds = 6,
    system: SystemName = "",
    phase: Phases = None,
    seed: Annotated[int, typer.Option(help="The seed of the whole simulation (draw and scores).")] = 1,
    engine: Annotated[
        bool, typer.Option(help="Simple bots play every deal through the Burraco engine, instead of random scores.")
    ] = False,
    name: Annotated[str, typer.Option(help="The simulated tournament's name (default: simulazione-SEED).")] = "",
    db: Db = DEFAULT_DB,
    author: Author = None,
) -> None:
    """Play a whole event with random scores, or bots playing every deal (--engine), seeded, into
    the database, then show the top of the standings.

    Examples: `tavolo tournament simulate --entrants 120 --phase mitchell:3 --phase modified:3:groups=3 --seed 7`
    """
    scorer = engine_deal_scorer() if engine else random_deal
    config = TournamentConfig(name or f"simulazione-{seed}", kind, deals, phases=plan(kind, system, rounds, phase))
    store = open_store(db)
    check_event_name(config.name, store.names())
    handle = store.create(config, author or "simulate")
    handle.record(register_field(handle.tournament, entrants))
    play_event(handle, seed=seed, deal_scorer=scorer)
    for ranking in rankings(handle.tournament):
        top = ", ".join(f"{line.number} ({line.vp} VP)" for line in ranking.lines[:3])
        console.print(_("{title}: {top}", title=ranking.title, top=top))
    console.print(
        _(
            "{name}: {count_rounds} rounds recorded in {db}",
            name=config.name,
            count_rounds=len(handle.tournament.rounds),
            db=db,
        )
    )
