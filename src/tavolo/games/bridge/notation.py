"""Bridge move notation: calls as bridge players write them (``1NT``, ``4H``,
``pass``, ``X``, ``XX``; Italian ``passo``, ``contro``, ``surcontro``, ``3SA``)
and cards suit first (``SA``, ``play HK``, ``gioca D10``).

    >>> import random
    >>> from tavolo.games.bridge import make_game
    >>> state = make_game().new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(2)))
    >>> state.action_to_string(state.parse_action("1nt")), state.action_to_string(state.parse_action("passo"))
    ('1NT', 'pass')
    >>> state.parse_action("fly")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.NotationError: cannot read 'fly': unknown move 'fly'; moves are calls (1♣ to 7 NT, pass, double, redouble) and cards, e.g. 'play the king of hearts'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tavolo.cards import CardNotationError
from tavolo.engine.errors import NotationError, Text
from tavolo.games.bridge import calls as cl
from tavolo.games.bridge.cards import NUM_CARDS, name, parse

if TYPE_CHECKING:
    from tavolo.games.bridge.state import BridgeState

PLAY_VERBS = ("play", "p", "gioca")
RANK_FIRST = re.compile(r"^(10|[2-9TJQKA])([CDHS♣♦♥♠])$", re.IGNORECASE)
"""A card written rank first, as the log says it (``6♦``, ``6d``, ``10h``): read as a card where no
call is meant, after a verb or once the auction is over (in the auction ``6D`` is a bid)."""
MOVES_HELP = Text("moves are calls (1♣ to 7 NT, pass, double, redouble) and cards, e.g. 'play the king of hearts'")


def action_text(state: BridgeState, action: int) -> str:
    """``SA`` for a card, ``1NT``/``pass``/``X``/``XX`` for a call."""
    return name(action) if 0 <= action < NUM_CARDS else cl.call_name(action)


def parse_action(state: BridgeState, text: str) -> int:
    """The action ``text`` names; raises :class:`NotationError` or
    :class:`IllegalActionError` with the rule it breaks."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(text, Text("empty move; {moves}", moves=MOVES_HELP))
    played = len(words) == 2 and words[0].lower() in PLAY_VERBS
    if played:
        words = words[1:]
    card = _rank_first(words[0]) if played or state.phase == "play" else None
    action = _read(text, words[0]) if card is None else card
    if len(words) != 1:
        raise NotationError(text, Text("one call or one card at a time; {moves}", moves=MOVES_HELP))
    if action in state.legal_actions():
        return action
    raise state.refusal(text, action, *state._why_illegal(action))


def _rank_first(word: str) -> int | None:
    """The card ``word`` names rank first (``6♦``, ``Qs``), or None.

        >>> name(_rank_first("6♦")), name(_rank_first("10h")), _rank_first("SA")
        ('D6', 'HT', None)
    """
    match = RANK_FIRST.match(word)
    return None if match is None else parse(match[2] + match[1])


def _read(text: str, word: str) -> int:
    try:
        return cl.parse_call(word)
    except ValueError:
        pass
    if word[:1].isdigit():
        raise NotationError(text, Text("a bid is a level 1-7 and a denomination C D H S NT, e.g. '4H'"))
    try:
        return parse(word)
    except CardNotationError as exc:
        if len(word) <= 3 and word[0].upper() in "SHDCP♠♥♦♣":
            raise NotationError(text, Text(exc.template, **exc.params)) from None
        raise NotationError(text, Text("unknown move {verb}; {moves}", verb=repr(word), moves=MOVES_HELP)) from None
