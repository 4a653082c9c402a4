"""Determinization: a full Scala 40 state consistent with what one seat knows.

The cards the seat has not seen (the other hands, the stock, the pozzo under
its top card) are dealt at random, keeping every count, the table, the top of
the pozzo and the cards the player on turn is known to hold (the card he took
from the pozzo, a joker he took off the table).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tavolo.engine.game import shuffled
from tavolo.engine.hidden import deal_unseen
from tavolo.games.scala40.melds import cards_of
from tavolo.games.scala40.observation import Scala40Observation
from tavolo.games.scala40.state import PHASE_NAMES, Scala40State

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


def sample_hidden_state(game: CardGame, obs: Scala40Observation, rng: random.Random) -> Scala40State:
    """A state whose observation for ``obs.seat`` is exactly ``obs``."""
    if obs.phase not in ("draw", "play"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = Scala40State(game)
    _copy_public(s, obs)
    on_turn = obs.current_player
    shown = list(obs.owed) if on_turn != obs.seat else []
    unseen = game.deck_counts.copy()
    unseen.subtract(obs.hand)
    unseen.subtract(cards_of(obs.table))
    unseen.subtract(shown)
    if obs.pile_top >= 0:
        unseen.subtract([obs.pile_top])
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the observation shows more copies of a card than the deck holds")
    known = [list(obs.hand) if seat == obs.seat else shown if seat == on_turn else [] for seat in range(obs.players)]
    needs = [size - len(k) for size, k in zip(obs.hand_sizes, known)]
    *hands, under, stock = deal_unseen(list(unseen.elements()), [*needs, obs.pile_size - (obs.pile_top >= 0),
                                                                 obs.stock_size], rng)
    for seat, cards in enumerate(hands):
        for card in known[seat] + cards:
            s._hands[seat][card] += 1
    s._pile = shuffled(under, rng) + ([obs.pile_top] if obs.pile_top >= 0 else [])
    s._stock = shuffled(stock, rng)
    return s


def _copy_public(s: Scala40State, obs: Scala40Observation) -> None:
    s._phase = PHASE_NAMES.index(obs.phase)
    s._turn, s._turn_no, s._dealer, s._hand_no = obs.current_player, obs.turn_number, obs.dealer, obs.hand_number
    s._scores, s._out = list(obs.scores), list(obs.out)
    s._table, s._owners = list(obs.table), list(obs.owners)
    s._opened, s._opening = list(obs.opened), obs.opening_points
    s._owed, s._meld_only = list(obs.owed), obs.meld_only
    s._opened_now = obs.opened_now
