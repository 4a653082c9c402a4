"""Why a bridge action is refused (perché la mossa non è ammessa): the rule it breaks, and the
seat, the suit and the last bid in the players' words ("Est ha carte di fiori", "l'ultima
dichiarazione è 1 SA").

    >>> import random
    >>> from tavolo.games import make_game
    >>> state = make_game("bridge").new_initial_state()
    >>> explain_illegal(state, 0)[0] is rules.DEAL_FIRST
    True
"""

from __future__ import annotations

from tavolo.engine.errors import Rule, Text
from tavolo.games.bridge import calls as cl
from tavolo.games.bridge import rulebook as rules
from tavolo.games.bridge.cards import NUM_CARDS, name
from tavolo.games.bridge.state import AUCTION, DEAL, OVER, PLAY, BridgeState
from tavolo.games.bridge.words import SUIT_WORDS, call_words, seat_words


def explain_illegal(state: BridgeState, action: int) -> tuple[Rule, Text | str]:
    """The rule an illegal ``action`` breaks in ``state``, and a sentence of detail."""
    if state._phase == OVER:
        return rules.GAME_OVER, ""
    if state._phase == DEAL:
        return rules.DEAL_FIRST, ""
    if not 0 <= action < cl.NUM_ACTIONS:
        return rules.NO_SUCH_ACTION, Text("{action} is not an action id of {game}", action=action, game="bridge")
    if action < NUM_CARDS:
        return _why_card_illegal(state, action)
    return _why_call_illegal(state, action)


def _why_card_illegal(state: BridgeState, card: int) -> tuple[Rule, Text | str]:
    """Why ``card`` may not be played, the seat and the suit in words."""
    if state._phase != PLAY:
        return rules.CARD_IN_PLAY, Text("the auction is not over")
    seat = seat_words(state._turn)
    if not state._hands[state._turn] >> card & 1:
        return rules.NOT_IN_HAND, Text("{card} is not in {seat}'s hand", card=name(card), seat=seat)
    led = state._trick[0] // 13
    return rules.FOLLOW_SUIT, Text("{seat} holds {suit} and must play one", seat=seat, suit=SUIT_WORDS[led])


def _why_call_illegal(state: BridgeState, call: int) -> tuple[Rule, Text | str]:
    """Why ``call`` may not be made: the auction is over, a double not allowed, or a bid too low."""
    if state._phase != AUCTION:
        return rules.CALL_IN_AUCTION, Text("the auction is over")
    if call == cl.DOUBLE:
        return rules.DOUBLE, ""
    if call == cl.REDOUBLE:
        return rules.REDOUBLE, ""
    top, _ = cl.last_bid(state._calls)
    return rules.BID_TOO_LOW, Text("the last bid is {bid}", bid=call_words(top))
