"""Why a Machiavelli action is illegal: the rule it breaks, and the details.

Used only once a move has been refused, so it may take its time to find the
clearest reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.games.machiavelli import rulebook
from tavolo.games.machiavelli.actions import MAX_GROUPS, decode
from tavolo.games.machiavelli.melds import is_meld, meld_order
from tavolo.games.rummy.explain import screen_action

if TYPE_CHECKING:
    from tavolo.games.machiavelli.state import MachiavelliState


def explain_illegal(state: MachiavelliState, action: int) -> tuple[Rule, Sentence]:
    """The rule ``action`` breaks in ``state`` and a sentence of detail."""
    refused, kind = screen_action(state, action, decode, rulebook, "Machiavelli")
    if refused:
        return refused
    verb, *parts = kind
    if verb == "draw":
        return rulebook.STOCK_EMPTY, ""
    if verb == "pass":
        return rulebook.STOCK_LEFT, Text("{count} cards in the stock", count=len(state._stock))
    if verb == "done":
        return _why_not_done(state)
    if verb == "undo" and not state._moves:
        return rulebook.NOTHING_TO_UNDO, ""
    if state._steps >= state._budget:
        return rulebook.TURN_MOVES, Text("{budget} moves made", budget=state._budget)
    return _why_not_shift(state, verb, parts)


def _why_not_done(state: MachiavelliState) -> tuple[Rule, Sentence]:
    if not state.laid():
        return rulebook.LAY_OR_DRAW, ""
    for number, group in enumerate(state._table, start=1):
        if not is_meld(group):
            return rulebook.VALID_TABLE, Text("combination {number} ({cards}) is neither a run nor a group",
                                              number=number, cards=fr.names(meld_order(group)))
    return rulebook.VALID_TABLE, ""


def _why_not_shift(state: MachiavelliState, verb: str, parts: list[int]) -> tuple[Rule, Sentence]:
    card, group = parts[-2], parts[-1]
    table = state._table
    if verb == "put" and not state._hands[state._turn][card]:
        return rulebook.NOT_IN_HAND, Text("you do not hold {cards}", cards=fr.name(card))
    if verb == "move" and (parts[0] >= len(table) or card not in table[parts[0]]):
        if parts[0] >= len(table):
            return rulebook.NO_GROUP, Text("there is no combination {number}", number=parts[0] + 1)
        return rulebook.NO_GROUP, Text("{card} is not in combination {number}", card=fr.name(card),
                                       number=parts[0] + 1)
    if group > len(table):
        return rulebook.NO_GROUP, Text("there is no combination {number}", number=group + 1)
    if group >= MAX_GROUPS:
        return rulebook.TABLE_FULL, ""
    if not state._opened[state._turn]:
        return rulebook.OPEN_FIRST, ""
    return rulebook.NO_GROUP, Text("{card} is already in combination {number}", card=fr.name(card),
                                   number=group + 1)
