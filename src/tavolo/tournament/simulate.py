"""A whole event played out with random scores (or, once wired, bots), to demo and to test at scale.

Every deal is scored by a :data:`DealScorer`: a function from a seed to the
two sides' points. :func:`random_deal` draws plausible Burraco totals;
:func:`engine_deal_scorer` has bots play each deal through the
Burraco engine. The whole event is seeded, so a simulation can be repeated::

    >>> from tavolo.tournament.config import TournamentConfig, parse_phase
    >>> from tavolo.tournament.standings import standings
    >>> t = Tournament(TournamentConfig("Prova", phases=(parse_phase("modified:4"),)))
    >>> recorder = InMemory(t)
    >>> recorder.record(register_field(t, 10))
    >>> play_event(recorder, seed=7)
    >>> len(t.rounds), sum(line.vp for line in standings(t)) == 10 // 2 * 20 * 4
    (4, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from tavolo.tournament import commands
from tavolo.tournament.config import Kind
from tavolo.tournament.events import EntrantRegistered, Event
from tavolo.tournament.results import missing_tables
from tavolo.tournament.seating import Seating
from tavolo.tournament.state import Tournament

DealScorer = Callable[[int], tuple[int, int]]
"""``deal_scorer(seed) -> (points_ns, points_ew)``: one deal's points for each side."""


class Recorder(Protocol):
    """Where a simulation's events go: a tournament kept in memory, or a stored one."""

    @property
    def tournament(self) -> Tournament: ...

    def record(self, events: Sequence[Event]) -> None:
        """Apply ``events`` to :attr:`tournament` (and keep them)."""


class InMemory:
    """A :class:`Recorder` that only applies the events."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament

    def record(self, events: Sequence[Event]) -> None:
        for event in events:
            self.tournament.apply(event)


def random_deal(seed: int) -> tuple[int, int]:
    """Plausible totals of one deal: the closing side 400-1200, the other -200-700, in fives."""
    rng = random.Random(seed)
    closing, other = 5 * rng.randint(80, 240), 5 * rng.randint(-40, 140)
    return (closing, other) if rng.random() < 0.5 else (other, closing)


def engine_deal_scorer() -> DealScorer:
    """Bots playing each deal through the Burraco engine (:func:`tavolo.bots.deals.deal_scorer`),
    imported only when asked for."""
    from tavolo.bots.deals import deal_scorer

    return deal_scorer


def register_field(tournament: Tournament, entrants: int) -> list[Event]:
    """Events registering ``entrants`` made-up pairs, teams or players."""
    size = tournament.config.kind.players[0]
    noun = {Kind.PAIRS: "Coppia", Kind.TEAMS: "Squadra", Kind.INDIVIDUAL: "Giocatore"}[tournament.config.kind]
    return [
        EntrantRegistered(n, f"{noun} {n}", tuple(f"G{n}.{i}" for i in range(1, size + 1)))
        for n in range(1, entrants + 1)
    ]


def play_event(recorder: Recorder, *, seed: int, deal_scorer: DealScorer = random_deal) -> None:
    """Seat by a draw, then score and pair every round until the last is scored."""
    tournament = recorder.tournament
    rng = random.Random(seed)
    recorder.record(commands.seat(tournament, Seating.DRAW, seed=rng.randrange(1_000_000)))
    while True:
        recorder.record(_score_round(tournament, rng, deal_scorer))
        if tournament.next_round > tournament.config.rounds:
            return
        recorder.record(commands.pair(tournament))


def _score_round(tournament: Tournament, rng: random.Random, deal_scorer: DealScorer) -> list[Event]:
    played = tournament.last_round
    deals = tournament.config.deals * (2 if tournament.config.kind is Kind.TEAMS else 1)
    events: list[Event] = []
    for table in missing_tables(tournament, played):
        ns, ew = zip(*(deal_scorer(rng.randrange(2**32)) for _ in range(deals)))
        events += commands.enter_score(tournament, played.number, table, ns, ew)
    return events
