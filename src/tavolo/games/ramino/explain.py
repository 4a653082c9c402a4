"""Why a Ramino action is illegal: the rule it breaks, and the details.

Used only once a move has been refused, so it may take its time to find the
clearest reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.games.ramino import rulebook
from tavolo.games.ramino.actions import decode
from tavolo.games.ramino.melds import arrange
from tavolo.games.rummy.explain import screen_action

if TYPE_CHECKING:
    from tavolo.games.ramino.state import RaminoState


def explain_illegal(state: RaminoState, action: int) -> tuple[Rule, Sentence]:
    """The rule ``action`` breaks in ``state`` and a sentence of detail."""
    from tavolo.games.ramino.state import DRAW_PHASE

    refused, kind = screen_action(state, action, decode, rulebook, "Ramino")
    if refused:
        return refused
    seat = state.current_player()
    first = state._turn_no == 0
    if kind == ("close",):
        if not first or state._phase != DRAW_PHASE:
            return rulebook.CLOSE_AT_ONCE, ""
        return _closing_rule(state), _loose_detail(state, state.hand_cards(seat))
    if kind[0] in ("draw", "take"):
        if state._phase != DRAW_PHASE:
            return rulebook.ONE_DRAW, Text("you have already drawn or taken this turn")
        return rulebook.FIRST_TAKES, ""
    if state._phase == DRAW_PHASE:
        return (rulebook.FIRST_TAKES if first else rulebook.DRAW_FIRST), ""
    card = kind[1]
    hand = state.hand_cards(seat)
    if card not in hand:
        return rulebook.NOT_IN_HAND, Text("you do not hold {cards}", cards=fr.name(card))
    if card == state._taken and hand.count(card) == 1:
        return rulebook.RETURN_TAKEN, Text("you took {card} from the discards", card=fr.name(card))
    hand.remove(card)
    return _closing_rule(state), _loose_detail(state, hand)


def _closing_rule(state: RaminoState) -> Rule:
    limit = state._opts.closing_limit
    return rulebook.close_points(limit) if limit else rulebook.CLOSE_ZERO


def _loose_detail(state: RaminoState, cards: list[int]) -> Text:
    o = state._opts
    best = arrange(cards, o.same_suit_groups, o.joker_penalty)
    return Text("{cards} would stay loose ({points} points)", cards=fr.names(best.loose), points=best.points)
