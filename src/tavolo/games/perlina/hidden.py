"""Determinization (a search's deal of what one seat cannot see) for Perlina:
the other hands, their dropped cards and the deck,
dealt at random around what the seat's observation shows."""

from __future__ import annotations

import random
from typing import cast

from tavolo.engine.game import shuffled
from tavolo.engine.hidden import deal_unseen
from tavolo.games.perlina.observation import PerlinaObservation
from tavolo.games.perlina.state import EXTRA, PHASE_NAMES, PerlinaState


def sample_hidden_state(game, obs: PerlinaObservation, rng: random.Random) -> PerlinaState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``, the cards it has not
    seen dealt at random to the other hands, their dropped cards and the deck."""
    if obs.phase in ("deal", "over"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = cast(PerlinaState, game.new_initial_state())
    s._phase, s._dealer, s._turn, s._queue = PHASE_NAMES.index(obs.phase), obs.dealer, obs.current_player, obs.queue
    s._tokens, s._pot, s._middle, s._ace = list(obs.tokens), obs.pot, obs.middle, obs.ace
    s._choices, s._bet, s._bettor = list(obs.choices), obs.bet, obs.bettor
    s._folded, s._out = obs.folded, obs.sitting_out
    s._dealt_in, s._hand_no, s._results = obs.dealt_in, obs.hand_number, list(obs.results)
    unseen = game.deck_counts.copy()
    unseen.subtract(obs.hand + obs.middle + obs.my_dropped)
    hidden = [seat for seat in obs.dealt_in if seat != obs.seat or not obs.hand]
    needs = [_hand_size(obs, seat) for seat in hidden]
    needs += [obs.dropped[seat] for seat in hidden if seat != obs.seat] + [obs.stock_size]
    dealt = deal_unseen(list(unseen.elements()), needs, rng)
    for seat, cards in zip(hidden, dealt):
        s._hands[seat] = s._sorted(cards)
    if obs.hand:
        s._hands[obs.seat] = obs.hand
    others = [seat for seat in hidden if seat != obs.seat]
    for seat, cards in zip(others, dealt[len(hidden):]):
        s._discards[seat] = tuple(shuffled(cards, rng))
    s._discards[obs.seat] = obs.my_dropped
    s._stock = tuple(shuffled(dealt[-1], rng))
    return s


def _hand_size(obs: PerlinaObservation, seat: int) -> int:
    """Four cards for one who took an extra card and has not dropped yet (he drops at his
    turn to bet), three for the others."""
    return 4 if obs.choices[seat] == EXTRA and not obs.dropped[seat] else 3
