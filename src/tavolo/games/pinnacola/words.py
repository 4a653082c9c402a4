"""Pinnacola's moves in words, as the players say them: "pesca", "prende 3 carte dal pozzo",
"cala 5♥ 6♥ 7♥", "attacca 9♥ alla 3", "prende la matta della 2 con 6♥", "sposta la matta della 3
all'altro capo", "scarta Q♠", "scarta Q♠ e chiude". Nothing of a Pinnacola move is hidden (the
pozzo is face up).

    >>> import random
    >>> from tavolo.games.pinnacola import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> say(action_words(state, 0).to_json(), "it"), say(action_words(state, 1).to_json(), "it")
    ('pesca', "prende l'ultima carta del pozzo")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.engine.words import Words
from tavolo.games.pinnacola.actions import TEMPLATES, decode
from tavolo.games.pinnacola.melds import Meld, Run, meld_text, variant_label
from tavolo.games.rummy.sequences import position_card
from tavolo.games.rummy.words import DRAW, card_words, cards_of, discard_words, end_words

if TYPE_CHECKING:
    from tavolo.games.pinnacola.state import PinnacolaState


def action_words(state: PinnacolaState, action: int) -> Words:
    """``action`` (by the seat on turn, before it is played) in words; table melds numbered from 1."""
    kind = decode(action)
    if kind[0] == "draw":
        return DRAW
    if kind[0] == "take":
        if kind[1] == 1:
            return Words.of("take the last card of the pozzo")
        return Words.of("take the last {count} cards of the pozzo", count=kind[1])
    if kind[0] == "shift":
        return Words.of("move the wild of meld {number} to its other end", number=kind[1] + 1)
    if kind[0] == "discard":
        closes = len(state.hand_cards(state.current_player())) == 1
        return discard_words(kind[1], closes=closes)
    if kind[0] == "meld":
        return Words.of("meld {cards}", cards=cards_of(meld_text(TEMPLATES[kind[1]].meld)))
    if kind[0] == "swap":
        return Words.of("swap {cards} for the wild of meld {number}", cards=card_words([kind[2]]),
                        number=kind[1] + 1)
    _, slot, card, variant = kind
    table = state._table
    label = variant_label(table[slot], card, variant) if slot < len(table) else ""
    if label and takes_the_wilds_place(table[slot], card):
        label = f"in the wild's place, the wild going {label}"
    return end_words("add {cards} to meld {number}", label, cards=card_words([card]), number=slot + 1)


def takes_the_wilds_place(meld: Meld, card: int) -> bool:
    """Whether ``card`` is the natural a run's mattino stands for: attached, it takes that place
    and the mattino moves to the low or the high end, which its words say ("attacca 6♥ alla 1 al
    posto della matta, che va in basso"), not the card's place.

        >>> from tavolo.cards import french as fr
        >>> run = Run(fr.HEARTS, 6, 8, 6, fr.card(2, fr.CLUBS))
        >>> takes_the_wilds_place(run, fr.card(6, fr.HEARTS)), takes_the_wilds_place(run, fr.card(9, fr.HEARTS))
        (True, False)
    """
    return type(meld) is Run and meld.wild >= 0 and card == position_card(meld.suit, meld.at)
