"""What the rummy games' states share (Scala 40, Ramino, Pinnacola, Canasta,
Machiavelli): hands kept as card counts (``_hands[seat][card]``), the results
of the hands played, who is to act (chance at a deal, no one once the match is
over, else the seat on turn), and,
where the stock may run out, the discards but their top card shuffled into a
new stock at a chance node.

A subclass keeps ``_hands``, ``_results`` and ``_turn`` and names its chance
phases and its last one as ``chance_phases`` and ``over_phase``; a
:class:`ReshuffleState` also
``_stock`` and ``_pile`` (the discards, top card last) and names its phases
``RESHUFFLE`` (the chance node) and ``DRAW`` (what follows) as ``reshuffle_phase``
and ``draw_phase``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from tavolo.engine.game import CHANCE, TERMINAL, DealtState, shuffled


class HandsState(DealtState):
    """A state whose hands are card counts."""

    __slots__ = ()
    chance_phases: ClassVar[tuple[int, ...]]
    over_phase: ClassVar[int]
    _hands: list[list[int]]
    _results: list[Any]
    _turn: int

    def current_player(self) -> int:
        """Chance at a deal (or a reshuffle), no one once the match is over, else the seat on turn."""
        phase = self._phase
        if phase in self.chance_phases:
            return CHANCE
        return TERMINAL if phase == self.over_phase else self._turn

    @property
    def hand_results(self) -> list[Any]:
        """The results of the hands finished so far, in order."""
        return list(self._results)

    def hand_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` holds; hidden information: use ``observation`` for a player."""
        return [c for c, k in enumerate(self._hands[seat]) for _ in range(k)]

    def clone(self) -> HandsState:
        other = super().clone()
        assert isinstance(other, HandsState)
        other._hands = [h[:] for h in self._hands]
        return other

    def _cards_held(self) -> Counter[int]:
        """Every card in the players' hands."""
        counts: Counter[int] = Counter()
        for hand in self._hands:
            counts.update({c: k for c, k in enumerate(hand) if k})
        return counts


class ReshuffleState(HandsState):
    """A state whose chance nodes are the deal and the reshuffle of the discards."""

    __slots__ = ()
    reshuffle_phase: ClassVar[int]
    draw_phase: ClassVar[int]
    _stock: list[int]
    _pile: list[int]

    def sample_chance(self, rng: random.Random) -> list[int]:
        """A shuffled deck at a deal; at a reshuffle the discards but the top one, shuffled."""
        if self._phase == self.reshuffle_phase:
            return shuffled(self._pile[:-1], rng)
        return super().sample_chance(rng)

    def apply_chance(self, outcome: list[int]) -> None:
        """Deal from a deck order, or make the new stock from the reshuffled discards (top card last)."""
        if self._phase != self.reshuffle_phase:
            super().apply_chance(outcome)
            return
        if Counter(outcome) != Counter(self._pile[:-1]):
            raise ValueError("a reshuffle must use exactly the discards but the top one")
        self._stock = list(outcome)
        self._pile = self._pile[-1:]
        self._phase = self.draw_phase
        self._legal = None
        self._reshuffled()

    def _reshuffled(self) -> None:
        """Called once the new stock is made."""


class EliminationState(ReshuffleState):
    """A :class:`ReshuffleState` whose players may go out of the match (Ramino over
    101, Scala 40 art. 8): ``_out[seat]``; a seat out is skipped in turn and dealt
    no cards. The deal starts at the dealer's next seat still in, one card a seat
    in turn, then turns up the first discard; the rest is the stock."""

    __slots__ = ()
    _n: int
    _dealer: int
    _out: list[bool]

    def active_seats(self) -> list[int]:
        """The players still in the match (not out)."""
        return [s for s in range(self._n) if not self._out[s]]

    def _next_seat(self, seat: int) -> int:
        for k in range(1, self._n + 1):
            nxt = (seat + k) % self._n
            if not self._out[nxt]:
                return nxt
        return seat

    def _deal_round(self, order: list[int], hand_size: int, num_types: int) -> list[int]:
        """Deal ``hand_size`` cards to each seat in from the top of ``order`` (the last
        card), turn up the next as the discard pile, keep the rest as the stock; the
        seats dealt, the first to play first."""
        top = len(order)
        seats = [self._next_seat(self._dealer)]
        while len(seats) < len(self.active_seats()):
            seats.append(self._next_seat(seats[-1]))
        self._hands = [[0] * num_types for _ in range(self._n)]
        for _ in range(hand_size):
            for seat in seats:
                top -= 1
                self._hands[seat][order[top]] += 1
        self._pile = [order[top - 1]]
        self._stock = order[:top - 1]
        return seats
