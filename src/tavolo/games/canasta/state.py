"""The state of a Canasta match: hands, stock (mazzo), the pozzo, each side's
combinations and red 3s, scores, played by integer actions (seed,
``raccolta-regole-giochi-di-carte.txt``, "Canasta").

Each hand starts at a chance node, the shuffle: 15 cards to every player; each
red 3 is set aside and replaced from the bottom of the stock; the top card is
turned up and as many cards as its number go face down under it (J 11, Q 12,
K 13, A 14): the pozzo. A turn: draw two, or take the whole pozzo, or open
first and then draw one; lay combinations of one rank; discard. The hand ends
when a side closes (the last card discarded, with two canaste, one clean) or
when a turn begins with the stock empty.

    >>> import random
    >>> from tavolo.games.canasta import make_game
    >>> state = make_game(players=2, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> obs = state.observation(1)
    >>> len(obs.hand), obs.pozzo_down + len(obs.pozzo_up) > 0, state.phase
    (15, True, 'start')
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, cast

from tavolo.cards import french as fr
from tavolo.games.canasta.actions import (
    DISCARD_BASE, DRAW1, DRAW2, RETRACT, TAKE, decode, lay_action,
)
from tavolo.games.canasta.melds import (
    CANASTA, JOKER_KEY, KEYS, PINELLA, canasta_bonus, card_value, counts, is_red_three,
    is_wild_in, key_of, red_threes_bonus, turned_count, valid,
)
from tavolo.games.canasta.observation import observe
from tavolo.games.canasta.rules import opening_minimum
from tavolo.games.canasta.scoring import CLOSING_BONUS, HandResult, SideScore
from tavolo.games.rummy.hands import HandsState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame

DEAL, START, OPENING, PLAY, OVER = range(5)
PHASE_NAMES = ("deal", "start", "opening", "play", "over")
HAND_SIZE = 15


class CanastaState(HandsState):
    """A Canasta match in progress. ``apply`` changes it; ``clone`` copies it."""

    __slots__ = (
        "game", "_opts", "_n", "_phase", "_turn", "_dealer", "_hand_no", "_scores", "_hands", "_stock",
        "_pozzo", "_down", "_melds", "_red3", "_opened", "_pending", "_retracted", "_results", "history", "_legal",
    )

    phase_names = PHASE_NAMES
    chance_phases, over_phase = (DEAL,), OVER

    def __init__(self, game: CardGame) -> None:
        self.game, self._opts = game, game.options
        self._n = n = game.options.players
        sides = game.options.sides
        self._phase, self._dealer, self._turn, self._hand_no = DEAL, n - 1, 0, 0
        self._scores = [0] * sides
        self._hands = [[0] * fr.NUM_TYPES for _ in range(n)]
        self._stock: list[int] = []
        self._pozzo: list[int] = []
        self._down = 0
        """How many cards at the bottom of the pozzo lie face down (put under the turned card)."""
        self._melds = [[[] for _ in KEYS] for _ in range(sides)]
        """Each side's combinations, by the index of their rank in ``KEYS``."""
        self._red3: list[list[int]] = [[] for _ in range(sides)]
        self._opened = [False] * sides
        self._pending: list[tuple[int, tuple[int, ...]]] = []
        """The lays of an opening this turn not yet confirmed: ``(key index, cards)``."""
        self._retracted = False
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol -------------------------------------------------------------------------------

    def _legal_now(self) -> list[int]:
        phase, side = self._phase, self.side_of(self._turn)
        if phase in (DEAL, OVER):
            return []
        may_lay = self._opened[side] or not self._retracted
        out = self._lays() if may_lay and (phase != START or not self._opened[side]) else []
        if phase == START:
            return [DRAW2] + ([TAKE] if self.can_take() else []) + out
        if self._pending and not self._retracted:
            out.append(RETRACT)
        if phase == OPENING:
            return sorted(out + ([DRAW1] if self.opening_met() else []))
        if self.opening_met():
            out += self._discards()
        return sorted(out)

    def _discards(self) -> list[int]:
        hand = self._hands[self._turn]
        last = sum(hand) == 1
        if last and not self.can_close(self.side_of(self._turn)) and self._stock:
            return []
        return [DISCARD_BASE + c for c in range(fr.NUM_TYPES) if hand[c]]

    def _lays(self) -> list[int]:
        hand, side = self._hands[self._turn], self.side_of(self._turn)
        size = sum(hand)
        keep = 1 if self._phase != PLAY else 2
        jokers = hand[fr.JOKER]
        pinelle = sum(hand[fr.card(PINELLA, s)] for s in fr.SUITS)
        out = []
        for index, key in enumerate(KEYS):
            existing = self._melds[side][index]
            n0, w0 = counts(existing, key) if existing else (0, 0)
            have = jokers if key == JOKER_KEY else sum(hand[fr.card(key, s)] for s in fr.SUITS)
            if n0 + have < 2:
                continue
            for k in range(have + 1):
                for j in range(1 if key == JOKER_KEY else min(2, jokers) + 1):
                    for p in range(1 if key == PINELLA else min(2, pinelle) + 1):
                        if not (k or j or p) or not valid(n0 + k, w0 + j + p, key):
                            continue
                        left = size - k - j - p
                        if left < keep and not (left == 1 and self._closes_after(side, index, k, j + p)):
                            continue
                        out.append(lay_action(key, k, j, p))
        return out

    def _closes_after(self, side: int, index: int, naturals: int, wilds: int) -> bool:
        """Whether the side could close once ``naturals`` and ``wilds`` join its combination ``index``."""
        canaste = clean = 0
        for i, meld in enumerate(self._melds[side]):
            n, w = counts(meld, KEYS[i]) if meld else (0, 0)
            if i == index:
                n, w = n + naturals, w + wilds
            canaste += n + w >= CANASTA
            clean += n + w >= CANASTA and not w
        return canaste >= 2 and clean >= 1


    def _play_action(self, action: int) -> None:
        verb, *parts = decode(action)
        getattr(self, f"_{verb}")(*parts)  # _draw2, _draw1, _take, _retract, _discard or _lay

    def returns(self) -> list[float]:
        """Each seat's side's total in the match."""
        return [float(self._scores[self.side_of(s)]) for s in range(self._n)]

    observation = observe

    def clone(self) -> CanastaState:
        other = cast(CanastaState, super().clone())
        other._melds = [[m[:] for m in side] for side in self._melds]
        other._red3 = [r[:] for r in self._red3]
        return other

    def all_cards(self) -> Counter[int]:
        """Every card in play: hands, stock, pozzo, combinations and red 3s set aside."""
        counts_ = Counter(self._stock + self._pozzo) + self._cards_held()
        for side in range(len(self._melds)):
            for meld in self._melds[side]:
                counts_.update(meld)
            counts_.update(self._red3[side])
        return counts_

    # --- read-only views ---------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return self._opts.side_of(seat)

    def minimum(self, side: int) -> int:
        return opening_minimum(self._scores[side])

    def pending_points(self) -> int:
        return sum(card_value(c) for _, cards in self._pending for c in cards)

    def opening_met(self) -> bool:
        """No opening pending this turn, or one that reaches the side's minimum."""
        return not self._pending or self.pending_points() >= self.minimum(self.side_of(self._turn))

    def can_take(self) -> bool:
        """Whether the player on turn may take the pozzo: two cards equal to its top, three
        for a wild, never under a black 3."""
        if len(self._pozzo) <= self._down:
            return False
        top = self._pozzo[-1]
        if top != fr.JOKER and fr.rank(top) == 3 and not is_red_three(top):
            return False
        key = key_of(top)
        hand = self._hands[self._turn]
        have = hand[fr.JOKER] if key == JOKER_KEY else sum(hand[fr.card(key, s)] for s in fr.SUITS)
        return have >= (3 if is_wild_in(top, 4) else 2)

    def can_close(self, side: int) -> bool:
        return self._closes_after(side, -1, 0, 0)

    def lay_cards(self, key: int, naturals: int, jokers: int, pinelle: int) -> list[int]:
        """The cards of the hand a lay takes: naturals and pinelle by suit order."""
        hand = self._hands[self._turn]
        out = [fr.JOKER] * (naturals if key == JOKER_KEY else jokers)
        for rank, wanted in ((key, naturals if key != JOKER_KEY else 0), (PINELLA, pinelle)):
            for suit in fr.SUITS:
                take = min(wanted, hand[fr.card(rank, suit)]) if wanted else 0
                out += [fr.card(rank, suit)] * take
                wanted -= take
        return out

    # --- the deal ----------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        sides = self._opts.sides
        self._hands = [[0] * fr.NUM_TYPES for _ in range(self._n)]
        self._melds = [[[] for _ in KEYS] for _ in range(sides)]
        self._red3, self._opened = [[] for _ in range(sides)], [False] * sides
        self._stock = order
        seats = [(self._dealer + k) % self._n for k in range(1, self._n + 1)]
        for _ in range(HAND_SIZE):
            for seat in seats:
                self._hands[seat][self._stock.pop()] += 1
        for seat in seats:
            self._set_aside_red_threes(seat)
        turned = self._stock.pop()
        under = [self._stock.pop() for _ in range(min(turned_count(turned), len(self._stock)))]
        self._pozzo, self._down = under + [turned], len(under)
        self._turn = seats[0]
        self._start_turn()

    def _set_aside_red_threes(self, seat: int) -> None:
        """Red 3s go to the side's row, each replaced from the bottom of the stock."""
        hand = self._hands[seat]
        while True:
            reds = [c for c in (fr.card(3, fr.HEARTS), fr.card(3, fr.DIAMONDS)) if hand[c]]
            if not reds:
                return
            for c in reds:
                for _ in range(hand[c]):
                    hand[c] -= 1
                    self._red3[self.side_of(seat)].append(c)
                    if self._stock:
                        hand[self._stock.pop(0)] += 1

    def _start_turn(self) -> None:
        self._pending, self._retracted = [], False
        self._phase = START if self._stock else OVER
        self._legal = None
        if not self._stock:
            self._finish_hand(closer=-1)

    # --- applying ----------------------------------------------------------------------------------

    def _draw(self, count: int) -> None:
        for _ in range(min(count, len(self._stock))):
            self._hands[self._turn][self._stock.pop()] += 1
        self._set_aside_red_threes(self._turn)
        self._phase = PLAY

    def _draw2(self) -> None:
        self._draw(2)

    def _draw1(self) -> None:
        self._confirm()
        self._draw(1)

    def _take(self) -> None:
        for c in self._pozzo:
            self._hands[self._turn][c] += 1
        self._pozzo, self._down = [], 0
        self._set_aside_red_threes(self._turn)
        self._phase = PLAY

    def _lay(self, key: int, naturals: int, jokers: int, pinelle: int) -> None:
        side, index = self.side_of(self._turn), KEYS.index(key)
        cards = self.lay_cards(key, naturals, jokers, pinelle)
        for c in cards:
            self._hands[self._turn][c] -= 1
        self._melds[side][index] += cards
        if not self._opened[side]:
            self._pending.append((index, tuple(cards)))
        if self._phase == START:
            self._phase = OPENING

    def _retract(self) -> None:
        side = self.side_of(self._turn)
        for index, cards in self._pending:
            meld = self._melds[side][index]
            for c in cards:
                meld.remove(c)
                self._hands[self._turn][c] += 1
        self._pending, self._retracted = [], True
        if self._phase == OPENING:
            self._phase = START

    def _confirm(self) -> None:
        if self._pending:
            self._opened[self.side_of(self._turn)] = True
            self._pending = []

    def _discard(self, card: int) -> None:
        self._confirm()
        seat = self._turn
        self._hands[seat][card] -= 1
        self._pozzo.append(card)
        if not any(self._hands[seat]) and self.can_close(self.side_of(seat)):
            self._finish_hand(closer=seat)
            return
        self._turn = (seat + 1) % self._n
        self._start_turn()

    # --- end of a hand and of the match ------------------------------------------------------------

    def _finish_hand(self, closer: int) -> None:
        closing_side = self.side_of(closer) if closer >= 0 else -1
        sides = []
        for side in range(self._opts.sides):
            melds = [m for m in self._melds[side] if m]
            bonus = sum(canasta_bonus(m) for m in melds)
            in_hand = sum(card_value(c) for seat in range(self._n) if self.side_of(seat) == side
                          for c in self.hand_cards(seat))
            doubled = side != closing_side and not bonus
            sides.append(SideScore(
                melded=sum(card_value(c) for m in melds for c in m), canaste=bonus,
                red_threes=red_threes_bonus(len(self._red3[side])),
                closing=CLOSING_BONUS if side == closing_side else 0, in_hand=in_hand * (2 if doubled else 1)))
        for side, score in enumerate(sides):
            self._scores[side] += score.total
        self._results.append(HandResult(self._hand_no, closer, tuple(sides)))
        self._hand_no += 1
        target = self._opts.target
        if target is None or max(self._scores) >= target:
            self._phase = OVER
        else:
            self._dealer = (self._dealer + 1) % self._n
            self._phase = DEAL
        self._legal = None
