"""Determinization: a full Canasta state consistent with what one seat knows.

The cards the seat has not seen (the other hands, the stock, the face-down cards
of the pozzo) are dealt at random, keeping every count.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tavolo.engine.game import shuffled
from tavolo.engine.hidden import deal_unseen
from tavolo.games.canasta.observation import CanastaObservation
from tavolo.games.canasta.state import PHASE_NAMES, CanastaState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def sample_hidden_state(game: CardGame, obs: CanastaObservation, rng: random.Random) -> CanastaState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``."""
    if obs.phase in ("deal", "over"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = CanastaState(game)
    s._phase = PHASE_NAMES.index(obs.phase)
    s._turn, s._dealer, s._hand_no = obs.current_player, obs.dealer, obs.hand_number
    s._scores, s._opened, s._retracted = list(obs.scores), list(obs.opened), obs.retracted
    s._melds = [[list(m) for m in side] for side in obs.melds]
    s._red3 = [list(r) for r in obs.red_threes]
    s._pending = list(obs.pending)
    seen = list(obs.hand) + list(obs.pozzo_up) + [c for side in obs.melds for m in side for c in m]
    seen += [c for r in obs.red_threes for c in r]
    unseen = game.deck_counts.copy()
    unseen.subtract(seen)
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the observation shows more copies of a card than the deck holds")
    needs = [0 if seat == obs.seat else size for seat, size in enumerate(obs.hand_sizes)]
    *hands, down, stock = deal_unseen(list(unseen.elements()), [*needs, obs.pozzo_down, obs.stock_size], rng)
    hands[obs.seat] = list(obs.hand)
    for seat, cards in enumerate(hands):
        for c in cards:
            s._hands[seat][c] += 1
    s._pozzo, s._down = shuffled(down, rng) + list(obs.pozzo_up), obs.pozzo_down
    s._stock = shuffled(stock, rng)
    return s
