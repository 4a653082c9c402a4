"""Why a Pinnacola action is illegal: the rule it breaks, and the details.

Used only once a move has been refused, so it may take its time to find the
clearest reason.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.games.pinnacola import rulebook
from tavolo.games.pinnacola.actions import TEMPLATES, decode
from tavolo.games.pinnacola.melds import attachments, swaps
from tavolo.games.rummy.explain import screen_action

if TYPE_CHECKING:
    from tavolo.games.pinnacola.state import PinnacolaState


def explain_illegal(state: PinnacolaState, action: int) -> tuple[Rule, Sentence]:
    """The rule ``action`` breaks in ``state`` and a sentence of detail."""
    from tavolo.games.pinnacola.state import DRAW_PHASE

    refused, kind = screen_action(state, action, decode, rulebook, "Pinnacola")
    if refused:
        return refused
    if kind[0] in ("draw", "take"):
        if state._phase != DRAW_PHASE:
            return rulebook.ONE_DRAW, Text("you have already drawn or taken this turn")
        return rulebook.TAKE_ROW, Text("the pozzo holds {count} cards", count=len(state._pozzo))
    if state._phase == DRAW_PHASE:
        return rulebook.DRAW_FIRST, ""
    if kind[0] == "shift":
        return _shift_reason(state, kind[1])
    cards = list(TEMPLATES[kind[1]].cards) if kind[0] == "meld" else [kind[1] if kind[0] == "discard" else kind[2]]
    missing = Counter(cards) - Counter(state.hand_cards(state._turn))
    if missing:
        return rulebook.NOT_IN_HAND, Text("you do not hold {cards}", cards=fr.names(missing.elements()))
    if kind[0] in ("attach", "swap"):
        reason = _table_reason(state, kind)
        if reason:
            return reason
    if state._owed:
        return rulebook.MUST_MELD, Text("{cards} must be melded", cards=fr.names(state._owed))
    return rulebook.CLOSE_NEEDS, ""


def _table_reason(state: PinnacolaState, kind: tuple) -> tuple[Rule, Sentence] | None:
    verb, slot, card = kind[:3]
    if verb == "attach" and not state._opened[state._turn]:
        return rulebook.NOT_OPENED, ""
    mine = state.side_melds(state._opts.side(state._turn))
    if slot >= len(state._table) or (verb == "attach" and slot not in mine):
        return rulebook.NO_SUCH_MELD, Text("meld {number}", number=slot + 1)
    meld = state._table[slot]
    if verb == "attach" and all(c != card for c, _, _ in attachments(meld)):
        return rulebook.DOES_NOT_FIT, ""
    if verb == "swap" and all(c != card for c, _ in swaps(meld)):
        return rulebook.SWAP_CARD, ""
    return None


def _shift_reason(state: PinnacolaState, slot: int) -> tuple[Rule, Sentence]:
    if not state._opened[state._turn]:
        return rulebook.NOT_OPENED, ""
    if slot not in state.side_melds(state._opts.side(state._turn)):
        return rulebook.NO_SUCH_MELD, Text("meld {number}", number=slot + 1)
    return rulebook.ONE_SHIFT, ""
