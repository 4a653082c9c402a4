"""A simple Pinnacola player: a beginner's habits, quick to compute.

It takes from the pozzo when the cards are worth it: the last discard if it
joins its hand's melds or its side's, a few cards more when the first of them
melds (the rules make sure it can). It lays its longest melds first, naturals
before wilds, attaches what it can, takes any matta it can replace, and
discards the card it needs least, never a wild, and not one the next player's
side can attach.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.pinnacola import make_game
    >>> len(play(make_game(players=2, target=None), [SimplePinnacolaBot(1), SimplePinnacolaBot(2)], seed=3).result)
    2
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.cards import french as fr
from tavolo.games.pinnacola.actions import (
    ATTACH_BASE, DISCARD_BASE, DRAW, MELD_BASE, NUM_TYPES, SWAP_BASE, TAKE_BASE, TEMPLATES, melds_in,
)
from tavolo.games.pinnacola.cards import WILD, points
from tavolo.games.pinnacola.melds import attachments
from tavolo.games.pinnacola.observation import PinnacolaObservation

MOST_TAKEN = 108
"""It takes as many cards from the pozzo as the rules let it: what it cannot meld it mostly attaches."""


class SimplePinnacolaBot:
    """Pinnacola by simple rules; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: PinnacolaObservation, legal: Sequence[int]) -> int:
        if obs.phase == "draw":
            return self._draw(obs, legal)
        melds = [a for a in legal if MELD_BASE <= a < ATTACH_BASE]
        if melds:
            return max(melds, key=lambda a: self._meld_key(a))
        placing = [a for a in legal if ATTACH_BASE <= a < SWAP_BASE]
        if placing:
            return min(placing, key=lambda a: (WILD[(a - ATTACH_BASE) // 2 % NUM_TYPES], self._rng.random()))
        swapping = [a for a in legal if a >= SWAP_BASE]
        if swapping:
            return swapping[0]
        discards = [a for a in legal if DISCARD_BASE <= a < MELD_BASE]
        return min(discards, key=lambda a: self._keep_value(obs, a - DISCARD_BASE)) if discards else legal[0]

    def _draw(self, obs: PinnacolaObservation, legal: Sequence[int]) -> int:
        takes = [a for a in legal if TAKE_BASE < a <= TAKE_BASE + MOST_TAKEN - 1]
        if takes:
            return max(takes)
        if TAKE_BASE in legal and obs.pozzo and self._useful(obs, obs.pozzo[-1]):
            return TAKE_BASE
        return DRAW

    @staticmethod
    def _useful(obs: PinnacolaObservation, card: int) -> bool:
        """Whether ``card`` makes a new meld with the hand or joins one of its side's melds."""
        counts = [0] * NUM_TYPES
        for c in (*obs.hand, card):
            counts[c] += 1
        if any(card in TEMPLATES[t].cards and not WILD[card] for t in melds_in(counts)):
            return True
        return obs.opened[obs.seat] and any(card == c for m, owner in zip(obs.table, obs.owners)
                                            if _side(obs, owner) == _side(obs, obs.seat)
                                            for c, _, _ in attachments(m))

    def _meld_key(self, action: int) -> tuple:
        cards = TEMPLATES[action - MELD_BASE].cards
        return (len(cards), not any(WILD[c] for c in cards), self._rng.random())

    def _keep_value(self, obs: PinnacolaObservation, card: int) -> float:
        """How much the card is worth keeping: low means discard it."""
        if WILD[card]:
            return 1000
        value = 10 * _neighbours(obs.hand, card) - points(25)[card] / 10
        following = (obs.seat + 1) % obs.players
        if any(card == c for m, owner in zip(obs.table, obs.owners) if _side(obs, owner) == _side(obs, following)
               for c, _, _ in attachments(m)):
            value += 50  # do not feed the next player
        return value + self._rng.random() / 100


def _side(obs: PinnacolaObservation, seat: int) -> int:
    return seat % 2 if obs.players == 4 and len(obs.scores) == 2 else seat


def _neighbours(hand: Sequence[int], card: int) -> int:
    """Other cards of the hand that could meld with ``card``: same rank, or same suit and near."""
    rank, suit = fr.rank(card), fr.suit(card)
    return sum(1 for other in hand if not WILD[other] and other != card and (
        fr.rank(other) == rank and fr.suit(other) != suit
        or fr.suit(other) == suit and 0 < abs(fr.rank(other) - rank) <= 2))
