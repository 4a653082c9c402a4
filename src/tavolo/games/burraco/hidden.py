"""Determinization: a full state consistent with what one seat knows.

Search bots (information-set MCTS) sample the hidden cards (other hands, the
pozzetti, the stock, a pozzetto taken with the discard and not yet seen) from
those the seat has not seen, keeping every card others are known to hold
(taken from the discard pile), every count, and the seat's own view intact.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tavolo.engine.game import shuffled
from tavolo.games.burraco.melds import cards_of
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.state import PHASE_NAMES, BurracoState

if TYPE_CHECKING:
    from tavolo.games.burraco.game import BurracoGame


MAX_DEALS = 1000
"""Deals tried before giving up on an observation no deal fits."""


def sample_hidden_state(game: BurracoGame, obs: BurracoObservation, rng: random.Random) -> BurracoState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``, with the
    unseen cards dealt at random (uniformly, given the known cards and that the
    player on turn has a legal action).

    The last condition is public knowledge: a player never makes a move that
    leaves him no legal way to end the turn, so one card left after taking the
    pozzetto is no wild where that discard would close (DECISIONS.md, closing).
    A deal breaking it is dealt again (rejection keeps the draw uniform among
    the deals that respect it)."""
    if obs.phase not in ("draw", "play"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    for _ in range(MAX_DEALS):
        s = _deal_once(game, obs, rng)
        if s.legal_actions():
            return s
    raise ValueError("no deal of the unseen cards leaves the player on turn a legal action")


def _deal_once(game: BurracoGame, obs: BurracoObservation, rng: random.Random) -> BurracoState:
    s = BurracoState(game)
    _copy_public(s, obs)
    unseen = game.deck_counts.copy()
    unseen.subtract(obs.hand)
    unseen.subtract(obs.pile)
    unseen.subtract(cards_of(m for side in obs.melds for m in side))
    for other, known in enumerate(obs.known):
        if other != obs.seat:
            unseen.subtract(known)
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the observation shows more copies of a card than the deck holds")
    pool = shuffled(sorted(unseen.elements()), rng)
    for card in obs.hand:
        s._add(obs.seat, card)
    for other in range(obs.players):
        if other != obs.seat:
            for card in obs.known[other]:
                s._add(other, card)
            for _ in range(obs.hand_sizes[other] - len(obs.known[other])):
                s._add(other, pool.pop())
        s._pending[other] = [pool.pop() for _ in range(obs.pending_pozzetto[other])]
        for card in obs.known[other]:
            s._known[other][card] += 1
    s._pozzetti = [[pool.pop() for _ in range(p.size)] for p in obs.pozzetti]
    s._stock = [pool.pop() for _ in range(obs.stock_size)]
    if pool:
        raise ValueError(f"{len(pool)} unseen card(s) have no place: the observation is inconsistent")
    return s


def _copy_public(s: BurracoState, obs: BurracoObservation) -> None:
    s._phase = PHASE_NAMES.index(obs.phase)
    s._turn, s._turn_no, s._dealer, s._hand_no = obs.current_player, obs.turn_number, obs.dealer, obs.hand_number
    s._scores, s._alone = list(obs.scores), obs.everyone_alone
    s._pile = list(obs.pile)
    s._sides = list(obs.sides)
    s._side_of = list(obs.side_of)
    s._melds = [list(side) for side in obs.melds]
    s._pozz_owner = [p.side for p in obs.pozzetti]
    s._pozz_taken = [p.taken for p in obs.pozzetti]
    s._formed = all(p.side >= 0 for p in obs.pozzetti)
    s._refresh_side_pozzetti()
    s._single, s._must_meld, s._stall = obs.single_pile_card, obs.must_meld, obs.stall_streak
    s._last_turn = obs.last_turn
    s._timeout = obs.time_out_plays_left is not None
    s._plays_left = obs.time_out_plays_left or 0
