"""Determinization: a full state consistent with what one seat knows.

Search bots (information-set MCTS) sample the hidden cards (other hands, the
pozzetti, the stock, a pozzetto taken with the discard and not yet seen) from
those the seat has not seen, keeping every card others are known to hold
(taken from the discard pile), every count, and the seat's own view intact:
uniformly, or (``infer`` > 0) weighted by what each other player let go this
hand (:func:`inference_weights`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tavolo.engine.game import shuffled
from tavolo.games.burraco.cards import MATES, NUM_TYPES
from tavolo.games.burraco.melds import cards_of
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.state import PHASE_NAMES, BurracoState

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame


MAX_DEALS = 1000
"""Deals tried before giving up on an observation no deal fits."""


def sample_hidden_state(game: CardGame, obs: BurracoObservation, rng: random.Random) -> BurracoState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``, with the
    unseen cards dealt at random (uniformly, given the known cards and that the
    player on turn has a legal action); see :class:`HiddenSampler`."""
    return HiddenSampler(game, obs).sample(rng)


class HiddenSampler:
    """The deals of one observation's unseen cards: the public part of the
    state and the pool of unseen cards are worked out once, each
    :meth:`sample` shuffles the pool afresh (a search samples one observation
    thousands of times).

    What is dealt is only what ``obs`` shows, never the real state: the seat's
    own hand, the cards each other player took from the discard pile and still
    holds (public, fedibur-1985 art. 4) in that player's hand, the rest of the
    unseen cards at random into the other hands, the pozzetti taken with the
    discard and not yet looked at (codice art. 21.4), the pozzetti and the stock.

        >>> import random
        >>> from tavolo.games.burraco import make_game
        >>> game = make_game("fibur", players=2, target=None)
        >>> state = game.new_initial_state()
        >>> state.apply_chance(state.sample_chance(random.Random(3)))
        >>> sampler = HiddenSampler(game, state.observation(0))
        >>> sampler.sample(random.Random(1)).observation(0) == state.observation(0)
        True
        >>> len(sampler.unseen)  # 108 cards less the 11 in hand and the pile's one
        96

    With ``infer`` > 0 the other hands are dealt by :func:`inference_weights` instead
    (:meth:`_deal_weighted`): each hand in seat order draws its cards one at a time, a card type
    with a chance proportional to its copies left times the hand's weight for it; the unseen
    pozzetti, the pozzetti and the stock take the rest, shuffled. The compiled core's
    ``deal_weighted`` (``_search.cpp``) deals the same way.
    """

    def __init__(self, game: CardGame, obs: BurracoObservation, infer: float = 0.0) -> None:
        if obs.phase not in ("draw", "play"):
            raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
        if not 0 <= infer < float("inf"):
            raise ValueError(f"infer must be a number >= 0, got {infer!r}")
        self.obs = obs
        self.unseen = _unseen(game, obs)
        self._base = _public_state(game, obs)
        self._weights = inference_weights(obs, infer) if infer > 0 else None

    def sample(self, rng: random.Random) -> BurracoState:
        """A fresh deal of the unseen cards.

        The player on turn has a legal action in it: that is public knowledge,
        a player never makes a move that leaves him no legal way to end the turn,
        so one card left after taking the pozzetto is no wild where that discard
        would close (DECISIONS.md, closing). A deal breaking it is dealt again
        (rejection keeps the draw uniform among the deals that respect it)."""
        deal = self._deal_once if self._weights is None else self._deal_weighted
        for _ in range(MAX_DEALS):
            s = deal(rng)
            if s.legal_actions():
                return s
        raise ValueError("no deal of the unseen cards leaves the player on turn a legal action")

    def _deal_once(self, rng: random.Random) -> BurracoState:
        obs = self.obs
        s = self._base.clone()
        pool = shuffled(self.unseen, rng)
        for other in range(obs.players):
            if other != obs.seat:
                for _ in range(obs.hand_sizes[other] - len(obs.known[other])):
                    s._add(other, pool.pop())
            s._pending[other] = [pool.pop() for _ in range(obs.pending_pozzetto[other])]
        self._place_rest(s, pool)
        return s

    def _deal_weighted(self, rng: random.Random) -> BurracoState:
        obs, weights = self.obs, self._weights
        assert weights is not None
        s = self._base.clone()
        left = [0] * NUM_TYPES
        for card in self.unseen:
            left[card] += 1
        for other in range(obs.players):
            if other != obs.seat:
                for _ in range(obs.hand_sizes[other] - len(obs.known[other])):
                    types = [c for c in range(NUM_TYPES) if left[c]]
                    card = rng.choices(types, [left[c] * weights[other][c] for c in types])[0]
                    left[card] -= 1
                    s._add(other, card)
        pool = shuffled([c for c in range(NUM_TYPES) for _ in range(left[c])], rng)
        for other in range(obs.players):
            s._pending[other] = [pool.pop() for _ in range(obs.pending_pozzetto[other])]
        self._place_rest(s, pool)
        return s

    def _place_rest(self, s: BurracoState, pool: list[int]) -> None:
        """The pozzetti and the stock from the end of ``pool``, which they empty."""
        s._pozzetti = [[pool.pop() for _ in range(p.size)] for p in self.obs.pozzetti]
        s._stock = [pool.pop() for _ in range(self.obs.stock_size)]
        if pool:
            raise ValueError(f"{len(pool)} unseen card(s) have no place: the observation is inconsistent")


def inference_weights(obs: BurracoObservation, infer: float) -> list[list[float]]:
    """Per seat, each card type's relative weight in that seat's hand: a player seldom lets go
    a card that goes with his hand, so each card type in his ``obs.shunned`` (discarded, or left
    in a pile he declined for the stock) divides by ``1 + infer`` the weight of every card it goes
    with (:data:`~tavolo.games.burraco.cards.MATES`: itself, its rank, its suit within two
    places). A wild goes with anything: its weight stays 1.

        >>> from tavolo.cards import french as fr
        >>> from types import SimpleNamespace
        >>> obs = SimpleNamespace(shunned=((), (fr.parse("5h"), fr.parse("6h"))))
        >>> w = inference_weights(obs, 1.0)[1]
        >>> [w[fr.parse(c)] for c in ("5h", "7h", "8h", "5s", "9h", "2h")]
        [0.25, 0.25, 0.5, 0.5, 1.0, 1.0]
    """
    factor = 1.0 + infer
    return [[factor ** -len(MATES[c].intersection(shunned)) for c in range(NUM_TYPES)] for shunned in obs.shunned]


def _unseen(game: CardGame, obs: BurracoObservation) -> tuple[int, ...]:
    """The cards ``obs`` does not show, sorted: the deck less the hand, the pile,
    the melds and the cards others are known to hold."""
    unseen = game.deck_counts.copy()
    unseen.subtract(obs.hand)
    unseen.subtract(obs.pile)
    unseen.subtract(cards_of(m for side in obs.melds for m in side))
    for other, known in enumerate(obs.known):
        if other != obs.seat:
            unseen.subtract(known)
    if min(unseen.values(), default=0) < 0:
        raise ValueError("the observation shows more copies of a card than the deck holds")
    return tuple(sorted(unseen.elements()))


def _public_state(game: CardGame, obs: BurracoObservation) -> BurracoState:
    """A state with everything ``obs`` shows in place and no hidden card dealt."""
    s = BurracoState(game)
    _copy_public(s, obs)
    for card in obs.hand:
        s._add(obs.seat, card)
    for other in range(obs.players):
        if other != obs.seat:
            for card in obs.known[other]:
                s._add(other, card)
        for card in obs.known[other]:
            s._known[other][card] += 1
    return s


def _copy_public(s: BurracoState, obs: BurracoObservation) -> None:
    s._phase = PHASE_NAMES.index(obs.phase)
    s._turn, s._turn_no, s._dealer, s._hand_no = obs.current_player, obs.turn_number, obs.dealer, obs.hand_number
    s._scores, s._alone = list(obs.scores), obs.everyone_alone
    s._shunned = [sum(1 << card for card in cards) for cards in obs.shunned]
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
