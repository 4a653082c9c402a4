"""PBN (Portable Bridge Notation 2.1) files in and out, by ``endplay``'s PBN
reader and writer: every hand of a game becomes a board with its deal,
dealer, vulnerability, auction, contract, result and play; a PBN board
becomes a bridge state, its calls and cards replayed through the rules (so
a file with an illegal call or card is refused, naming it)::

    >>> import random
    >>> from tavolo.games.bridge import make_game
    >>> from tavolo.engine.game import resolve_chance
    >>> state = make_game(board=4).new_initial_state()
    >>> resolve_chance(state, random.Random(3))
    >>> for call in ("1C", "pass", "pass", "pass"):
    ...     _ = state.apply_text(call)
    >>> text = dumps([state])
    >>> again = loads(text)[0]
    >>> again.board, again.contract == state.contract, again.dealt_hands() == state.dealt_hands()
    (4, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import endplay.parsers.pbn as endplay_pbn
from endplay.types import Board, Contract, Deal, Penalty, Player

from tavolo.engine.errors import ActionError
from tavolo.engine.record import GameRecord
from tavolo.games.bridge.cards import parse_pbn_deal, pbn_deal
from tavolo.games.bridge.endplay_types import VULS, from_bid, from_card, to_bid, to_card, to_denom
from tavolo.games.bridge.game import make_game
from tavolo.games.bridge.state import BridgeState


def board_of(state: BridgeState, event: str = "Tavolo") -> Board:
    """The PBN board of the hand ``state`` is playing or has just finished."""
    hands = state.dealt_hands()
    board = Board(Deal.from_pbn(pbn_deal(hands)), auction=[to_bid(c) for c in state.calls],
                  board_num=state.hand_results[-1].number if _finished(state) else state.board,
                  vul=VULS[state.hand_results[-1].vulnerability if _finished(state) else state.vulnerability],
                  dealer=Player(state.dealer if not _finished(state) else state.hand_results[-1].dealer))
    contract = state.contract
    if contract is not None:
        made = state.hand_results[-1].tricks if _finished(state) else None
        board.contract = Contract(level=contract.level, denom=to_denom(contract.denomination),
                                  declarer=Player(contract.declarer), penalty=Penalty(1 << contract.doubled),
                                  result=0 if made is None else made - contract.tricks_needed)
        board.play = [to_card(c) for _, cards, _ in state.tricks for c in cards] + [to_card(c) for c in state._trick]
    board.info["Event"] = event
    board.info["Scoring"] = "MP;IMP" if state.game.options.scoring == "duplicate" else "Rubber"
    return board


def _finished(state: BridgeState) -> bool:
    """The hand is over and the next not dealt yet."""
    return state.phase in ("deal", "over") and bool(state.hand_results)


def dumps(states: Iterable[BridgeState], event: str = "Tavolo") -> str:
    """A PBN file of the hands the states are at."""
    return endplay_pbn.dumps([board_of(s, event) for s in states])


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


def loads(text: str) -> list[BridgeState]:
    """Every board of a PBN file as a bridge state (duplicate scoring, the
    board's number), its auction and play replayed."""
    try:
        boards = endplay_pbn.loads(text)
    except Exception as exc:  # endplay raises several kinds on a malformed file
        raise ValueError(f"not a PBN file endplay can read: {exc}") from None
    return [_state_of(board, k + 1) for k, board in enumerate(boards)]


def _state_of(board: Board, index: int) -> BridgeState:
    number = board.board_num or index
    state = make_game(board=number).new_initial_state()
    if board.dealer is not None and int(board.dealer) != state.dealer:
        raise ValueError(f"board {number}: dealer {board.dealer.abbr} is not board {number}'s "
                         f"(duplicate boards rotate N, E, S, W)")
    if board.vul is not None and VULS.index(board.vul) != state.vulnerability:
        raise ValueError(f"board {number}: vulnerability {board.vul.name} is not board {number}'s "
                         f"(the standard 16-board cycle)")
    hands = parse_pbn_deal(board.deal.to_pbn())
    if sorted(c for h in hands for c in h) != list(range(52)) or any(len(h) != 13 for h in hands):
        raise ValueError(f"board {number}: the deal must give 13 different cards to each player")
    state.apply_chance(deck_order(hands, state.dealer))
    actions = [from_bid(b) for b in board.auction] + [from_card(c) for c in board.play]
    for k, action in enumerate(actions):
        try:
            state.apply(action)
        except ActionError as exc:
            raise ValueError(f"board {number}, move {k + 1}: {exc}") from None
    return state


def deck_order(hands: list[list[int]], dealer: int) -> list[int]:
    """The deck order (bottom card first) whose deal gives ``hands`` (N E S W)."""
    dealt = []
    sorted_hands = [sorted(h) for h in hands]
    for i in range(13):
        for k in range(1, 5):
            dealt.append(sorted_hands[(dealer + k) % 4][i])
    return dealt[::-1]

