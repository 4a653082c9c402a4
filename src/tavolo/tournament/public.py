"""What the hall may see: the published rounds, the results entered, the standings, the clock.

Public pages (the standings on the wall, a player's phone, the projector)
are built from :func:`public_view` only. It holds nothing a director has not
published: no codes, no secret, no points a table proposed and the other
side has not confirmed, no log. The seat-finder (:func:`find_seat`) answers
"where do I play?" from the same published facts::

    >>> from tavolo.tournament.config import TournamentConfig, parse_phase
    >>> from tavolo.tournament.simulate import InMemory, play_event, register_field
    >>> t = Tournament(TournamentConfig("Prova", phases=(parse_phase("modified:2"),)))
    >>> InMemory(t).record(register_field(t, 4))
    >>> play_event(InMemory(t), seed=1)
    >>> view = public_view(t)
    >>> view["round"]["number"], len(view["round"]["tables"]), "secret" in str(view)
    (2, 2, False)
    >>> find_seat(t, "g3.1")[0]["number"]
    3
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tavolo.tournament.clock import TIME_OUT_RULES, RoundClock
from tavolo.tournament.events import Side
from tavolo.tournament.naming import search_key
from tavolo.tournament.results import table_outcome
from tavolo.tournament.standings import history, rankings
from tavolo.tournament.state import Round, Tournament


def public_view(tournament: Tournament, now: datetime | None = None) -> dict[str, Any]:
    """The tournament as the hall sees it, JSON-ready; ``now`` reads the round clock."""
    played = tournament.last_round
    return {
        "name": tournament.config.name,
        "version": tournament.version,
        "rounds": tournament.config.rounds,
        "round": round_view(tournament, played) if played else None,
        "previous": (
            round_view(tournament, tournament.rounds[played.number - 1]) if played and played.number > 1 else None
        ),
        "standings": _standings(tournament) if tournament.rounds else [],
        "clock": _clock(tournament, played, now) if played and now else None,
    }


def round_view(tournament: Tournament, played: Round) -> dict[str, Any]:
    """A published round: its tables, each with its result once entered, and its byes."""
    tables = []
    for seat in sorted(played.tables.values(), key=lambda s: s.number):
        outcome = table_outcome(tournament, played, seat)
        result = None
        if outcome is not None:
            ns, ew = outcome
            result = {"ns_points": ns.points, "ew_points": ew.points, "ns_vp": ns.vp, "ew_vp": ew.vp, "mp": ns.mp}
        tables.append({"table": seat.number, "ns": _side(tournament, seat.ns), "ew": _side(tournament, seat.ew),
                       "result": result})  # fmt: skip
    byes = [_side(tournament, side) for side in played.byes]
    return {"number": played.number, "start": played.start, "tables": tables, "byes": byes}


def _side(tournament: Tournament, side: Side) -> list[dict[str, Any]]:
    return [{"number": n, "name": tournament.entrants[n].name} for n in side]


def _standings(tournament: Tournament) -> list[dict[str, Any]]:
    """Each ranking's lines; none before the first result (everyone would be first, with the first prize)."""
    result = []
    for ranking in rankings(tournament):
        if not any(line.played for line in ranking.lines):
            continue
        awarded = ranking.awarded()
        lines = [
            {
                "place": place,
                "number": line.number,
                "name": line.name,
                "club": tournament.entrants[line.number].club,
                "vp": line.vp,
                "mp": line.mp,
                "points": line.points,
                "played": line.played,
                "warnings": line.warnings,
                "withdrawn": line.withdrawn,
                "prize": awarded.get(line.number),
            }  # fmt: skip
            for place, line in zip(ranking.places(), ranking.lines, strict=True)
        ]
        result.append({"title": ranking.title, "lines": lines})
    return result


def _clock(tournament: Tournament, played: Round, now: datetime) -> dict[str, Any]:
    clock = tournament.clocks.get(played.number) or RoundClock(played.number, tournament.config.round_minutes)
    reading = clock.reading(now)
    return {
        "round": reading.round,
        "minutes": reading.minutes,
        "remaining_s": reading.remaining_s,
        "running": reading.running,
        "time_out": reading.time_out,
        "rule": TIME_OUT_RULES[tournament.config.timeout],
    }


def find_seat(tournament: Tournament, query: str) -> list[dict[str, Any]]:
    """Entrants whose name or a player's name contains ``query`` (case, accents and apostrophes aside:
    ``cantu`` finds Cantù, ``Dell’Acqua`` as iOS types it Dell'Acqua): table, line and opponents in the last
    published round, and the results so far."""
    wanted = search_key(query).replace(" ", "")  # "dell acqua" finds Dell'Acqua (dellacqua)
    if len(wanted) < 2:
        return []
    played = tournament.last_round
    found = []
    for entrant in tournament.entrants.values():
        if not any(wanted in search_key(text).replace(" ", "") for text in (entrant.name, *entrant.players)):
            continue
        where = None
        if played is not None:
            seat = played.table_of(entrant.number)
            if seat is not None:
                ours, theirs = (seat.ns, seat.ew) if entrant.number in seat.ns else (seat.ew, seat.ns)
                where = {"round": played.number, "table": seat.number, "line": "N/S" if ours == seat.ns else "E/O",
                         "opponents": _side(tournament, theirs)}  # fmt: skip
            elif played.rests(entrant.number):
                where = {"round": played.number, "table": None, "line": "riposo", "opponents": []}
        results = [
            {
                "round": row.round,
                "table": row.table,
                "points_for": row.points_for,
                "points_against": row.points_against,
                "vp": row.vp,
            }  # fmt: skip
            for row in history(tournament, entrant.number)
        ]
        found.append({"number": entrant.number, "name": entrant.name, "players": entrant.players, "where": where,
                      "results": results})  # fmt: skip
    return found[:20]
