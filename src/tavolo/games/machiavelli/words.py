"""Machiavelli's moves in words, as the players say them: "pesca", "passa" (the stock empty),
"mette 4♥ sulla 3", "mette 4♥ in una nuova combinazione", "sposta 2♥ dalla 1 alla 4", "annulla",
"finisce il turno". Nothing of a Machiavelli move is hidden: the table is face up.

    >>> import random
    >>> from tavolo.games.machiavelli import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> say(action_words(state, 0).to_json(), "it")
    'pesca'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.engine.words import Words
from tavolo.games.machiavelli.actions import decode
from tavolo.games.rummy.words import DRAW, card_words

if TYPE_CHECKING:
    from tavolo.games.machiavelli.state import MachiavelliState

SIMPLE = {"draw": DRAW, "pass": Words.of("pass, the stock is empty"), "undo": Words.of("undo the last move"),
          "done": Words.of("end the turn")}


def action_words(state: MachiavelliState, action: int) -> Words:
    """``action`` (by the seat on turn, before it is played) in words; the table's combinations
    numbered from 1, the next number a new one."""
    verb, *parts = decode(action)
    if verb in SIMPLE:
        return SIMPLE[verb]
    source, card, group = (None, *parts) if verb == "put" else parts
    return shift_words([card], source, group, len(state._table))


def shift_words(cards: list[int], source: int | None, group: int, new: int) -> Words:
    """``cards`` put from the hand (``source`` None) or moved from meld ``source`` to meld ``group``
    (numbered from 0; ``new``, the next number, is a new meld), in words, as played or as refused."""
    said = card_words(cards)
    if source is None:
        if group == new:
            return Words.of("put {cards} in a new meld", cards=said)
        return Words.of("put {cards} on meld {number}", cards=said, number=group + 1)
    if group == new:
        return Words.of("move {cards} from meld {source} to a new meld", cards=said, source=source + 1)
    return Words.of("move {cards} from meld {source} to meld {number}", cards=said, source=source + 1,
                    number=group + 1)
