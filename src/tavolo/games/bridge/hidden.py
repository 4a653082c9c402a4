"""Determinization: a full bridge state consistent with what one seat knows.

The cards the seat has not seen (not in its hand, not played, not the
dummy's face-up hand) are dealt at random to the hidden hands, keeping
each hand's size and every suit a player has shown he lacks (he did not
follow to a suit led: he has none left). Constraints from the auction are
the bot's business (:mod:`tavolo.bots.bridge`), not the rules'.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from tavolo.engine.hidden import deal_unseen
from tavolo.games.bridge.observation import BridgeObservation
from tavolo.games.bridge.rubber import RubberSheet
from tavolo.games.bridge.state import PHASE_NAMES, BridgeState
from tavolo.games.trick_taking.tricks import bits

if TYPE_CHECKING:
    from tavolo.engine.game import Game

ALL_SUITS = 0b1111


def sample_hidden_state(game: Game, obs: BridgeObservation, rng: random.Random) -> BridgeState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``."""
    if obs.phase not in ("auction", "play"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = cast(BridgeState, game.new_initial_state())
    _copy_public(s, obs)
    unseen = set(range(52)) - set(obs.hand) - set(obs.played_cards()) - set(obs.dummy_hand)
    hidden = [seat for seat in range(4) if seat != obs.seat and not (obs.dummy_hand and seat == obs.dummy)]
    lacking = voids(obs)
    dealt = deal_unseen(sorted(unseen), [obs.hand_sizes[seat] for seat in hidden], rng,
                        suit_of=lambda c: c // 13, allowed=[ALL_SUITS & ~lacking[seat] for seat in hidden])
    s._hands[obs.seat] = bits(obs.hand)
    if obs.dummy_hand:
        s._hands[obs.dummy] = bits(obs.dummy_hand)
    for seat, cards in zip(hidden, dealt):
        s._hands[seat] = bits(cards)
    return s


def _copy_public(s: BridgeState, obs: BridgeObservation) -> None:
    s._phase = PHASE_NAMES.index(obs.phase)
    s._dealer, s._turn, s._leader = obs.dealer, obs.to_play, obs.leader
    s._hand_no = len(obs.results)
    s._calls = list(obs.calls)
    s._contract = obs.contract
    s._trick = list(obs.trick)
    s._tricks = list(obs.tricks)
    s._won = list(obs.tricks_won)
    s._scores = list(obs.scores)
    below, above, games, total = obs.sheet
    s._sheet = RubberSheet(below, above, games, total)
    s._results = list(obs.results)


def voids(obs: BridgeObservation) -> list[int]:
    """Per seat, the suits (a bit per suit) he has shown he lacks this hand."""
    lacking = [0, 0, 0, 0]
    for leader, cards, _ in [*obs.tricks, (obs.leader, obs.trick, -1)]:
        if not cards:
            continue
        led = cards[0] // 13
        for i in range(1, len(cards)):
            if cards[i] // 13 != led:
                lacking[(leader + i) % 4] |= 1 << led
    return lacking
