"""What one seat may know of a Burraco state.

Public: the melds, the whole discard pile (its cards are in view, fedibur-1985
art. 4), how many cards each player, the stock and each pozzetto hold, who
took which pozzetto, and which cards each player took from the discard pile
and has not played since. Private: the seat's own hand. Never shown: other
hands, the pozzetti's cards, the order of the stock, and a pozzetto taken with
the discard before its player may look at it (codice art. 21.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.burraco.cards import hand_order_key
from tavolo.games.burraco.melds import Meld, meld_cards, meld_text

if TYPE_CHECKING:
    from tavolo.games.burraco.state import BurracoState


@dataclass(frozen=True)
class PozzettoView:
    size: int
    side: int
    """The side it belongs to, -1 while not yet assigned (3 and 5 players)."""
    taken: bool


@dataclass(frozen=True)
class BurracoObservation:
    seat: int
    players: int
    rule_set: str
    phase: str
    current_player: int
    hand_number: int
    dealer: int
    turn_number: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pending_pozzetto: tuple[int, ...]
    """Cards of a pozzetto taken with the discard and not yet looked at, per seat."""
    side_of: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    pile: tuple[int, ...]
    stock_size: int
    pozzetti: tuple[PozzettoView, ...]
    known: tuple[tuple[int, ...], ...]
    """Cards each seat took from the discard pile and still holds (public)."""
    single_pile_card: int
    """The one-card pile the player on turn took (may not be discarded), or -1."""
    must_meld: bool
    stall_streak: int
    last_turn: bool
    time_out_plays_left: int | None
    scores: tuple[float, ...]
    everyone_alone: bool
    """3 and 5 players: a player has reached the threshold, everyone plays alone."""

    @property
    def my_side(self) -> int:
        return self.side_of[self.seat]

    def visible_cards(self) -> list[int]:
        """Every card this observation shows, for hidden-information checks."""
        cards = list(self.hand) + list(self.pile)
        for side in self.melds:
            for meld in side:
                cards += meld_cards(meld)
        for seat, known in enumerate(self.known):
            if seat != self.seat:
                cards += known
        return cards

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "players": self.players, "rule_set": self.rule_set, "phase": self.phase,
            "current_player": self.current_player, "hand_number": self.hand_number, "dealer": self.dealer,
            "turn_number": self.turn_number, "hand": fr.names(self.hand).split(),
            "hand_sizes": list(self.hand_sizes), "pending_pozzetto": list(self.pending_pozzetto),
            "side_of": list(self.side_of), "sides": [list(s) for s in self.sides],
            "melds": [[meld_text(m) for m in side] for side in self.melds],
            "pile": fr.names(self.pile).split(), "stock_size": self.stock_size,
            "pozzetti": [vars(p) for p in self.pozzetti],
            "known": [fr.names(k).split() for k in self.known],
            "single_pile_card": fr.name(self.single_pile_card) if self.single_pile_card >= 0 else None,
            "must_meld": self.must_meld, "stall_streak": self.stall_streak, "last_turn": self.last_turn,
            "time_out_plays_left": self.time_out_plays_left, "scores": list(self.scores),
            "everyone_alone": self.everyone_alone,
        }


def observe(state: BurracoState, seat: int) -> BurracoObservation:
    """The observation of ``seat``; reads the state's internals on its behalf."""
    n = state._n
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not at this table (0..{n - 1})")
    hand = tuple(sorted(state.hand_cards(seat), key=hand_order_key))
    known = tuple(tuple(c for c, k in enumerate(counts) if k for _ in range(k)) if any(counts) else ()
                  for counts in state._known)
    return BurracoObservation(
        seat=seat, players=n, rule_set=state._opts.rule_set, phase=state.phase,
        current_player=state.current_player(), hand_number=state._hand_no, dealer=state._dealer,
        turn_number=state._turn_no, hand=hand, hand_sizes=tuple(state._sizes),
        pending_pozzetto=tuple(len(p) for p in state._pending), side_of=tuple(state._side_of),
        sides=tuple(state._sides), melds=tuple(tuple(m) for m in state._melds), pile=tuple(state._pile),
        stock_size=len(state._stock),
        pozzetti=tuple(PozzettoView(len(cards), owner, taken) for cards, owner, taken
                       in zip(state._pozzetti, state._pozz_owner, state._pozz_taken)),
        known=known, single_pile_card=state._single, must_meld=state._must_meld,
        stall_streak=state._stall, last_turn=state._last_turn,
        time_out_plays_left=state.time_out_plays_left, scores=tuple(state._scores),
        everyone_alone=state._alone,
    )
