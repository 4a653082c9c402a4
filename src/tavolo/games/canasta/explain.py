"""Why a Canasta action is illegal: the rule it breaks, and the details.

Used only once a move has been refused, so it may take its time to find the
clearest reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.games.canasta import rulebook
from tavolo.games.canasta.actions import decode
from tavolo.games.canasta.melds import JOKER_KEY, KEYS, counts, valid
from tavolo.games.rummy.explain import screen_action
from tavolo.games.rummy.words import card_words

if TYPE_CHECKING:
    from tavolo.games.canasta.state import CanastaState


def explain_illegal(state: CanastaState, action: int) -> tuple[Rule, Sentence]:
    """The rule ``action`` breaks in ``state`` and a sentence of detail."""
    from tavolo.games.canasta.state import OPENING, PLAY, START

    refused, kind = screen_action(state, action, decode, rulebook, "Canasta")
    if refused:
        return refused
    verb, *parts = kind
    phase, side = state._phase, state.side_of(state._turn)
    short = Text("the opening is worth {points}", points=state.pending_points())
    if verb in ("draw2", "take", "draw1") and phase == PLAY:
        return rulebook.ONE_DRAW, Text("you have already drawn this turn")
    if verb == "take":
        return rulebook.TAKE_POZZO, Text("the pozzo's top is {card}", card=card_words([state._pozzo[-1]])
                                         if len(state._pozzo) > state._down else "-")
    if verb == "draw2":
        return rulebook.ONE_DRAW, ""
    if verb == "draw1":
        return (rulebook.opening(state.minimum(side)), short) if phase == OPENING else (rulebook.ONE_DRAW, "")
    if verb == "retract":
        return rulebook.NOTHING_TO_RETRACT, ""
    if verb == "discard":
        return _why_not_discard(state, parts[0], short)
    if phase == START and state._opened[side]:
        return rulebook.DRAW_FIRST, ""
    if state._retracted:
        return rulebook.AFTER_RETRACT, ""
    return _why_not_lay(state, *parts)


def _why_not_discard(state: CanastaState, card: int, short: Text) -> tuple[Rule, Sentence]:
    from tavolo.games.canasta.state import PLAY

    if state._phase != PLAY:
        return rulebook.DRAW_FIRST, ""
    if not state._hands[state._turn][card]:
        return rulebook.NOT_IN_HAND, Text("you do not hold {cards}", cards=fr.name(card))
    if not state.opening_met():
        return rulebook.opening(state.minimum(state.side_of(state._turn))), short
    return rulebook.CLOSING, ""


def _why_not_lay(state: CanastaState, key: int, naturals: int, jokers: int, pinelle: int) -> tuple[Rule, Sentence]:
    hand = state._hands[state._turn]
    cards = state.lay_cards(key, naturals, jokers, pinelle)
    if len(cards) != naturals + jokers + pinelle or any(cards.count(c) > hand[c] for c in set(cards)):
        return rulebook.NOT_IN_HAND, ""
    existing = state._melds[state.side_of(state._turn)][KEYS.index(key)]
    n0, w0 = counts(existing, key) if existing else (0, 0)
    if not valid(n0 + naturals, w0 + jokers + pinelle, key) or (key == JOKER_KEY and jokers):
        return rulebook.BAD_MELD, Text("{naturals} naturals and {wilds} wilds", naturals=n0 + naturals,
                                       wilds=w0 + jokers + pinelle)
    return rulebook.KEEP_A_CARD, ""
