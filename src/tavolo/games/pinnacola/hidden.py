"""Determinization: a full Pinnacola state consistent with what one seat knows.

The cards the seat has not seen (the other hands and the stock) are dealt at
random, keeping every count, the pozzo, the table and the cards the player on
turn must meld.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tavolo.engine.game import shuffled
from tavolo.engine.hidden import deal_unseen
from tavolo.games.pinnacola.melds import cards_of
from tavolo.games.pinnacola.observation import PinnacolaObservation
from tavolo.games.pinnacola.state import PHASE_NAMES, PinnacolaState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def sample_hidden_state(game: CardGame, obs: PinnacolaObservation, rng: random.Random) -> PinnacolaState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``."""
    if obs.phase not in ("draw", "play"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = PinnacolaState(game)
    s._phase = PHASE_NAMES.index(obs.phase)
    s._turn, s._dealer, s._hand_no = obs.current_player, obs.dealer, obs.hand_number
    s._scores, s._table, s._owners = list(obs.scores), list(obs.table), list(obs.owners)
    s._opened, s._played, s._owed, s._pozzo = list(obs.opened), list(obs.played), list(obs.owed), list(obs.pozzo)
    s._shifted = obs.shifted
    shown = list(obs.owed) if obs.current_player != obs.seat else []
    unseen = game.deck_counts.copy()
    unseen.subtract(list(obs.hand) + shown + list(obs.pozzo) + cards_of(obs.table))
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the observation shows more copies of a card than the deck holds")
    known = [list(obs.hand) if seat == obs.seat else shown if seat == obs.current_player else []
             for seat in range(obs.players)]
    needs = [size - len(k) for size, k in zip(obs.hand_sizes, known)]
    *hands, stock = deal_unseen(list(unseen.elements()), [*needs, obs.stock_size], rng)
    for seat, cards in enumerate(hands):
        for card in known[seat] + cards:
            s._hands[seat][card] += 1
    s._stock = shuffled(stock, rng)
    return s
