"""Ramino move notation: how actions are printed and read.

One action per line, English verbs with the Italian ones accepted::

    draw                (d, pesca)             from the stock (mazzo)
    take                (t, prendi, raccogli)  the last discard (or the card turned up)
    discard Qs          (x, scarta)            ends the turn
    close Qs            (c, chiudi)            discard Qs and show the rest in combinations
    close                                      the first player closes with the cards dealt

    >>> import random
    >>> from tavolo.games.ramino import make_game
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.parse_action("prendi")
    1
    >>> state.parse_action("pesca")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.IllegalActionError: illegal move 'pesca': the first player takes the card turned up at the deal, unless he closes at once (raccolta, Ramino: il primo di mano prende la carta scoperta)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import Text
from tavolo.games.ramino.actions import CLOSE_AT_ONCE, DRAW, TAKE, close_action, decode, discard_action
from tavolo.games.rummy.notation import no_words, one_card, pick, split_move

if TYPE_CHECKING:
    from tavolo.games.ramino.state import RaminoState

VERBS = {
    "draw": "draw", "d": "draw", "pesca": "draw",
    "take": "take", "t": "take", "prendi": "take", "raccogli": "take",
    "discard": "discard", "x": "discard", "scarta": "discard",
    "close": "close", "c": "close", "chiudi": "close",
}
MOVES_HELP = Text("moves are draw, take, discard <card>, close <card> (close alone with the cards dealt)")


def action_text(state: RaminoState, action: int) -> str:
    """The notation of ``action``."""
    kind = decode(action)
    if len(kind) == 1:
        return kind[0]
    return f"{kind[0]} {fr.name(kind[1])}"


def parse_action(state: RaminoState, text: str) -> int:
    """The one action ``text`` names in ``state``."""
    from tavolo.games.ramino.explain import explain_illegal

    verb, args = split_move(text, VERBS, MOVES_HELP)
    if verb in ("draw", "take") or (verb == "close" and not args):
        no_words(text, verb, args)
        candidates = [{"draw": DRAW, "take": TAKE, "close": CLOSE_AT_ONCE}[verb]]
    else:
        card = one_card(text, verb, args)
        candidates = [discard_action(card) if verb == "discard" else close_action(card)]
    return pick(state, text, candidates, explain_illegal)
