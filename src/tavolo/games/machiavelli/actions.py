"""Machiavelli's action ids: a fixed space, the same for every table.

A turn is either a draw or a series of small moves ended by ``DONE``:

* ``DRAW`` (pescare): take the top card of the stock, which ends the turn; a
  player who had moved cards puts them back first ("Se il giocatore non
  deposita carte sul tavolo deve necessariamente pescare"); ``PASS`` the same
  when the stock is empty;
* ``put(card, group)`` (mettere): a card from the hand onto combination
  ``group`` of the table (numbered from 0; the next number starts a new one);
* ``move(source, card, group)`` (spostare): a card of the table from one
  combination to another or to a new one;
* ``UNDO`` (annullare) the last move of the turn; ``DONE`` (fine) ends the
  turn when every combination on the table is valid.

    >>> decode(DRAW), decode(put_action(3, 1)), decode(move_action(0, 51, 2))
    (('draw',), ('put', 3, 1), ('move', 0, 51, 2))
"""

from __future__ import annotations

NUM_CARDS = 52
MAX_GROUPS = 48
"""Combinations on the table at any moment of a turn: 104 cards make at most 34
valid ones, the rest leaves room for a turn's work."""

DRAW, PASS, DONE, UNDO = range(4)
PUT_BASE = 4
MOVE_BASE = PUT_BASE + NUM_CARDS * MAX_GROUPS
NUM_ACTIONS = MOVE_BASE + MAX_GROUPS * NUM_CARDS * MAX_GROUPS
_SIMPLE = (("draw",), ("pass",), ("done",), ("undo",))


def put_action(card: int, group: int) -> int:
    return PUT_BASE + card * MAX_GROUPS + group


def move_action(source: int, card: int, group: int) -> int:
    return MOVE_BASE + (source * NUM_CARDS + card) * MAX_GROUPS + group


def decode(action: int) -> tuple:
    """``('draw',)``, ``('pass',)``, ``('done',)``, ``('undo',)``, ``('put', card, group)``
    or ``('move', source, card, group)``; ``ValueError`` outside the space."""
    if 0 <= action < PUT_BASE:
        return _SIMPLE[action]
    if PUT_BASE <= action < MOVE_BASE:
        card, group = divmod(action - PUT_BASE, MAX_GROUPS)
        return ("put", card, group)
    if MOVE_BASE <= action < NUM_ACTIONS:
        rest, group = divmod(action - MOVE_BASE, MAX_GROUPS)
        source, card = divmod(rest, NUM_CARDS)
        return ("move", source, card, group)
    raise ValueError(f"{action} is not a Machiavelli action id (0..{NUM_ACTIONS - 1})")
