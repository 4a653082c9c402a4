"""What one seat may know of a trick-taking round.

Public: every card played (the trick on the table and the tricks taken, with
who led and who won them), the stock's size, the trump card turned under the
stock (Briscola), the cards a player has shown (a Briscola trump card drawn,
a card drawn in Tressette for two, a Tressette declaration), each side's
points so far and the match score. Private: the seat's own hand and, in
Briscola for four once the stock is finished, the partner's hand. Never
shown: the other hands and the order of the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import italian as it
from tavolo.games.trick_taking.tricks import cards_of

if TYPE_CHECKING:
    from tavolo.games.trick_taking.state import Trick, TrickState


@dataclass(frozen=True)
class TrickObservation:
    game: str
    seat: int
    players: int
    phase: str
    current_player: int
    round_number: int
    dealer: int
    sides: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    leader: int
    """Who led the trick on the table (or leads the next one)."""
    trick: tuple[int, ...]
    """The cards on the table, in the order played from the leader."""
    tricks: tuple[Trick, ...]
    """The tricks taken this round: (leader, cards, winner)."""
    stock_size: int
    trump_card: int
    """The card turned under the stock that names the trump suit (briscola); -1 without trumps."""
    known: tuple[tuple[int, ...], ...]
    """Per seat, the cards of that hand everyone has been shown."""
    partner_hand: tuple[int, ...]
    """The partner's hand when the rules show it (Briscola for four, once the stock is finished)."""
    declarations: tuple[tuple[int, int], ...]
    """Declarations (Tressette's accusi) made this round: (seat, action id)."""
    round_points: tuple[int, ...]
    """Per side, the points taken so far this round, in the game's unit (thirds in Tressette)."""
    scores: tuple[int, ...]
    """Per side, the match score (rounds won in Briscola, points in Tressette)."""

    @property
    def my_side(self) -> int:
        return next(i for i, side in enumerate(self.sides) if self.seat in side)

    @property
    def partner(self) -> int:
        """The seat's partner, or -1 when the seat plays alone."""
        mates = [s for s in self.sides[self.my_side] if s != self.seat]
        return mates[0] if mates else -1

    def played_cards(self) -> list[int]:
        """Every card played this round, the trick on the table included."""
        return [c for _, cards, _ in self.tricks for c in cards] + list(self.trick)

    def to_json(self) -> dict[str, Any]:
        names = it.name_list
        return {
            "game": self.game, "seat": self.seat, "players": self.players, "phase": self.phase,
            "current_player": self.current_player, "round_number": self.round_number, "dealer": self.dealer,
            "sides": [list(s) for s in self.sides], "hand": names(self.hand), "hand_sizes": list(self.hand_sizes),
            "leader": self.leader, "trick": names(self.trick),
            "tricks": [[leader, names(cards), winner] for leader, cards, winner in self.tricks],
            "stock_size": self.stock_size, "trump_card": it.name(self.trump_card) if self.trump_card >= 0 else None,
            "known": [names(k) for k in self.known], "partner_hand": names(self.partner_hand),
            "declarations": [list(d) for d in self.declarations], "round_points": list(self.round_points),
            "scores": list(self.scores),
        }


def observe(state: TrickState, seat: int) -> TrickObservation:
    """The observation of ``seat``; reads the state's internals on its behalf."""
    n = state._n
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not at this table (0..{n - 1})")
    return TrickObservation(
        game=state.game.name, seat=seat, players=n, phase=state.phase, current_player=state.current_player(),
        round_number=state._round_no, dealer=state._dealer, sides=state._sides,
        hand=tuple(cards_of(state._hands[seat])), hand_sizes=tuple(h.bit_count() for h in state._hands),
        leader=state._leader, trick=tuple(state._trick), tricks=tuple(state._tricks), stock_size=len(state._stock),
        trump_card=state._trump_card, known=tuple(tuple(cards_of(k)) for k in state._known),
        partner_hand=tuple(cards_of(state._partner_hand_for(seat))), declarations=state._declarations(),
        round_points=tuple(state._won), scores=tuple(state._scores),
    )
