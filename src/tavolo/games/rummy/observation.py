"""What every rummy game's observation holds alike (Scala 40, Ramino,
Pinnacola, Canasta, Machiavelli): the seat and the table's size, the phase,
who is on turn, the dealer, the hand's number, how many cards the stock and
each hand hold, and the seat's own hand (private: only its own).

A game's observation keeps these as its own fields, by the same names, and
adds what its rules make public; :func:`common_fields` fills them from a state
and :func:`common_json` writes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavolo.games.rummy.serial import card_names


def common_fields(state: Any, seat: int, hand_key: Callable[[int], Any]) -> dict[str, Any]:
    """The shared fields of ``seat``'s observation, its hand sorted by ``hand_key``;
    a seat not at the table is refused with a ``ValueError`` naming the seats there."""
    n = state._n
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not at this table (0..{n - 1})")
    return {
        "seat": seat, "players": n, "phase": state.phase, "current_player": state.current_player(),
        "dealer": state._dealer, "hand_number": state._hand_no, "stock_size": len(state._stock),
        "hand": tuple(sorted(state.hand_cards(seat), key=hand_key)),
        "hand_sizes": tuple(sum(h) for h in state._hands),
    }


def common_json(obs: Any) -> dict[str, Any]:
    """The shared fields of an observation as JSON: cards by their names."""
    return {
        "seat": obs.seat, "players": obs.players, "phase": obs.phase, "current_player": obs.current_player,
        "dealer": obs.dealer, "hand_number": obs.hand_number, "stock_size": obs.stock_size,
        "hand": card_names(obs.hand), "hand_sizes": list(obs.hand_sizes),
    }
