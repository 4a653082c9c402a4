"""Canasta move notation: how actions are printed and read.

One action per line, English verbs with the Italian ones accepted::

    draw                    (d, pesca)      two cards from the stock (one after opening first)
    take                    (t, prendi)     the whole pozzo
    lay 7h 7c 7s *          (cala)          cards onto the side's 7s (started if there are none)
    lay * on 7              (cala * su 7)   only wilds: say the rank they join
    retract                 (ritira)        take back an opening short of its minimum
    discard Qs              (x, scarta)     ends the turn; the last card closes

    >>> import random
    >>> from tavolo.games.canasta import make_game
    >>> state = make_game(players=2, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.parse_action("pesca")
    0
    >>> state.parse_action("lay 7h 7c 9s")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.NotationError: cannot read 'lay 7h 7c 9s': a combination is of one rank, with jokers and pinelle as wilds
    >>> state.parse_action("lay * on 3")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.IllegalActionError: illegal move 'lay * on 3': 3s never form a combination: a red 3 is set aside at once, a black 3 is only discarded (raccolta, Canasta: toglie i 3 rossi ... e li mette da parte; DECISIONS.md, Canasta)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError, NotationError, Text
from tavolo.games.canasta import rulebook
from tavolo.games.canasta.actions import DRAW1, DRAW2, RETRACT, TAKE, decode, discard_action, lay_action
from tavolo.games.canasta.melds import JOKER_KEY, KEYS, PINELLA, key_of, key_of_meld
from tavolo.games.rummy.notation import card, no_words, one_card, pick, rank, split_move

if TYPE_CHECKING:
    from tavolo.games.canasta.state import CanastaState

VERBS = {
    "draw": "draw", "d": "draw", "pesca": "draw", "take": "take", "t": "take", "prendi": "take",
    "raccogli": "take", "lay": "lay", "l": "lay", "cala": "lay", "meld": "lay", "retract": "retract",
    "ritira": "retract", "discard": "discard", "x": "discard", "scarta": "discard",
}
ON = ("on", "su", "a", "to")
MOVES_HELP = Text("moves are draw, take, lay <cards> [on <rank>], retract, discard <card>")


def action_text(state: CanastaState, action: int) -> str:
    """The notation of ``action``."""
    verb, *parts = decode(action)
    if verb in ("draw2", "draw1"):
        return "draw"
    if verb in ("take", "retract"):
        return verb
    if verb == "discard":
        return f"discard {fr.name(parts[0])}"
    key, naturals = parts[0], parts[1]
    cards = state.lay_cards(*parts)
    on = f" on {key_name(key)}" if not naturals or key_of_meld(cards) != key else ""
    return f"lay {fr.names(cards)}{on}"


def key_name(key: int) -> str:
    return "*" if key == JOKER_KEY else fr.rank_name(key)


def parse_action(state: CanastaState, text: str) -> int:
    """The one action ``text`` names in ``state``."""
    from tavolo.games.canasta.explain import explain_illegal

    verb, args = split_move(text, VERBS, MOVES_HELP)
    if verb in ("draw", "take", "retract"):
        no_words(text, verb, args)
        candidates = {"draw": [DRAW2, DRAW1], "take": [TAKE], "retract": [RETRACT]}[verb]
    elif verb == "discard":
        candidates = [discard_action(one_card(text, verb, args))]
    else:
        cards, key, counts = _lay_counts(text, args)
        action = pick(state, text, [lay_action(key, *counts)], explain_illegal)
        _held(state, text, cards)
        return action
    return pick(state, text, candidates, explain_illegal)


def _held(state: CanastaState, text: str, cards: list[int]) -> None:
    """A lay names cards of the hand: the action counts them, so cards the player does
    not hold would lay others of the same rank in their place."""
    hand = state._hands[state._turn]
    missing = [c for c, n in sorted(Counter(cards).items()) if n > hand[c]]
    if missing:
        raise IllegalActionError(text, rulebook.NOT_IN_HAND, Text("you do not hold {cards}", cards=fr.names(missing)))


def _lay_counts(text: str, args: list[str]) -> tuple[list[int], int, tuple[int, int, int]]:
    """The cards a lay names, the rank of the combination they go to, and how many of
    them are naturals, jokers and pinelle."""
    words = list(args)
    key = None
    if len(words) >= 2 and words[-2].lower() in ON:
        token = words.pop()
        words.pop()
        key = JOKER_KEY if token == "*" else rank(text, token)
    cards = [card(text, w) for w in words]
    if not cards:
        raise NotationError(text, Text("name the cards, e.g. {example}", example="'lay 7h 7c 7s'"))
    if key is None:
        key = key_of_meld(cards)
    naturals = sum(1 for c in cards if key_of(c) == key)
    jokers = sum(1 for c in cards if c == fr.JOKER and key != JOKER_KEY)
    pinelle = sum(1 for c in cards if c != fr.JOKER and fr.rank(c) == PINELLA and key != PINELLA)
    if naturals + jokers + pinelle != len(cards) or naturals > 12 or jokers > 2 or pinelle > 2:
        raise NotationError(text, Text("a combination is of one rank, with jokers and pinelle as wilds"))
    if key not in KEYS:
        raise IllegalActionError(text, rulebook.NO_THREES)
    return cards, key, (naturals, jokers, pinelle)
