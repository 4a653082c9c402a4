"""Scala 40 move notation: how actions are printed and read.

One action per line, English verbs with the Italian ones accepted::

    draw                      (d, pesca)            from the stock (tallone)
    take                      (t, raccogli)         the last discard, from the pozzo
    meld 5h 6h 7h 8h          (m, cala, open, apri) a whole sequence or combination;
    meld 5h *(6) 7h                                 a joker may say its rank, and at an
    meld Qd Kd *                                    end of a sequence goes where written
    attach 9h to 3            (a, attacca, lega)    to meld 3 of the table, anyone's;
    attach * to 3 high                              low/high where both ends fit
    swap 6h on 3              (s, sostituisci)      6h for the joker of meld 3, which
                                                    goes to your hand
    discard Qs                (x, scarta)           ends the turn; the last card closes

    >>> import random
    >>> from tavolo.games.scala40 import make_game
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.parse_action("pesca")
    0
    >>> state.parse_action("take")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.IllegalActionError: illegal move 'take': only a player who has opened may take the last discard from the pozzo (FISCA Scala 40 art. 5.1, 5.4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tavolo.engine.errors import Text
from tavolo.games.rummy.notation import (
    attach_candidates, cards_declared, no_words, one_attached_card, one_card, pick, read_or_refuse, split_move,
    table_action_text,
)
from tavolo.games.scala40 import rulebook
from tavolo.games.scala40.actions import (
    DISCARD_BASE, DRAW, MAX_MELDS, MELD_BASE, TAKE, TEMPLATE_INDEX, TEMPLATES, attach_action, decode, swap_action,
)
from tavolo.games.scala40.cards import WILD
from tavolo.games.scala40.melds import Meld, attachments, meld_text, read_meld, variant_label

if TYPE_CHECKING:
    from tavolo.games.scala40.state import Scala40State

VERBS = {
    "draw": "draw", "d": "draw", "pesca": "draw",
    "take": "take", "t": "take", "raccogli": "take",
    "meld": "meld", "m": "meld", "cala": "meld", "open": "meld", "apri": "meld",
    "attach": "attach", "a": "attach", "attacca": "attach", "lega": "attach",
    "swap": "swap", "s": "swap", "sostituisci": "swap",
    "discard": "discard", "x": "discard", "scarta": "discard",
}
MOVES_HELP = Text("moves are draw, take, meld <cards>, attach <card> to <meld>, swap <card> on <meld>, "
                  "discard <card>")


def action_text(state: Scala40State, action: int) -> str:
    """The notation of ``action`` (table melds are numbered from 1)."""
    kind = decode(action)
    if kind[0] in ("draw", "take"):
        return kind[0]
    return table_action_text(kind, state._table, lambda t: meld_text(TEMPLATES[t].meld), variant_label)


def parse_action(state: Scala40State, text: str) -> int:
    """The one action ``text`` names in ``state``."""
    verb, args = split_move(text, VERBS, MOVES_HELP)
    if verb in ("draw", "take"):
        no_words(text, verb, args)
        return _pick(state, text, [DRAW if verb == "draw" else TAKE])
    if verb == "discard":
        return _pick(state, text, [DISCARD_BASE + one_card(text, verb, args)])
    if verb == "meld":
        cards, declared = cards_declared(text, args, WILD, "meld 5h 6h 7h")
        return _pick(state, text, [MELD_BASE + TEMPLATE_INDEX[_read(text, cards, declared)]])
    c, slot, qualifier = one_attached_card(text, verb, args, MAX_MELDS)
    if verb == "swap":
        return _pick(state, text, [swap_action(slot, c)])
    return _pick(state, text, _attach_candidates(state, slot, c, qualifier))


def parse_meld(text: str) -> Meld:
    """A meld from its cards, e.g. ``'5h *(6) 7h'``; raises like :func:`parse_action`.

    >>> meld_text(parse_meld("Qd Kd *"))
    'Qd Kd *(A)'
    """
    cards, declared = cards_declared(text, text.replace(",", " ").split(), WILD, "5h 6h 7h")
    return _read(text, cards, declared)


def _read(text: str, cards: list[int], declared: dict[int, int]) -> Meld:
    return cast(Meld, read_or_refuse(text, cards, declared, read_meld, rulebook.MELD_SHAPE))


def _attach_candidates(state: Scala40State, slot: int, c: int, qualifier: str) -> list[int]:
    options = attachments(state._table[slot]) if slot < len(state._table) else ()
    return attach_candidates(options, slot, c, qualifier, attach_action)


def _pick(state: Scala40State, text: str, candidates: list[int]) -> int:
    from tavolo.games.scala40.explain import explain_illegal

    return pick(state, text, candidates, explain_illegal)
