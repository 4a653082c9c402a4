"""What one seat may know of a Pinnacola state.

Public: the pozzo, every card of it (the discards lie in a row), the melds on
the table and who laid each, how many cards each player and the stock hold,
who has opened and who has had a turn, the cards the player on turn must
meld, the scores. Private: the seat's own hand. Never shown: other hands,
the stock's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.games.pinnacola.cards import hand_order_key
from tavolo.games.pinnacola.melds import Meld, meld_text
from tavolo.games.rummy.observation import common_fields, common_json
from tavolo.games.rummy.serial import card_names

if TYPE_CHECKING:
    from tavolo.games.pinnacola.state import PinnacolaState


@dataclass(frozen=True)
class PinnacolaObservation:
    seat: int
    players: int
    phase: str
    """``deal``, ``draw``, ``play`` or ``over``."""
    current_player: int
    dealer: int
    hand_number: int
    stock_size: int
    pozzo: tuple[int, ...]
    """The discards, the oldest first."""
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    opened: tuple[bool, ...]
    played: tuple[bool, ...]
    owed: tuple[int, ...]
    shifted: bool
    """The player on turn has moved a wild within a run this turn (once a turn)."""
    scores: tuple[int, ...]
    """Per side (the pair, or the player alone)."""

    def to_json(self) -> dict[str, Any]:
        return common_json(self) | {
            "pozzo": card_names(self.pozzo), "table": [meld_text(m) for m in self.table],
            "owners": list(self.owners), "opened": list(self.opened), "played": list(self.played),
            "owed": card_names(self.owed), "shifted": self.shifted, "scores": list(self.scores),
        }


def observe(state: PinnacolaState, seat: int) -> PinnacolaObservation:
    """The observation of ``seat``; reads the state's internals on its behalf."""
    return PinnacolaObservation(
        **common_fields(state, seat, hand_order_key), pozzo=tuple(state._pozzo),
        table=tuple(state._table), owners=tuple(state._owners), opened=tuple(state._opened),
        played=tuple(state._played), owed=tuple(state._owed), shifted=state._shifted, scores=tuple(state._scores),
    )
