"""Determinization: a full trick-taking state consistent with what one seat knows.

The cards the seat has not seen are dealt at random to the other hands and
the stock, keeping every count, every card a player has shown, and, where the
rules make players follow suit, every suit a player has shown he lacks (he
played another suit to a trick led in it: a piombo). Without such voids the
deal is uniform; with them it is a consistent deal drawn card by card, each
card going to a place in proportion to the room left there.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from tavolo.engine.game import shuffled
from tavolo.engine.hidden import deal_unseen
from tavolo.games.trick_taking.observation import TrickObservation
from tavolo.games.trick_taking.state import PLAY, TrickState
from tavolo.games.trick_taking.tricks import bits

if TYPE_CHECKING:
    from tavolo.engine.game import Game

ALL_SUITS = 0b1111


def sample_hidden_state(game: Game, obs: TrickObservation, rng: random.Random) -> TrickState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``."""
    if obs.phase != "play":
        raise ValueError(f"hidden cards are sampled during a round, not in phase {obs.phase!r}")
    s = cast(TrickState, game.new_initial_state())
    _copy_public(s, obs)
    trump_in_stock = obs.trump_card >= 0 and obs.stock_size > 0  # it is drawn last
    unseen = game.deck_counts.copy()
    unseen.subtract(obs.hand)
    unseen.subtract(obs.played_cards())
    hidden_seats = [seat for seat in range(obs.players) if seat != obs.seat and not (
        seat == obs.partner and obs.partner_hand)]
    unseen.subtract(obs.partner_hand)
    for seat in hidden_seats:
        unseen.subtract(obs.known[seat])
    if trump_in_stock:
        unseen.subtract([obs.trump_card])
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the observation shows a card twice")
    needs = [obs.hand_sizes[seat] - len(obs.known[seat]) for seat in hidden_seats]
    needs.append(obs.stock_size - trump_in_stock)
    lacking = _voids(obs) if s.follows_suit else [0] * obs.players
    allowed = [ALL_SUITS & ~lacking[seat] for seat in hidden_seats] + [ALL_SUITS]
    dealt = deal_unseen(list(unseen.elements()), needs, rng, suit_of=lambda c: c // 10, allowed=allowed)
    s._hands[obs.seat] = bits(obs.hand)
    if obs.partner_hand:
        s._hands[obs.partner] = bits(obs.partner_hand)
    for seat, cards in zip(hidden_seats, dealt):
        s._hands[seat] = bits(cards) | bits(obs.known[seat])
    s._stock = ([obs.trump_card] if trump_in_stock else []) + shuffled(dealt[-1], rng)
    return s


def _copy_public(s: TrickState, obs: TrickObservation) -> None:
    s._phase = PLAY
    s._dealer, s._round_no, s._turn, s._leader = obs.dealer, obs.round_number, obs.current_player, obs.leader
    s._trick = list(obs.trick)
    s._tricks = list(obs.tricks)
    s._won = list(obs.round_points)
    s._known = [bits(k) for k in obs.known]
    s._trump_card = obs.trump_card
    s._scores = list(obs.scores)
    s._load_declarations(obs.declarations)


def _voids(obs: TrickObservation) -> list[int]:
    """Per seat, the suits (bit per suit) he has shown he lacks this round."""
    lacking = [0] * obs.players
    for leader, cards, _ in [*obs.tricks, (obs.leader, obs.trick, -1)]:
        if not cards:
            continue
        led = cards[0] // 10
        for i in range(1, len(cards)):
            if cards[i] // 10 != led:
                lacking[(leader + i) % obs.players] |= 1 << led
    return lacking
