"""The papers a director hands out, as PDF (ReportLab): table assignments, score cards, standings.

Each function writes one PDF file and returns nothing; they read the
tournament and change nothing. A score card carries the round's VP table
(codice art. 17: "le tabelle, riprodotte sugli score").
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from tavolo.tournament.events import Side
from tavolo.tournament.standings import rankings
from tavolo.tournament.state import Tournament

_STYLES = getSampleStyleSheet()
_GRID = TableStyle(
    [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("FONTSIZE", (0, 0), (-1, -1), 9),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
)


def table_assignments(tournament: Tournament, round_number: int, path: Path) -> None:
    """Who sits where in a round: table, N/S, E/W, and who rests (riposo)."""
    played = tournament.round(round_number)
    rows = [["Tavolo (table)", "Nord/Sud", "Est/Ovest"]]
    rows += [
        [str(s.number), _names(tournament, s.ns), _names(tournament, s.ew)]
        for s in sorted(played.tables.values(), key=lambda s: s.number)
    ]
    rows += [["riposo", _names(tournament, side), ""] for side in played.byes]
    story = [
        _title(tournament, f"Turno {round_number} - assegnazione tavoli (table assignments)"),
        Paragraph(_round_line(tournament, round_number), _STYLES["Normal"]),
        Spacer(1, 4 * mm),
        _grid(rows, [25 * mm, 75 * mm, 75 * mm]),
    ]
    _build(path, story)


def score_cards(tournament: Tournament, round_number: int, path: Path) -> None:
    """One score card per table, with a line per deal and the VP table printed on it."""
    played = tournament.round(round_number)
    story: list[Flowable] = []
    for seat in sorted(played.tables.values(), key=lambda s: s.number):
        story += [
            CondPageBreak(120 * mm),
            KeepTogether(_card(tournament, round_number, seat.number, seat.ns, seat.ew)),
            Spacer(1, 8 * mm),
        ]
    _build(path, story or [_title(tournament, f"Turno {round_number}: no tables")])


def standings_sheet(tournament: Tournament, path: Path, through: int | None = None) -> None:
    """The standings after a round: general, then each group's, prizes marked."""
    story: list[Flowable] = []
    after = len(tournament.rounds) if through is None else through
    for ranking in rankings(tournament, through):
        winners = ranking.prize_winners()
        rows = [["Pos.", "N.", "Nome (name)", "VP", "MP", "Punti", "Premio"]]
        for place, line in zip(ranking.places(), ranking.lines):
            prize = str(winners.index(line.number) + 1) if line.number in winners else ""
            name = line.name + (" (ritirata)" if line.withdrawn else "")
            rows.append([str(place), str(line.number), name, str(line.vp), str(line.mp), str(line.points), prize])
        story += [
            _title(tournament, f"{ranking.title} dopo il turno {after}"),
            _grid(rows, [14 * mm, 12 * mm, 80 * mm, 15 * mm, 20 * mm, 20 * mm, 15 * mm]),
            Spacer(1, 8 * mm),
        ]
    _build(path, story)


def _card(tournament: Tournament, round_number: int, table: int, ns: Side, ew: Side) -> list[Flowable]:
    deals = tournament.config.deals
    scoring = tournament.config.table
    deal_rows = [["Smazzata (deal)", f"N/S {_numbers(ns)}", f"E/O {_numbers(ew)}"]]
    deal_rows += [[str(d), "", ""] for d in range(1, deals + 1)]
    deal_rows += [["Totale", "", ""], ["Differenza MP", "", ""], ["VP", "", ""]]
    vp_rows = [["MP", "VP"]] + [list(row) for row in scoring.rows()]
    both = Table(
        [[_grid(deal_rows, [30 * mm, 30 * mm, 30 * mm]), _grid(vp_rows, [28 * mm, 14 * mm], size=7)]],
        colWidths=[100 * mm, 50 * mm],
    )
    both.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return [
        _title(tournament, f"Score - turno {round_number}, tavolo {table}"),
        Paragraph(
            f"N/S: {escape(_names(tournament, ns))} &nbsp;&nbsp; E/O: {escape(_names(tournament, ew))}",
            _STYLES["Normal"],
        ),
        Paragraph(_round_line(tournament, round_number) + f" &middot; tabella VP: {scoring.name}", _STYLES["Normal"]),
        Spacer(1, 3 * mm),
        both,
        Spacer(1, 3 * mm),
        Paragraph("Firma N/S ______________________ &nbsp;&nbsp; Firma E/O ______________________", _STYLES["Normal"]),
    ]


def _round_line(tournament: Tournament, round_number: int) -> str:
    played = tournament.round(round_number)
    start = f"inizio {escape(played.start)} &middot; " if played.start else ""
    return (
        f"{start}{tournament.config.deals} smazzate, {tournament.config.round_minutes} minuti &middot; {played.method}"
    )


def _title(tournament: Tournament, text: str) -> Paragraph:
    return Paragraph(f"{escape(tournament.config.name)} &mdash; {escape(text)}", _STYLES["Heading3"])


def _grid(rows: list[list[str]], widths: list[float], size: int = 9) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(_GRID)
    table.setStyle(TableStyle([("FONTSIZE", (0, 0), (-1, -1), size)]))
    return table


def _names(tournament: Tournament, side: Side) -> str:
    return " + ".join(f"{n} {tournament.entrants[n].name}" for n in side)


def _numbers(side: Side) -> str:
    return "+".join(map(str, side))


def _build(path: Path, story: list[Flowable]) -> None:
    SimpleDocTemplate(
        str(path), pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm, bottomMargin=15 * mm
    ).build(story)
