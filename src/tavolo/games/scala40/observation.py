"""What one seat may know of a Scala 40 state.

Public: the melds on the table (and who laid each), the top card of the pozzo
(the others are squared away, art. 5.4), how many cards each player, the
stock and the pozzo hold, who has opened, the points the player on turn has
laid towards his opening, the cards he owes to the table this turn (the one
taken from the pozzo, a joker swapped off: everyone saw them), the scores and
who is out. Private: the seat's own hand. Never shown: other hands, the
stock's order, the pozzo under its top card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.rummy.observation import common_fields, common_json
from tavolo.games.rummy.serial import card_names
from tavolo.games.scala40.cards import hand_order_key
from tavolo.games.scala40.melds import Meld, meld_text

if TYPE_CHECKING:
    from tavolo.games.scala40.state import Scala40State


@dataclass(frozen=True)
class Scala40Observation:
    seat: int
    players: int
    phase: str
    """``deal``, ``draw``, ``play``, ``reshuffle`` (the pozzo becomes the stock) or ``over``."""
    current_player: int
    dealer: int
    hand_number: int
    turn_number: int
    """Turns begun in this hand before the current one."""
    first_round: bool
    """No one may close yet (art. 6.5)."""
    stock_size: int
    pile_top: int
    """The top card of the pozzo, -1 when it is empty."""
    pile_size: int
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    """Who laid each meld of the table."""
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    opened: tuple[bool, ...]
    opening_points: int
    """Points the player on turn has laid this turn towards his opening (before he has opened)."""
    opened_now: bool
    """The player on turn opened in this turn (his closing would be "in mano", art. 9b)."""
    owed: tuple[int, ...]
    """Cards the player on turn must put on the table before discarding."""
    meld_only: int
    """A card taken to open with it: it must go into a new meld (art. 9a); -1 otherwise."""
    scores: tuple[int, ...]
    out: tuple[bool, ...]

    def to_json(self) -> dict[str, Any]:
        return common_json(self) | {
            "turn_number": self.turn_number, "first_round": self.first_round,
            "table": [meld_text(m) for m in self.table], "owners": list(self.owners),
            "pile_top": fr.name(self.pile_top) if self.pile_top >= 0 else None, "pile_size": self.pile_size,
            "opened": list(self.opened), "opening_points": self.opening_points, "opened_now": self.opened_now,
            "owed": card_names(self.owed), "meld_only": fr.name(self.meld_only) if self.meld_only >= 0 else None,
            "scores": list(self.scores), "out": list(self.out),
        }


def observe(state: Scala40State, seat: int) -> Scala40Observation:
    """The observation of ``seat``; reads the state's internals on its behalf."""
    return Scala40Observation(
        **common_fields(state, seat, hand_order_key), turn_number=state._turn_no,
        first_round=state.first_round(), table=tuple(state._table), owners=tuple(state._owners),
        pile_top=state._pile[-1] if state._pile else -1, pile_size=len(state._pile),
        opened=tuple(state._opened), opening_points=state._opening,
        opened_now=state._opened_now, owed=tuple(state._owed), meld_only=state._meld_only,
        scores=tuple(state._scores), out=tuple(state._out),
    )
