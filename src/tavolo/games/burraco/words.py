"""Burraco's moves in words, as the players say them (codice art. 4-12): "pesca", "raccoglie gli
scarti", "cala 5♥ 6♥ 7♥", "lega 7♦ alla 2", "lega 2♥ alla 3 come matta", "scarta 3♥",
"scarta 3♥ e chiude". Nothing of a Burraco move is hidden: the words are everyone's.

    >>> import random
    >>> from tavolo.engine.words import Words
    >>> from tavolo.games.burraco import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=2, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(11)))
    >>> say(action_words(state, 0).to_json(), "it"), say(action_words(state, 1).to_json(), "it")
    ('pesca', 'raccoglie gli scarti')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.engine.words import Words
from tavolo.games.burraco.actions import TEMPLATES, decode
from tavolo.games.burraco.cards import TWOS, WILD
from tavolo.games.burraco.melds import Group, Meld, attach_label, meld_text, variant_label
from tavolo.games.rummy.sequences import HIGH_ACE
from tavolo.games.rummy.words import DRAW, TIME_OUT, card_words, cards_of, discard_words, end_words

if TYPE_CHECKING:
    from tavolo.games.burraco.state import BurracoState


def action_words(state: BurracoState, action: int) -> Words:
    """``action`` (by the seat on turn, before it is played) in words."""
    kind = decode(action)
    if kind[0] == "draw":
        return DRAW
    if kind[0] == "take":
        return Words.of("take the discards")
    if kind[0] == "time-out":
        return TIME_OUT
    if kind[0] == "discard":
        return _discard(state, kind[1])
    if kind[0] == "open":
        return open_words(kind[1])
    _, slot, card, variant = kind
    seat = state.current_player()
    melds = state._melds[state.side_of(seat)] if seat >= 0 else ()  # read, not copied: called for every legal move
    label = variant_label(melds[slot], card, variant) if slot < len(melds) else ""
    if label in ("natural", "wild") and not WILD[card]:
        return _pinella_words(card, slot, melds[slot].wild, label)
    return end_words("attach {cards} to meld {number}", label, cards=card_words([card]), number=slot + 1)


def _pinella_words(card: int, slot: int, pinella: int, label: str) -> Words:
    """A natural that reaches a run holding a pinella of its suit, which may then return to its
    natural place as the 2 or stay a wild (codice art. 9-12): the choice said of the pinella."""
    key = ("attach {cards} to meld {number}, the pinella {wild} becoming natural" if label == "natural"
           else "attach {cards} to meld {number}, the pinella {wild} staying wild")
    return Words.of(key, cards=card_words([card]), number=slot + 1, wild=card_words([pinella]))


def open_words(template: int) -> Words:
    """Cala and the three cards, low to high; a free pinella of the run's own suit said to be the
    wild ("cala 2♥ 4♥ 5♥ con 2♥ come matta"), so that nobody reads it as the natural 2."""
    return meld_words(TEMPLATES[template].meld)


def meld_words(meld: Meld) -> Words:
    """Cala and a meld's cards as :func:`meld_text` orders them (a free wild first)."""
    cards = cards_of(meld_text(meld))
    if type(meld) is not Group and meld.wild == TWOS[meld.suit] and meld.gap == 0:
        return Words.of("meld {cards} with {wild} as a wild", cards=cards, wild=card_words([meld.wild]))
    return Words.of("meld {cards}", cards=cards)


def reading_words(meld: Meld) -> Words:
    """One reading of an opening's cards, as the choice box offers it: the meld, and where its run
    holds an ace, which end the ace is, the difference between the two readings of a 13-card run
    with a wild (fedibur-1985 art. 4: the ace is low or high, never both): "cala Jolly A♥ 2♥ … Q♥
    con l'asso in basso", "cala 2♥ … Q♥ Jolly A♥ con l'asso in alto"."""
    said = meld_words(meld)
    if type(meld) is Group or (meld.lo != 1 and meld.hi != HIGH_ACE):
        return said
    return Words(f"{said.key} with the ace {'low' if meld.lo == 1 else 'high'}", said.params)


def move_words(state: BurracoState, actions: list[int]) -> Words:
    """A move of several actions in words, as one, read off a copy that plays it: the meld a long
    opening lays down, or the cards attached at once to a meld and, where it can be a choice, how
    they sit there ("lega 3♥ 2♥ alla 1 come matta", "lega A♥ K♥ alla 1 in basso")."""
    first = decode(actions[0])
    trial, seat = state.clone(), state.current_player()
    for action in actions:
        trial.apply(action)
    melds = trial._melds[trial.side_of(seat)]
    if first[0] == "open":
        return reading_words(melds[-1])
    cards = [decode(a)[2] for a in actions]
    return end_words("attach {cards} to meld {number}", attach_label(melds[first[1]], cards),
                     cards=card_words(cards), number=first[1] + 1)


def _discard(state: BurracoState, card: int) -> Words:
    """Scarta; the last card of the hand either closes ("scarta 3♥ e chiude", la chiusura) or,
    while the side's pozzetto waits, takes it ("scarta 3♥ e prende il pozzetto")."""
    seat = state.current_player()
    if state._sizes[seat] != 1:
        return discard_words(card)
    if state._side_pozz[state.side_of(seat)] >= 0:
        return Words.of("discard {cards} and take the pozzetto", cards=card_words([card]))
    return discard_words(card, closes=True)
