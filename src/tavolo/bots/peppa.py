"""A simple Peppa (and Hearts) player: the habits of a careful beginner.

Passing (Hearts), it gives away the queen of spades, the ace and king of spades
and its highest hearts, then its highest cards. Of three of a rank it keeps a
card that is no heart, of a suit it already holds most of (its voids stay
voids). Drawing from a fanned hand it can only pick blind: any place, at random.
In the tricks it ducks: it answers with its highest card that still loses;
forced to win, it wins high when it plays last on a trick with no points and low
otherwise, and never with Peppa if another card wins; without the suit led it
throws Peppa, then the ace or king of spades while Peppa is out, then its
costliest heart, then its highest card. When one other player has taken every
point so far (on his way to take them all, for the 36) it takes a trick with
points to stop him, but only while the shoot is still possible: at Peppa a
heart discarded in a pair rules it out, and one nearly always is. Leading, it
plays its lowest card, hearts last, and never the ace or king of spades while
Peppa is out and not in its hand. In the match to 50, where a trick scores 10,
it takes a trick worth more than the points in it, and leads high.

:class:`SamplingPeppaBot` plays better: for each card it may play it deals the
cards it cannot see at random, consistently with what it saw (``sample_hidden_state``),
plays the hand out a few times with the simple habits in every seat and keeps the
card that did best on average, the 36 of a clean sweep and the tricks of the match
to 50 included. What each level gains over the one below is measured on duplicate
deals by ``bench/levels.py`` (README, "Peppa").

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.peppa import make_game
    >>> game = make_game(target=None)
    >>> len(play(game, [SimplePeppaBot(s) for s in range(3)] + [SamplingPeppaBot(game, seed=1)], seed=1).result)
    4
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.cards import french as fr
from tavolo.engine.game import Game
from tavolo.games.peppa import PeppaState
from tavolo.games.peppa.cards import HEARTS_POINTS, PEPPA, PEPPA_POINTS, STRENGTH, SUIT_OF, is_heart
from tavolo.games.trick_taking.anydeck import DeckObservation

MOON_WATCH = 13
"""Points one other player must hold, all of those taken so far, before the bot stops his moon."""
HIGH_SPADES = (fr.card(fr.ACE, fr.SPADES), fr.card(fr.KING, fr.SPADES))


class SimplePeppaBot:
    """Peppa or Hearts by simple rules; ``seed`` breaks ties and picks from the fan."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: DeckObservation, legal: Sequence[int]) -> int:
        if obs.phase == "draw":
            return legal[int(self._rng.random() * len(legal))]
        if obs.phase == "pairs":
            return _keep(obs, legal)
        points = HEARTS_POINTS if obs.extra["rules"] == "hearts" else PEPPA_POINTS
        if obs.phase == "pass":
            return max(legal, key=lambda c: (c == PEPPA or c in HIGH_SPADES, points[c], STRENGTH[c]))
        if not obs.trick:
            return self._lead(obs, legal, points)
        led = _led(obs)
        moon = _moon_danger(obs, points)
        if SUIT_OF[legal[0]] != led:
            peppa_out = PEPPA not in obs.played_cards() and PEPPA not in obs.hand
            return max(legal, key=lambda c: (not moon or not points[c], c == PEPPA, peppa_out and c in HIGH_SPADES,
                                             points[c], STRENGTH[c], self._rng.random()))
        best = max((c for _, c in obs.trick if SUIT_OF[c] == led), key=STRENGTH.__getitem__)
        under = [c for c in legal if STRENGTH[c] < STRENGTH[best]]
        on_table = sum(points[c] for _, c in obs.trick)
        over = [c for c in legal if STRENGTH[c] > STRENGTH[best] and c != PEPPA]
        if moon and on_table and over:
            return min(over, key=STRENGTH.__getitem__)
        if over and on_table + max(points[c] for c in over) < obs.extra.get("trick_points", 0):
            return max(over, key=lambda c: (-points[c], STRENGTH[c]))
        if under:
            return max(under, key=STRENGTH.__getitem__)
        in_trick = {seat for seat, _ in obs.trick}
        last = all(not size for seat, size in enumerate(obs.hand_sizes) if seat not in in_trick and seat != obs.seat)
        safe = [c for c in legal if c != PEPPA]
        pick = max if last and not on_table else min
        return pick(safe or legal, key=STRENGTH.__getitem__)

    def _lead(self, obs: DeckObservation, legal: Sequence[int], points: Sequence[int]) -> int:
        hearts = [c for c in legal if is_heart(c)]
        if hearts and _moon_danger(obs, points):
            return max(hearts, key=STRENGTH.__getitem__)
        peppa_out = PEPPA not in obs.played_cards() and PEPPA not in obs.hand

        high = -1 if obs.extra.get("trick_points") else 1

        def cost(c: int) -> tuple:
            return (c == PEPPA, peppa_out and c in HIGH_SPADES, is_heart(c), points[c], high * STRENGTH[c],
                    self._rng.random())
        return min(legal, key=cost)


def _keep(obs: DeckObservation, legal: Sequence[int]) -> int:
    """Of three of a rank, the card to keep: no heart if it can help it, then one of the suit it
    holds most of."""
    rest = [c for c in obs.hand if c not in legal]
    return min(legal, key=lambda c: (is_heart(c), -sum(SUIT_OF[o] == SUIT_OF[c] for o in rest), c))


def _moon_danger(obs: DeckObservation, points: Sequence[int]) -> bool:
    """Whether one other player has taken every point so far, and a good share of them
    (he is on his way to take them all: stop him by taking one)."""
    if any(c == PEPPA or is_heart(c) for c in obs.out):
        return False
    taken = _taken(obs, points)
    total = sum(taken)
    return total >= MOON_WATCH and taken[obs.seat] == 0 and max(taken) == total


def _taken(obs: DeckObservation, points: Sequence[int]) -> list[int]:
    """The points each seat has taken so far this hand."""
    taken = [0] * obs.players
    for cards, winner in obs.tricks:
        taken[winner] += sum(points[c] for _, c in cards)
    return taken


def _led(obs: DeckObservation) -> int:
    return SUIT_OF[obs.trick[0][1]]


class SamplingPeppaBot:
    """Flat Monte Carlo over determinizations: ``samples`` deals of the unseen cards, the same
    for every candidate card (common random numbers), each played out to the end of the hand
    by :class:`SimplePeppaBot`'s habits in every seat; the card with the best mean for its seat
    is played: the least points (the 36 included), in the match to 50 the most game points.
    Passing, the card kept of three and blind draws are left to :class:`SimplePeppaBot`."""

    def __init__(self, game: Game, seed: int | None = None, samples: int = 8) -> None:
        self._game, self._samples = game, samples
        self._rng = random.Random(seed)
        self._simple = SimplePeppaBot(seed)

    def choose(self, obs: DeckObservation, legal: Sequence[int]) -> int:
        if obs.phase != "play" or len(legal) == 1:
            return self._simple.choose(obs, legal)
        cost = dict.fromkeys(legal, 0)
        sign = -1 if obs.extra.get("trick_points") else 1
        for _ in range(self._samples):
            world = self._game.sample_hidden_state(obs, self._rng)
            seed = self._rng.random()
            for card in legal:
                cost[card] += sign * self._play_out(world.clone(), obs.seat, card, seed)
        return min(legal, key=lambda c: (cost[c], STRENGTH[c]))

    @staticmethod
    def _play_out(state: PeppaState, seat: int, card: int, seed: float) -> int:
        """The seat's total of this hand (points, or game points to 50) after ``card`` and the
        simple habits in every seat to the hand's end."""
        hands = len(state.round_results)
        state.apply_legal(card)
        policy = SimplePeppaBot(seed)
        while len(state.round_results) == hands:
            legal = state.legal_actions()
            if len(legal) > 1:
                legal = [policy.choose(state.observation(state.current_player()), legal)]
            state.apply_legal(legal[0])
        return state.round_results[-1].total[seat]
