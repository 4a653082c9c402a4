"""Ramino's action ids: a fixed space, the same for every table.

A turn (seed, "Ramino") is a draw and a discard:

* ``DRAW`` (pescare) the top card of the stock (mazzo), or ``TAKE``
  (prendere) the card the previous player discarded; the first player of a
  hand takes the card turned up at the deal;
* ``DISCARD`` (scartare) a card, which ends the turn, or ``CLOSE`` with it
  (chiudere): discard it and show the rest of the hand in combinations;
* ``CLOSE_AT_ONCE``: the first player closes with the ten cards he was dealt.

    >>> decode(DRAW), decode(discard_action(52)), decode(close_action(3)), decode(CLOSE_AT_ONCE)
    (('draw',), ('discard', 52), ('close', 3), ('close',))
"""

from __future__ import annotations

from tavolo.games.ramino.cards import NUM_TYPES

DRAW, TAKE, CLOSE_AT_ONCE = range(3)
DISCARD_BASE = 3
CLOSE_BASE = DISCARD_BASE + NUM_TYPES
NUM_ACTIONS = CLOSE_BASE + NUM_TYPES


def discard_action(card: int) -> int:
    return DISCARD_BASE + card


def close_action(card: int) -> int:
    return CLOSE_BASE + card


def decode(action: int) -> tuple:
    """``('draw',)``, ``('take',)``, ``('close',)``, ``('discard', card)`` or
    ``('close', card)``; ``ValueError`` for an id outside the space."""
    if action in (DRAW, TAKE, CLOSE_AT_ONCE):
        return (("draw",), ("take",), ("close",))[action]
    if DISCARD_BASE <= action < CLOSE_BASE:
        return ("discard", action - DISCARD_BASE)
    if CLOSE_BASE <= action < NUM_ACTIONS:
        return ("close", action - CLOSE_BASE)
    raise ValueError(f"{action} is not a Ramino action id (0..{NUM_ACTIONS - 1})")
