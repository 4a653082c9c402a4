"""The state of a Pinnacola match: hands, stock, the pozzo (the discards in a
row, all face up), the melds on the table by side, who has opened, the
scores, played by integer actions (seed, ``raccolta-regole-giochi-di-carte.txt``,
"Pinnacola").

Each hand starts at a chance node, the shuffle: 13 cards (15 or 19) to every
player from the dealer's left, one card face up starts the pozzo, the rest is
the stock. A player draws from the stock or takes from the pozzo a card and
every card discarded after it (the first of them melded at once); melds runs,
tris and poker; attaches to his side's melds once he has laid one of his own;
takes a matta off any meld by putting the card it stands for in its place,
opened or not ("la matta può essere prelevata da chiunque": the seed asks a
meld of one's own only to attach to the partner); discards. Emptying the hand
closes (100). The hand also ends when the stock runs out at the end of a turn,
without a closing (DECISIONS.md). A pinnacolone ends the match at once.

    >>> import random
    >>> from tavolo.games.pinnacola import make_game
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> obs = state.observation(0)
    >>> len(obs.hand), obs.stock_size, obs.pozzo != (), state.legal_action_strings()
    (13, 81, True, ['draw', 'take 1'])
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.games.pinnacola.actions import (
    ATTACH_BASE, DISCARD_BASE, DRAW, MELD_BASE, NUM_TYPES, SHIFT_BASE, SWAP_BASE, TEMPLATES, decode, melds_in,
    take_action,
)
from tavolo.games.pinnacola.cards import JOKER, points
from tavolo.games.pinnacola.melds import (
    Meld, Run, attachments, cards_of, is_clean_poker, is_pinnacolone, meld_value, shifted, swaps,
)
from tavolo.games.pinnacola.observation import observe
from tavolo.games.pinnacola.rules import CLOSING
from tavolo.games.pinnacola.scoring import HandResult
from tavolo.games.rummy.hands import HandsState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame

DEAL, DRAW_PHASE, PLAY, OVER = range(4)
PHASE_NAMES = ("deal", "draw", "play", "over")
PINNACOLA = 7
"""A pinnacola: a run of seven cards (the seed's closing variant)."""


class PinnacolaState(HandsState):
    """A Pinnacola match in progress. ``apply`` changes it; ``clone`` copies it."""

    __slots__ = (
        "game", "_opts", "_n", "_phase", "_turn", "_dealer", "_hand_no", "_scores", "_hands", "_stock", "_pozzo",
        "_table", "_owners", "_opened", "_played", "_owed", "_shifted", "_winner", "_results", "history", "_legal",
    )

    phase_names = PHASE_NAMES
    chance_phases, over_phase = (DEAL,), OVER

    def __init__(self, game: CardGame) -> None:
        self.game, self._opts = game, game.options
        self._n = n = game.options.players
        self._phase, self._dealer = DEAL, n - 1
        self._turn = self._hand_no = 0
        self._scores = [0] * game.options.sides
        self._hands = [[0] * NUM_TYPES for _ in range(n)]
        self._stock: list[int] = []
        self._pozzo: list[int] = []
        self._table: list[Meld] = []
        self._owners: list[int] = []
        self._opened = [False] * n
        self._played = [False] * n
        """Who has had a turn in this hand (a player who had none pays his cards single)."""
        self._owed: list[int] = []
        """Cards the player on turn must meld before discarding: the first taken from the pozzo, a matta taken."""
        self._shifted = False
        """The player on turn has moved a wild from one end of a run to the other this turn."""
        self._winner = -1
        """The side whose pinnacolone ended the match, or -1."""
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol -------------------------------------------------------------------------------

    def _legal_now(self) -> list[int]:
        if self._phase == DRAW_PHASE:
            return [DRAW] + [take_action(k) for k in range(1, len(self._pozzo) + 1) if self._take_ok(k)]
        if self._phase == PLAY:
            return self._legal_play()
        return []

    def _play_action(self, action: int) -> None:
        verb, *parts = decode(action)
        getattr(self, f"_{verb}")(*parts)  # _draw, _take, _meld, _attach, _swap, _shift or _discard

    def returns(self) -> list[float]:
        """Each seat's side's points: of the hand, or of the match so far."""
        return [float(self._scores[self._opts.side(s)]) for s in range(self._n)]

    observation = observe

    def all_cards(self) -> Counter[int]:
        """Every card in play: hands, stock, pozzo and table."""
        return Counter(self._stock + self._pozzo + cards_of(self._table)) + self._cards_held()

    # --- read-only views ---------------------------------------------------------------------------

    @property
    def table(self) -> list[Meld]:
        return list(self._table)

    def winners(self) -> list[int]:
        """The sides that won a finished match: the pinnacolone's, else the most points."""
        if self._winner >= 0:
            return [self._winner]
        best = max(self._scores)
        return [side for side, score in enumerate(self._scores) if score == best]

    def side_melds(self, side: int) -> list[int]:
        """The slots of ``side``'s melds."""
        return [slot for slot, owner in enumerate(self._owners) if self._opts.side(owner) == side]

    def may_close(self, side: int, table: list[Meld]) -> bool:
        """Whether ``side`` may close with ``table``: always, or with a clean poker and a
        pinnacola (a run of seven) among its melds under the seed's variant."""
        if not self._opts.poker_and_pinnacola:
            return True
        mine = [m for m, owner in zip(table, self._owners + [self._turn] * (len(table) - len(self._owners)))
                if self._opts.side(owner) == side]
        return any(is_clean_poker(m) for m in mine) and any(type(m) is Run and m.hi - m.lo + 1 >= PINNACOLA
                                                             for m in mine)

    # --- the deal ----------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        top = len(order)
        self._hands = [[0] * NUM_TYPES for _ in range(self._n)]
        for _ in range(self._opts.hand_size):
            for k in range(1, self._n + 1):
                top -= 1
                self._hands[(self._dealer + k) % self._n][order[top]] += 1
        self._pozzo = [order[top - 1]]
        self._stock = order[:top - 1]
        self._table, self._owners = [], []
        self._opened, self._played = [False] * self._n, [False] * self._n
        self._start_turn((self._dealer + 1) % self._n)

    def _start_turn(self, seat: int) -> None:
        self._turn = seat
        self._played[seat] = True
        self._phase = DRAW_PHASE
        self._owed = []
        self._shifted = False
        self._legal = None

    # --- legal actions -----------------------------------------------------------------------------

    def _take_ok(self, count: int) -> bool:
        """The last discard freely; more cards only if the first of them can be melded at once."""
        if count == 1:
            return True
        counts = self._hands[self._turn][:]
        for c in self._pozzo[-count:]:
            counts[c] += 1
        return self._placeable(counts, self._table, [self._pozzo[-count]])

    def _placeable(self, counts: list[int], table: list[Meld], owed: list[int]) -> bool:
        """Whether each owed card can go onto the table in one action, keeping the turn's end lawful."""
        seat = self._turn
        size = sum(counts)
        for card in owed:
            ok = any(card in TEMPLATES[t].cards and self._size_ok(size - len(TEMPLATES[t].cards), [TEMPLATES[t].meld])
                     for t in melds_in(counts))
            if not ok and self._opened[seat]:
                ok = any(c == card and self._size_ok(size - 1, []) for slot in self.side_melds(self._side())
                         for c, _, _ in attachments(table[slot]))
            if not ok:
                return False
        return True

    def _side(self) -> int:
        return self._opts.side(self._turn)

    def _size_ok(self, left: int, added: list[Meld]) -> bool:
        """A move that leaves ``left`` cards in hand (before the discard): emptying the hand, or
        keeping only the card to discard, closes, which the variant may forbid."""
        return left >= 2 or self.may_close(self._side(), self._table + added)

    def _legal_play(self) -> list[int]:
        seat = self._turn
        counts = self._hands[seat]
        size = sum(counts)
        owed = self._owed
        out = []
        for t in melds_in(counts):
            meld, cards = TEMPLATES[t]
            if not self._size_ok(size - len(cards), [meld]):
                continue
            if owed and owed[0] not in cards:
                rest = counts[:]
                for c in cards:
                    rest[c] -= 1
                if not self._placeable(rest, self._table + [meld], owed):
                    continue
            out.append(MELD_BASE + t)
        if self._opened[seat]:
            out += self._legal_attach(counts, size)
            out += self._legal_shifts(counts)
        if not owed:
            out += self._legal_swaps(counts)
        if not owed:
            out += [DISCARD_BASE + c for c in range(NUM_TYPES) if counts[c] and (size > 1 or self._size_ok(0, []))]
        return out

    def _legal_attach(self, counts: list[int], size: int) -> list[int]:
        out = []
        owed = self._owed
        for slot in self.side_melds(self._side()):
            meld = self._table[slot]
            base = ATTACH_BASE + slot * NUM_TYPES * 2
            for card, variant, after in attachments(meld):
                if not counts[card] or not self._size_ok(size - 1, []):
                    continue
                if owed and card != owed[0]:
                    rest = counts[:]
                    rest[card] -= 1
                    table = self._table[:slot] + [after] + self._table[slot + 1:]
                    if not self._placeable(rest, table, owed):
                        continue
                out.append(base + card * 2 + variant)
        return out

    def _legal_swaps(self, counts: list[int]) -> list[int]:
        out = []
        for slot, meld in enumerate(self._table):
            for card, after in swaps(meld):
                if not counts[card]:
                    continue
                if self._opts.swap_must_meld:
                    rest = counts[:]
                    rest[card] -= 1
                    rest[JOKER] += 1
                    if not self._placeable(rest, self._table[:slot] + [after] + self._table[slot + 1:], [JOKER]):
                        continue
                out.append(SWAP_BASE + slot * JOKER + card)
        return out

    def _legal_shifts(self, counts: list[int]) -> list[int]:
        """Once a turn, a wild at an end of one of the side's runs moves to the other end."""
        if self._shifted:
            return []
        out = []
        for slot in self.side_melds(self._side()):
            after = shifted(self._table[slot])
            if after is not None and (not self._owed or self._placeable(
                    counts, self._table[:slot] + [after] + self._table[slot + 1:], self._owed)):
                out.append(SHIFT_BASE + slot)
        return out

    # --- applying ----------------------------------------------------------------------------------

    def _draw(self) -> None:
        self._hands[self._turn][self._stock.pop()] += 1
        self._phase = PLAY

    def _take(self, count: int) -> None:
        taken = self._pozzo[-count:]
        del self._pozzo[-count:]
        for c in taken:
            self._hands[self._turn][c] += 1
        self._owed = [taken[0]] if count > 1 else []
        self._phase = PLAY

    def _settle(self, used: list[int]) -> None:
        """Cards leave the hand for the table; a pinnacolone or an empty hand ends the hand."""
        hand = self._hands[self._turn]
        for c in used:
            hand[c] -= 1
            if c in self._owed:
                self._owed.remove(c)
        if any(is_pinnacolone(m) for m in self._table):
            self._finish_hand(self._turn, "pinnacolone")
        elif not any(hand):
            self._finish_hand(self._turn, "closing")

    def _meld(self, template: int) -> None:
        meld, cards = TEMPLATES[template]
        self._table.append(meld)
        self._owners.append(self._turn)
        self._opened[self._turn] = True
        self._settle(list(cards))

    def _attach(self, slot: int, card: int, variant: int) -> None:
        self._table[slot] = next(after for c, v, after in attachments(self._table[slot]) if c == card and v == variant)
        self._settle([card])

    def _swap(self, slot: int, card: int) -> None:
        self._table[slot] = next(after for c, after in swaps(self._table[slot]) if c == card)
        hand = self._hands[self._turn]
        hand[card] -= 1
        hand[JOKER] += 1
        if self._opts.swap_must_meld:
            self._owed.append(JOKER)

    def _shift(self, slot: int) -> None:
        self._table[slot] = shifted(self._table[slot])
        self._shifted = True

    def _discard(self, card: int) -> None:
        seat = self._turn
        self._hands[seat][card] -= 1
        self._pozzo.append(card)
        if not any(self._hands[seat]):
            self._finish_hand(seat, "closing")
        elif not self._stock:
            self._finish_hand(-1, "stock")
        else:
            self._start_turn((seat + 1) % self._n)

    # --- end of a hand and of the match ------------------------------------------------------------

    def _finish_hand(self, closer: int, ended_by: str) -> None:
        o = self._opts
        card_points = points(o.joker_points)
        closing, melded, in_hand = [0] * o.sides, [0] * o.sides, [0] * o.sides
        if closer >= 0:
            closing[o.side(closer)] = CLOSING
        for meld, owner in zip(self._table, self._owners):
            melded[o.side(owner)] += meld_value(meld, o.joker_points, o.clean_run)
        doubled = tuple(s for s in range(self._n) if s != closer and self._played[s] and not self._opened[s])
        for seat in range(self._n):
            held = sum(card_points[c] * k for c, k in enumerate(self._hands[seat]) if k)
            in_hand[o.side(seat)] -= held * (2 if seat in doubled else 1)
        total = tuple(c + m + h for c, m, h in zip(closing, melded, in_hand))
        for side, p in enumerate(total):
            self._scores[side] += p
        self._results.append(HandResult(self._hand_no, ended_by, closer, total, tuple(closing), tuple(melded),
                                        tuple(in_hand), doubled))
        self._hand_no += 1
        if ended_by == "pinnacolone":
            self._winner = o.side(closer)
        top = max(self._scores)
        if o.target is None or self._winner >= 0 or (top >= o.target and self._scores.count(top) == 1):
            self._phase = OVER
        else:
            self._dealer = (self._dealer + 1) % self._n
            self._phase = DEAL
        self._legal = None
