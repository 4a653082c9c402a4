"""What one seat may know of a Petrangola game.

Public: every seat's tokens and the table's, the dealer, whose turn it is, who
knocked, the three cards face up (the monte once the dealer has chosen), the
cards each player took from them (everyone saw him take them) and the hands
shown at each comparison. Private: the seat's own hand, except the dealer's
while he decides on the monte ("senza prendere visione delle sue carte"), and
the monte itself, which only the dealer sees then. Never shown: the other
hands and the cards left in the deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import italian as it

if TYPE_CHECKING:
    from tavolo.games.petrangola.state import HandResult, PetrangolaState


@dataclass(frozen=True)
class PetrangolaObservation:
    game: str
    seat: int
    players: int
    phase: str
    current_player: int
    dealer: int
    tokens: tuple[int, ...]
    table: int
    """Tokens paid to the table (il tavolo)."""
    hand: tuple[int, ...]
    """The seat's hand; empty for the dealer while he decides on the monte."""
    monte: tuple[int, ...]
    """The three cards face up (none while the dealer decides on the monte)."""
    monte_seen: tuple[int, ...]
    """The monte the dealer looks at while he decides: only he sees it, and only then."""
    known: tuple[tuple[int, ...], ...]
    """Per seat, the cards in his hand that everyone saw him take from the face-up three."""
    knocker: int
    last: int
    """The seat whose turn ends the hand once someone has knocked (-1 before)."""
    turns: int
    results: tuple[HandResult, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "seat": self.seat, "players": self.players, "phase": self.phase,
            "current_player": self.current_player, "dealer": self.dealer, "tokens": list(self.tokens),
            "table": self.table, "hand": it.names(self.hand).split(), "monte": it.names(self.monte).split(),
            "monte_seen": it.names(self.monte_seen).split(),
            "known": [it.names(k).split() for k in self.known], "knocker": self.knocker, "last": self.last,
            "turns": self.turns, "results": [r.to_json() for r in self.results],
        }


def observe(state: PetrangolaState, seat: int) -> PetrangolaObservation:
    if not 0 <= seat < state._n:
        raise ValueError(f"seat {seat} is not at this table (0..{state._n - 1})")
    choosing = state.phase == "choice"
    return PetrangolaObservation(
        game=state.game.name, seat=seat, players=state._n, phase=state.phase,
        current_player=state.current_player(), dealer=state._dealer, tokens=tuple(state._tokens),
        table=state._table, hand=() if choosing and seat == state._dealer else state._hands[seat],
        monte=() if choosing else state._monte, monte_seen=state._monte if choosing and seat == state._dealer else (),
        known=tuple(state._known),
        knocker=state._knocker, last=state._last, turns=state._turns, results=tuple(state._results),
    )
