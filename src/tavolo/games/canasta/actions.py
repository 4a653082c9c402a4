"""Canasta's action ids: a fixed space, the same for every table.

* ``DRAW2`` (pescare due carte) from the stock, the usual start of a turn;
  ``DRAW1`` the one card of a player who opened before drawing ("dopo
  l'apertura pesca dal mazzo una sola carta"); ``TAKE`` the whole pozzo;
* ``lay(key, naturals, jokers, pinelle)`` (calare): that many cards onto the
  side's combination of rank ``key`` (started when the side has none);
* ``RETRACT``: take back the combinations of an opening that does not reach
  its minimum (once a turn); ``discard(card)`` (scartare) ends the turn, or
  closes with the last card.

    >>> decode(DRAW2), decode(discard_action(52)), decode(lay_action(7, 3, 1, 0))
    (('draw2',), ('discard', 52), ('lay', 7, 3, 1, 0))
"""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.canasta.melds import KEYS

DRAW2, DRAW1, TAKE, RETRACT = range(4)
DISCARD_BASE = 4
LAY_BASE = DISCARD_BASE + fr.NUM_TYPES
MAX_NATURALS = 12
"""Three decks hold twelve naturals of a rank (and six jokers)."""
_K, _W = MAX_NATURALS + 1, 3
NUM_ACTIONS = LAY_BASE + len(KEYS) * _K * _W * _W
_SIMPLE = (("draw2",), ("draw1",), ("take",), ("retract",))


def discard_action(card: int) -> int:
    return DISCARD_BASE + card


def lay_action(key: int, naturals: int, jokers: int, pinelle: int) -> int:
    return LAY_BASE + ((KEYS.index(key) * _K + naturals) * _W + jokers) * _W + pinelle


def decode(action: int) -> tuple:
    """``('draw2',)``, ``('draw1',)``, ``('take',)``, ``('retract',)``, ``('discard', card)``
    or ``('lay', key, naturals, jokers, pinelle)``; ``ValueError`` outside the space."""
    if 0 <= action < DISCARD_BASE:
        return _SIMPLE[action]
    if DISCARD_BASE <= action < LAY_BASE:
        return ("discard", action - DISCARD_BASE)
    if LAY_BASE <= action < NUM_ACTIONS:
        rest, pinelle = divmod(action - LAY_BASE, _W)
        rest, jokers = divmod(rest, _W)
        index, naturals = divmod(rest, _K)
        return ("lay", KEYS[index], naturals, jokers, pinelle)
    raise ValueError(f"{action} is not a Canasta action id (0..{NUM_ACTIONS - 1})")
