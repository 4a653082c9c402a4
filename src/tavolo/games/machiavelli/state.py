"""The state of a Machiavelli match: hands, stock (mazzo), the table's
combinations, scores, played by integer actions (seed,
``raccolta-regole-giochi-di-carte.txt``, "Machiavelli").

Each hand starts at a chance node, the shuffle: 13 cards (8 at a crowded
table) to every player, one at a time, from the dealer's left; the rest is
the stock. Seats play in order 0, 1, 2 ... A turn is a draw, or small moves
(put a card of the hand on the table, move a card of the table) ended when
every combination on the table is valid and at least one card of the hand
lies there. Until a player has opened he lays only new combinations of his
own cards. Whoever empties his hand closes: 100 points to him, the others pay
their cards as in Pinnacola. With the stock empty a player who lays nothing
passes; a whole round of passes ends the hand with no closer (DECISIONS.md).

    >>> import random
    >>> from tavolo.games.machiavelli import make_game
    >>> state = make_game(players=3).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> obs = state.observation(0)
    >>> len(obs.hand), obs.stock_size, obs.table
    (13, 65, ())
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, cast

from tavolo.cards import french as fr
from tavolo.games.machiavelli.actions import (
    DONE, DRAW, MAX_GROUPS, NUM_CARDS, PASS, UNDO, decode, move_action, put_action,
)
from tavolo.games.machiavelli.melds import card_points, is_meld, meld_order
from tavolo.games.machiavelli.observation import observe
from tavolo.games.machiavelli.scoring import CLOSING_BONUS, HandResult
from tavolo.games.rummy.hands import HandsState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame

DEAL, PLAY, OVER = range(3)
PHASE_NAMES = ("deal", "play", "over")


class MachiavelliState(HandsState):
    """A Machiavelli match in progress. ``apply`` changes it; ``clone`` copies it."""

    __slots__ = (
        "game", "_opts", "_n", "_phase", "_turn", "_dealer", "_hand_no", "_scores", "_opened", "_hands",
        "_stock", "_table", "_start_table", "_start_hand", "_moves", "_steps", "_budget", "_passes",
        "_results", "history", "_legal",
    )

    phase_names = PHASE_NAMES
    chance_phases, over_phase = (DEAL,), OVER

    def __init__(self, game: CardGame) -> None:
        self.game, self._opts = game, game.options
        self._n = n = game.options.players
        self._phase, self._dealer, self._turn, self._hand_no = DEAL, n - 1, 0, 0
        self._scores, self._opened = [0] * n, [False] * n
        self._hands = [[0] * NUM_CARDS for _ in range(n)]
        self._stock: list[int] = []
        self._table: list[list[int]] = []
        """The combinations on the table now, each a sorted list of cards."""
        self._start_table: list[tuple[int, ...]] = []
        """The table as it was when this turn began."""
        self._start_hand: list[int] = []
        """The hand of the player on turn as it was when this turn began (counts)."""
        self._moves: list[int] = []
        """The puts and moves of this turn still standing (undo takes the last one back)."""
        self._steps = self._budget = self._passes = 0
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol -------------------------------------------------------------------------------

    def _legal_now(self) -> list[int]:
        if self._phase != PLAY:
            return []
        out = [DRAW if self._stock else PASS]
        if self._steps < self._budget:
            if self._moves:
                out.append(UNDO)
            out += self._moves_now()
        if self.table_done():
            out.append(DONE)
        return sorted(out)

    def _moves_now(self) -> list[int]:
        table, hand = self._table, self._hands[self._turn]
        first = 0 if self._opened[self._turn] else len(self._start_table)
        new = len(table)
        targets = list(range(first, new)) + ([new] if new < MAX_GROUPS else [])
        out = [put_action(c, g) for c in range(NUM_CARDS) if hand[c] for g in targets]
        for source in range(first, new):
            group = table[source]
            for card in sorted(set(group)):
                out += [move_action(source, card, g) for g in targets
                        if g != source and not (g == new and len(group) == 1)]
        return out


    def _play_action(self, action: int) -> None:
        verb, *parts = decode(action)
        if verb in ("put", "move"):
            self._steps += 1
            self._moves.append(action)
            self._shift(verb, *parts)
        else:
            getattr(self, f"_{verb}")()  # _draw, _pass, _done or _undo

    def returns(self) -> list[float]:
        """Each seat's total: 100 for each closing, minus the cards left in hand."""
        return [float(s) for s in self._scores]

    observation = observe

    def clone(self) -> MachiavelliState:
        other = cast(MachiavelliState, super().clone())
        other._table = [g[:] for g in self._table]
        return other

    def all_cards(self) -> Counter[int]:
        """Every card in play: hands, stock and table."""
        counts = Counter(self._stock) + self._cards_held()
        for group in self._table:
            counts.update(group)
        return counts

    # --- read-only views ---------------------------------------------------------------------------

    def table(self) -> list[list[int]]:
        """The combinations on the table, each in the order a player lays it."""
        return [meld_order(g) for g in self._table]

    def laid(self) -> list[int]:
        """The cards the player on turn has put on the table this turn."""
        now = self._hands[self._turn]
        return [c for c in range(NUM_CARDS) for _ in range(self._start_hand[c] - now[c])] if self._start_hand else []

    def table_done(self) -> bool:
        """Whether the turn may end here: a card of the hand laid and every combination valid."""
        return bool(self._moves) and bool(self.laid()) and all(is_meld(g) for g in self._table)

    # --- the deal ----------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        top = len(order)
        self._hands = [[0] * NUM_CARDS for _ in range(self._n)]
        seats = [(self._dealer + k) % self._n for k in range(1, self._n + 1)]
        for _ in range(self._opts.hand_size):
            for seat in seats:
                top -= 1
                self._hands[seat][order[top]] += 1
        self._stock = order[:top]
        self._table, self._opened, self._passes = [], [False] * self._n, 0
        self._phase, self._turn = PLAY, seats[0]
        self._start_turn()

    def _start_turn(self) -> None:
        self._start_table = [tuple(g) for g in self._table]
        self._start_hand = self._hands[self._turn][:]
        self._moves, self._steps = [], 0
        self._budget = 2 * (sum(len(g) for g in self._table) + sum(self._start_hand))
        self._legal = None

    # --- applying ----------------------------------------------------------------------------------

    def _shift(self, verb: str, *parts: int) -> None:
        """Put a card of the hand (``card, group``) or move one of the table
        (``source, card, group``); a combination left empty goes away."""
        if verb == "put":
            card, group = parts
            self._hands[self._turn][card] -= 1
        else:
            source, card, group = parts
            self._table[source].remove(card)
        if group == len(self._table):
            self._table.append([card])
        else:
            self._table[group].append(card)
            self._table[group].sort()
        if verb == "move" and not self._table[source]:
            del self._table[source]

    def _restore(self) -> None:
        self._table = [list(g) for g in self._start_table]
        self._hands[self._turn] = self._start_hand[:]

    def _undo(self) -> None:
        self._steps += 1
        moves = self._moves[:-1]
        self._restore()
        for action in moves:
            self._shift(*decode(action))
        self._moves = moves

    def _draw(self) -> None:
        self._restore()
        self._hands[self._turn][self._stock.pop()] += 1
        self._passes = 0
        self._next_turn()

    def _pass(self) -> None:
        self._restore()
        self._passes += 1
        if self._passes >= self._n:
            self._finish_hand(closer=-1)
        else:
            self._next_turn()

    def _done(self) -> None:
        seat = self._turn
        self._opened[seat], self._passes = True, 0
        if not any(self._hands[seat]):
            self._finish_hand(closer=seat)
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self._turn = (self._turn + 1) % self._n
        self._start_turn()

    # --- end of a hand and of the match ------------------------------------------------------------

    def _finish_hand(self, closer: int) -> None:
        points = tuple(CLOSING_BONUS if seat == closer else -sum(card_points(c) for c in self.hand_cards(seat))
                       for seat in range(self._n))
        left = tuple(fr.names(self.hand_cards(seat)) for seat in range(self._n))
        for seat in range(self._n):
            self._scores[seat] += points[seat]
        self._results.append(HandResult(self._hand_no, closer, points, left))
        self._hand_no += 1
        self._moves, self._steps, self._budget = [], 0, 0
        if self._hand_no >= self._opts.hands:
            self._phase = OVER
        else:
            self._dealer = (self._dealer + 1) % self._n
            self._phase = DEAL
        self._legal = None
