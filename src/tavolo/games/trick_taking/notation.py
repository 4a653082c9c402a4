"""Trick-taking move notation: a card played is ``play 3c`` (``gioca 3c``,
``p 3c`` or just ``3c``); games with declarations add their own verbs.

Cards are Italian: ranks ``A 2-7 J C K`` (fante, cavallo, re), suits ``c d b s``
(coppe, denari, bastoni, spade).

    >>> import random
    >>> from tavolo.games import make_game
    >>> state = make_game("briscola", players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(2)))
    >>> card = state.legal_actions()[0]
    >>> state.parse_action(state.action_to_string(card)) == card
    True
    >>> state.parse_action("play 9c")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.NotationError: cannot read 'play 9c': '9c': unknown rank '9' (Italian ranks: A 2-7 J C K)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.cards import CardNotationError
from tavolo.cards import italian as it
from tavolo.engine.errors import NotationError, Text, unreadable_card
from tavolo.games.trick_taking.tricks import NUM_CARDS

if TYPE_CHECKING:
    from tavolo.games.trick_taking.state import TrickState

PLAY_VERBS = ("play", "p", "gioca")


def action_text(state: TrickState, action: int) -> str:
    """The notation of ``action``."""
    if 0 <= action < NUM_CARDS:
        return f"play {it.name(action)}"
    return state._extra_text(action)


def parse_action(state: TrickState, text: str) -> int:
    """The one action ``text`` names; raises :class:`NotationError` or
    :class:`IllegalActionError` with the rule it breaks."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(text, Text("empty move; {moves}", moves=state.moves_help))
    verb, args = words[0].lower(), words[1:]
    if verb not in PLAY_VERBS:
        extra = state._parse_extra(text, verb, args)
        if extra is not None:
            return _legal(state, text, extra)
        if args or (len(words[0]) != 2 and not _is_card(words[0])):
            raise NotationError(text, Text("unknown move {verb}; {moves}", verb=repr(words[0]),
                                           moves=state.moves_help))
        args = words
    if len(args) != 1:
        raise NotationError(text, Text("play one card, e.g. 'play the 3 of cups'"))
    return _legal(state, text, card_id(text, args[0]))


def card_id(text: str, token: str) -> int:
    """The card ``token`` names, or a :class:`NotationError` about ``text``."""
    try:
        return it.parse(token)
    except CardNotationError as exc:
        raise unreadable_card(text, exc) from None


def _is_card(token: str) -> bool:
    try:
        it.parse(token)
    except CardNotationError:
        return False
    return True


def _legal(state: TrickState, text: str, action: int) -> int:
    if action in state.legal_actions():
        return action
    raise state.refusal(text, action, *state._why_illegal(action))
