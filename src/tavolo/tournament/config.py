"""How a tournament is run: its kind, rounds, phases and pairing systems.

A plan is a list of phases, each with a pairing system, a number of rounds and
optionally a split into groups (gironi). The ARCA evening - three Mitchell
rounds, then three Danish rounds in three groups by standings - reads::

    >>> plan = [parse_phase("mitchell:3:shifts=2"), parse_phase("modified:3:groups=3")]
    >>> plan[0]
    Phase(system=<System.MITCHELL: 'mitchell'>, rounds=3, groups=1, shifts=(2,), fresh=False)
    >>> plan[1].system.label
    'danese modificato (modified Danish)'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from tavolo.tournament import vp
from tavolo.tournament.errors import TournamentError


class Kind(StrEnum):
    """Codice art. 2: tornei a coppie, a squadre, individuali."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and most players one entrant registers."""
        return {Kind.PAIRS: (2, 2), Kind.TEAMS: (4, 8), Kind.INDIVIDUAL: (1, 1)}[self]

    @property
    def entrant(self) -> str:
        """What one entrant is called: ``pair``, ``team`` or ``player``."""
        return {Kind.PAIRS: "pair", Kind.TEAMS: "team", Kind.INDIVIDUAL: "player"}[self]


class System(StrEnum):
    """The pairing systems of codice art. 2 (and the no-rematch Danish)."""

    DANISH = "danish"
    MODIFIED = "modified"
    STRICT = "strict"
    MITCHELL = "mitchell"
    ROUND_ROBIN = "roundrobin"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def uses_standings(self) -> bool:
        """Whether the pairing depends on the results so far (codice art. 19)."""
        return self in (System.DANISH, System.MODIFIED, System.STRICT)


_LABELS = {
    System.DANISH: "danese puro (pure Danish)",
    System.MODIFIED: "danese modificato (modified Danish)",
    System.STRICT: "danese senza rivincite (Danish, no rematch)",
    System.MITCHELL: "Mitchell",
    System.ROUND_ROBIN: "all'italiana (round robin, Berger)",
}

_SYSTEM_NAMES = {
    "danish": System.DANISH, "danese": System.DANISH, "pure": System.DANISH,
    "modified": System.MODIFIED, "modificato": System.MODIFIED, "danese-modificato": System.MODIFIED,
    "strict": System.STRICT, "no-rematch": System.STRICT, "senza-rivincite": System.STRICT,
    "mitchell": System.MITCHELL,
    "roundrobin": System.ROUND_ROBIN, "round-robin": System.ROUND_ROBIN, "italiana": System.ROUND_ROBIN,
    "berger": System.ROUND_ROBIN,
}  # fmt: skip


def parse_system(name: str) -> System:
    """A system by its English or Italian name."""
    try:
        return _SYSTEM_NAMES[name.strip().lower()]
    except KeyError:
        raise TournamentError(
            f"unknown pairing system {name!r}; use one of {', '.join(sorted(_SYSTEM_NAMES))}"
        ) from None


@dataclass(frozen=True)
class Phase:
    """Rounds played under one system, the field possibly split into groups.

    ``shifts`` are the Mitchell moves before each later round (the last one
    repeats); ``fresh`` ranks each group on this phase's rounds only instead
    of the whole event's.
    """

    system: System
    rounds: int
    groups: int = 1
    shifts: tuple[int, ...] = ()
    fresh: bool = False

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise TournamentError(f"a phase has at least one round, not {self.rounds}")
        if self.groups < 1:
            raise TournamentError(f"a phase has at least one group, not {self.groups}")
        if self.shifts and self.system is not System.MITCHELL:
            raise TournamentError("shifts belong to a Mitchell phase")
        if any(s < 1 for s in self.shifts):
            raise TournamentError("a Mitchell shift moves the E/W pairs by at least one table")

    def shift_plan(self) -> tuple[int, ...]:
        """The moves before rounds 2 .. ``rounds`` of the phase (1 table by default)."""
        given = self.shifts or (1,)
        return tuple(given[min(i, len(given) - 1)] for i in range(self.rounds - 1))


def parse_phase(text: str) -> Phase:
    """``SYSTEM:ROUNDS[:groups=N][:shifts=A,B,..][:fresh]``, e.g. ``mitchell:3:shifts=2``."""
    system, _, rest = text.partition(":")
    rounds, *options = rest.split(":") if rest else ("",)
    if not rounds.strip().isdigit():
        raise TournamentError(f"phase {text!r}: write SYSTEM:ROUNDS, e.g. modified:4")
    keywords: dict[str, Any] = {}
    for option in options:
        key, _, value = option.partition("=")
        try:
            if key == "groups":
                keywords["groups"] = int(value)
            elif key == "shifts":
                keywords["shifts"] = tuple(int(s) for s in value.split(","))
            elif key == "fresh" and not value:
                keywords["fresh"] = True
            else:
                raise ValueError
        except ValueError:
            raise TournamentError(f"phase {text!r}: cannot read {option!r} (groups=N, shifts=A,B or fresh)") from None
    return Phase(parse_system(system), int(rounds), **keywords)


@dataclass(frozen=True)
class TournamentConfig:
    """Everything fixed when a tournament is created (and announced to the players, codice art. 2).

    ``sessions`` splits the rounds into sessions (a pair rests at most once
    per session, codice art. 34); ``prizes`` is how many are awarded in each
    ranking.
    """

    name: str
    kind: Kind = Kind.PAIRS
    deals: int = 3
    minutes: int = 0
    internazionale: bool = False
    phases: tuple[Phase, ...] = (Phase(System.MODIFIED, 6),)
    sessions: tuple[int, ...] = ()
    prizes: int = 3

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TournamentError("a tournament needs a name")
        vp.table_for(self.deals)  # refuses anything but 2, 3, 4 deals
        if self.sessions and sum(self.sessions) != self.rounds:
            raise TournamentError(f"sessions {list(self.sessions)} do not add up to the {self.rounds} rounds planned")
        if self.kind is Kind.INDIVIDUAL and any(p.system is not System.DANISH or p.groups > 1 for p in self.phases):
            raise TournamentError(
                "an individual event pairs its partnerships by pure Danish in one group (system danish)"
            )

    @property
    def rounds(self) -> int:
        return sum(p.rounds for p in self.phases)

    @property
    def round_minutes(self) -> int:
        """The time of a round (codice art. 5), unless the director set another."""
        return self.minutes or vp.ROUND_MINUTES[self.deals]

    @property
    def table(self) -> vp.VpTable:
        return vp.table_for(self.deals, teams=self.kind is Kind.TEAMS, internazionale=self.internazionale)

    def phase_of(self, round_number: int) -> int:
        """The index of the phase that round ``round_number`` (1-based) belongs to."""
        first = 1
        for index, phase in enumerate(self.phases):
            if round_number < first + phase.rounds:
                return index
            first += phase.rounds
        raise TournamentError(f"round {round_number} is past the {self.rounds} rounds planned")

    def first_round_of(self, phase_index: int) -> int:
        return 1 + sum(p.rounds for p in self.phases[:phase_index])

    def session_of(self, round_number: int) -> int:
        """The 1-based session of a round; one session unless ``sessions`` says otherwise."""
        last = 0
        for index, length in enumerate(self.sessions, start=1):
            last += length
            if round_number <= last:
                return index
        return 1

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentConfig:
        phases = tuple(
            Phase(System(p["system"]), p["rounds"], p["groups"], tuple(p["shifts"]), p["fresh"]) for p in data["phases"]
        )
        return cls(**{**data, "kind": Kind(data["kind"]), "phases": phases, "sessions": tuple(data["sessions"])})
