"""Determinization: a full Ramino state consistent with what one seat knows.

The cards the seat has not seen (the other hands, the stock, the discards
under the top one) are dealt at random, keeping every count, the top of the
discards and the card the player on turn took from them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tavolo.engine.game import shuffled
from tavolo.engine.hidden import deal_unseen
from tavolo.games.ramino.observation import RaminoObservation
from tavolo.games.ramino.state import PHASE_NAMES, RaminoState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def sample_hidden_state(game: CardGame, obs: RaminoObservation, rng: random.Random) -> RaminoState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``."""
    if obs.phase not in ("draw", "play"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = RaminoState(game)
    s._phase = PHASE_NAMES.index(obs.phase)
    s._turn, s._turn_no, s._dealer, s._hand_no = obs.current_player, obs.turn_number, obs.dealer, obs.hand_number
    s._scores, s._out, s._reentered, s._fiches = list(obs.scores), list(obs.out), list(obs.reentered), list(obs.fiches)
    s._taken, s._reshuffled_once = obs.taken, obs.reshuffled
    shown = [obs.taken] if obs.taken >= 0 and obs.current_player != obs.seat else []
    unseen = game.deck_counts.copy()
    unseen.subtract(list(obs.hand) + shown + ([obs.pile_top] if obs.pile_top >= 0 else []))
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the observation shows more copies of a card than the deck holds")
    known = [list(obs.hand) if seat == obs.seat else shown if seat == obs.current_player else []
             for seat in range(obs.players)]
    needs = [size - len(k) for size, k in zip(obs.hand_sizes, known)]
    *hands, under, stock = deal_unseen(list(unseen.elements()),
                                       [*needs, obs.pile_size - (obs.pile_top >= 0), obs.stock_size], rng)
    for seat, cards in enumerate(hands):
        for card in known[seat] + cards:
            s._hands[seat][card] += 1
    s._pile = shuffled(under, rng) + ([obs.pile_top] if obs.pile_top >= 0 else [])
    s._stock = shuffled(stock, rng)
    return s
