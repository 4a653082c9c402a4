"""Determinization: a full Machiavelli state consistent with what one seat knows.

The cards the seat has not seen (the other hands and the stock) are dealt at
random, keeping every count; the table, the turn's moves and the cards the
player on turn laid are public.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tavolo.engine.game import shuffled
from tavolo.engine.hidden import deal_unseen
from tavolo.games.machiavelli.observation import MachiavelliObservation
from tavolo.games.machiavelli.state import PHASE_NAMES, MachiavelliState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def sample_hidden_state(game: CardGame, obs: MachiavelliObservation,
                        rng: random.Random) -> MachiavelliState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``."""
    if obs.phase != "play":
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = MachiavelliState(game)
    s._phase = PHASE_NAMES.index(obs.phase)
    s._turn, s._dealer, s._hand_no = obs.current_player, obs.dealer, obs.hand_number
    s._scores, s._opened, s._passes = list(obs.scores), list(obs.opened), obs.passes
    s._table = [sorted(g) for g in obs.table]
    s._start_table = list(obs.start_table)
    s._moves, s._steps, s._budget = list(obs.turn_moves), obs.steps, obs.budget
    unseen = game.deck_counts.copy()
    unseen.subtract(list(obs.hand) + [c for g in obs.table for c in g])
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the observation shows more copies of a card than the deck holds")
    known = [list(obs.hand) if seat == obs.seat else [] for seat in range(obs.players)]
    needs = [size - len(k) for size, k in zip(obs.hand_sizes, known)]
    *hands, stock = deal_unseen(list(unseen.elements()), [*needs, obs.stock_size], rng)
    for seat, cards in enumerate(hands):
        for c in known[seat] + cards:
            s._hands[seat][c] += 1
    s._stock = shuffled(stock, rng)
    s._start_hand = s._hands[s._turn][:]
    for c in obs.laid:
        s._start_hand[c] += 1
    return s
