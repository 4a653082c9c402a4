"""PBN files (Portable Bridge Notation 2.1) in and out, by ``endplay``'s PBN reader and
writer: every hand of a game becomes a board with its deal, dealer, vulnerability,
auction, contract, result and play; every board of a file becomes a bridge state
(:mod:`~tavolo.games.bridge.boards`), its calls and cards replayed through the rules::

    >>> import random
    >>> from tavolo.games.bridge import make_game
    >>> from tavolo.engine.game import resolve_chance
    >>> state = make_game(board=4).new_initial_state()
    >>> resolve_chance(state, random.Random(3))
    >>> for call in ("1C", "pass", "pass", "pass"):
    ...     _ = state.apply_text(call)
    >>> text = dumps([state])
    >>> '[Contract "1C"]' in text and '[Result "?"]' in text     # in play: no result yet
    True
    >>> again = loads(text)[0]
    >>> again.board, again.contract == state.contract, again.dealt_hands() == state.dealt_hands()
    (4, True, True)

Reading takes the dealer and vulnerability from the ``Dealer`` and ``Vulnerable`` tags
(the auction's first caller when there is no ``Dealer``; the board number's duplicate
cycle only when the file says neither), and ``Contract``, ``Declarer`` and ``Result``:
a board with no auction or play (a club's result sheet) is the contract played to that
result. Writing follows the standard's export format (3.4.13-3.4.15): a board passed out
has ``[Contract "Pass"]`` and empty ``Declarer`` and ``Result``; ``Result`` is the tricks
the declarer's side took once the hand is over (a play stopped by a claim ends with
``*``), and ``"?"`` (unknown) while it is still being played. A malformed file is
refused with the line and the tag (:class:`~tavolo.games.bridge.boards.BoardFileError`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from io import StringIO
from typing import Any

import endplay.parsers.pbn as endplay_pbn
from endplay.types import Bid, Card, Deal, Player, Vul

from tavolo.games.bridge import calls as cl
from tavolo.games.bridge.boards import (BoardFileError, ReadBoard, Source, board_of, deck_order, is_over,
                                        record_states, shown, state_of)
from tavolo.games.bridge.cards import SEATS, parse_pbn_deal
from tavolo.games.bridge.endplay_types import VULS, from_bid, from_card
from tavolo.games.bridge.state import BridgeState

__all__ = ["deck_order", "dumps", "loads", "read_boards", "record_states"]

_ANNOTATION = re.compile(r"\{[^}]*\}|;.*$|\$\d+|=\d+=|[!?]{1,2}|\^[ISRL]")
"""What may follow a call or a card and is not one: comments, NAGs, note references, suffixes, irregularities."""
_RESULT = re.compile(r"\^?(?:(\d+)|(NS|EW) (\d+)(?: (?:NS|EW) \d+)?)$", re.IGNORECASE)
SEAT_PROBLEM = BoardFileError("a seat is N, E, S or W")
UNDECIDED = ("[Declarer ", "[Contract ", "[Result ")
"""The tags of what the auction decides."""
UNKNOWN = ("", "?")
"""Tag values that say nothing: inappropriate (empty) or unknown."""


def dumps(states: Iterable[BridgeState], event: str = "Tavolo", names: Sequence[str] = ()) -> str:
    """A PBN file (export format) of the hands the states are at; ``names``: the players,
    North, East, South, West (a record's seats), else the tags say ``?`` (unknown)."""
    encoder = endplay_pbn.PBNEncoder()
    out = StringIO()
    out.write(f"% PBN {encoder.pbn_version}\n% EXPORT\n")
    for state in states:
        encoder.export_board(board_of(state, event, names))
        out.writelines(_as_the_standard_says(tag, state) for tag in encoder.tags)
        out.write("\n")
    return out.getvalue()


def _as_the_standard_says(tag: str, state: BridgeState) -> str:
    """endplay's tag as PBN 2.1 writes it: a contract doubled with ``X`` (endplay writes ``x``);
    no result (``?``, unknown) for a hand still being played; during the auction no declarer,
    contract or result (``?``: 3.4, "When a tag value of a mandatory tag is unknown"; endplay
    makes them up from the calls so far), and ``+`` in the place of the next call (3.5: "the
    auction has not been completed yet ... The '+' replaces the next call to be made")."""
    if state.phase == "auction":
        if tag.startswith(UNDECIDED):
            return tag.split(" ")[0] + ' "?"]\n'
        if tag.startswith("[Auction "):
            return tag + "+\n" if len(state.calls) % 4 == 0 else tag[:-1] + " +\n"
    if tag.startswith("[Contract "):
        return tag.replace('x"]', 'X"]').replace('xX"]', 'XX"]')
    if tag.startswith("[Result ") and state.contract is not None and not is_over(state):
        return '[Result "?"]\n'
    return tag


def loads(text: str) -> list[BridgeState]:
    """Every board of a PBN file as a bridge state (duplicate scoring, or rubber where the
    ``Scoring`` tag says so; the board's number), its auction and play replayed."""
    return [state_of(read, k + 1) for k, read in enumerate(read_boards(text))]


def read_boards(text: str) -> list[ReadBoard]:
    """Every board of a PBN file as the file gives it."""
    reader = _Reader()
    try:
        boards = reader.parse_file(StringIO(text))
    except BoardFileError:
        raise
    except endplay_pbn.PBNDecodeError as exc:
        raise Source(exc.lineno, exc.line).refuse(BoardFileError("expected a tag such as [Board \"1\"]")) from None
    except Exception as exc:  # endplay raises several kinds on a malformed file
        raise BoardFileError("line {line}: not PBN endplay can read ({reason})", line=reader.lineno,
                             reason=shown(str(exc))) from None
    if reader.state == endplay_pbn.PBNDecoder.State.COMMENTBLOCK:
        raise BoardFileError("line {line}: {reason}", line=reader.comment_line,
                             reason=BoardFileError("a comment opened with a brace is never closed"))
    if not boards:
        raise BoardFileError("no board in this PBN text: a board is tags such as [Board \"1\"] and [Deal \"N:...\"]")
    return boards


class _Reader(endplay_pbn.PBNDecoder):
    """endplay's PBN reader (metadata, comments, tags, tables), remembering the line of every
    tag and table row; each game becomes a :class:`ReadBoard` rather than endplay's board,
    whose reader drops the ``Dealer`` of a board with no contract and stops an auction at
    the ``-`` that fills the places before the dealer."""

    def clear(self) -> None:
        super().clear()
        self.tag_lines: dict[str, int] = {}
        self.row_lines: dict[str, list[int]] = {}
        self.comment_line = 0

    def _parse_none(self, curline: str) -> bool:
        m = endplay_pbn.RE.tagpair.match(curline)
        if m and m.group(1) not in self.curtags:
            self.tag_lines[m.group(1)] = self.lineno
        passed_on = super()._parse_none(curline)  # endplay: False once the line is used
        if self.state == self.State.COMMENTBLOCK and not self.comment_line:
            self.comment_line = self.lineno
        elif self.state != self.State.COMMENTBLOCK:
            self.comment_line = 0
        return passed_on

    def _parse_conttable(self, curline: str) -> bool:
        if curline and not endplay_pbn.RE.tagpair.match(curline) and self.curtag is not None:
            self.row_lines.setdefault(self.curtag, []).append(self.lineno)
        return super()._parse_conttable(curline)

    def _tags_to_board(self) -> Any:
        if not self.curtags:
            return None
        game = _Game(self.curtags, self.prevtags, self.tag_lines, self.row_lines)
        self.tag_lines, self.row_lines = {}, {}
        return game.read()


class _Game:
    """One game's tags (as endplay's reader collects them) read into a :class:`ReadBoard`."""

    def __init__(self, tags: dict[str, dict], previous: dict[str, dict], lines: dict[str, int],
                 rows: dict[str, list[int]]) -> None:
        self.fields: dict[str, tuple[str, dict]] = {}
        for name, fields in tags.items():
            if fields["value"] == "#":
                if name not in previous:
                    raise Source(lines[name], f'[{name} "#"]').refuse(
                        BoardFileError("'#' repeats the board before's tag, and it has none"))
                fields = previous[name]
            self.fields[name.lower()] = (name, fields)
        self.lines = lines
        self.rows = rows
        self.board = ReadBoard(min(lines.values(), default=0))

    def value(self, key: str) -> str | None:
        """The tag's value, ``None`` when it is missing or says nothing."""
        found = self.fields.get(key)
        return None if found is None or found[1]["value"].strip() in UNKNOWN else found[1]["value"].strip()

    def source(self, key: str) -> Source:
        name, fields = self.fields[key]
        return Source(self.lines.get(name, self.board.line), f'[{name} "{fields["value"]}"]')

    def read(self) -> ReadBoard:
        b = self.board
        b.number = self._tag("board", _board_number, BoardFileError("a board number is a whole number from 1"))
        b.vulnerability = self._tag("vulnerable", lambda v: VULS.index(Vul.find(v)),
                                    BoardFileError("vulnerability is None, NS, EW or All"))
        b.hands = self._tag("deal", lambda v: parse_pbn_deal(Deal(v).to_pbn()),
                            BoardFileError("a deal is a seat and four hands, e.g. N:AKQJ.T98.765.432 ..."))
        b.dealer = self._tag("dealer", _seat, SEAT_PROBLEM)
        b.declarer = self._tag("declarer", lambda v: _seat(v.lstrip("^")), SEAT_PROBLEM)
        b.bid = self._tag("contract", _bid, BoardFileError("a contract is Pass or a level 1-7, a denomination "
                                                           "C D H S NT and X or XX, e.g. 4HX"))
        b.result = self._tag("result", _result,
                             BoardFileError("a result is the tricks the declarer's side took, 0 to 13"))
        b.rubber = "rubber" in (self.value("scoring") or "").lower().split(";")
        for key in ("deal", "contract", "result"):
            if key in self.fields:
                b.sources[key] = self.source(key)
        if "auction" in self.fields:
            self._auction()
        if "play" in self.fields:
            self._play()
        return b

    def _tag(self, key: str, convert: Callable[[str], Any], reason: BoardFileError) -> Any:
        value = self.value(key)
        if value is None:
            return None
        try:
            return convert(value)
        except Exception:  # endplay's types raise several kinds on a value they cannot read
            raise self.source(key).refuse(reason) from None

    def _tokens(self, key: str) -> list[tuple[str, Source]]:
        """The calls or cards of a section, each with its line."""
        name, fields = self.fields[key]
        lines = self.rows.get(name, [])
        out = []
        for k, row in enumerate(fields["data"]):
            line = lines[k] if k < len(lines) else self.lines.get(name, self.board.line)
            for token in _ANNOTATION.sub(" ", " ".join(row)).split():
                out.append((token, Source(line, f"[{name}] {token}")))
        return out

    def _auction(self) -> None:
        b = self.board
        first = self._tag("auction", _seat, SEAT_PROBLEM)
        tokens = self._tokens("auction")
        while tokens and tokens[0][0] == "-":
            tokens.pop(0)
            first = None if first is None else (first + 1) % 4
        if b.dealer is None:
            b.dealer = first
        elif first is not None and first != b.dealer:
            raise self.source("auction").refuse(BoardFileError(
                "the auction starts with {first}, the dealer is {dealer}", first=SEATS[first], dealer=SEATS[b.dealer]))
        for token, source in tokens:
            if token in ("*", "+"):
                break
            try:
                calls = [cl.PASS] * 3 if token.upper() == "AP" else [from_bid(Bid(token))]
            except Exception:  # as in _tag
                raise source.refuse(BoardFileError("{token} is not a call", token=token)) from None
            b.calls += [(call, source) for call in calls]

    def _play(self) -> None:
        b = self.board
        first = self._tag("play", _seat, SEAT_PROBLEM)
        b.play_first = 0 if first is None else first
        cards: list[tuple[int | None, Source]] = []
        for token, source in self._tokens("play"):
            if token in ("*", "+"):
                b.claimed = token == "*"
                break
            try:
                cards.append((None if token == "-" else from_card(Card(token)), source))
            except Exception:  # as in _tag
                raise source.refuse(BoardFileError("{token} is not a card", token=token)) from None
        for k in range(0, len(cards), 4):
            trick = cards[k:k + 4]
            b.play_rows.append((trick[0][1], [card for card, _ in trick] + [None] * (4 - len(trick))))


def _board_number(value: str) -> int:
    number = int(value)
    if number < 1:
        raise ValueError(value)
    return number


def _seat(value: str) -> int:
    return int(Player.find(value))


def _bid(value: str) -> str:
    """The contract in Tavolo's notation (``4HX``), or ``Pass``."""
    if value.lower() == "pass":
        return "Pass"
    bid = value.rstrip("xX")
    doubled = len(value) - len(bid)
    call = cl.parse_call(bid)
    if not cl.is_bid(call) or doubled > 2:
        raise ValueError(value)
    return cl.call_name(call) + "X" * doubled


def _result(value: str) -> tuple[int | None, int]:
    """(side, tricks): ``"9"`` the declarer's side's; ``"NS 9"``, ``"EW 4 NS 9"`` the side named first."""
    m = _RESULT.match(value.strip())
    if not m:
        raise ValueError(value)
    side, tricks = (None, int(m.group(1))) if m.group(1) else (("NS", "EW").index(m.group(2).upper()), int(m.group(3)))
    if not 0 <= tricks <= 13:
        raise ValueError(value)
    return side, tricks
