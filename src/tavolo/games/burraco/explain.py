"""Why a Burraco action is illegal: the rule it breaks, and the details.

Used only on the slow path, when a move has already been refused, so it may
take its time to find the clearest reason.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import Rule
from tavolo.games.burraco import rulebook
from tavolo.games.burraco.actions import TEMPLATES, decode
from tavolo.games.burraco.cards import WILD
from tavolo.games.burraco.melds import CLEAN, NOT_BURRACO, Group, Meld, attachments, burraco_kind, meld_text

if TYPE_CHECKING:
    from tavolo.games.burraco.state import BurracoState


def explain_illegal(state: BurracoState, action: int) -> tuple[Rule, str]:
    """The rule ``action`` breaks in ``state`` and a sentence of detail."""
    from tavolo.games.burraco.state import DEAL, DRAW_PHASE, OVER, PLAY

    if state._phase == OVER:
        return rulebook.GAME_OVER, ""
    if state._phase == DEAL:
        return rulebook.DEAL_FIRST, ""
    try:
        kind = decode(action)
    except ValueError as exc:
        return rulebook.NO_SUCH_ACTION, str(exc)
    if kind[0] in ("draw", "take"):
        if state._phase == PLAY:
            return rulebook.ONE_DRAW, "you have already drawn or taken this turn"
        if len(state._pile) == 1 and state._stall >= 2 * state._n:
            return rulebook.ANTI_STALL, f"the one-card pile has been taken {state._stall} times in a row"
        return rulebook.TAKE_NEEDS_MELD, "nothing could be melded or attached with the pile"
    if state._phase == DRAW_PHASE:
        return rulebook.DRAW_FIRST, ""
    if kind[0] == "discard":
        return _discard_reason(state, kind[1])
    if kind[0] == "open":
        return _open_reason(state, kind[1])
    return _attach_reason(state, *kind[1:])


def explain_failed_move(state: BurracoState, cards: list[int], first_steps: list[int]) -> tuple[Rule, str]:
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
    return rulebook.MELD_SHAPE, f"{fr.names(cards)} cannot be laid down that way"


def _hand(state: BurracoState) -> Counter[int]:
    return Counter(state.hand_cards(state._turn))


def _missing(state: BurracoState, cards) -> tuple[Rule, str] | None:
    missing = Counter(cards) - _hand(state)
    if missing:
        return rulebook.NOT_IN_HAND, f"you do not hold {fr.names(missing.elements())}"
    return None


def _discard_reason(state: BurracoState, card: int) -> tuple[Rule, str]:
    missing = _missing(state, [card])
    if missing:
        return missing
    if state._must_meld:
        return rulebook.MUST_MELD, "meld or attach a card first"
    hand = _hand(state)
    if card == state._single and hand[card] == 1:
        return rulebook.SINGLE_CARD_PILE, f"you took {fr.name(card)} alone from the pile"
    side = state._side_of[state._turn]
    return _end_reason(state, side, [card], state._melds[side]) or (rulebook.DEAD_END, "")


def _open_reason(state: BurracoState, template: int) -> tuple[Rule, str]:
    meld, cards = TEMPLATES[template]
    missing = _missing(state, cards)
    if missing:
        return missing
    side = state._side_of[state._turn]
    melds = state._melds[side]
    if type(meld) is Group:
        allowed = state._opts.group_ranks
        if allowed is not None and meld.rank not in allowed:
            return rulebook.GROUP_RANKS, f"{fr.rank_name(meld.rank)}s may not be combined"
        if any(type(m) is Group and m.rank == meld.rank for m in melds):
            return rulebook.ONE_GROUP_PER_RANK, f"your side already has a combination of {fr.rank_name(meld.rank)}s"
    left = list((_hand(state) - Counter(cards)).elements())
    return _end_reason(state, side, left, [*melds, meld]) or (rulebook.DEAD_END, "")


def _attach_reason(state: BurracoState, slot: int, card: int, variant: int) -> tuple[Rule, str]:
    side = state._side_of[state._turn]
    melds = state._melds[side]
    if slot >= len(melds):
        return rulebook.NO_SUCH_MELD, f"your side has {len(melds)} meld(s), not {slot + 1}"
    missing = _missing(state, [card])
    if missing:
        return missing
    meld = melds[slot]
    ways = {v: after for c, v, after in attachments(meld) if c == card}
    if not ways:
        if WILD[card] and meld.wild >= 0:
            return rulebook.ONE_WILD, f"meld {slot + 1} ({meld_text(meld)}) already has its wild"
        return rulebook.DOES_NOT_FIT, f"{fr.name(card)} does not fit meld {slot + 1} ({meld_text(meld)})"
    if variant not in ways:
        return rulebook.DOES_NOT_FIT, f"{fr.name(card)} joins meld {slot + 1} in one way only"
    after = melds[:slot] + [ways[variant]] + melds[slot + 1:]
    left = list((_hand(state) - Counter([card])).elements())
    return _end_reason(state, side, left, after) or (rulebook.DEAD_END, "")


def _end_reason(state: BurracoState, side: int, left: list[int], melds: list[Meld]) -> tuple[Rule, str] | None:
    """Why holding ``left`` afterwards leaves no way to end the turn (the card
    to discard last, or none), or ``None`` if it does not."""
    has_pozzetto = state._side_pozz[side] >= 0
    if not left:
        if has_pozzetto:
            return None
        return rulebook.KEEP_A_DISCARD, "you would have no card left to discard"
    if len(left) > 1:
        return None
    card = left[0]
    if card == state._single:
        return rulebook.SINGLE_CARD_PILE, f"you would keep only {fr.name(card)}, taken alone from the pile"
    if has_pozzetto:
        return None
    if state._turn_no < state._n:
        return rulebook.CLOSE_NOT_YET, "your last card would close the hand in the first round"
    kinds = [burraco_kind(m, state._opts.semiclean) for m in melds]
    if state._opts.clean_to_close and CLEAN not in kinds:
        return rulebook.CLOSE_NEEDS_CLEAN, "your side has no clean burraco"
    if all(k == NOT_BURRACO for k in kinds):
        return rulebook.CLOSE_NEEDS_BURRACO, "your side has no burraco"
    if WILD[card]:
        return rulebook.CLOSE_WITH_WILD, f"your last card would be {fr.name(card)}, a wild"
    return None
