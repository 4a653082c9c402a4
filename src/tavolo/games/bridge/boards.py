"""Boards in files (PBN, LIN) and Tavolo's bridge states: what both formats share.

A reader (:mod:`~tavolo.games.bridge.pbn`, :mod:`~tavolo.games.bridge.lin`)
turns each board of a file into a :class:`ReadBoard`: its number, dealer and
vulnerability as the file gives them (``None`` where it does not: then the
board number's duplicate cycle), the deal, the calls and cards with where each
was written, and the contract and result when the file states them.
:func:`state_of` replays it through the rules into a one-board duplicate
state (a rubber joined at that hand when the file scores it as rubber), so a
file with an illegal call or card is refused naming its line. A board with a
contract and a result but no auction or play (a club's result sheet) becomes a
hand played in that contract and ended at that result; a board whose play
stops at a claim ends at the tricks claimed. Every refusal is a
:class:`BoardFileError`, one sentence naming the line and the field::

    >>> from tavolo.games.bridge.cards import parse_pbn_deal
    >>> read = ReadBoard(1, number=1, dealer=2, vulnerability=2,
    ...                  hands=parse_pbn_deal("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"),
    ...                  bid="4S", declarer=1, result=(None, 10))
    >>> state = state_of(read, 1)
    >>> state.dealer, state.hand_results[0].vulnerability, state.hand_results[0].contract, state.hand_results[0].points
    (2, 2, '4S by E', (-620, 620))

:func:`board_of` is the other way: a state's hand as ``endplay``'s board, which
its PBN and LIN writers print.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from endplay.types import Board, Contract, Deal, Penalty, Player

from tavolo.engine.errors import ActionError
from tavolo.engine.record import GameRecord
from tavolo.games.bridge import calls as cl
from tavolo.games.bridge.cards import SEATS, pbn_deal, side_of
from tavolo.games.bridge.endplay_types import VULS, to_bid, to_card, to_denom
from tavolo.games.bridge.game import make_game
from tavolo.games.bridge.scoring import board_dealer, board_vulnerability
from tavolo.games.bridge.state import BridgeState


SEAT_TAGS = ("North", "East", "South", "West")
"""The tags (PBN) and info keys (endplay) of the players' names, seat by seat."""


class BoardFileError(ValueError):
    """A board file refused: an English sentence with ``{named}`` params, its msgid in the
    ``cli`` catalog (the command line's: ``Words.render`` translates it, nested sentences
    too); ``str()`` is the English.

    >>> str(BoardFileError("line {line}, {field}: {reason}", line=3, field='[Board "x"]',
    ...                    reason=BoardFileError("a board number is a whole number from 1")))
    'line 3, [Board "x"]: a board number is a whole number from 1'
    """

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = tuple(sorted(params.items()))
        super().__init__(template.format_map({name: str(value) for name, value in self.params}))


@dataclass(frozen=True)
class Source:
    """Where a field was written: its line and its text as written (``[Deal "..."]``, ``pc|SA|``),
    on one line and cut short when it is long."""

    line: int
    text: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", shown(" ".join(self.text.split())))

    def refuse(self, reason: Any) -> BoardFileError:
        return BoardFileError("line {line}, {field}: {reason}", line=self.line, field=self.text, reason=reason)


def shown(text: str, most: int = 60) -> str:
    """``text``, or its start and an ellipsis when it is longer than ``most`` characters.

    >>> shown("x" * 100, 10)
    'xxxxxxxxx…'
    """
    return text if len(text) <= most else text[:most - 1] + "…"


@dataclass
class ReadBoard:
    """One board as a file gives it. ``calls`` and ``cards`` in the order made, each with its
    source; or, for PBN's play table, ``play_rows`` (a row per trick, a card or ``None`` per
    column, the first column ``play_first``'s); ``bid`` (``"4HX"``, ``"Pass"``) and
    ``declarer`` from the file's contract tags; ``result`` as (side, tricks): side 0 NS, 1 EW,
    ``None`` the declarer's; ``claimed``: the play ends there (PBN's ``*``, LIN's ``mc``);
    ``rubber``: the file scores it as rubber (PBN's ``[Scoring "Rubber"]``)."""

    line: int
    number: int | None = None
    dealer: int | None = None
    vulnerability: int | None = None
    hands: list[list[int]] | None = None
    calls: list[tuple[int, Source]] = field(default_factory=list)
    cards: list[tuple[int, Source]] = field(default_factory=list)
    play_rows: list[tuple[Source, list[int | None]]] = field(default_factory=list)
    play_first: int = 0
    bid: str | None = None
    declarer: int | None = None
    result: tuple[int | None, int] | None = None
    claimed: bool = False
    rubber: bool = False
    sources: dict[str, Source] = field(default_factory=dict)
    """Where the deal, the contract, the declarer and the result were written (by those names)."""

    def where(self, name: str) -> Source:
        return self.sources.get(name, Source(self.line, name))


def state_of(read: ReadBoard, index: int) -> BridgeState:
    """The board replayed by the rules: a one-board duplicate state, or a rubber joined at this
    hand, the sheet as its vulnerability says (``index``: its place in the file, the number of
    a board that gives none)."""
    number = read.number or index
    dealer = board_dealer(number) if read.dealer is None else read.dealer
    vulnerability = board_vulnerability(number) if read.vulnerability is None else read.vulnerability
    if read.rubber:
        game = make_game(scoring="rubber", board=number, dealer=dealer, vulnerability=vulnerability)
    else:
        own: dict[str, int] = {"dealer": dealer} if dealer != board_dealer(number) else {}
        if vulnerability != board_vulnerability(number):
            own["vulnerability"] = vulnerability
        game = make_game(board=number, **own)
    state = game.new_initial_state()
    hands = read.hands
    if hands is None:
        raise read.where("deal").refuse(BoardFileError("the deal is missing"))
    if sorted(c for h in hands for c in h) != list(range(52)) or any(len(h) != 13 for h in hands):
        raise read.where("deal").refuse(BoardFileError("the deal must give 13 different cards to each player"))
    state.apply_chance(deck_order(hands, dealer))
    for call, source in read.calls:
        _apply(state, call, source)
    _contract_from_tags(state, read)
    for card, source in _cards(state, read):
        _apply(state, card, source)
    _settle(state, read)
    return state


def _apply(state: BridgeState, action: int, source: Source) -> None:
    try:
        state.apply(action)
    except ActionError as exc:
        raise source.refuse(exc.message) from None


def _contract_from_tags(state: BridgeState, read: ReadBoard) -> None:
    """Check the file's contract against the auction's, or, with no auction, take it."""
    if read.bid is None:
        return
    where = read.where("contract")
    if read.calls:
        if state.phase == "auction":
            raise where.refuse(BoardFileError("the auction stops before its end: Tavolo takes a contract from a "
                                              "whole auction, or from the contract tags alone"))
        contract = state.contract
        if contract is None or read.bid == "Pass":
            agreed = contract is None and read.bid == "Pass"
        else:
            agreed = str(contract).split(" by ")[0] == read.bid and read.declarer in (None, contract.declarer)
        if not agreed:
            raise where.refuse(BoardFileError("the auction reaches {reached}", reached=contract or "Pass"))
        return
    if read.bid == "Pass":
        for _ in range(4):
            state.apply(cl.PASS)
        return
    if read.declarer is None:
        raise where.refuse(BoardFileError("a contract needs its declarer"))
    state.start_play(cl.Contract.parse(f"{read.bid} by {SEATS[read.declarer]}"))


def _cards(state: BridgeState, read: ReadBoard) -> Iterator[tuple[int, Source]]:
    """The cards in the order played: as listed, or PBN's table read trick by trick from the
    seat that leads each (the state knows it once the card before is played)."""
    yield from read.cards
    missing = False
    for source, row in read.play_rows:
        leader = state.to_play
        for k in range(4):
            card = row[(leader + k - read.play_first) % 4]
            if card is None:
                missing = True
            elif missing:
                raise source.refuse(BoardFileError("a card is missing ('-') before cards played after it"))
            else:
                yield card, source


def _settle(state: BridgeState, read: ReadBoard) -> None:
    """End the hand at the file's result when the play stops at a claim or is not given; check
    it against a play played out. Beside a play that goes on with no claim a result is partial
    (PBN 2.1, 3.4.15): the play's own tricks stand."""
    if read.result is None or state.contract is None:
        if read.result is not None and state.phase == "auction":
            raise read.where("result").refuse(BoardFileError("a result needs a contract"))
        return
    side, tricks = read.result
    declarer_side = side_of(state.contract.declarer)
    if side is not None and side != declarer_side:
        tricks = 13 - tricks
    where = read.where("result")
    if state.phase == "play" and (read.claimed or not (read.cards or read.play_rows)):
        reachable = state.claimable()
        if tricks not in reachable:
            raise where.refuse(BoardFileError("the declarer's side has won {won} tricks and the defenders {lost}",
                                              won=reachable.start, lost=14 - reachable.stop))
        state.claim(tricks)
    elif state.phase != "play" and state.hand_results[-1].tricks != tricks:
        raise where.refuse(BoardFileError("the play gives the declarer's side {tricks} tricks",
                                          tricks=state.hand_results[-1].tricks))


def deck_order(hands: list[list[int]], dealer: int) -> list[int]:
    """The deck order (bottom card first) whose deal gives ``hands`` (N E S W)."""
    dealt = []
    sorted_hands = [sorted(h) for h in hands]
    for i in range(13):
        for k in range(1, 5):
            dealt.append(sorted_hands[(dealer + k) % 4][i])
    return dealt[::-1]


def board_of(state: BridgeState, event: str = "Tavolo", names: Sequence[str] = ()) -> Board:
    """The board of the hand ``state`` is playing or has just finished, as ``endplay`` holds
    one: a hand passed out has the contract ``Pass``; a hand in play its contract with no
    result yet (:func:`is_over` says which); a finished one the tricks its declarer's side
    took, ``claimed`` when the play stopped before the 13th trick. A hand still in the
    auction sets none, but endplay's board makes one up from the calls so far: the writers
    say it is not decided. ``names``: the players, North, East, South, West (a record's
    seats), or none."""
    over = is_over(state)
    done = state.hand_results[-1] if over else None
    board = Board(Deal.from_pbn(pbn_deal(state.dealt_hands())), auction=[to_bid(c) for c in state.calls],
                  board_num=done.number if done else state.board,
                  vul=VULS[done.vulnerability if done else state.vulnerability],
                  dealer=Player(done.dealer if done else state.dealer))
    contract = state.contract
    if contract is not None:
        board.contract = Contract(level=contract.level, denom=to_denom(contract.denomination),
                                  declarer=Player(contract.declarer), penalty=Penalty(1 << contract.doubled),
                                  result=done.tricks - contract.tricks_needed if done else 0)
        board.play = [to_card(c) for _, cards, _ in state.tricks for c in cards] + [to_card(c) for c in state._trick]
        board.claimed = over and len(board.play) < 52
    elif over:
        board.contract = Contract("Pass")
    board.info["Event"] = event
    board.info.update((tag, name) for tag, name in zip(SEAT_TAGS, names) if name)
    board.info["Scoring"] = "MP;IMP" if state.game.options.scoring == "duplicate" else "Rubber"
    return board


def is_over(state: BridgeState) -> bool:
    """The hand is over (and the next not dealt yet)."""
    return state.phase in ("deal", "over") and bool(state.hand_results)


def board_number(state: BridgeState) -> int:
    """The number of the board ``state`` is playing or has just finished."""
    return state.hand_results[-1].number if is_over(state) else state.board


def record_states(record: GameRecord) -> list[BridgeState]:
    """The record replayed, one state per hand, as it stood when the hand ended
    (or where the record stops)."""
    from tavolo.games import make_game_from_json

    game = make_game_from_json(record.game, record.options)
    state = game.new_initial_state()
    rng = random.Random(record.seed)
    out = []
    for text in record.actions:
        while state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        state.apply_text(text)
        if state.phase in ("deal", "over"):
            out.append(state.clone())
    if state.phase not in ("deal", "over"):
        out.append(state)
    return out  # type: ignore[return-value]
