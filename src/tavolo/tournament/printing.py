"""The papers a director hands out, as PDF (ReportLab).

Table assignments, the alphabetical list name -> table, score cards (with
the table's QR code and each side's code for entering the result from a
phone), Mitchell movement cards for the moving line, group labels, the
standings (club, warnings, rounds played, prizes) and each entrant's result
sheet. Each function writes one PDF file and returns nothing; they read the
tournament and change nothing. Their texts are English message ids rendered
by ``words`` (the ``tournament`` catalog's lookup in the reader's language,
as for :class:`~tavolo.tournament.errors.Message`; English without one). A score card carries the round's VP table
(codice art. 17: "le tabelle, riprodotte sugli score").
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from tavolo.tournament import commands
from tavolo.tournament.codes import side_code
from tavolo.tournament.config import System
from tavolo.tournament.errors import Message, TournamentError, Translator
from tavolo.tournament.events import Event, Side, TableSeating
from tavolo.tournament.groups import group_label, phase_groups
from tavolo.tournament.mitchell import mitchell_tables, running_sums
from tavolo.tournament.naming import search_key, surname_first
from tavolo.tournament.standings import history, rankings
from tavolo.tournament.state import Tournament
from tavolo.tournament.wording import method_text, note_text, seat_text

_STYLES = getSampleStyleSheet()
_SMALL = _STYLES["Normal"].clone("Small", fontSize=7, leading=8)
_TINY = _STYLES["Normal"].clone("Tiny", fontSize=5.5, leading=6.5)
_CODE = _STYLES["Normal"].clone("Code", fontSize=10, leading=13)


def english(msgid: str) -> str | None:
    """The :data:`Translator` that keeps every text in English."""
    return None


def _say(words: Translator, msgid: str, **params: object) -> str:
    return Message(msgid, **params).render(words)


_GRID = TableStyle(
    [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("FONTSIZE", (0, 0), (-1, -1), 9),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
)


def table_assignments(tournament: Tournament, round_number: int, path: Path, words: Translator = english) -> None:
    """Who sits where in a round: table, N/S, E/W, and who rests (riposo)."""
    played = tournament.round(round_number)
    group = _group_of(tournament, round_number)
    rows = [[_say(words, "Table"), _say(words, "North/South"), _say(words, "East/West"),
             _say(words, "Group") if group else ""]]  # fmt: skip
    rows += [
        [str(s.number), _names(tournament, s.ns), _names(tournament, s.ew), group.get(s.ns[0], "")]
        for s in sorted(played.tables.values(), key=lambda s: s.number)
    ]
    rows += [[_say(words, "rest"), _names(tournament, side), "", group.get(side[0], "")] for side in played.byes]
    story = [
        _title(tournament, _say(words, "Round {round} - table assignments", round=round_number)),
        Paragraph(_round_line(tournament, round_number, words), _STYLES["Normal"]),
        Spacer(1, 4 * mm),
        _grid(rows, [18 * mm, 70 * mm, 70 * mm, 22 * mm]),
    ]
    _build(path, story)


def _group_of(tournament: Tournament, round_number: int) -> dict[int, str]:
    """Entrant -> its group's label in the round's phase, when that phase is split (else empty)."""
    started = tournament.phases.get(tournament.config.phase_of(round_number))
    if started is None or len(started.lines) < 2:
        return {}
    return {
        n: group_label(g) for g, members in enumerate(phase_groups(tournament, started, round_number)) for n in members
    }


def score_cards(
    tournament: Tournament, round_number: int, path: Path, table_url: str = "", words: Translator = english
) -> None:
    """One score card per table, with a line per deal and the VP table printed on it.

    With ``table_url`` (``{table}`` in it stands for the table's number) each
    card carries the QR code of its table's page, and, once the tournament has
    its codes' secret, each side's code for entering or confirming the result.
    """
    played = tournament.round(round_number)
    story: list[Flowable] = []
    for seat in sorted(played.tables.values(), key=lambda s: s.number):
        url = table_url.format(table=seat.number) if table_url else ""
        story += [
            CondPageBreak(125 * mm),
            KeepTogether(_card(tournament, round_number, seat, url, words)),
            Spacer(1, 8 * mm),
        ]
    _build(path, story or [_title(tournament, _say(words, "Round {round}: no tables", round=round_number))])


def score_cards_issuing(
    tournament: Tournament,
    record: Callable[[Callable[[Tournament], list[Event]]], list[Event]],
    round_number: int,
    path: Path,
    table_url: str = "",
    words: Translator = english,
) -> None:
    """:func:`score_cards`, issuing the codes' secret if the tournament has none yet: the cards are drawn
    first, with the secret they carry, and ``record`` (a handle's ``do``) writes it in the log only then, so
    a refused printout (a round not paired, a file that cannot be written) leaves nothing in the log."""
    issued = commands.issue_codes(tournament)
    if issued:
        tournament = copy.copy(tournament)  # the same state but for its secret, which is the copy's alone
        tournament.secret = issued[0].secret
    score_cards(tournament, round_number, path, table_url, words)
    if issued:
        record(lambda t: commands.keep_codes(t, issued[0].secret))


def standings_sheet(
    tournament: Tournament,
    path: Path,
    through: int | None = None,
    words: Translator = english,
    *,
    landscape: bool = False,
) -> None:
    """The standings after a round: general, then each group's and category's, with club, rounds played
    (G), rests (R), warnings and prizes; a tie across the last prize says the declared rule. On A4, portrait or
    ``landscape``: every column fits (:func:`_fitted_grid`), long names and clubs wrapping in their cells."""
    story: list[Flowable] = []
    after = len(tournament.rounds) if through is None else through
    page = _page(landscape)
    for ranking in rankings(tournament, through):
        awarded = ranking.awarded()
        headers = ("Pl.", "No.", "Name", "Club", "P", "R", "Warn.", "VP", "MP", "Points", "Prize")
        rows = [[_say(words, text) for text in headers]]
        for place, line in zip(ranking.places(), ranking.lines):
            name = line.name + (_say(words, " (withdrawn)") if line.withdrawn else "")
            warnings = (
                f"{line.warnings}" + (f" (-{line.penalty_vp} VP)" if line.penalty_vp else "") if line.warnings else ""
            )
            cells = [place, line.number, name, tournament.entrants[line.number].club, line.played, line.rested,
                     warnings, line.vp, line.mp, line.points, awarded.get(line.number, "")]  # fmt: skip
            rows.append([str(c) for c in cells])
        story += [
            _title(tournament, _say(words, "{title} after round {round}", title=ranking.title, round=after)),
            _fitted_grid(rows, flexible=(2, 3), available=page[0] - 2 * _MARGIN),
        ]
        tied = ranking.tie_at_prize_line()
        if tied:
            rule = "prize shared (ex aequo)" if tournament.config.prize_ties == "shared" else "registration order"
            tie = _say(words, "Tie at the last prize: {numbers} - declared rule: {rule}",
                       numbers=", ".join(map(str, tied)), rule=Message(rule))  # fmt: skip
            story.append(Paragraph(escape(tie), _STYLES["Normal"]))
        story.append(Spacer(1, 8 * mm))
    _build(path, story, page)


def names_list(tournament: Tournament, round_number: int, path: Path, words: Translator = english) -> None:
    """Every player by surname, A to Z (``Lo Schiavo, Gianluca``), with the table and line of the round (chi
    gioca dove); accents and case do not move a name (Cantù among the Cantu)."""
    played = tournament.round(round_number)
    rows = []
    for seat in played.tables.values():
        for line, side in (("N/S", seat.ns), (_say(words, "E/W"), seat.ew)):
            rows += [
                [player, str(n), str(seat.number), line] for n in side for player in tournament.entrants[n].players
            ]
    rows += [
        [player, str(n), _say(words, "rest"), ""]
        for side in played.byes
        for n in side
        for player in tournament.entrants[n].players
    ]
    rows = sorted(([_by_surname(row[0]), *row[1:]] for row in rows), key=lambda row: search_key(row[0]))
    story = [
        _title(tournament, _say(words, "Round {round} - where to play (players in alphabetical order)",
                                round=round_number)),  # fmt: skip
        _grid([[_say(words, text) for text in ("Player (surname, name)", "No.", "Table", "Line")], *rows],
              [100 * mm, 15 * mm, 25 * mm, 20 * mm], size=10),  # fmt: skip
    ]
    _build(path, story)


def _by_surname(player: str) -> str:
    surname, first = surname_first(player)
    return f"{surname}, {first}" if first else surname


def movement_cards(tournament: Tournament, round_number: int, path: Path, words: Translator = english) -> None:
    """For each pair of the moving line (E/O) of the Mitchell phase of ``round_number``, its table round by round."""
    index = tournament.config.phase_of(max(round_number, 1))
    phase, started = tournament.config.phases[index], tournament.phases.get(index)
    if phase.system is not System.MITCHELL or started is None:
        raise TournamentError("round {round} is not in a Mitchell phase already seated: no movement cards",
                              round=round_number)  # fmt: skip
    story: list[Flowable] = [_title(tournament, _say(words, "Mitchell - movement cards of the E/W line"))]
    cards = []
    first_table = 1
    for group, line in enumerate(started.lines):
        ns, ew = list(line[0::2]), list(line[1::2]) + [None] * (len(line) % 2)
        sums = running_sums(started.shifts[group], len(ns))
        for n in ew:
            if n is None:
                continue
            stops = [
                _say(words, "round {round}: table {table}", round=started.round + step, table=first_table + t)
                for step, offset in enumerate(sums)
                for t, (_, mover) in enumerate(mitchell_tables(ns, ew, offset))
                if mover == n
            ]
            label = group_label(group) if len(started.lines) > 1 else ""
            cards.append(_movement_card(tournament, n, label, stops, words))
        first_table += len(ns)
    for i in range(0, len(cards), 2):
        pair = cards[i : i + 2] + [""] * (2 - len(cards[i : i + 2]))
        box = Table([pair], colWidths=[90 * mm, 90 * mm])
        box.setStyle(TableStyle([("BOX", (0, 0), (0, 0), 0.8, colors.black), ("BOX", (1, 0), (1, 0), 0.8, colors.black)
                                 if pair[1] else ("BOX", (0, 0), (0, 0), 0.8, colors.black),
                                 ("VALIGN", (0, 0), (-1, -1), "TOP")]))  # fmt: skip
        story += [box, Spacer(1, 4 * mm)]
    _build(path, story)


def _movement_card(
    tournament: Tournament, number: int, group: str, stops: list[str], words: Translator
) -> list[Flowable]:
    heading = f"<b>{number} {escape(tournament.entrants[number].name)}</b>" + (f" &middot; {group}" if group else "")
    moving = Paragraph(_say(words, "E/W line (moves)"), _STYLES["Italic"])
    return [Paragraph(heading, _STYLES["Normal"]), moving] + [
        Paragraph(stop, _STYLES["Normal"]) for stop in stops
    ]


def group_labels(tournament: Tournament, path: Path, words: Translator = english) -> None:
    """A large label per group (girone) of the last split phase, with its entrants, for the hall."""
    split = [p for p in tournament.phases.values() if len(p.lines) > 1]
    if not split:
        raise TournamentError("no phase split into groups has started: no group labels")
    started = split[-1]
    story: list[Flowable] = []
    big = _STYLES["Title"].clone("Group", fontSize=48, leading=56)
    for group, line in enumerate(started.lines):
        names = ", ".join(f"{n} {escape(tournament.entrants[n].name)}" for n in line)
        story += [
            Spacer(1, 40 * mm),
            Paragraph(escape(group_label(group)), big),
            Spacer(1, 10 * mm),
            Paragraph(
                f"{escape(tournament.config.name)} &middot; "
                + escape(_say(words, "from round {round}", round=started.round)),
                _STYLES["Heading2"],
            ),
            Paragraph(names, _STYLES["Normal"]),
            PageBreak(),
        ]
    _build(path, story[:-1])


def result_sheets(
    tournament: Tournament, path: Path, numbers: list[int] | None = None, words: Translator = english
) -> None:
    """Each entrant's results round by round: table, line, opponents, points, MP, VP and notes."""
    story: list[Flowable] = []
    for n in numbers or sorted(tournament.entrants):
        entrant = tournament.entrant(n)
        headers = ("Round", "Table", "Line", "Opponents", "Points", "Against", "MP", "VP", "Notes")
        rows = [[_say(words, text) for text in headers]]
        for row in history(tournament, n):
            opponents = ", ".join(f"{o} {tournament.entrants[o].name}" for o in row.opponents)
            cells = [row.round, row.table, seat_text(row.seat, words), opponents, row.points_for, row.points_against,
                     row.mp, row.vp]  # fmt: skip
            rows.append(["" if c is None else str(c) for c in cells] + [Paragraph(escape(note_text(row.note, words)),
                                                                                  _SMALL)])  # fmt: skip
        players = ", ".join(entrant.players) + (f" &middot; {escape(entrant.club)}" if entrant.club else "")
        story += [
            _title(tournament, _say(words, "{number} {name} - results sheet", number=n, name=entrant.name)),
            Paragraph(escape(players) if "&middot;" not in players else players, _STYLES["Normal"]),
            Spacer(1, 3 * mm),
            _grid(rows, [12 * mm, 13 * mm, 12 * mm, 45 * mm, 14 * mm, 14 * mm, 14 * mm, 10 * mm, 46 * mm], size=8),
            PageBreak(),
        ]
    _build(path, story[:-1])


def _qr(url: str, size: float = 32 * mm) -> Drawing:
    widget = QrCodeWidget(url)
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    return drawing


def _stubs(tournament: Tournament, round_number: int, seat: TableSeating, url: str, words: Translator) -> Table:
    """The card's two stubs, one above the other inside dashed cut lines: each side cuts out its own, with its
    code and the QR code of the table's page, so that no one holds both codes (one side enters, the other
    confirms)."""
    stubs = [
        [_stub(tournament, round_number, seat, line, label, url, words)]
        for line, label in (("ns", "N/S"), ("ew", _say(words, "E/W")))
    ]
    box = Table(stubs, colWidths=[60 * mm])
    box.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.8, colors.black, None, (3, 2)),
                             ("LINEBELOW", (0, 0), (0, 0), 0.8, colors.black, None, (3, 2)),
                             ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                             ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))  # fmt: skip
    return box


def _stub(
    tournament: Tournament, round_number: int, seat: TableSeating, line: str, label: str, url: str, words: Translator
) -> Table:
    """One side's stub: which table and side, its code (once the tournament has its secret), the QR and the URL."""
    said = escape(_say(words, "Table {table}, round {round}", table=seat.number, round=round_number))
    text: list[Flowable] = [Paragraph(f"<b>{escape(label)}</b> &middot; {said}", _SMALL),
                            Paragraph(escape(_say(words, "cut out and hand to {side}", side=label)), _TINY)]  # fmt: skip
    if tournament.secret:
        code = side_code(tournament.secret, round_number, seat.number, line)
        # monospaced: six of any letter fit beside the label in the stub's 36 mm (a wide code in Helvetica wrapped)
        code_text = f'<font face="Courier-Bold">{code}</font>'
        text.append(Paragraph(f"{escape(_say(words, '{side} code:', side=label))} {code_text}", _CODE))
    text.append(Paragraph(escape(url), _TINY))
    stub = Table([[_qr(url, 21 * mm), text]], colWidths=[22 * mm, 36 * mm])
    stub.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))  # fmt: skip
    return stub


def _card(tournament: Tournament, round_number: int, seat: TableSeating, url: str, words: Translator) -> list[Flowable]:
    deals, scoring, ns, ew = tournament.config.deals, tournament.config.table, seat.ns, seat.ew
    east_west = _say(words, "E/W")
    deal_rows = [[_say(words, "Deal"), f"N/S {_numbers(ns)}", f"{east_west} {_numbers(ew)}"]]
    deal_rows += [[str(d), "", ""] for d in range(1, deals + 1)]
    deal_rows += [[_say(words, "Total"), "", ""], [_say(words, "MP difference"), "", ""], ["VP", "", ""]]
    vp_rows = [["MP", "VP"]] + [list(row) for row in scoring.rows()]
    stubs = _stubs(tournament, round_number, seat, url, words) if url else ""
    both = Table(
        [[_grid(deal_rows, [26 * mm, 25 * mm, 25 * mm]), _grid(vp_rows, [24 * mm, 12 * mm], size=7), stubs]],
        colWidths=[79 * mm, 39 * mm, 62 * mm],
    )
    both.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (2, 0), (2, 0), 0)]))
    return [
        _title(tournament, _say(words, "Score card - round {round}, table {table}", round=round_number,
                                table=seat.number)),  # fmt: skip
        Paragraph(
            f"N/S: {escape(_names(tournament, ns))} &nbsp;&nbsp; {east_west}: {escape(_names(tournament, ew))}",
            _STYLES["Normal"],
        ),
        Paragraph(_round_line(tournament, round_number, words) + " &middot; "
                  + escape(_say(words, "VP table: {name}", name=scoring.name)), _STYLES["Normal"]),  # fmt: skip
        Spacer(1, 3 * mm),
        both,
        Spacer(1, 3 * mm),
        Paragraph(escape(_say(words, "Signature {side}", side="N/S")) + " ______________________ &nbsp;&nbsp; "
                  + escape(_say(words, "Signature {side}", side=east_west)) + " ______________________",
                  _STYLES["Normal"]),  # fmt: skip
    ]


def _round_line(tournament: Tournament, round_number: int, words: Translator) -> str:
    played = tournament.round(round_number)
    start = escape(_say(words, "start {time}", time=played.start)) + " &middot; " if played.start else ""
    config = tournament.config
    length = _say(words, "{deals} deals, {minutes} minutes", deals=config.deals, minutes=config.round_minutes)
    return f"{start}{escape(length)} &middot; {escape(method_text(played.method, words))}"


def _title(tournament: Tournament, text: str) -> Paragraph:
    return Paragraph(f"{escape(tournament.config.name)} &mdash; {escape(text)}", _STYLES["Heading3"])


_PADDING = 3.0
"""Points of space each side of a cell's text in a fitted grid."""
_SIZES = (9.0, 8.5, 8.0, 7.5)
"""The font sizes a fitted grid tries, before it wraps its long columns at the smallest."""
_SMALLEST = 6.0
"""Below :data:`_SIZES`, when even the short columns do not fit unwrapped."""


def _fitted_grid(rows: list[list[str]], flexible: Sequence[int], available: float) -> Table:
    """A grid of ``rows`` (the first the header) whose columns all fit ``available`` points, measured with the
    font's own widths (:func:`~reportlab.pdfbase.pdfmetrics.stringWidth`): each column as wide as its widest text
    at the largest size of :data:`_SIZES` at which the whole row fits, the space left going to the ``flexible``
    columns (names, clubs); when none fits, the other columns keep their width at the smallest size and the
    flexible ones share the rest, their text wrapping inside the cell (a word longer than the cell is split)."""
    for size in _SIZES:
        natural = _natural_widths(rows, size)
        if sum(natural) <= available:
            spare = (available - sum(natural)) / len(flexible)
            return _fitted(rows, [w + spare if i in flexible else w for i, w in enumerate(natural)], size, ())
    size = _SIZES[-1]
    natural = _natural_widths(rows, size)
    fixed = sum(w for i, w in enumerate(natural) if i not in flexible)
    if fixed > available * 0.7:  # the short columns alone crowd the page: smaller still
        size = _SMALLEST
        natural = _natural_widths(rows, size)
        fixed = sum(w for i, w in enumerate(natural) if i not in flexible)
    wanted = sum(natural[i] for i in flexible)
    room = available - fixed
    widths = [room * w / wanted if i in flexible else w for i, w in enumerate(natural)]
    return _fitted(rows, widths, size, flexible)


def _natural_widths(rows: list[list[str]], size: float) -> list[float]:
    """Each column's widest text at ``size`` (the header in bold), with the cell's padding."""
    header, *body = rows
    return [
        max([stringWidth(head, _BOLD, size)] + [stringWidth(row[i], _FONT, size) for row in body]) + 2 * _PADDING + 1
        for i, head in enumerate(header)
    ]


def _fitted(rows: list[list[str]], widths: list[float], size: float, wrapped: Sequence[int]) -> Table:
    style = _STYLES["Normal"].clone("Cell", fontName=_FONT, fontSize=size, leading=size * 1.2)
    cells = [[Paragraph(escape(text), style) if r and i in wrapped else text for i, text in enumerate(row)]
             for r, row in enumerate(rows)]  # fmt: skip
    table = Table(cells, colWidths=widths, repeatRows=1)
    table.setStyle(_GRID)
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), _FONT), ("FONTNAME", (0, 0), (-1, 0), _BOLD),
                               ("FONTSIZE", (0, 0), (-1, -1), size), ("LEADING", (0, 0), (-1, -1), size * 1.2),
                               ("LEFTPADDING", (0, 0), (-1, -1), _PADDING),
                               ("RIGHTPADDING", (0, 0), (-1, -1), _PADDING)]))  # fmt: skip
    return table


def _grid(rows: list[list[str]], widths: list[float], size: int = 9) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(_GRID)
    table.setStyle(TableStyle([("FONTSIZE", (0, 0), (-1, -1), size)]))
    return table


def _names(tournament: Tournament, side: Side) -> str:
    return " + ".join(f"{n} {tournament.entrants[n].name}" for n in side)


def _numbers(side: Side) -> str:
    return "+".join(map(str, side))


_MARGIN = 15 * mm
_FONT, _BOLD = "Helvetica", "Helvetica-Bold"


def _page(landscape: bool) -> tuple[float, float]:
    """A4, portrait or landscape."""
    return (A4[1], A4[0]) if landscape else A4


def _build(path: Path, story: list[Flowable], pagesize: tuple[float, float] = A4) -> None:
    SimpleDocTemplate(
        str(path), pagesize=pagesize, leftMargin=_MARGIN, rightMargin=_MARGIN, topMargin=_MARGIN, bottomMargin=_MARGIN
    ).build(story)
