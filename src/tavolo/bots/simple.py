"""A simple Burraco player: a beginner's habits, quick to compute.

It takes the discard pile when a card of it fits its side's melds or its own
pairs and runs; it lays down natural melds before using a wild; it keeps its
wilds, and discards the card least useful to itself and least useful to the
next opponent (never one that fits that opponent's melds when it can help
it). The ``heuristic`` bots play much better; this one is for the terminal
game and as a yardstick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.bots.reading import fits
from tavolo.cards import french as fr
from tavolo.games.burraco.actions import ATTACH_BASE, DISCARD_BASE, DRAW, OPEN_BASE, TAKE, TEMPLATES
from tavolo.games.burraco.cards import NUM_TYPES, POINTS, WILD
from tavolo.games.burraco.observation import BurracoObservation


class SimpleBurracoBot:
    """Burraco by simple rules; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        if obs.phase == "draw":
            return TAKE if TAKE in legal and self._pile_is_useful(obs) else DRAW
        melding = [a for a in legal if a >= OPEN_BASE]
        if melding:
            best = max(melding, key=lambda a: self._meld_value(obs, a))
            if self._meld_value(obs, best) > 0 or not any(a < OPEN_BASE for a in legal):
                return best
        discards = [a for a in legal if DISCARD_BASE <= a < OPEN_BASE]
        if not discards:
            return legal[0]
        mine = fits(obs.melds[obs.my_side])
        following = (obs.seat + 1) % obs.players
        feeds = fits(obs.melds[obs.side_of[following]]) if obs.side_of[following] != obs.my_side else set()
        return min(discards, key=lambda a: self._keep_value(obs.hand, a - DISCARD_BASE, mine, feeds))

    # --- taking the pile -------------------------------------------------------------------

    def _pile_is_useful(self, obs: BurracoObservation) -> bool:
        if len(obs.pile) >= 4:
            return True
        mine = fits(obs.melds[obs.my_side])
        return any(c in mine or (not WILD[c] and _partners_in_hand(obs.hand, c) >= 2) for c in obs.pile)

    # --- melding ------------------------------------------------------------------------------

    def _meld_value(self, obs: BurracoObservation, action: int) -> float:
        """Above zero: worth doing now. Naturals first; a wild only late or to finish a burraco."""
        late = len(obs.hand) <= 4 or obs.stock_size < 10
        if action >= ATTACH_BASE:
            card = (action - ATTACH_BASE) // 2 % NUM_TYPES
            return 2 + self._rng.random() if not WILD[card] else (1 if late else -1)
        uses_wild = TEMPLATES[action - OPEN_BASE].meld.wild >= 0
        return 1.5 + self._rng.random() if not uses_wild else (0.5 if late else -1)

    # --- discarding ----------------------------------------------------------------------------

    def _keep_value(self, hand: Sequence[int], card: int, mine: set[int], feeds: set[int]) -> float:
        """How much the card is worth keeping: low means discard it. ``mine`` fit the
        side's melds, ``feeds`` fit the next opponent's."""
        if WILD[card]:
            return 100
        value = 10 * _partners_in_hand(hand, card)
        if card in mine:
            value += 30
        if card in feeds:
            value += 50  # do not feed the next opponent
        return value - POINTS[card] / 10 + self._rng.random() / 100


def _partners_in_hand(hand: Sequence[int], card: int) -> int:
    """Other cards of the hand that could go with ``card``: same rank, or same suit and near."""
    rank, suit = fr.rank(card), fr.suit(card)
    count = -1 if card in hand else 0
    for other in hand:
        if not WILD[other] and (fr.rank(other) == rank or (fr.suit(other) == suit and abs(fr.rank(other) - rank) <= 2)):
            count += 1
    return count
