"""A Burraco bot that tries its candidate moves on sampled deals (simulazioni): determinized
rollouts of ``heuristic:strong``, one step of policy improvement over it (the rollout algorithm,
Bertsekas, Tsitsiklis and Wu, "Rollout algorithms for combinatorial optimization", J. Heuristics
3, 1997; perfect-information Monte Carlo over determinizations, Ginsberg, "GIB", JAIR 14, 2001).

At a decision with more than one legal action the bot takes strong's choice and its rivals: at the
draw, drawing (pescare) and taking the pile (raccogliere); where strong discards, every discard
(scarto); where strong melds, per ``melds``: ``strong`` plays strong's meld without search,
``discard`` sets it against discarding now, ``all`` against every legal action. Each round deals
the cards the seat has not seen at random (the core's determinization of the seat's view: the
cards the others took from the pile stay in their hands), plays each live candidate on that deal
and lets strong play every seat to the hand's end; a candidate's value is the hand's score, own
side's points less the other sides' mean. The stock's order is part of the deal and strong
chooses without chance, so every candidate meets the same cards and its difference to strong's
choice is a paired sample. A candidate whose mean difference plus ``z`` standard errors falls
below zero, or below the best candidate's lower bound, is dropped after ``min_rounds`` rounds
(racing); the bot plays the candidate with the highest mean difference where it exceeds
``margin`` points, else strong's choice.

The search runs in the compiled core (``_core.Pimc``, ``_pimc.cpp``), from the compiled state the
observation was made from (``native.new_state``; its ``_core_view`` link); an observation of a
Python state is loaded there first through one deal of the cards the seat has not seen (the
search reads only the seat's view). Settings
(``pimc:time=0.1,melds=discard``): ``time`` seconds and/or ``rounds`` per decision (at least one;
default ``time=0.1``; the first reached stops), ``clock`` (``wall``, the default, the time a person
waits; ``cpu``, the CPU time of the thread that searches, the same search however loaded the machine:
an evaluation's budget), ``melds``, ``margin`` (points, default 10), ``z`` (default 1),
``min_rounds`` (default 4) and ``infer`` (default 0). With ``rounds`` and a seed the play is
reproducible. Figures against strong: docs/compiled-engine.md.

``infer`` weighs the deals by what the others let go this hand (the observation's ``shunned``:
the cards each discarded, and those of a pile each left for the stock): a player seldom lets go
a card that goes with his hand, so each such card divides the chance, in that player's hand, of
every card it goes with (itself, its rank, its suit within two places) by ``1 + infer``
(``hidden.inference_weights``; the hands drawn by weight, the stock and the pozzetti take the
rest, the cards taken from the pile and every count kept). ``infer=0`` deals uniformly, exactly
as without the setting.

    >>> PimcSettings.parse({"rounds": "8", "melds": "all"})
    PimcSettings(time=None, rounds=8, clock='wall', melds='all', margin=10.0, z=1.0, min_rounds=4, infer=0.0)
    >>> PimcSettings.parse({"rounds": "8", "infer": "1.5"}).infer
    1.5
    >>> PimcSettings.parse({"depth": "3"})
    Traceback (most recent call last):
    ...
    ValueError: pimc: unknown setting 'depth'; known: clock, infer, margin, melds, min_rounds, rounds, time, z
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tavolo.bots.ismcts import CLOCKS
from tavolo.bots.settings import Reader, non_negative, one_of, read_settings, seconds, whole
from tavolo.engine.errors import Text
from tavolo.engine.game import Game
from tavolo.games.burraco import native
from tavolo.games.burraco.game import BurracoGame
from tavolo.games.burraco.observation import BurracoObservation

NOT_BUILT = Text("pimc searches in the compiled Burraco core, which is not built here (make setup)")
MELDS = ("strong", "discard", "all")
"""``melds`` values, in the core's order (_pimc.cpp MeldMode)."""


@dataclass(frozen=True)
class PimcSettings:
    """The typed settings of :class:`PimcBot` (see the module docstring)."""

    time: float | None = None
    rounds: int | None = None
    clock: str = "wall"
    melds: str = "discard"
    margin: float = 10.0
    z: float = 1.0
    min_rounds: int = 4
    infer: float = 0.0

    @classmethod
    def parse(cls, settings: dict[str, str]) -> PimcSettings:
        """From a spec's strings; ``ValueError`` naming the setting at fault.

            >>> PimcSettings.parse({}).time
            0.1
            >>> PimcSettings.parse({"time": "0"})
            Traceback (most recent call last):
            ...
            ValueError: pimc: time must be a number of seconds > 0, got '0'
        """
        typed = read_settings("pimc", settings, _READERS)
        if typed.get("time") is None and typed.get("rounds") is None:
            typed["time"] = 0.1
        return cls(**typed)


_READERS: dict[str, Reader] = {
    "time": seconds, "rounds": whole, "clock": one_of(CLOCKS), "melds": one_of(MELDS), "margin": non_negative,
    "z": non_negative, "min_rounds": whole, "infer": non_negative,
}


class PimcBot:
    """Plays strong's choice or a rival that did better on sampled deals (module docstring).

    ``last_rounds`` is the number of rounds the last ``choose`` ran (0 when it had no rival to
    strong's choice), ``last_candidates`` its ``(action, rounds, mean difference)`` per
    candidate, strong's choice first.
    """

    def __init__(self, game: Game, seat: int, seed: int | None = None, **settings: str) -> None:
        if not isinstance(game, BurracoGame):
            raise ValueError(Text("{bot} plays Burraco, not {game}", bot="pimc", game=game.name))
        from tavolo.bots.heuristic import HeuristicBurracoBot

        self.settings = PimcSettings.parse(settings)
        self.game = game
        self.seat = seat
        self._rng = random.Random(seed)
        self._strong = [HeuristicBurracoBot("strong") for _ in range(game.num_players + 1)]
        self._searches: dict[tuple[int, int], Any] = {}
        self.last_rounds = 0
        self.last_candidates: tuple[tuple[int, int, float], ...] = ()

    def choose(self, observation: BurracoObservation, legal_actions: Sequence[int]) -> int:
        self.last_rounds, self.last_candidates = 0, ()
        if len(legal_actions) == 1:
            return legal_actions[0]
        view = observation.__dict__.get("_core_view")
        found = None if view is None else self._run(observation, view, legal_actions)
        if found is None:  # a Python state's observation, or a kept one whose state moved on
            loaded = native.compiled_observation(self.game, observation, self._rng)
            if loaded is None:
                raise ValueError(NOT_BUILT)
            found = self._run(observation, loaded.__dict__["_core_view"], legal_actions)
        action, self.last_rounds, self.last_candidates = found
        return action

    def _run(self, obs: BurracoObservation, view: Any, legal: Sequence[int]) -> Any:
        """The core's search from ``view``; ``None`` where its state has moved on."""
        s = self.settings
        return self._search(obs).search(view, list(legal), s.rounds or 0, s.time or 0.0, self._rng.getrandbits(64),
                                        s.clock == "cpu")

    def _search(self, obs: BurracoObservation) -> Any:
        """The core's search (``_core.Pimc``) for ``obs``'s table, made once: strong at the root
        (its turn plan follows the real game) and one strong rollout bot per seat."""
        key = (obs.players, obs.rule_set)
        if key not in self._searches:
            if not native.available():
                raise ValueError(NOT_BUILT)
            bots = [bot._compiled(obs, bot.weights(obs.players)) for bot in self._strong]
            s = self.settings
            self._searches[key] = native._core.Pimc(bots[-1], tuple(bots[:-1]), MELDS.index(s.melds), s.margin, s.z,
                                                    s.min_rounds, s.infer)
        return self._searches[key]
