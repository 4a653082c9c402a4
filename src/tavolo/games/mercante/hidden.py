"""Determinization (a search's deal of what one seat cannot see) for Mercante in fiera:
the order of the lots the mercante kept and of the red deck,
dealt at random around what the seat's observation shows."""

from __future__ import annotations

import random
from typing import cast

from tavolo.engine.game import shuffled
from tavolo.games.mercante.figures import NUM_FIGURES
from tavolo.games.mercante.observation import MercanteObservation
from tavolo.games.mercante.state import PHASE_NAMES, MercanteState


def sample_hidden_state(game, obs: MercanteObservation, rng: random.Random) -> MercanteState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``: the lots still to sell
    in a random order (the lot on sale first) and the red cards not yet turned shuffled."""
    if obs.phase in ("deal", "over"):
        raise ValueError(f"hidden cards are sampled during a game, not in phase {obs.phase!r}")
    s = cast(MercanteState, game.new_initial_state())
    s._phase, s._turn, s._tokens, s._pot, s._house = PHASE_NAMES.index(obs.phase), obs.current_player, list(
        obs.tokens), obs.pot, obs.house
    s._held, s._house_cards, s._auction = list(obs.held), obs.house_cards, obs.auction
    on_sale = [obs.auction.lot] if obs.auction else []
    s._lots = tuple(on_sale + shuffled([f for f in obs.lots if f not in on_sale], rng))
    turned = list(obs.dead) + [p.figure for p in obs.won]
    s._red = tuple(turned + shuffled(sorted(set(range(NUM_FIGURES)) - set(turned)), rng))
    s._turned, s._prizes, s._won = len(turned), obs.prizes, list(obs.won)
    s._offer, s._queue, s._rounds = obs.offer, obs.queue, obs.rounds
    s._refused = {(b, f): p for b, f, p in obs.refused}
    return s
