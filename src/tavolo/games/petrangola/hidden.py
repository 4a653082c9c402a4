"""Determinization (a search's deal of what one seat cannot see) for Petrangola:
the other hands, the monte unseen and the deck,
dealt at random around what the seat's observation shows."""

from __future__ import annotations

import random
from typing import cast

from tavolo.engine.hidden import deal_unseen
from tavolo.games.petrangola.observation import PetrangolaObservation
from tavolo.games.petrangola.state import PHASE_NAMES, PetrangolaState


def sample_hidden_state(game, obs: PetrangolaObservation, rng: random.Random) -> PetrangolaState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``: the unseen cards
    dealt at random to the other hands (around what they took face up), the monte
    while the seat has not seen it, the seat's own hand while it is hidden from him,
    and the deck."""
    if obs.phase not in ("choice", "trade"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = cast(PetrangolaState, game.new_initial_state())
    s._phase = PHASE_NAMES.index(obs.phase)
    s._dealer, s._tokens, s._table = obs.dealer, list(obs.tokens), obs.table
    s._known, s._knocker, s._last, s._turns = list(obs.known), obs.knocker, obs.last, obs.turns
    s._results, s._turn = list(obs.results), obs.current_player
    in_hand = [seat for seat in range(obs.players) if obs.tokens[seat] > 0]
    hidden = [seat for seat in in_hand if seat != obs.seat or not obs.hand]
    unseen = game.deck_counts.copy()
    unseen.subtract(obs.hand + obs.monte + obs.monte_seen)
    for seat in hidden:
        unseen.subtract(obs.known[seat])
    needs = [3 - len(obs.known[seat]) for seat in hidden] + [0 if obs.monte or obs.monte_seen else 3]
    needs.append(sum(unseen.values()) - sum(needs))
    dealt = deal_unseen(list(unseen.elements()), needs, rng)
    s._hands = [()] * obs.players
    for seat, cards in zip(hidden, dealt):
        s._hands[seat] = tuple(sorted(cards + list(obs.known[seat])))
    if obs.hand:
        s._hands[obs.seat] = obs.hand
    s._monte = obs.monte or obs.monte_seen or tuple(dealt[-2])
    s._stock = tuple(dealt[-1])
    return s
