"""What one seat may know of a Ramino state.

Public: the top card of the discards (the others are covered), the card the
player on turn took from them this turn, how many cards each player, the
stock and the discards hold, the scores, who is out or came back, the fiches.
Private: the seat's own hand. Never shown: other hands, the stock's order,
the discards under the top one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.ramino.cards import hand_order_key
from tavolo.games.rummy.observation import common_fields, common_json

if TYPE_CHECKING:
    from tavolo.games.ramino.state import RaminoState


@dataclass(frozen=True)
class RaminoObservation:
    seat: int
    players: int
    phase: str
    """``deal``, ``draw``, ``play``, ``reshuffle`` (the discards become the stock) or ``over``."""
    current_player: int
    dealer: int
    hand_number: int
    turn_number: int
    """Turns begun in this hand before the current one (0: the first player's first turn)."""
    stock_size: int
    reshuffled: bool
    pile_top: int
    """The top card of the discards, -1 when it is empty."""
    pile_size: int
    taken: int
    """The card the player on turn took from the discards this turn, -1 if none."""
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    out: tuple[bool, ...]
    reentered: tuple[bool, ...]
    fiches: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return common_json(self) | {
            "turn_number": self.turn_number, "reshuffled": self.reshuffled,
            "pile_top": fr.name(self.pile_top) if self.pile_top >= 0 else None, "pile_size": self.pile_size,
            "taken": fr.name(self.taken) if self.taken >= 0 else None, "scores": list(self.scores),
            "out": list(self.out), "reentered": list(self.reentered), "fiches": list(self.fiches),
        }


def observe(state: RaminoState, seat: int) -> RaminoObservation:
    """The observation of ``seat``; reads the state's internals on its behalf."""
    return RaminoObservation(
        **common_fields(state, seat, hand_order_key), turn_number=state._turn_no,
        reshuffled=state._reshuffled_once, pile_top=state._pile[-1] if state._pile else -1, pile_size=len(state._pile),
        taken=state._taken, scores=tuple(state._scores), out=tuple(state._out),
        reentered=tuple(state._reentered), fiches=tuple(state._fiches),
    )
