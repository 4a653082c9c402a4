"""BBO's LIN, the form hands played online are shared in, in and out, by ``endplay``'s
LIN reader and writer (:mod:`endplay.parsers.lin`).

A LIN text is ``key|value|`` pairs: ``pn`` the players (South, West, North, East),
``md`` the dealer (1-4: S W N E) and the hands from South's (the last may be left
out), ``sv`` the vulnerability (``o`` none, ``n`` NS, ``e`` EW, ``b`` both), ``ah``
the board (``Board 7``), ``mb`` each call (``p``, ``d``, ``r``, ``1S``, ``3N``; ``!``
marks an alert), ``pc`` each card (``SA``), ``mc`` a claim (the tricks of the
declarer's side in all); the rest (``st``, ``rh``, ``pg``, ``an``, ``nt``, ...) is
layout and commentary. A board starts at ``pn``, ``qx`` or ``md`` once the board
before has its deal::

    >>> state = loads("pn|Sud,Ovest,Nord,Est|st||md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,"
    ...               "S765H432DAKQJCT98,|rh||ah|Board 1|sv|o|mb|1S|mb|p|mb|p|mb|p|pc|C5|mc|7|")[0]
    >>> state.dealer, str(state.contract), state.hand_results[0].tricks, state.hand_results[0].points
    (0, '1S by N', 7, (80, -80))
    >>> dumps([state]).startswith("pn|,,,|st||md|3S")
    True

Each pair is checked before endplay reads it: a bad one is refused naming its line
and the pair (:class:`~tavolo.games.bridge.boards.BoardFileError`); the calls and
cards are then replayed by the rules (:func:`~tavolo.games.bridge.boards.state_of`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

import endplay.parsers.lin as endplay_lin
from endplay.types import Bid, Card

from tavolo.games.bridge.boards import (BoardFileError, ReadBoard, Source, board_number, board_of, shown,
                                        state_of)
from tavolo.games.bridge.cards import parse_pbn_deal
from tavolo.games.bridge.endplay_types import VULS, from_bid, from_card
from tavolo.games.bridge.state import BridgeState

_HAND = re.compile(r"(S[2-9TJQKA]*H[2-9TJQKA]*D[2-9TJQKA]*C[2-9TJQKA]*)?$", re.IGNORECASE)
_BOARD = re.compile(r"Board\s*(\d+)$", re.IGNORECASE)
READ_BY_ENDPLAY = ("md", "sv", "ah", "mb")
"""The pairs endplay's reader turns into the board: deal and dealer, vulnerability, number, calls. Not the
cards: it counts the tricks of the play and fails on an unfinished trick; each goes through endplay's ``Card``."""
Pair = tuple[str, str, int]
"""A LIN pair: key, value, the line it is on."""


def dumps(states: Iterable[BridgeState], names: Sequence[str] = ()) -> str:
    """The hands the states are at as LIN, a line per board; ``names``: the players, North,
    East, South, West (a record's seats), written in ``pn`` from South's. A contract is LIN's
    only through its auction: a board read from a result sheet (a contract, no auction) is
    refused."""
    boards = []
    for state in states:
        if state.contract is not None and not state.calls:
            raise BoardFileError("board {number}: {reason}", number=board_number(state), reason=BoardFileError(
                "LIN gives a contract only by its auction, and this board has none"))
        boards.append(board_of(state, names=names))
    return endplay_lin.dumps(boards)


def loads(text: str) -> list[BridgeState]:
    """Every board of a LIN text as a bridge state, its auction and play replayed."""
    return [state_of(read, k + 1) for k, read in enumerate(read_boards(text))]


def read_boards(text: str) -> list[ReadBoard]:
    """Every board of a LIN text as the text gives it."""
    boards = [_read(board) for board in _boards(_pairs(text))]
    if not boards:
        raise BoardFileError("no board in this LIN text: a board is md|...| with its dealer and hands")
    return boards


def _pairs(text: str) -> list[Pair]:
    """The text's ``key|value|`` pairs, each with the line of its key."""
    parts = text.split("|")
    pairs, line = [], 1
    for k in range(0, len(parts) - 1, 2):
        key, value = parts[k], parts[k + 1]
        key_line = line + key[:len(key) - len(key.lstrip())].count("\n")
        line += key.count("\n") + value.count("\n")
        pairs.append((key.strip().lower(), value.strip(), key_line))
    if len(parts) % 2 == 1 and parts[-1].strip():
        raise Source(line, parts[-1].strip()[:20]).refuse(BoardFileError("a LIN key needs a value: key|value|"))
    return pairs


def _boards(pairs: list[Pair]) -> list[list[Pair]]:
    """The pairs of each board: a new one at ``pn``, ``qx`` or ``md`` once the current one has a deal."""
    boards: list[list[Pair]] = [[]]
    for pair in pairs:
        if pair[0] in ("pn", "qx", "md") and any(key == "md" for key, _, _ in boards[-1]):
            boards.append([])
        boards[-1].append(pair)
    return [board for board in boards if any(key == "md" for key, _, _ in board)]


def _read(pairs: list[Pair]) -> ReadBoard:
    """One board's pairs, each checked, then read by endplay."""
    read = ReadBoard(pairs[0][2])
    calls: list[Source] = []
    for key, value, line in pairs:
        source = Source(line, f"{key}|{value}|")
        problem = CHECKS[key](value) if key in CHECKS else None
        if problem is not None:
            raise source.refuse(problem)
        if key == "md":
            read.sources["deal"] = source
        elif key == "mb":
            calls.append(source)
        elif key == "pc":
            read.cards.append((from_card(Card(value)), source))
        elif key == "mc":
            read.result, read.claimed = (None, int(value)), True
            read.sources["result"] = source
    kept = "".join(f"{key}|{value.upper() if key == 'md' else value}|"
                   for key, value, _ in pairs if key in READ_BY_ENDPLAY)
    try:
        board = endplay_lin.LINDecoder().parse_line(kept)
    except Exception as exc:  # as in _call_problem
        raise Source(read.line, "md").refuse(BoardFileError("not LIN endplay can read ({reason})",
                                                            reason=shown(str(exc)))) from None
    read.number, read.dealer = board.board_num, int(board.dealer)
    if any(key == "sv" for key, _, _ in pairs):
        read.vulnerability = VULS.index(board.vul)
    read.hands = parse_pbn_deal(board.deal.to_pbn())
    read.calls = [(from_bid(bid), source) for bid, source in zip(board.auction, calls)]
    return read


def _deal_problem(value: str) -> BoardFileError | None:
    hands = value[1:].split(",")
    if not value[:1] or value[0] not in "1234":
        return BoardFileError("a LIN deal starts with its dealer, 1-4 (S W N E)")
    if len(hands) > 4 or not all(_HAND.match(h) for h in hands):
        return BoardFileError("a LIN deal is up to four hands from South's, each S, H, D, C and their cards, "
                              "e.g. SAKQHT98D765C432")
    return None


def _call_problem(value: str) -> BoardFileError | None:
    try:
        from_bid(Bid(value.rstrip("!")))
    except Exception:  # endplay's types raise several kinds on a value they cannot read
        return BoardFileError("not a call: p, d, r or a bid such as 1S or 3N")
    return None


def _card_problem(value: str) -> BoardFileError | None:
    try:
        from_card(Card(value))
    except Exception:  # as in _call_problem
        return BoardFileError("not a card: a suit and a rank, e.g. SA or H9")
    return None


def _vulnerability_problem(value: str) -> BoardFileError | None:
    return None if value.lower() in ("o", "n", "e", "b") else BoardFileError("LIN vulnerability is o, n, e or b")


def _number_problem(value: str) -> BoardFileError | None:
    m = _BOARD.match(value)
    return None if m and int(m.group(1)) >= 1 else BoardFileError("a LIN board is 'Board' and its number, "
                                                                  "e.g. ah|Board 7|")


def _claim_problem(value: str) -> BoardFileError | None:
    ok = value.isdigit() and int(value) <= 13
    return None if ok else BoardFileError("a claim is the declarer's side's tricks, 0 to 13")


CHECKS: dict[str, Callable[[str], BoardFileError | None]] = {
    "md": _deal_problem, "sv": _vulnerability_problem, "ah": _number_problem, "mb": _call_problem,
    "pc": _card_problem, "mc": _claim_problem,
}
"""Per key, what is wrong with a value (``None``: nothing)."""
