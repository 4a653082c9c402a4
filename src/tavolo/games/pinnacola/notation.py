"""Pinnacola move notation: how actions are printed and read.

One action per line, English verbs with the Italian ones accepted::

    draw                      (d, pesca)            from the stock
    take 3                    (t, prendi)           the last 3 cards of the pozzo (take = take 1)
    meld 5h 6h 7h 8h          (m, cala)             a run, tris or poker; a wild may say its
    meld 5h *(6) 7h                                 rank, and at an end of a run goes where
    meld 2c Qd Kd                                   it is written
    attach 9h to 3            (a, attacca, lega)    to meld 3 of the table, your side's;
    attach * to 3 high                              low/high where both ends fit
    swap 6h on 3              (s, sostituisci)      6h for the matta of meld 3 (anyone's)
    shift 3                   (sposta)              the wild of your run 3 to its other end
    discard Qs                (x, scarta)           ends the turn

    >>> import random
    >>> from tavolo.games.pinnacola import make_game
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.parse_action("pesca"), state.parse_action("prendi")
    (0, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tavolo.engine.errors import NotationError, Text
from tavolo.games.pinnacola import rulebook
from tavolo.games.pinnacola.actions import (
    DISCARD_BASE, DRAW, MAX_MELDS, MAX_TAKE, MELD_BASE, SHIFT_BASE, TEMPLATE_INDEX, TEMPLATES, attach_action, decode,
    swap_action, take_action,
)
from tavolo.games.pinnacola.cards import WILD
from tavolo.games.pinnacola.melds import Meld, attachments, meld_text, read_meld, variant_label
from tavolo.games.rummy.notation import (
    attach_candidates, cards_declared, no_words, one_attached_card, one_card, pick, read_or_refuse, split_move,
    table_action_text,
)

if TYPE_CHECKING:
    from tavolo.games.pinnacola.state import PinnacolaState

VERBS = {
    "draw": "draw", "d": "draw", "pesca": "draw",
    "take": "take", "t": "take", "prendi": "take", "raccogli": "take",
    "meld": "meld", "m": "meld", "cala": "meld",
    "attach": "attach", "a": "attach", "attacca": "attach", "lega": "attach",
    "swap": "swap", "s": "swap", "sostituisci": "swap",
    "discard": "discard", "x": "discard", "scarta": "discard",
    "shift": "shift", "sposta": "shift",
}
MOVES_HELP = Text("moves are draw, take <count>, meld <cards>, attach <card> to <meld>, swap <card> on <meld>, "
                  "shift <meld>, discard <card>")


def action_text(state: PinnacolaState, action: int) -> str:
    """The notation of ``action`` (table melds are numbered from 1)."""
    kind = decode(action)
    if kind[0] == "draw":
        return "draw"
    if kind[0] == "take":
        return f"take {kind[1]}"
    if kind[0] == "shift":
        return f"shift {kind[1] + 1}"
    return table_action_text(kind, state._table, lambda t: meld_text(TEMPLATES[t].meld), variant_label)


def parse_action(state: PinnacolaState, text: str) -> int:
    """The one action ``text`` names in ``state``."""
    from tavolo.games.pinnacola.explain import explain_illegal

    verb, args = split_move(text, VERBS, MOVES_HELP)
    if verb == "draw":
        no_words(text, verb, args)
        candidates = [DRAW]
    elif verb == "take":
        candidates = [take_action(_count(text, args))]
    elif verb == "discard":
        candidates = [DISCARD_BASE + one_card(text, verb, args)]
    elif verb == "shift":
        candidates = [SHIFT_BASE + _meld_number(text, args)]
    elif verb == "meld":
        cards, declared = cards_declared(text, args, WILD, "meld 5h 6h 7h")
        candidates = [MELD_BASE + TEMPLATE_INDEX[_read(text, cards, declared)]]
    else:
        c, slot, qualifier = one_attached_card(text, verb, args, MAX_MELDS)
        candidates = [swap_action(slot, c)] if verb == "swap" else _attach_candidates(state, slot, c, qualifier)
    return pick(state, text, candidates, explain_illegal)


def _count(text: str, args: list[str]) -> int:
    if not args:
        return 1
    if len(args) != 1 or not _digits(args[0]) or not 1 <= int(args[0]) <= MAX_TAKE:
        raise NotationError(text, Text("say how many cards of the pozzo, e.g. 'take 3'"))
    return int(args[0])


def _meld_number(text: str, args: list[str]) -> int:
    if len(args) != 1 or not _digits(args[0]) or not 1 <= int(args[0]) <= MAX_MELDS:
        raise NotationError(text, Text("say the meld's number, e.g. 'shift 2'"))
    return int(args[0]) - 1


def _digits(word: str) -> bool:
    """A number written in digits 0-9 (``str.isdigit`` also takes '²', which ``int`` does not)."""
    return word.isascii() and word.isdigit()


def parse_meld(text: str) -> Meld:
    """A meld from its cards, e.g. ``'5h *(6) 7h'``; raises like :func:`parse_action`.

    >>> meld_text(parse_meld("Qd Kd 2s"))
    'Qd Kd 2s(A)'
    """
    cards, declared = cards_declared(text, text.replace(",", " ").split(), WILD, "5h 6h 7h")
    return _read(text, cards, declared)


def _read(text: str, cards: list[int], declared: dict[int, int]) -> Meld:
    return cast(Meld, read_or_refuse(text, cards, declared, read_meld, rulebook.MELD_SHAPE, TEMPLATE_INDEX))


def _attach_candidates(state: PinnacolaState, slot: int, c: int, qualifier: str) -> list[int]:
    options = attachments(state._table[slot]) if slot < len(state._table) else ()
    return attach_candidates(options, slot, c, qualifier, attach_action)