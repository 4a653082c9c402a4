"""What one seat may know of a Machiavelli state.

Public: the table's combinations, the table as this turn began, the moves
made this turn (everyone watches them) and so the cards the player on turn
laid, how many cards each player and the stock hold, who has opened, the
scores. Private: the seat's own hand. Never shown: other hands, the stock's
order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.rummy.observation import common_fields, common_json
from tavolo.games.rummy.serial import card_names

if TYPE_CHECKING:
    from tavolo.games.machiavelli.state import MachiavelliState


@dataclass(frozen=True)
class MachiavelliObservation:
    seat: int
    players: int
    phase: str
    """``deal``, ``play`` or ``over``."""
    current_player: int
    dealer: int
    hand_number: int
    stock_size: int
    table: tuple[tuple[int, ...], ...]
    """The combinations on the table, each in the order a player lays it."""
    start_table: tuple[tuple[int, ...], ...]
    """The table as the current turn began (the state's own order: sorted cards)."""
    turn_moves: tuple[int, ...]
    """The puts and moves of the current turn still standing, as action ids."""
    steps: int
    budget: int
    laid: tuple[int, ...]
    """The cards the player on turn has put on the table this turn."""
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    opened: tuple[bool, ...]
    passes: int
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return common_json(self) | {
            "table": [card_names(g) for g in self.table], "start_table": [card_names(g) for g in self.start_table],
            "turn_moves": list(self.turn_moves), "steps": self.steps, "budget": self.budget,
            "laid": card_names(self.laid), "opened": list(self.opened), "passes": self.passes,
            "scores": list(self.scores),
        }


def observe(state: MachiavelliState, seat: int) -> MachiavelliObservation:
    """The observation of ``seat``; reads the state's internals on its behalf."""
    return MachiavelliObservation(
        **common_fields(state, seat, lambda c: (fr.suit(c), fr.rank(c))), table=tuple(map(tuple, state.table())),
        start_table=tuple(state._start_table), turn_moves=tuple(state._moves), steps=state._steps,
        budget=state._budget, laid=tuple(state.laid()), opened=tuple(state._opened), passes=state._passes,
        scores=tuple(state._scores),
    )
