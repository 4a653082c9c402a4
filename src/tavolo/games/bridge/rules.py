"""Bridge's options: one frozen object per game.

    >>> BridgeOptions(scoring="rubber").honours
    True
    >>> BridgeOptions(scoring="chicago")
    Traceback (most recent call last):
    ...
    ValueError: bridge scoring is 'duplicate' or 'rubber', not 'chicago'
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Text

SCORINGS = ("duplicate", "rubber")


@dataclass(frozen=True)
class BridgeOptions:
    """``scoring``: ``"duplicate"`` (competizione: boards ``board`` to
    ``board + boards - 1``, dealer and vulnerability by board number, each board
    scored alone) or ``"rubber"`` (partita libera: hands until a side wins two
    games; North deals first); ``honours``: count honours in rubber bridge
    (the seed's "punti a onore"; never in duplicate); ``analyse``: each played
    hand's result carries its double-dummy tricks and par (endplay/DDS, some
    tens of milliseconds a hand); ``dealer`` and ``vulnerability`` (seat 0-3; NONE,
    NS, EW, BOTH): the first board's, when they are not its number's (a deal from
    a book, a board read back from a file); the boards after it follow the cycle.
    In rubber the first hand's (a rubber's hand read back from a file, ``board`` its
    number): a vulnerable side has made a game (in seconda), so the sheet starts
    with it; the deal goes round from that dealer. Always four players.

    >>> BridgeOptions(board=1, dealer=2, vulnerability=2).dealer
    2
    """

    scoring: str = "duplicate"
    board: int = 1
    boards: int = 1
    honours: bool = True
    analyse: bool = False
    players: int = 4
    dealer: int | None = None
    vulnerability: int | None = None

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise ValueError(Text("bridge scoring is 'duplicate' or 'rubber', not {scoring}",
                                  scoring=repr(self.scoring)))
        if self.players != 4:
            raise ValueError(Text("bridge is played by 4 players in two partnerships, not {players}",
                                  players=self.players))
        if not 1 <= self.board:
            raise ValueError(Text("board numbers start at 1, not {board}", board=self.board))
        if not 1 <= self.boards <= 64:
            raise ValueError(Text("play 1 to 64 boards, not {boards}", boards=self.boards))
        if self.dealer not in (None, 0, 1, 2, 3):
            raise ValueError(Text("the dealer is seat 0-3 (N E S W), not {dealer}", dealer=self.dealer))
        if self.vulnerability not in (None, 0, 1, 2, 3):
            raise ValueError(Text("vulnerability is 0-3 (none, NS, EW, both), not {vulnerability}",
                                  vulnerability=self.vulnerability))
