"""The state of a Scala 40 match: hands, stock (tallone), pozzo, the melds on
the table, who has opened, and the scores, played by integer actions.

Each hand (smazzata) starts at a chance node, the shuffle: 13 cards to every
player still in, one at a time from the dealer's left, one card face up to
start the pozzo, the rest the stock; the player left of the dealer starts and
play is clockwise (art. 2). When the stock runs out, the turn of the player
who drew its last card ends and the pozzo but its top card is shuffled into
a new stock: another chance node (art. 6.4). A hand ends when a player
discards his last card (closes, art. 6); everyone else scores the cards he
holds (art. 7) and whoever reaches the elimination score is out, until one
player is left (art. 8).

    >>> import random
    >>> from tavolo.games.scala40 import make_game
    >>> state = make_game(players=3).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> obs = state.observation(0)
    >>> len(obs.hand), obs.stock_size, obs.pile_size, state.legal_action_strings()
    (13, 68, 1, ['draw'])
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.games.scala40.actions import (
    ATTACH_BASE, DISCARD_BASE, DRAW, MELD_BASE, NUM_TYPES, SWAP_BASE, TAKE, TEMPLATES, decode, melds_in,
)
from tavolo.games.scala40.cards import JOKER, PENALTY
from tavolo.games.scala40.melds import Meld, attachments, cards_of, has_joker, swaps
from tavolo.games.scala40.observation import observe
from tavolo.games.scala40.planning import can_open, can_place
from tavolo.games.scala40.rules import HAND_SIZE, OPENING_POINTS
from tavolo.games.rummy.hands import EliminationState
from tavolo.games.scala40.scoring import HandResult

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame

DEAL, DRAW_PHASE, PLAY, RESHUFFLE, OVER = range(5)
PHASE_NAMES = ("deal", "draw", "play", "reshuffle", "over")


class Scala40State(EliminationState):
    """A Scala 40 match in progress. ``apply`` changes it; ``clone`` copies it."""

    __slots__ = (
        "game", "_opts", "_n", "_phase", "_turn", "_turn_no", "_dealer", "_hand_no", "_scores", "_out",
        "_hands", "_stock", "_pile", "_table", "_owners", "_opened", "_opening", "_opened_now", "_owed",
        "_meld_only", "_results", "history", "_legal",
    )

    phase_names = PHASE_NAMES
    reshuffle_phase, draw_phase = RESHUFFLE, DRAW_PHASE
    chance_phases, over_phase = (DEAL, RESHUFFLE), OVER

    def __init__(self, game: CardGame) -> None:
        self.game, self._opts = game, game.options
        self._n = n = game.options.players
        self._phase, self._dealer = DEAL, n - 1
        self._turn = self._turn_no = self._hand_no = 0
        self._scores, self._out = [0] * n, [False] * n
        self._hands = [[0] * NUM_TYPES for _ in range(n)]
        self._stock: list[int] = []
        self._pile: list[int] = []
        self._table: list[Meld] = []
        self._owners: list[int] = []
        self._opened = [False] * n
        self._opening = 0
        """Points the player on turn, not yet opened, has laid down this turn."""
        self._opened_now = False
        """The player on turn opened in this turn (for a closing "in mano", art. 9b)."""
        self._owed: list[int] = []
        """Cards the player on turn must still put on the table: the card taken, a joker swapped off."""
        self._meld_only = -1
        """A card taken to open with it, which must go into a new meld (art. 9a), or -1."""
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol -------------------------------------------------------------------------------

    def _legal_now(self) -> list[int]:
        if self._phase == PLAY:
            return self._legal_play()
        if self._phase == DRAW_PHASE:
            return [DRAW, TAKE] if self._pile and self._take_ok() else [DRAW]
        return []


    def _play_action(self, action: int) -> None:
        verb, *parts = decode(action)
        getattr(self, f"_{verb}")(*parts)  # _draw, _take, _meld, _attach, _swap or _discard

    def returns(self) -> list[float]:
        """Minus each seat's points: the fewer, the better; the last one left has the fewest."""
        return [float(-s) for s in self._scores]

    observation = observe

    def all_cards(self) -> Counter[int]:
        """Every card in play: hands, stock, pozzo and table."""
        return Counter(self._stock + self._pile + cards_of(self._table)) + self._cards_held()

    # --- read-only views ---------------------------------------------------------------------------

    @property
    def table(self) -> list[Meld]:
        return list(self._table)

    def first_round(self) -> bool:
        """Whether some player still in has not yet played a turn this hand (art. 6.5)."""
        return self._turn_no < len(self.active_seats())

    def _keep(self) -> int:
        """Cards the player must keep before his discard: two in the first round, where
        the discard may not close (art. 6.2, 6.5)."""
        return 2 if self.first_round() else 1

    # --- the deal ----------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        seats = self._deal_round(order, HAND_SIZE, NUM_TYPES)
        self._table, self._owners = [], []
        self._opened = [False] * self._n
        self._turn, self._turn_no = seats[0], 0
        self._start_turn()

    def _start_turn(self) -> None:
        self._phase = DRAW_PHASE
        self._opening = 0
        self._opened_now = False
        self._owed = []
        self._meld_only = -1
        self._legal = None

    # --- legal actions -----------------------------------------------------------------------------

    def _take_ok(self) -> bool:
        """The pozzo's top card may be taken only to be used this turn (art. 5.1, 5.4, 9a)."""
        seat = self._turn
        card = self._pile[-1]
        counts = self._hands[seat][:]
        counts[card] += 1
        if self._opened[seat]:
            return can_place(counts, tuple(self._table), (card,), self._keep())
        if not self._opts.open_with_discard:
            return False
        budget = sum(counts) - self._keep()
        return can_open(tuple(counts), OPENING_POINTS, (card,), budget, self._opts.open_without_joker)

    def _legal_play(self) -> list[int]:
        seat = self._turn
        if self._opened[seat]:
            return self._legal_opened(seat) if self._owed else self._legal_free(seat)
        return self._legal_opening(seat)

    def _legal_opening(self, seat: int) -> list[int]:
        """Before opening: melds that keep the 40 within reach, and a discard if nothing is laid yet."""
        counts = self._hands[seat]
        budget = sum(counts) - self._keep()
        need = OPENING_POINTS - self._opening
        owed = tuple(self._owed)
        clean = self._opts.open_without_joker
        out = []
        if budget >= 3 and can_open(tuple(counts), need, owed, budget, clean):
            for t in melds_in(counts):
                cards, value = TEMPLATES[t].cards, self._counted(t)
                rest = counts[:]
                for c in cards:
                    rest[c] -= 1
                left = self._owed_after(cards)
                if len(cards) <= budget and can_open(tuple(rest), need - value, left, budget - len(cards), clean):
                    out.append(MELD_BASE + t)
        if not owed and not self._opening:
            out += [DISCARD_BASE + c for c in self._free_discards(counts)]
        return out

    def _counted(self, template: int) -> int:
        """What a meld adds to an opening: nothing with a joker under art. 9c."""
        tpl = TEMPLATES[template]
        return 0 if self._opts.open_without_joker and has_joker(tpl.meld) else tpl.value

    def _free_discards(self, counts: list[int]) -> list[int]:
        """Before opening, no card that attaches to a meld on the table may be discarded
        (art. 5.4); when every card does, any (DECISIONS.md)."""
        fits = {c for meld in self._table for c, _, _ in attachments(meld)}
        held = [c for c in range(NUM_TYPES) if counts[c]]
        return [c for c in held if c not in fits] or held

    def _legal_free(self, seat: int) -> list[int]:
        """An opened player with nothing owed: melds, attachments and swaps that keep a
        card to discard (a swap only if the joker can then be used), and any discard."""
        counts = self._hands[seat]
        size = sum(counts)
        keep = self._keep()
        out = [MELD_BASE + t for t in melds_in(counts) if size - len(TEMPLATES[t].cards) >= keep]
        table = tuple(self._table)
        for slot, meld in enumerate(table):
            base = ATTACH_BASE + slot * NUM_TYPES * 2
            if size > keep:
                out += [base + card * 2 + v for card, v, _ in attachments(meld) if counts[card]]
            for card, after in swaps(meld):
                if counts[card] and self._placeable(counts, table, slot, after, [card], [JOKER]):
                    out.append(SWAP_BASE + slot * JOKER + card)
        out += [DISCARD_BASE + c for c in range(NUM_TYPES) if counts[c]]
        return out

    def _legal_opened(self, seat: int) -> list[int]:
        """An opened player who owes cards to the table: every action after which they
        can all still be placed; no discard yet (art. 5.3, 5.4)."""
        counts = self._hands[seat]
        table = tuple(self._table)
        keep = self._keep()
        out = []
        for t in melds_in(counts):
            meld, cards, _ = TEMPLATES[t]
            rest = counts[:]
            for c in cards:
                rest[c] -= 1
            meld_only = -1 if self._meld_only in cards else self._meld_only
            if can_place(rest, (*table, meld), self._owed_after(cards), keep, meld_only):
                out.append(MELD_BASE + t)
        for slot, meld in enumerate(table):
            base = ATTACH_BASE + slot * NUM_TYPES * 2
            for card, v, after in attachments(meld):
                if counts[card] and card != self._meld_only and self._placeable(counts, table, slot, after, [card]):
                    out.append(base + card * 2 + v)
            for card, after in swaps(meld):
                if counts[card] and card != self._meld_only and self._placeable(
                        counts, table, slot, after, [card], [JOKER]):
                    out.append(SWAP_BASE + slot * JOKER + card)
        return out

    def _owed_after(self, used: list[int] | tuple[int, ...], gained: list[int] | None = None) -> tuple[int, ...]:
        owed = list(self._owed)
        for c in used:
            if c in owed:
                owed.remove(c)
        return (*owed, *(gained or ()))

    def _placeable(self, counts: list[int], table: tuple[Meld, ...], slot: int, after: Meld, used: list[int],
                   gained: list[int] | None = None) -> bool:
        """Whether, after changing table meld ``slot`` to ``after`` with ``used`` from the
        hand (``gained`` to it), everything owed can still be placed."""
        rest = counts[:]
        for c in used:
            rest[c] -= 1
        for c in gained or ():
            rest[c] += 1
        changed = (*table[:slot], after, *table[slot + 1:])
        return can_place(rest, changed, self._owed_after(used, gained), self._keep(), self._meld_only)

    # --- applying ----------------------------------------------------------------------------------

    def _draw(self) -> None:
        self._hands[self._turn][self._stock.pop()] += 1
        self._phase = PLAY

    def _take(self) -> None:
        card = self._pile.pop()
        self._hands[self._turn][card] += 1
        self._owed = [card]
        self._meld_only = -1 if self._opened[self._turn] else card
        self._phase = PLAY

    def _meld(self, template: int) -> None:
        seat = self._turn
        meld, cards, _ = TEMPLATES[template]
        hand = self._hands[seat]
        for c in cards:
            hand[c] -= 1
        self._table.append(meld)
        self._owners.append(seat)
        self._owed = list(self._owed_after(cards))
        if self._meld_only in cards:
            self._meld_only = -1
        if not self._opened[seat]:
            self._opening += self._counted(template)
            if self._opening >= OPENING_POINTS:
                self._opened[seat] = self._opened_now = True

    def _attach(self, slot: int, card: int, variant: int) -> None:
        self._table[slot] = next(after for c, v, after in attachments(self._table[slot]) if c == card and v == variant)
        self._hands[self._turn][card] -= 1
        self._owed = list(self._owed_after([card]))

    def _swap(self, slot: int, card: int) -> None:
        self._table[slot] = next(after for c, after in swaps(self._table[slot]) if c == card)
        hand = self._hands[self._turn]
        hand[card] -= 1
        hand[JOKER] += 1
        self._owed = list(self._owed_after([card], [JOKER]))

    def _discard(self, card: int) -> None:
        seat = self._turn
        hand = self._hands[seat]
        hand[card] -= 1
        self._pile.append(card)
        if not any(hand):
            self._finish_hand(closer=seat)
            return
        self._turn_no += 1
        self._turn = self._next_seat(seat)
        if self._stock:
            self._start_turn()
        elif len(self._pile) == 1:
            self._finish_hand(closer=-1, ended_by="no stock")  # DECISIONS.md: nothing left to reshuffle
        elif self._blocked():
            self._finish_hand(closer=-1, ended_by="blocked")  # DECISIONS.md: no one can ever close
        else:
            self._start_turn()
            self._phase = RESHUFFLE  # art. 6.4: the pozzo but its top card becomes the stock

    # --- end of a hand and of the match ------------------------------------------------------------

    def _blocked(self) -> bool:
        """Whether no card off the table can ever be laid down again, so that no one can
        close: none joins a meld of the table, none takes a joker's place with the joker
        then finding a meld to join, and either they make no meld (with a joker freed) or
        every player still in holds too few cards to lay one and keep a discard."""
        loose = [0] * NUM_TYPES
        for hand in self._hands:
            for card, k in enumerate(hand):
                loose[card] += k
        for card in self._pile:
            loose[card] += 1
        swappable = False
        for slot, meld in enumerate(self._table):
            if any(loose[c] for c, _, _ in attachments(meld)):
                return False
            for card, after in swaps(meld):
                if loose[card]:
                    swappable = True
                    others = self._table[:slot] + [after] + self._table[slot + 1:]
                    if any(c == JOKER for m in others for c, _, _ in attachments(m)):
                        return False
        if max(sum(self._hands[s]) for s in self.active_seats()) < 3:
            return True
        loose[JOKER] += swappable
        return not melds_in(loose)

    def _finish_hand(self, closer: int, ended_by: str = "closing") -> None:
        in_hand = closer >= 0 and self._opened_now and self._opts.closing_in_hand
        points = [0] * self._n
        for seat in self.active_seats():
            if seat != closer:
                held = sum(PENALTY[c] * k for c, k in enumerate(self._hands[seat]) if k)
                points[seat] = (2 * held if self._opened[seat] else 100) if in_hand else held
        for seat, p in enumerate(points):
            self._scores[seat] += p
        limit = self._opts.elimination
        eliminated = tuple(s for s in self.active_seats() if limit is not None and self._scores[s] >= limit)
        if in_hand:
            ended_by = "closing in hand"
        self._results.append(HandResult(self._hand_no, ended_by, closer, tuple(points), eliminated))
        for seat in eliminated:
            self._out[seat] = True
        self._hand_no += 1
        if limit is None or len(self.active_seats()) <= 1:
            self._phase = OVER
        else:
            self._dealer = self._next_seat(self._dealer)
            self._phase = DEAL
        self._legal = None
