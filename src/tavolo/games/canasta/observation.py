"""What one seat may know of a Canasta state.

Public: every side's combinations and red 3s, the face-up cards of the pozzo and
how many lie face down under them, the lays of an opening not yet confirmed, how
many cards each player and the stock hold, who has opened, the scores. Private:
the seat's own hand. Never shown: other hands, the stock's order, the face-down
cards of the pozzo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.rummy.observation import common_fields, common_json
from tavolo.games.rummy.serial import card_names

if TYPE_CHECKING:
    from tavolo.games.canasta.state import CanastaState


@dataclass(frozen=True)
class CanastaObservation:
    seat: int
    players: int
    phase: str
    """``deal``, ``start`` (to draw, take or open), ``opening`` (opened before drawing),
    ``play`` (after the draw) or ``over``."""
    current_player: int
    dealer: int
    hand_number: int
    stock_size: int
    pozzo_up: tuple[int, ...]
    pozzo_down: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[tuple[int, ...], ...], ...]
    """Per side, per rank of ``KEYS`` (jokers, A, 2, 4 ... K), the cards of its combination (empty when none)."""
    red_threes: tuple[tuple[int, ...], ...]
    opened: tuple[bool, ...]
    pending: tuple[tuple[int, tuple[int, ...]], ...]
    retracted: bool
    scores: tuple[int, ...]
    minimums: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return common_json(self) | {
            "pozzo_up": card_names(self.pozzo_up), "pozzo_down": self.pozzo_down,
            "melds": [[card_names(m) for m in side] for side in self.melds],
            "red_threes": [card_names(r) for r in self.red_threes], "opened": list(self.opened),
            "pending": [[i, card_names(cards)] for i, cards in self.pending], "retracted": self.retracted,
            "scores": list(self.scores), "minimums": list(self.minimums),
        }


def observe(state: CanastaState, seat: int) -> CanastaObservation:
    """The observation of ``seat``; reads the state's internals on its behalf."""
    sides = range(state._opts.sides)
    return CanastaObservation(
        **common_fields(state, seat, lambda c: (fr.rank(c) or 99, c)),
        pozzo_up=tuple(state._pozzo[state._down:]), pozzo_down=state._down,
        melds=tuple(tuple(tuple(m) for m in state._melds[s]) for s in sides),
        red_threes=tuple(tuple(state._red3[s]) for s in sides), opened=tuple(state._opened),
        pending=tuple(state._pending), retracted=state._retracted, scores=tuple(state._scores),
        minimums=tuple(state.minimum(s) for s in sides),
    )
