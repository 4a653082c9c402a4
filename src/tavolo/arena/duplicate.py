"""Duplicate deals: every deal played twice, the sides swapped.

Duplicate play (as in duplicate bridge) takes most of the luck of the cards
out of a comparison. For deal seed ``s`` table 1 seats bot A on side 0 (the
even seats: 0 and 2 at four players, partners facing) and bot B on side 1 (the
odd seats); table 2 deals the very same cards, seat by seat, with B on side 0
and A on side 1. Each bot at a seat is seeded from a hash of ``(s, seat)`` only,
so both tables and every run with the same seeds replay exactly, and no bot
can rebuild the shuffle from its seed. A's duplicate score
for the deal is the mean of A's point difference over the two tables.

Every table is dealt in the engine ``TAVOLO_ENGINE`` chooses, the compiled core where it is built
(:mod:`tavolo.games.burraco.native`): the bots that read the observation choose there as on the
Python state, hand for hand (tests/burraco/test_native_differential.py), and a search bot
(``ismcts``) searches in the core, so the same seeds replay exactly on the same engine.

Only tables of two sides are played: 2 players (one against one), 4 (two
partnerships) and 6 (two teams of three alternate players). At 3 and 5 players
the sides form during the hand (the first to a pozzetto plays alone against
pairs), so there is no fixed side to swap.

    >>> deal = play_duplicate("simple", "simple", deal_seed(7, 0), rules="fibur", players=2)
    >>> deal.differences[0] == -deal.differences[1], deal.score
    (True, 0.0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from tavolo.bots.deals import derive_seed
from tavolo.bots.registry import make_bot
from tavolo.engine.errors import Text
from tavolo.games.burraco import BurracoGame, BurracoState, make_game, native

PLAYERS = (2, 4, 6)
"""Table sizes with two fixed sides: even seats against odd seats."""
BLIND_BOTS = frozenset({"random"})
"""Bot specs that choose from the legal actions alone, never reading the observation: a table of
only these is played without making observations."""


@dataclass(frozen=True)
class Seating:
    """One table of a duplicate deal: the shuffle's seed and the bot spec of each seat."""

    deal_seed: int
    specs: tuple[str, ...]

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot at ``seat``: a hash of the deal seed and the seat
        alone (:func:`~tavolo.bots.deals.derive_seed`), the same at both tables,
        from which the deal seed cannot be read back.

            >>> Seating(5, ("random", "simple")).bot_seed(1) == derive_seed("bot", 5, 1)
            True
        """
        return derive_seed("bot", self.deal_seed, seat)


@dataclass(frozen=True)
class DuplicateDeal:
    """One deal played at both tables: ``points[t]`` is (A's side, B's side) at table ``t``.

        >>> deal = DuplicateDeal(0, ((300.0, 100.0), (50.0, 150.0)))
        >>> deal.differences, deal.score
        ((200.0, -100.0), 50.0)
    """

    index: int
    points: tuple[tuple[float, float], tuple[float, float]]

    @property
    def differences(self) -> tuple[float, float]:
        """A's points minus B's at table 1 and at table 2."""
        return tuple(a - b for a, b in self.points)  # type: ignore[return-value]

    @property
    def score(self) -> float:
        """A's duplicate score: the mean of the two differences."""
        first, second = self.differences
        return (first + second) / 2


def check_players(players: int) -> None:
    """Refuse a table without two fixed sides.

        >>> check_players(3)
        Traceback (most recent call last):
        ...
        ValueError: the arena plays 2, 4 or 6 players (two sides); at 3 and 5 the sides form during the hand
    """
    if players not in PLAYERS:
        raise ValueError(Text("the arena plays 2, 4 or 6 players (two sides); at 3 and 5 the sides form during the "
                              "hand"))


def deal_seed(run_seed: int, index: int) -> int:
    """The shuffle's seed of deal ``index`` of a run: the same for every pairing, a
    hash of the two (:func:`~tavolo.bots.deals.derive_seed`), so runs never share deals.

        >>> deal_seed(1, 2) == derive_seed("deal", 1, 2) != deal_seed(2, 1)
        True
    """
    return derive_seed("deal", run_seed, index)


def seatings(a: str, b: str, seed: int, players: int) -> tuple[Seating, Seating]:
    """The two tables of a deal: A on the even seats, then B.

        >>> [s.specs for s in seatings("random", "simple", 9, players=4)]
        [('random', 'simple', 'random', 'simple'), ('simple', 'random', 'simple', 'random')]
    """
    check_players(players)
    return (Seating(seed, tuple(a if seat % 2 == 0 else b for seat in range(players))),
            Seating(seed, tuple(b if seat % 2 == 0 else a for seat in range(players))))


@lru_cache(maxsize=None)
def arena_game(rules: str, players: int) -> BurracoGame:
    """One hand (smazzata) of Burraco under ``rules``, built once per process."""
    check_players(players)
    return make_game(rules, players=players, target=None)


def dealt(game: BurracoGame, seating: Seating, compiled: bool = True) -> BurracoState:
    """The table after the shuffle, before the first move: in the engine
    :func:`tavolo.games.burraco.native.new_state` chooses (the compiled core where it is built,
    ``TAVOLO_ENGINE``), or in the pure-Python one where ``compiled`` is false."""
    state = native.new_state(game) if compiled else game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seating.deal_seed)))
    return state


def play_table(game: BurracoGame, seating: Seating) -> tuple[float, float]:
    """Play one hand at ``seating``; the points of side 0 and side 1."""
    blind = set(seating.specs) <= BLIND_BOTS
    state = dealt(game, seating)
    bots = [make_bot(spec, game, seat, seating.bot_seed(seat)) for seat, spec in enumerate(seating.specs)]
    while not state.is_terminal():
        seat = state.current_player()
        observation = None if blind else state.observation(seat)
        state.apply(bots[seat].choose(observation, state.legal_actions()))
    points = state.returns()
    return points[0], points[1]


def play_duplicate(a: str, b: str, seed: int, *, rules: str, players: int, index: int = 0) -> DuplicateDeal:
    """Deal ``seed`` at both tables; the points from A's and B's sides."""
    game = arena_game(rules, players)
    first, second = (play_table(game, seating) for seating in seatings(a, b, seed, players))
    return DuplicateDeal(index, (first, second[::-1]))
