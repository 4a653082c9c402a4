"""A simple Scala 40 player: a beginner's habits, quick to compute.

It takes the last discard whenever the rules let it (the card must then be
used at once, so taking it never fills the hand). Before opening it lays the
melds worth most, as soon as they reach 40; once open it lays down and
attaches what it can, keeping its jokers for last. It discards the card it
needs least and that costs most in hand, never a joker, and, when the next
player has opened, not a card he could use on the table.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.scala40 import make_game
    >>> len(play(make_game(players=2, elimination=None), [SimpleScala40Bot(1), SimpleScala40Bot(2)], seed=3).result)
    2
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.cards import french as fr
from tavolo.games.scala40.actions import ATTACH_BASE, DISCARD_BASE, DRAW, MELD_BASE, SWAP_BASE, TAKE, TEMPLATES
from tavolo.games.scala40.cards import JOKER, NUM_TYPES, PENALTY
from tavolo.games.scala40.melds import attachments
from tavolo.games.scala40.observation import Scala40Observation


class SimpleScala40Bot:
    """Scala 40 by simple rules; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: Scala40Observation, legal: Sequence[int]) -> int:
        if obs.phase == "draw":
            return TAKE if TAKE in legal else DRAW
        melds = [a for a in legal if MELD_BASE <= a < ATTACH_BASE]
        if melds:
            return max(melds, key=lambda a: self._meld_value(obs, a))
        placing = [a for a in legal if ATTACH_BASE <= a < SWAP_BASE]
        if placing:
            return min(placing, key=lambda a: ((a - ATTACH_BASE) // 2 % NUM_TYPES == JOKER, self._rng.random()))
        discards = [a for a in legal if DISCARD_BASE <= a < MELD_BASE]
        if not discards:
            return legal[0]
        return min(discards, key=lambda a: self._keep_value(obs, a - DISCARD_BASE))

    def _meld_value(self, obs: Scala40Observation, action: int) -> tuple:
        """Laying most cards first, naturals before the joker, high points before low."""
        template = TEMPLATES[action - MELD_BASE]
        return (len(template.cards), JOKER not in template.cards, template.value, self._rng.random())

    def _keep_value(self, obs: Scala40Observation, card: int) -> float:
        """How much the card is worth keeping: low means discard it."""
        if card == JOKER:
            return 1000
        value = 10 * _partners(obs.hand, card) - PENALTY[card] / 10
        following = _next_seat(obs)
        if obs.opened[following] and card in {c for m in obs.table for c, _, _ in attachments(m)}:
            value += 50  # do not feed the next player
        return value + self._rng.random() / 100


def _partners(hand: Sequence[int], card: int) -> int:
    """Other cards of the hand that could meld with ``card``: same rank, or same suit and near."""
    rank, suit = fr.rank(card), fr.suit(card)
    return sum(1 for other in hand if other != JOKER and (
        fr.rank(other) == rank and fr.suit(other) != suit
        or fr.suit(other) == suit and 0 < abs(fr.rank(other) - rank) <= 2))


def _next_seat(obs: Scala40Observation) -> int:
    for k in range(1, obs.players):
        seat = (obs.seat + k) % obs.players
        if not obs.out[seat]:
            return seat
    return obs.seat
