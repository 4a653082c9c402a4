"""Burraco's estimator, in the compiled core (``_core.Pimc``, ``_pimc.cpp``), and the kind of each
Burraco decision.

From the seat's observation alone (any link to the state it came from dropped), one deal of the
cards the seat could not see is copied into the core (:func:`~tavolo.games.burraco.native.
compiled_observation`); the core's search then deals afresh from the seat's view on every call,
so the cards of that first deal are never read as the truth. Each call is one round of the core's
search with every legal move a candidate (``melds=all``, at most 64: strong's choice first, the
rest in the legal order): the move played on one determinization, then ``heuristic:strong`` in
every seat to the hand's end, the value the hand's score of the seat's side less the other sides'
mean, as a difference to strong's choice on the same determinization (a paired sample). The
stock's order is part of the determinization and strong chooses without chance, so every
candidate meets the same cards.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from typing import Any

from tavolo.analysis.estimators import DealValues, collect
from tavolo.engine.errors import Text
from tavolo.engine.game import Game
from tavolo.engine.words import Words

KINDS = ("draw or take", "opening", "attaching", "discarding", "closing")
"""Burraco's kinds of decision, in the order of a turn (the summary's rows)."""
_KIND_OF = {"draw": "draw or take", "take": "draw or take", "open": "opening", "attach": "attaching",
            "discard": "discarding"}


def burraco_kind(action: int, words: Words) -> str:
    """The kind of a Burraco move: from its action's kind, a discard that closes the hand a closing."""
    from tavolo.games.burraco.actions import decode

    if words.key.endswith("and close"):
        return "closing"
    return _KIND_OF.get(decode(action)[0], "discarding")


def burraco_reason(observation: Any, played: Words, best: Words) -> Words | None:
    """The rules' reason of a Burraco decision, in words, where one applies: Campione closes or
    goes to the pozzetto, the move played closed, or at the draw the pile's cards."""
    from tavolo.games.rummy.words import card_words

    if played.key == best.key and played == best:
        return None
    if best.key.endswith("and close"):
        return Words.of("Campione closes the hand")
    if best.key.endswith("and take the pozzetto"):
        return Words.of("Campione goes to the pozzetto")
    if played.key.endswith("and close"):
        return Words.of("you closed: the hand was worth more played on")
    if {played.key, best.key} == {"draw", "take the discards"} and observation.pile:
        return Words.of("the discards: {cards}", cards=card_words(list(observation.pile)))
    return None


class CoreEstimator:
    """Burraco's moves valued in the core (module docstring); in Burraco points."""

    unit = "points"

    def __init__(self, game: Game, seat: int) -> None:
        from tavolo.games.burraco import native

        if not native.available():
            raise ValueError(Text("the analysis of Burraco needs the compiled core, which is not built here "
                                  "(make setup)"))
        self.game, self.seat, self._native = game, seat, native
        self._searches: dict[tuple[int, str], Any] = {}

    def estimate(self, observation: Any, legal: Sequence[int], seed: int, seconds: float | None = None,
                 deals: int | None = None) -> DealValues:
        start, rng = time.process_time(), random.Random(seed)
        seen = self._native.compiled_observation(self.game, dataclasses.replace(observation), rng)
        if seen is None:
            raise ValueError(Text("no Burraco hand is in play at this decision"))
        view, search, legal = seen.__dict__["_core_view"], self._search(seen), list(legal)
        first = search.search(view, legal, 1, 0.0, rng.getrandbits(64), True)
        actions = tuple(action for action, _, _ in first[2])
        rows = [tuple(mean for _, _, mean in first[2])]

        def one_deal() -> tuple[float, ...] | None:
            found = {a: mean for a, _, mean in search.search(view, legal, 1, 0.0, rng.getrandbits(64), True)[2]}
            return tuple(found[a] for a in actions) if all(a in found for a in actions) else None

        rows += collect(one_deal, None if seconds is None else max(0.0, seconds - (time.process_time() - start)),
                        None if deals is None else deals - 1)
        return DealValues(actions, tuple(rows), actions[0], time.process_time() - start)

    def _search(self, seen: Any) -> Any:
        """The core's search for this table (players, rule set): strong at the root and in every
        seat, every legal move a candidate, no racing (one round a call)."""
        key = (seen.players, seen.rule_set)
        if key not in self._searches:
            from tavolo.bots.pimc import PimcBot

            bot = PimcBot(self.game, self.seat, rounds="1", melds="all", min_rounds="1")
            self._searches[key] = bot._search(seen)
        return self._searches[key]
