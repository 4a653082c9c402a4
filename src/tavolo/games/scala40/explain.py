"""Why a Scala 40 action is illegal: the rule it breaks, and the details.

Used only once a move has been refused, so it may take its time to find the
clearest reason.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.games.rummy.explain import screen_action
from tavolo.games.rummy.words import card_words
from tavolo.games.scala40 import rulebook
from tavolo.games.scala40.actions import TEMPLATES, decode
from tavolo.games.scala40.melds import attachments, has_joker, meld_text, swaps
from tavolo.games.scala40.planning import can_open
from tavolo.games.scala40.rules import OPENING_POINTS

if TYPE_CHECKING:
    from tavolo.games.scala40.state import Scala40State


def explain_illegal(state: Scala40State, action: int) -> tuple[Rule, Sentence]:
    """The rule ``action`` breaks in ``state`` and a sentence of detail."""
    from tavolo.games.scala40.state import DRAW_PHASE

    refused, kind = screen_action(state, action, decode, rulebook, "Scala 40")
    if refused:
        return refused
    if kind[0] in ("draw", "take"):
        return _draw_reason(state, kind[0])
    if state._phase == DRAW_PHASE:
        return rulebook.DRAW_FIRST, ""
    cards = _cards_used(state, kind)
    missing = Counter(cards) - Counter(state.hand_cards(state._turn))
    if missing:
        return rulebook.NOT_IN_HAND, Text("you do not hold {cards}", cards=fr.names(missing.elements()))
    reason = {"discard": _discard_reason, "meld": _meld_reason, "attach": _attach_reason,
              "swap": _swap_reason}[kind[0]](state, *kind[1:])
    return reason or (rulebook.DEAD_END, "")


def _cards_used(state: Scala40State, kind: tuple) -> list[int]:
    if kind[0] == "meld":
        return list(TEMPLATES[kind[1]].cards)
    return [kind[1] if kind[0] == "discard" else kind[2]]


def _draw_reason(state: Scala40State, verb: str) -> tuple[Rule, Sentence]:
    from tavolo.games.scala40.state import PLAY

    if state._phase == PLAY:
        return rulebook.ONE_DRAW, Text("you have already drawn or taken this turn")
    if state._opened[state._turn]:
        if not state._pile:
            return rulebook.TAKE_MUST_USE, Text("the pozzo is empty")
        return rulebook.TAKE_MUST_USE, Text("{card} could not be melded or attached now",
                                            card=card_words([state._pile[-1]]))
    if state._opts.open_with_discard:
        return rulebook.TAKE_TO_OPEN, Text("you could not open with it this turn")
    return rulebook.TAKE_NOT_OPENED, ""


def _size_reason(state: Scala40State, used: int) -> tuple[Rule, Sentence] | None:
    """Why keeping ``sum(hand) - used`` cards before the discard is not enough."""
    left = sum(state._hands[state._turn]) - used
    if left >= state._keep():
        return None
    if left == 1:
        return rulebook.CLOSE_FIRST_ROUND, Text("your discard would close the hand in the first round")
    return rulebook.KEEP_A_DISCARD, Text("you would have no card left to discard")


def _owed_reason(state: Scala40State) -> tuple[Rule, Sentence]:
    if state._meld_only >= 0:
        return rulebook.MELD_THE_TAKEN, Text("{card} must go into a meld of your opening",
                                             card=fr.name(state._meld_only))
    return rulebook.MUST_USE, Text("{cards} could no longer be used this turn", cards=fr.names(state._owed))


def _discard_reason(state: Scala40State, card: int) -> tuple[Rule, Sentence] | None:
    if state._owed:
        return rulebook.MUST_USE, Text("use {cards} first", cards=fr.names(state._owed))
    if not state._opened[state._turn]:
        if state._opening:
            return rulebook.OPEN_FIRST, Text("your melds are worth {points} so far", points=state._opening)
        return rulebook.DISCARD_ATTACHES, Text("{card} attaches to a meld on the table", card=fr.name(card))
    return None


def _meld_reason(state: Scala40State, template: int) -> tuple[Rule, Sentence] | None:
    meld, cards, value = TEMPLATES[template]
    size = _size_reason(state, len(cards))
    if size:
        return size
    if state._opened[state._turn]:
        return _owed_reason(state) if state._owed else None
    rest = list(state._hands[state._turn])
    for c in cards:
        rest[c] -= 1
    need = OPENING_POINTS - state._opening - state._counted(template)
    budget = sum(rest) - state._keep()
    if state._meld_only >= 0 and can_open(tuple(rest), need, (), budget, state._opts.open_without_joker):
        return _owed_reason(state)
    if state._opts.open_without_joker and has_joker(meld):
        return rulebook.OPENING_CLEAN, Text("the melds without a joker could not reach 40 points")
    reached = state._opening + state._counted(template)
    return rulebook.OPENING, Text("with {meld} ({value}) your hand could not reach 40 points (now {reached})",
                                  meld=meld_text(meld), value=value, reached=reached)


def _attach_reason(state: Scala40State, slot: int, card: int, variant: int) -> tuple[Rule, Sentence] | None:
    if not state._opened[state._turn]:
        return rulebook.NOT_OPENED, ""
    if slot >= len(state._table):
        return rulebook.NO_SUCH_MELD, Text("the table has {count} meld(s), not {number}", count=len(state._table),
                                             number=slot + 1)
    meld = state._table[slot]
    if not any(c == card and v == variant for c, v, _ in attachments(meld)):
        return rulebook.DOES_NOT_FIT, Text("{card} does not fit meld {number} ({meld})", card=fr.name(card),
                                             number=slot + 1, meld=meld_text(meld))
    if card == state._meld_only:
        return _owed_reason(state)
    return _size_reason(state, 1) or (_owed_reason(state) if state._owed else None)


def _swap_reason(state: Scala40State, slot: int, card: int) -> tuple[Rule, Sentence] | None:
    if not state._opened[state._turn]:
        return rulebook.NOT_OPENED, ""
    if slot >= len(state._table):
        return rulebook.NO_SUCH_MELD, Text("the table has {count} meld(s), not {number}", count=len(state._table),
                                             number=slot + 1)
    meld = state._table[slot]
    if not any(c == card for c, _ in swaps(meld)):
        return rulebook.SWAP_CARD, Text("{card} does not take the place of a joker in {meld}",
                                           card=fr.name(card), meld=meld_text(meld))
    return rulebook.MUST_USE, Text("the joker could not then be used this turn")
