"""Why a Burraco action is illegal: the rule it breaks, and the details.

Used only on the slow path, when a move has already been refused, so it may
take its time to find the clearest reason.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.games.burraco import rulebook
from tavolo.games.burraco.actions import TEMPLATES, decode
from tavolo.games.burraco.cards import WILD
from tavolo.games.burraco.melds import CLEAN, NOT_BURRACO, Group, Meld, attachments, burraco_kind, meld_text

if TYPE_CHECKING:
    from tavolo.games.burraco.state import BurracoState


RANKS_IN_WORDS = dict(enumerate((
    Text("aces"), Text("twos"), Text("threes"), Text("fours"), Text("fives"), Text("sixes"), Text("sevens"),
    Text("eights"), Text("nines"), Text("tens"), Text("jacks"), Text("queens"), Text("kings")), start=1))
"""Each rank named in words, plural ("kings", in Italian "re"), as a detail says it."""


def explain_illegal(state: BurracoState, action: int) -> tuple[Rule, Sentence]:
    """The rule ``action`` breaks in ``state`` and a sentence of detail."""
    from tavolo.games.burraco.state import DEAL, DRAW_PHASE, OVER, PLAY

    if state._phase == OVER:
        return rulebook.GAME_OVER, ""
    if state._phase == DEAL:
        return rulebook.DEAL_FIRST, ""
    try:
        kind = decode(action)
    except ValueError:
        return rulebook.NO_SUCH_ACTION, Text("{action} is not an action id of {game}", action=action, game="Burraco")
    if kind[0] in ("draw", "take"):
        if state._phase == PLAY:
            return rulebook.ONE_DRAW, Text("you have already drawn or taken this turn")
        if len(state._stock) <= 2:
            return rulebook.STOCK_END, Text("the stock holds {count} cards", count=len(state._stock))
        if len(state._pile) == 1 and state._stall >= 2 * state._n:
            return rulebook.ANTI_STALL, Text(
                "the one-card pile has been taken {count} times in a row", count=state._stall)
        return rulebook.TAKE_NEEDS_MELD, Text("nothing could be melded or attached with the pile")
    if state._phase == DRAW_PHASE:
        return rulebook.DRAW_FIRST, ""
    if kind[0] == "discard":
        return _discard_reason(state, kind[1])
    if kind[0] == "open":
        return _open_reason(state, kind[1])
    return _attach_reason(state, *kind[1:])


def explain_failed_move(state: BurracoState, cards: list[int], first_steps: list[int]) -> tuple[Rule, Sentence]:
    """Why a move of several cards (a long opening, several attachments) cannot be made."""
    from tavolo.games.burraco.state import PLAY

    if state._phase != PLAY:
        return explain_illegal(state, first_steps[0])
    missing = _missing(state, cards)
    if missing:
        return missing
    left = list((_hand(state) - Counter(cards)).elements())
    side = state._side_of[state._turn]
    if not left:
        reason = _end_reason(state, side, left, state._melds[side])
        if reason:
            return reason
    legal = set(state.legal_actions())
    illegal = [a for a in first_steps if a not in legal]
    if illegal and len(illegal) == len(first_steps):
        return explain_illegal(state, illegal[0])
    return rulebook.MELD_SHAPE, Text("{cards} cannot be laid down that way", cards=fr.names(cards))


def _hand(state: BurracoState) -> Counter[int]:
    return Counter(state.hand_cards(state._turn))


def _missing(state: BurracoState, cards) -> tuple[Rule, Sentence] | None:
    missing = Counter(cards) - _hand(state)
    if missing:
        return rulebook.NOT_IN_HAND, Text("you do not hold {cards}", cards=fr.names(missing.elements()))
    return None


def _discard_reason(state: BurracoState, card: int) -> tuple[Rule, Sentence]:
    missing = _missing(state, [card])
    if missing:
        return missing
    if state._must_meld:
        return rulebook.MUST_MELD, Text("meld or attach a card first")
    hand = _hand(state)
    if card == state._single and hand[card] == 1:
        return rulebook.SINGLE_CARD_PILE, Text("you took {card} alone from the pile", card=fr.name(card))
    side = state._side_of[state._turn]
    return _end_reason(state, side, [card], state._melds[side]) or (rulebook.DEAD_END, "")


def _open_reason(state: BurracoState, template: int) -> tuple[Rule, Sentence]:
    meld, cards = TEMPLATES[template]
    missing = _missing(state, cards)
    if missing:
        return missing
    side = state._side_of[state._turn]
    melds = state._melds[side]
    if type(meld) is Group:
        allowed = state._opts.group_ranks
        if allowed is not None and meld.rank not in allowed:
            return rulebook.GROUP_RANKS, Text("{rank} may not be combined", rank=RANKS_IN_WORDS[meld.rank])
        if any(type(m) is Group and m.rank == meld.rank for m in melds):
            return rulebook.ONE_GROUP_PER_RANK, Text("your side already has a combination of {rank}",
                                                     rank=RANKS_IN_WORDS[meld.rank])
    left = list((_hand(state) - Counter(cards)).elements())
    return _end_reason(state, side, left, [*melds, meld]) or (rulebook.DEAD_END, "")


def _attach_reason(state: BurracoState, slot: int, card: int, variant: int) -> tuple[Rule, Sentence]:
    side = state._side_of[state._turn]
    melds = state._melds[side]
    if slot >= len(melds):
        return rulebook.NO_SUCH_MELD, Text("your side has {count} meld(s), not {number}", count=len(melds),
                                             number=slot + 1)
    missing = _missing(state, [card])
    if missing:
        return missing
    meld = melds[slot]
    ways = {v: after for c, v, after in attachments(meld) if c == card}
    if not ways:
        if WILD[card] and meld.wild >= 0:
            return rulebook.ONE_WILD, Text("meld {number} ({meld}) already has its wild", number=slot + 1,
                                          meld=meld_text(meld))
        return rulebook.DOES_NOT_FIT, Text("{card} does not fit meld {number} ({meld})", card=fr.name(card),
                                             number=slot + 1, meld=meld_text(meld))
    if variant not in ways:
        return rulebook.DOES_NOT_FIT, Text("{card} joins meld {number} in one way only", card=fr.name(card),
                                         number=slot + 1)
    after = melds[:slot] + [ways[variant]] + melds[slot + 1:]
    left = list((_hand(state) - Counter([card])).elements())
    return _end_reason(state, side, left, after) or (rulebook.DEAD_END, "")


def _end_reason(state: BurracoState, side: int, left: list[int], melds: list[Meld]) -> tuple[Rule, Sentence] | None:
    """Why holding ``left`` afterwards leaves no way to end the turn (the card
    to discard last, or none), or ``None`` if it does not."""
    has_pozzetto = state._side_pozz[side] >= 0
    if not left:
        if has_pozzetto:
            return None
        return rulebook.KEEP_A_DISCARD, Text("you would have no card left to discard")
    if len(left) > 1:
        return None
    card = left[0]
    if card == state._single:
        return rulebook.SINGLE_CARD_PILE, Text("you would keep only {card}, taken alone from the pile",
                                                   card=fr.name(card))
    if has_pozzetto:
        return None
    if state._turn_no < state._n:
        return rulebook.CLOSE_NOT_YET, Text("your last card would close the hand in the first round")
    kinds = [burraco_kind(m, state._opts.semiclean) for m in melds]
    if state._opts.clean_to_close and CLEAN not in kinds:
        return rulebook.CLOSE_NEEDS_CLEAN, Text("your side has no clean burraco")
    if all(k == NOT_BURRACO for k in kinds):
        return rulebook.CLOSE_NEEDS_BURRACO, Text("your side has no burraco")
    if WILD[card]:
        return rulebook.CLOSE_WITH_WILD, Text("your last card would be {card}, a wild", card=fr.name(card))
    return None
