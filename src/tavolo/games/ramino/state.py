"""The state of a Ramino match: hands, stock (mazzo), discards, scores, played
by integer actions (seed, ``raccolta-regole-giochi-di-carte.txt``, "Ramino").

Each hand starts at a chance node, the shuffle: ten cards (seven or nine by
option) to every player still in, one at a time, starting with the first
player (primo di mano) after the dealer; the next card is turned up, the rest
is the stock. Seats play in order 0, 1, 2 ... (the seed deals and plays
counterclockwise; a seat's number is its place in the order of play). The
first player closes at once with his dealt cards or takes the turned-up card;
everyone else draws from the stock or takes the last discard, then discards.
A player closes by discarding with every other card in combinations (a zero),
or with loose cards worth at most 5 or 10 (ai punti). Everyone then pays his
loose cards. When the stock runs out the discards but the top one are
shuffled into a new stock once; when it runs out again the hand ends with
no closer (DECISIONS.md).

    >>> import random
    >>> from tavolo.games.ramino import make_game
    >>> state = make_game(players=3).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> obs = state.observation(1)
    >>> len(obs.hand), obs.stock_size, obs.pile_size, state.legal_action_strings()
    (10, 23, 1, ['take'])
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.games.ramino.actions import (
    CLOSE_AT_ONCE, CLOSE_BASE, DISCARD_BASE, DRAW, TAKE, decode,
)
from tavolo.games.ramino.cards import NUM_TYPES
from tavolo.games.ramino.melds import arrange, closing_discards, loose_within
from tavolo.games.ramino.observation import observe
from tavolo.games.ramino.rules import ELIMINATION
from tavolo.games.ramino.scoring import HandResult
from tavolo.games.rummy.hands import EliminationState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame

DEAL, DRAW_PHASE, PLAY, RESHUFFLE, OVER = range(5)
PHASE_NAMES = ("deal", "draw", "play", "reshuffle", "over")


class RaminoState(EliminationState):
    """A Ramino match in progress. ``apply`` changes it; ``clone`` copies it."""

    __slots__ = (
        "game", "_opts", "_n", "_phase", "_turn", "_turn_no", "_dealer", "_hand_no", "_scores", "_out",
        "_reentered", "_fiches", "_hands", "_stock", "_pile", "_taken", "_reshuffled_once", "_results", "history",
        "_legal",
    )

    phase_names = PHASE_NAMES
    reshuffle_phase, draw_phase = RESHUFFLE, DRAW_PHASE
    chance_phases, over_phase = (DEAL, RESHUFFLE), OVER

    def __init__(self, game: CardGame) -> None:
        self.game, self._opts = game, game.options
        self._n = n = game.options.players
        self._phase, self._dealer = DEAL, n - 1
        self._turn = self._turn_no = self._hand_no = 0
        self._scores, self._out, self._reentered, self._fiches = [0] * n, [False] * n, [False] * n, [0] * n
        self._hands = [[0] * NUM_TYPES for _ in range(n)]
        self._stock: list[int] = []
        self._pile: list[int] = []
        self._taken = -1
        """The card the player on turn took from the discards this turn, or -1."""
        self._reshuffled_once = False
        """The discards have already been shuffled into a new stock this hand."""
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol -------------------------------------------------------------------------------

    def _legal_now(self) -> list[int]:
        hand = self._hands[self._turn]
        if self._phase == DRAW_PHASE:
            if self._turn_no == 0:
                return [TAKE] + ([CLOSE_AT_ONCE] if self.can_close(self.hand_cards(self._turn)) else [])
            return [DRAW, TAKE]
        if self._phase != PLAY:
            return []
        held = [c for c in range(NUM_TYPES) if hand[c] and not (c == self._taken and hand[c] == 1)]
        o = self._opts
        closing = closing_discards(self.hand_cards(self._turn), o.closing_limit, o.same_suit_groups, o.joker_penalty)
        return [DISCARD_BASE + c for c in held] + [CLOSE_BASE + c for c in closing if c in held]


    def _play_action(self, action: int) -> None:
        verb, *parts = decode(action)
        getattr(self, f"_{verb}")(*parts)  # _draw, _take, _discard or _close

    def _reshuffled(self) -> None:
        self._reshuffled_once = True

    def returns(self) -> list[float]:
        """One hand: minus each seat's penalty. A match to 101: minus the points,
        and at its end the winner collects every loser's points ("pagheranno la
        posta ... un tot per ogni punto"). A match of hands: the fiches won."""
        match = self._opts.match
        if match == "hands":
            return [float(f) for f in self._fiches]
        if match is None or self._phase != OVER:
            return [float(-s) for s in self._scores]
        winners = self.winners()
        pot = sum(self._scores[s] for s in range(self._n) if s not in winners)
        return [pot / len(winners) if s in winners else float(-self._scores[s]) for s in range(self._n)]

    observation = observe

    def all_cards(self) -> Counter[int]:
        """Every card in play: hands, stock and discards."""
        return Counter(self._stock + self._pile) + self._cards_held()

    # --- read-only views ---------------------------------------------------------------------------

    def winners(self) -> list[int]:
        """Who has won a finished match to 101: the one left, or the fewest points if
        everyone went over in the last hand."""
        left = self.active_seats()
        if left:
            return left
        best = min(self._scores)
        return [s for s in range(self._n) if self._scores[s] == best]

    def can_close(self, cards: list[int]) -> bool:
        """Whether ``cards`` (the hand after the closing discard) may be shown to close."""
        o = self._opts
        return loose_within(cards, o.closing_limit, o.same_suit_groups, o.joker_penalty)

    # --- the deal ----------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        seats = self._deal_round(order, self._opts.hand_size, NUM_TYPES)
        self._reshuffled_once = False
        self._turn, self._turn_no = seats[0], 0
        self._start_turn()

    def _start_turn(self) -> None:
        self._phase = DRAW_PHASE
        self._taken = -1
        self._legal = None

    # --- applying ----------------------------------------------------------------------------------

    def _draw(self) -> None:
        self._hands[self._turn][self._stock.pop()] += 1
        self._phase = PLAY

    def _take(self) -> None:
        self._taken = card = self._pile.pop()
        self._hands[self._turn][card] += 1
        self._phase = PLAY

    def _discard(self, card: int) -> None:
        seat = self._turn
        self._hands[seat][card] -= 1
        self._pile.append(card)
        self._turn_no += 1
        self._turn = self._next_seat(seat)
        self._start_turn()
        if self._stock:
            return
        if self._reshuffled_once or len(self._pile) == 1:
            self._finish_hand(closer=-1)
        else:
            self._phase = RESHUFFLE

    def _close(self, card: int | None = None) -> None:
        seat = self._turn
        if card is not None:
            self._hands[seat][card] -= 1
            self._pile.append(card)
        self._finish_hand(closer=seat)

    # --- end of a hand and of the match ------------------------------------------------------------

    def _finish_hand(self, closer: int) -> None:
        o = self._opts
        points, loose = [0] * self._n, [""] * self._n
        for seat in self.active_seats():
            arrangement = arrange(self.hand_cards(seat), o.same_suit_groups, o.joker_penalty)
            points[seat], loose[seat] = arrangement.points, fr.names(arrangement.loose)
        fiches = [0] * self._n
        if o.match == "hands" and closer >= 0:
            for seat in self.active_seats():
                fiches[seat] = len(self.active_seats()) - 1 if seat == closer else -1
        for seat in range(self._n):
            self._scores[seat] += points[seat]
            self._fiches[seat] += fiches[seat]
        eliminated, reentered = self._eliminate() if o.match == "101" else ((), ())
        self._results.append(HandResult(self._hand_no, "closing" if closer >= 0 else "stock", closer,
                                        tuple(points), tuple(loose), eliminated, reentered, tuple(fiches)))
        self._hand_no += 1
        over = (o.match is None or (o.match == "hands" and self._hand_no >= o.hands)
                or (o.match == "101" and len(self.active_seats()) <= 1))
        if over:
            self._phase = OVER
        else:
            self._dealer = self._next_seat(self._dealer)
            self._phase = DEAL
        self._legal = None

    def _eliminate(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Who goes over 101, and who of them comes back (once each, at the worst score
        still in, while more than two players remain: "rientro")."""
        over = [s for s in self.active_seats() if self._scores[s] > ELIMINATION]
        staying = [s for s in self.active_seats() if s not in over]
        back = [s for s in over if self._opts.reentry and not self._reentered[s] and len(staying) > 2]
        worst = max((self._scores[s] for s in staying), default=0)
        for seat in over:
            if seat in back:
                self._scores[seat], self._reentered[seat] = worst, True
            else:
                self._out[seat] = True
        return tuple(s for s in over if s not in back), tuple(back)
