"""Standings and results as CSV and JSON, for the club's site or a spreadsheet.

>>> from tavolo.tournament.config import TournamentConfig, parse_phase
>>> from tavolo.tournament.simulate import InMemory, play_event, register_field
>>> t = Tournament(TournamentConfig("Prova", phases=(parse_phase("modified:2"),)))
>>> InMemory(t).record(register_field(t, 4))
>>> play_event(InMemory(t), seed=1)
>>> standings_csv(t).splitlines()[0]
'ranking,place,number,name,players,club,vp,mp,points,played,rested,warnings,penalty_vp,withdrawn,prize'
>>> len(results_rows(t))
4
"""

from __future__ import annotations

import csv
import io
from typing import Any

from tavolo.tournament.results import bye_outcome, table_outcome
from tavolo.tournament.standings import history, rankings
from tavolo.tournament.state import Tournament


def standings_rows(tournament: Tournament, through: int | None = None) -> list[dict[str, Any]]:
    """Every line of every ranking (general, then groups), prizes marked."""
    rows = []
    for ranking in rankings(tournament, through):
        awarded = ranking.awarded()
        for place, line in zip(ranking.places(), ranking.lines):
            entrant = tournament.entrants[line.number]
            rows.append(
                {
                    "ranking": ranking.title,
                    "place": place,
                    "number": line.number,
                    "name": line.name,
                    "players": " - ".join(entrant.players),
                    "club": entrant.club,
                    "vp": line.vp,
                    "mp": line.mp,
                    "points": line.points,
                    "played": line.played,
                    "rested": line.rested,
                    "warnings": line.warnings,
                    "penalty_vp": line.penalty_vp,
                    "withdrawn": line.withdrawn,
                    "prize": awarded.get(line.number, ""),
                }
            )
    return rows


def results_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """One row per table and per bye of every round; results still missing are blank.

    ``corrected`` counts the corrections a table's score card had (codice art. 19).
    """
    rows = []
    for played in tournament.rounds.values():
        for seat in sorted(played.tables.values(), key=lambda s: s.number):
            outcome = table_outcome(tournament, played, seat)
            row = {"round": played.number, "table": seat.number, "ns": _side(seat.ns), "ew": _side(seat.ew)}
            row["corrected"] = len(played.corrections.get(seat.number, ())) or ""
            if outcome is not None:
                ns, ew = outcome
                row |= {
                    "ns_points": ns.points, "ew_points": ew.points, "ns_mp": ns.mp, "ew_mp": ew.mp,
                    "ns_vp": ns.vp, "ew_vp": ew.vp, "note": "; ".join(n for n in (ns.note, ew.note) if n),
                }  # fmt: skip
            rows.append(row)
        rest = bye_outcome(tournament.config.rest_table)
        rows += [
            {
                "round": played.number,
                "table": "",
                "ns": _side(side),
                "ns_mp": rest.mp,
                "ns_vp": rest.vp,
                "note": rest.note,
            }
            for side in played.byes
        ]
    return rows


def standings_csv(tournament: Tournament, through: int | None = None) -> str:
    return _csv(standings_rows(tournament, through))


def results_csv(tournament: Tournament) -> str:
    return _csv(results_rows(tournament))


def tournament_json(tournament: Tournament) -> dict[str, Any]:
    """Configuration, entrants (with substitutions), rounds (with team line-ups), results, standings, histories."""
    substitutions = [vars(event) for event in tournament.substitutions]
    return {
        "config": tournament.config.to_json(),
        "entrants": [
            {
                "number": e.number,
                "name": e.name,
                "players": e.players,
                "club": e.club,
                "joined_round": e.joined_round,
                "withdrawn_from": e.withdrawn_from,
                "substitutions": [s for s in substitutions if s["number"] == e.number],
            }
            for e in tournament.entrants.values()
        ],  # fmt: skip
        "rounds": [
            {
                "round": r.number,
                "method": r.method,
                "start": r.start,
                "broken": list(r.broken),
                "tables": [{"table": s.number, "ns": list(s.ns), "ew": list(s.ew)} for s in r.tables.values()],
                "byes": [list(side) for side in r.byes],
                "lineups": r.lineups,
            }
            for r in tournament.rounds.values()
        ],  # fmt: skip
        "results": results_rows(tournament),
        "standings": standings_rows(tournament),
        "history": {n: [vars(row) for row in history(tournament, n)] for n in tournament.entrants},
    }


def _side(side: tuple[int, ...]) -> str:
    return "+".join(map(str, side))


def _csv(rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    columns = list(dict.fromkeys(key for row in rows for key in row))
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
