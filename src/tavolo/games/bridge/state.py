"""The state of a bridge game: deal, auction, play, score, for one or more hands.

Each hand starts at a chance node, the shuffle; the dealer (mazziere) deals
13 cards each, one at a time from his left, and calls first. The auction
(:mod:`~tavolo.games.bridge.calls`) ends in a contract or, after four passes,
throws the hand in. The player on the declarer's left leads; after that
opening lead the declarer's partner, the dummy (morto), lays his hand face up
and the declarer plays its cards: ``current_player()`` is then the declarer
and ``to_play`` says from which hand. Players follow suit when they can; a
trick goes to the highest trump, else to the highest card of the suit led,
and its winner leads next (seed, raccolta, Bridge, "Regole")::

    >>> import random
    >>> from tavolo.games.bridge import make_game
    >>> state = make_game(board=3).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.phase, state.current_player(), state.vulnerability
    ('auction', 2, 2)
    >>> for call in ("1NT", "pass", "3NT", "pass", "pass", "pass"):
    ...     _ = state.apply_text(call)
    >>> str(state.contract), state.current_player(), state.phase
    ('3NT by S', 3, 'play')

Action ids: ``0..51`` play that card (see :mod:`~tavolo.games.bridge.cards`),
then pass, double, redouble and the 35 bids.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.engine.game import CHANCE, TERMINAL, DealtState
from tavolo.games.bridge import calls as cl
from tavolo.games.bridge.analysis import with_analysis
from tavolo.games.bridge.cards import NUM_CARDS, pbn_deal, side_of
from tavolo.games.bridge.observation import observe
from tavolo.games.bridge.results import HandResult
from tavolo.games.bridge.rubber import RubberSheet
from tavolo.games.bridge.scoring import (BOTH, EW, NONE, NS, board_dealer, board_vulnerability, duplicate_score,
                                         honours, is_vulnerable)
from tavolo.games.trick_taking.tricks import cards_of

if TYPE_CHECKING:
    from tavolo.engine.game import Game

DEAL, AUCTION, PLAY, OVER = range(4)
PHASE_NAMES = ("deal", "auction", "play", "over")
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
Trick = tuple[int, tuple[int, ...], int]
"""A completed trick: ``(leader, cards in the order played, winner)``."""


def trick_winner(cards: tuple[int, ...] | list[int], trump: int) -> int:
    """Index (in the order played) of the card that takes the trick.

    >>> from tavolo.games.bridge.cards import parse_many
    >>> trick_winner(parse_many("H5 HK C2 HA"), trump=-1), trick_winner(parse_many("H5 HK C2 HA"), trump=0)
    (3, 2)
    """
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card // 13 == top // 13:
            if card > top:
                best = i
        elif card // 13 == trump:
            best = i
    return best


class BridgeState(DealtState):
    """A bridge game in progress; see the module docstring."""

    __slots__ = ("game", "_opts", "_phase", "_dealer", "_hand_no", "_turn", "_hands", "_calls", "_contract",
                 "_leader", "_trick", "_tricks", "_won", "_scores", "_sheet", "_results", "history", "_legal")
    phase_names = PHASE_NAMES

    def __init__(self, game: Game) -> None:
        self.game = game
        self._opts = game.options
        self._phase = DEAL
        self._hand_no = 0
        rubber = self._opts.scoring == "rubber"
        self._dealer = (self._opts.dealer or 0) if rubber else self._board_dealer()
        self._turn = self._leader = self._dealer
        self._hands = [0, 0, 0, 0]
        self._calls: list[int] = []
        self._contract: cl.Contract | None = None
        self._trick: list[int] = []
        self._tricks: list[Trick] = []
        self._won = [0, 0]
        self._scores = [0, 0]
        self._sheet = RubberSheet.vulnerable_as(self._opts.vulnerability if rubber else None)
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        if self._phase == DEAL:
            return CHANCE
        if self._phase == OVER:
            return TERMINAL
        if self._phase == PLAY and self._turn == self.dummy:
            return self._contract.declarer  # type: ignore[union-attr]
        return self._turn

    def _legal_now(self) -> list[int]:
        if self._phase == AUCTION:
            return cl.legal_calls(self._calls)
        if self._phase == PLAY:
            return cards_of(self._playable())
        return []

    def _playable(self) -> int:
        hand = self._hands[self._turn]
        if self._trick:
            same = hand & SUIT_MASKS[self._trick[0] // 13]
            if same:
                return same
        return hand

    def _play_action(self, action: int) -> None:
        if action < NUM_CARDS:
            self._play(action)
        else:
            self._call(action)

    def returns(self) -> list[float]:
        """Each seat's side's points: the board scores (duplicate, one side's the
        other's negative) or everything on the rubber's sheet."""
        return [float(self._scores[seat % 2]) for seat in range(4)]

    observation = observe

    def all_cards(self) -> Counter[int]:
        cards = [c for hand in self._hands for c in cards_of(hand)] + self._trick
        cards += [c for _, trick, _ in self._tricks for c in trick]
        return Counter(cards)

    # --- read-only views ------------------------------------------------------------------------

    @property
    def contract(self) -> cl.Contract | None:
        return self._contract

    @property
    def calls(self) -> list[int]:
        return list(self._calls)

    @property
    def dummy(self) -> int:
        """The dummy's seat once there is a contract, else -1."""
        return -1 if self._contract is None else (self._contract.declarer + 2) % 4

    @property
    def to_play(self) -> int:
        """The hand a card is played from (the dummy's when the declarer plays it)."""
        return self._turn

    @property
    def board(self) -> int:
        """The board number (duplicate) or hand number (rubber), from 1."""
        return self._opts.board + self._hand_no

    @property
    def vulnerability(self) -> int:
        """NONE, NS, EW or BOTH (:mod:`~tavolo.games.bridge.scoring`)."""
        if self._opts.scoring == "duplicate":
            own = self._opts.vulnerability
            return own if own is not None and self._hand_no == 0 else board_vulnerability(self.board)
        ns, ew = self._sheet.vulnerable(0), self._sheet.vulnerable(1)
        return BOTH if ns and ew else NS if ns else EW if ew else NONE

    @property
    def sheet(self) -> RubberSheet:
        return self._sheet

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._results)

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    def hand_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` holds; hidden information: use ``observation`` for a player."""
        return cards_of(self._hands[seat])

    def dealt_hands(self) -> list[list[int]]:
        """The four hands as dealt (cards held and cards played); hidden information."""
        hands = [cards_of(h) for h in self._hands]
        for leader, cards, _ in [*self._tricks, (self._leader, tuple(self._trick), -1)]:
            for i, card in enumerate(cards):
                hands[(leader + i) % 4].append(card)
        return [sorted(h) for h in hands]

    # --- the hand ---------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        """13 cards each from the top of ``order``, one at a time from the dealer's left."""
        hands = [0, 0, 0, 0]
        top = len(order)
        for _ in range(13):
            for k in range(1, 5):
                top -= 1
                hands[(self._dealer + k) % 4] |= 1 << order[top]
        self._hands = hands
        self._calls, self._contract = [], None
        self._trick, self._tricks, self._won = [], [], [0, 0]
        self._turn = self._leader = self._dealer
        self._phase = AUCTION

    def _call(self, call: int) -> None:
        self._calls.append(call)
        if not cl.auction_over(self._calls):
            self._turn = (self._turn + 1) % 4
            return
        self._contract = cl.contract_of(self._calls, self._dealer)
        if self._contract is None:
            self._end_hand()
            return
        self._phase = PLAY
        self._leader = self._turn = (self._contract.declarer + 1) % 4

    def _play(self, card: int) -> None:
        self._hands[self._turn] ^= 1 << card
        self._trick.append(card)
        if len(self._trick) < 4:
            self._turn = (self._turn + 1) % 4
            return
        cards = tuple(self._trick)
        winner = (self._leader + trick_winner(cards, self._contract.trump)) % 4  # type: ignore[union-attr]
        self._tricks.append((self._leader, cards, winner))
        self._won[winner % 2] += 1
        self._trick = []
        self._leader = self._turn = winner
        if len(self._tricks) == 13:
            self._end_hand()

    def _end_hand(self) -> None:
        """Score the hand, then deal the next or end the game."""
        contract, vul = self._contract, self.vulnerability
        honour = (-1, 0)
        if contract is None:
            points, tricks, deal = (0, 0), 0, ""
        else:
            side = side_of(contract.declarer)
            tricks = self._won[side]
            deal = pbn_deal(self.dealt_hands())
            if self._opts.scoring == "duplicate":
                score = duplicate_score(contract, tricks, is_vulnerable(vul, side))
                points = (score, -score) if side == 0 else (-score, score)
            else:
                if self._opts.honours:
                    honour = honours(self.dealt_hands(), contract)
                before = self._sheet.totals()
                self._sheet = self._sheet.after(contract, tricks, honour)
                after = self._sheet.totals()
                points = (after[0] - before[0], after[1] - before[1])
        self._scores = [self._scores[0] + points[0], self._scores[1] + points[1]]
        result = HandResult(self.board, self._dealer, vul, None if contract is None else str(contract), tricks,
                            points, honour[1], deal)
        self._results.append(with_analysis(result) if deal and self._opts.analyse else result)
        self._hand_no += 1
        if self._finished():
            self._phase = OVER
            return
        self._phase = DEAL
        self._dealer = self._board_dealer() if self._opts.scoring == "duplicate" else (self._dealer + 1) % 4

    def _board_dealer(self) -> int:
        """The dealer of the duplicate board being dealt: the first board's own (option ``dealer``) or its number's."""
        own = self._opts.dealer
        return own if own is not None and self._hand_no == 0 else board_dealer(self.board)

    def _finished(self) -> bool:
        if self._opts.scoring == "duplicate":
            return self._hand_no >= self._opts.boards
        return self._sheet.over

    # --- a hand known by its result ------------------------------------------------------------
    # Neither is an action of the game (no id, nothing in ``history``): a game played move by move never
    # holds one; a board read from a file does (:mod:`~tavolo.games.bridge.boards`).

    def start_play(self, contract: cl.Contract) -> None:
        """Play ``contract`` with no auction (a results-only board, a deal set as a problem): only
        before the first call. Declarer's left-hand opponent leads."""
        if self._phase != AUCTION or self._calls:
            raise ValueError("a contract is set without an auction only before the first call")
        self._legal = None
        self._contract = contract
        self._phase = PLAY
        self._leader = self._turn = (contract.declarer + 1) % 4

    def claimable(self) -> range:
        """The totals of tricks the declarer's side may still end the hand with (during the play)."""
        if self._phase != PLAY:
            return range(0)
        side = side_of(self._contract.declarer)  # type: ignore[union-attr]
        return range(self._won[side], 13 - self._won[1 - side] + 1)

    def claim(self, tricks: int) -> None:
        """End the play now, the declarer's side taking ``tricks`` in all, those already won included
        (a claim agreed at the table, Laws 68-69; the result of a board read from a file); the hand
        is scored as if played out."""
        if tricks not in self.claimable():
            raise ValueError(f"the declarer's side cannot end this hand with {tricks} tricks")
        side = side_of(self._contract.declarer)  # type: ignore[union-attr]
        self._legal = None
        self._won[side], self._won[1 - side] = tricks, 13 - tricks
        self._end_hand()
