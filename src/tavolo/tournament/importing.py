"""Reading the director's files: entrants (CSV or Excel) and score cards (CSV).

Entrant files have a header row; columns are matched by name in English or
Italian: ``name``/``nome``, ``player1``/``giocatore1`` (and on), ``club``/
``circolo``, ``category``/``categoria`` (prize categories joined by commas or
slashes). CSV may be comma-, semicolon- or tab-separated (Excel in Italian
saves with semicolons), UTF-8, Windows-1252 or UTF-16 (Excel's "Unicode
text"); every sheet of a workbook that has a player column is read. A bad line is refused with its number and field, and
nothing of the file is entered::

    >>> rows = parse_entrants("nome;giocatore1;giocatore2\\nI Leoni;Rossi;Bianchi\\n", "coppie.csv")
    >>> rows[0]
    EntryRow(line=2, name='I Leoni', players=('Rossi', 'Bianchi'), club='', categories=(), sheet='')
    >>> parse_entrants("nome;giocatore1;giocatore2\\nI Leoni;Rossi;\\n", "coppie.csv")
    Traceback (most recent call last):
    ...
    tavolo.tournament.errors.TournamentError: coppie.csv line 2, field 'giocatore2': empty

Score files have ``round``/``turno``, ``table``/``tavolo``, ``ns`` and ``ew``
(or ``eo``): each side's total, or its deals joined by ``+``
(``450+300+205``); an optional ``correction``/``correzione`` column marks
corrections (``yes``/``si``).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NoReturn

from tavolo.tournament.config import Kind
from tavolo.tournament.errors import Message, TournamentError
from tavolo.tournament.text import CONTROL

_NAME = ("name", "nome", "coppia", "squadra")
_CLUB = ("club", "circolo")
_CATEGORY = ("category", "categories", "categoria", "categorie")
_PLAYER = re.compile(r"^(player|giocatore)\s*(\d*)$")
_ROUND = ("round", "turno")
_TABLE = ("table", "tavolo")
_NS = ("ns", "n/s", "nord-sud")
_EW = ("ew", "e/w", "eo", "e/o", "est-ovest")
_CORRECTION = ("correction", "correzione")
_YES = ("yes", "y", "si", "sì", "s", "1", "true", "x")


@dataclass(frozen=True)
class EntryRow:
    line: int
    name: str
    players: tuple[str, ...]
    club: str
    categories: tuple[str, ...] = ()
    sheet: str = ""


@dataclass(frozen=True)
class EntrantFile:
    """The entrants of a file, and for a workbook which sheets held them and which were passed over."""

    rows: list[EntryRow]
    sheets_read: tuple[str, ...] = ()
    sheets_skipped: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoreRow:
    line: int
    round: int
    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    correction: bool


def read_entrants(path: Path, kind: Kind = Kind.PAIRS) -> list[EntryRow]:
    """The entrants of a ``.csv``, ``.xlsx`` or ``.xlsm`` file for an event of ``kind``."""
    return read_entrant_file(path, kind).rows


def read_entrant_file(path: Path, kind: Kind = Kind.PAIRS) -> EntrantFile:
    """The entrants of a file; a workbook's every sheet with a player column is read, in order."""
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        return EntrantFile(parse_entrants(_read_text(path), path.name, kind))
    rows, read, skipped = [], [], []
    for title, sheet_rows in _excel_sheets(path):
        source = f"{path.name} [{title}]"
        try:
            found = _entrants(sheet_rows, source, kind)
        except _NoEntrants:
            skipped.append(title)
            continue
        rows += [replace(row, sheet=title) for row in found]
        read.append(title)
    if not rows:
        raise TournamentError(
            "{name}: no sheet lists entrants with a player column (sheets: {items})",
            name=path.name,
            items=", ".join(skipped),
        )
    return EntrantFile(rows, tuple(read), tuple(skipped))


def parse_entrants(text: str, source: str, kind: Kind = Kind.PAIRS) -> list[EntryRow]:
    """The entrants of CSV text; ``source`` names the file in errors."""
    return _entrants(_csv_rows(text, source), source, kind)


def read_scores(path: Path) -> list[ScoreRow]:
    """The score cards of a CSV file."""
    return parse_scores(_read_text(path), path.name)


def parse_scores(text: str, source: str) -> list[ScoreRow]:
    rows = _csv_rows(text, source)
    header = _header(next(rows, None), source)
    columns = {
        key: _column(header, names, source)
        for key, names in (("round", _ROUND), ("table", _TABLE), ("ns", _NS), ("ew", _EW))
    }
    correction = _find(header, _CORRECTION)
    result = []
    for line, cells in rows:
        where = _Where(source, line, header, cells)
        result.append(
            ScoreRow(
                line,
                where.integer(columns["round"]),
                where.integer(columns["table"]),
                where.points(columns["ns"]),
                where.points(columns["ew"]),
                correction is not None and where.text(correction).lower() in _YES,
            )
        )
    return result


def parse_points(text: str) -> tuple[int, ...]:
    """A side's points: a total, or its deals joined by ``+``; ``ValueError`` if neither.

    >>> parse_points("450+-100+205"), parse_points("-150")
    ((450, -100, 205), (-150,))
    """
    return tuple(int(part) for part in re.split(r"(?<=\d)\+", text.replace(" ", "")))


class _NoEntrants(TournamentError):
    """A file or sheet without a player column or without a line under its header."""


def read_points(text: str, what: object) -> tuple[int, ...]:
    """``"450+300+205"`` (deals) or ``"955"`` (total) as points, or a refusal naming ``what``.

    >>> read_points("955", "table 2 N/S")
    (955,)
    """
    try:
        return parse_points(text)
    except ValueError:
        raise TournamentError(
            "{what}: {text!r} is not points (a total, or deals joined by +)", what=what, text=text
        ) from None


def _entrants(rows: Iterator[tuple[int, list[str]]], source: str, kind: Kind) -> list[EntryRow]:
    header = _header(next(rows, None), source)
    players = [i for i, h in enumerate(header) if _PLAYER.match(h)]
    if not players:
        raise _NoEntrants(
            "{source} line 1: no player column (player1, player2, ... or giocatore1, giocatore2, ...)", source=source
        )
    name, club, category = _find(header, _NAME), _find(header, _CLUB), _find(header, _CATEGORY)
    result = []
    for line, cells in rows:
        where = _Where(source, line, header, cells)
        named = [where.text(i) for i in players]
        while len(named) > kind.players[0] and not named[-1]:  # a team's reserves left blank
            named.pop()
        for i, player in zip(players, named):
            if not player:
                where.fail(i, "empty")
        tags = re.split(r"[,/|]", where.text(category)) if category is not None else []
        result.append(
            EntryRow(
                line,
                where.text(name) if name is not None else "",
                tuple(named),
                where.text(club) if club is not None else "",
                tuple(tag.strip() for tag in tags if tag.strip()),
            )
        )
    if not result:
        raise _NoEntrants("{source}: only a header, no entrants under it", source=source)
    return result


class _Where:
    """One line of a file, reading its cells and naming the line and field when one is wrong."""

    def __init__(self, source: str, line: int, header: list[str], cells: list[str]) -> None:
        self.source, self.line, self.header, self.cells = source, line, header, cells

    def fail(self, column: int, problem: str, **params: object) -> NoReturn:
        raise TournamentError(
            "{source} line {line}, field {field!r}: {problem}",
            source=self.source, line=self.line, field=self.header[column], problem=Message(problem, **params),
        )  # fmt: skip

    def text(self, column: int) -> str:
        """The cell's text, stripped; a control character (NUL included) in it is refused: no name the
        database cannot keep (PostgreSQL refuses NUL) or a page cannot show comes in through a file."""
        value = self.cells[column].strip() if column < len(self.cells) else ""
        if CONTROL.search(value):
            self.fail(column, "holds a control character: write it without")
        return value

    def integer(self, column: int) -> int:
        value = self.text(column)
        if not value.isdigit():
            self.fail(column, "{value!r} is not a number" if value else "empty", value=value)
        return int(value)

    def points(self, column: int) -> tuple[int, ...]:
        value = self.text(column)
        if not value:
            self.fail(column, "empty (both sides' points are needed)")
        try:
            return parse_points(value)
        except ValueError:
            self.fail(column, "{value!r} is not points (a total, or deals joined by +)", value=value)


def _read_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise TournamentError("cannot read {path}: {strerror}", path=path, strerror=error.strerror) from None
    utf16 = raw.startswith((b"\xff\xfe", b"\xfe\xff"))  # Excel's "Unicode text": UTF-16 with its mark
    for encoding in ("utf-16",) if utf16 else ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise TournamentError("{name}: not a text file", name=path.name)


def _csv_rows(text: str, source: str) -> Iterator[tuple[int, list[str]]]:
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = max(",;\t", key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header: list[str] = []
    line = 0
    try:
        for line, cells in enumerate(reader, start=1):
            header = header or cells
            if any(c.strip() for c in cells):
                yield line, cells
    except csv.Error as error:
        _csv_failure(text.splitlines()[reader.line_num - 1 : reader.line_num], delimiter, header, source, line + 1,
                     error)


def _csv_failure(lines: list[str], delimiter: str, header: list[str], source: str, line: int,
                 error: csv.Error) -> NoReturn:
    """A line the CSV reader gave up on, refused with the field it stopped at (a field over the reader's limit)."""
    limit = csv.field_size_limit()
    cells = lines[0].split(delimiter) if lines else []
    column = next((i for i, cell in enumerate(cells) if len(cell) > limit), None)
    if column is None:
        raise TournamentError("{source} line {line}: not readable as CSV ({error})", source=source, line=line,
                              error=error)
    field = header[column].strip() if column < len(header) and line > 1 else f"#{column + 1}"
    raise TournamentError(
        "{source} line {line}, field {field!r}: {problem}",
        source=source, line=line, field=field, problem=Message("longer than {limit} characters", limit=limit),
    )  # fmt: skip


def _excel_sheets(path: Path) -> Iterator[tuple[str, Iterator[tuple[int, list[str]]]]]:
    from openpyxl import load_workbook  # a tenth of a second to import: only Excel files pay it

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds on a damaged file
        raise TournamentError("{name}: not a readable Excel workbook ({error})", name=path.name, error=error) from None
    for sheet in book.worksheets:
        yield sheet.title, _sheet_rows(sheet)


def _sheet_rows(sheet) -> Iterator[tuple[int, list[str]]]:
    for line, values in enumerate(sheet.iter_rows(values_only=True), start=1):
        cells = ["" if v is None else str(int(v) if isinstance(v, float) and v.is_integer() else v) for v in values]
        if any(c.strip() for c in cells):
            yield line, cells


def _header(row: tuple[int, list[str]] | None, source: str) -> list[str]:
    if row is None:
        raise _NoEntrants("{source}: the file is empty", source=source)
    return [cell.strip().lower() for cell in row[1]]


def _find(header: list[str], names: tuple[str, ...]) -> int | None:
    return next((i for i, h in enumerate(header) if h in names), None)


def _column(header: list[str], names: tuple[str, ...], source: str) -> int:
    found = _find(header, names)
    if found is None:
        raise TournamentError(
            "{source} line 1: no column {items}", source=source, items=" or ".join((repr(n) for n in names[:2]))
        )
    return found
