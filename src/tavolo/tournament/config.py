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

import re

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from tavolo.tournament import vp
from tavolo.tournament.errors import TournamentError

ARCA_SHIFT = 2
"""The ARCA rules' default Mitchell move: the E/W line "si sposta di 2, 3 o più tavoli"."""


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
            "unknown pairing system {name!r}; use one of {items}", name=name, items=", ".join(sorted(_SYSTEM_NAMES))
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
            raise TournamentError("a phase has at least one round, not {rounds}", rounds=self.rounds)
        if self.groups < 1:
            raise TournamentError("a phase has at least one group, not {groups}", groups=self.groups)
        if self.shifts and self.system is not System.MITCHELL:
            raise TournamentError("shifts belong to a Mitchell phase")
        if any(s < 1 for s in self.shifts):
            raise TournamentError("a Mitchell shift moves the E/W pairs by at least one table")

    def shift_plan(self) -> tuple[int, ...]:
        """The moves before rounds 2 .. ``rounds`` of the phase.

        By default the moving line moves :data:`ARCA_SHIFT` tables (the ARCA rules:
        "si spostano di 2, 3 o più tavoli"), raised where that would repeat a meeting.
        """
        given = self.shifts or (ARCA_SHIFT,)
        return tuple(given[min(i, len(given) - 1)] for i in range(self.rounds - 1))


def parse_phase(text: str) -> Phase:
    """``SYSTEM:ROUNDS[:groups=N][:shifts=A,B,..][:fresh]``, e.g. ``mitchell:3:shifts=2``."""
    system, _, rest = text.partition(":")
    rounds, *options = rest.split(":") if rest else ("",)
    if not rounds.strip().isdigit():
        raise TournamentError("phase {text!r}: write SYSTEM:ROUNDS, e.g. modified:4", text=text)
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
            raise TournamentError(
                "phase {text!r}: cannot read {option!r} (groups=N, shifts=A,B or fresh)", text=text, option=option
            ) from None
    return Phase(parse_system(system), int(rounds), **keywords)


class PrizeTies(StrEnum):
    """The declared rule for entrants tied (equal VP, MP and points) across a prize line.

    ``shared``: all of them take the prize (ex aequo), so more prizes may go out;
    ``registration``: the earlier registration takes it, the others none.
    """

    SHARED = "shared"
    REGISTRATION = "registration"


class TimeoutRule(StrEnum):
    """How a hand goes on once the round's time is out."""

    CODICE = "codice"
    """Codice art. 15: one round of play from the partner of the player on turn."""
    FEDIBUR = "fedibur"
    """Fedibur-1985 art. 10: finish the round up to the dealer, then one full round more."""


@dataclass(frozen=True)
class CategoryPrize:
    """Prizes of a category (ladies, mixed, a club...): the best ``count`` entrants tagged ``name``.

    An entrant belongs to a category when it was registered with it, or when
    its club is named so. Prizes are not cumulative: an entrant who wins a
    prize of the general ranking is passed over here.
    """

    name: str
    count: int = 1

    @property
    def label(self) -> str:
        """The category as a person reads it: the tag with a capital and its number apart (``over70``: Over 70)::

            >>> CategoryPrize("over70").label, CategoryPrize("dame").label, CategoryPrize("Circolo Roma").label
            ('Over 70', 'Dame', 'Circolo Roma')
        """
        spaced = re.sub(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])", " ", self.name.replace("_", " "))
        return spaced[:1].upper() + spaced[1:]

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TournamentError("a category prize needs the category's name")
        if self.count < 1:
            raise TournamentError(
                "category {name!r}: at least one prize, not {count}", name=self.name, count=self.count
            )


def parse_category_prize(text: str) -> CategoryPrize:
    """``NAME[:COUNT]``, e.g. ``dame:2`` or ``Circolo Roma``."""
    name, _, count = text.rpartition(":") if ":" in text else (text, "", "1")
    if not count.strip().isdigit():
        raise TournamentError("category prize {text!r}: write NAME or NAME:COUNT, e.g. dame:2", text=text)
    return CategoryPrize(name.strip(), int(count))


def parse_sessions(text: str) -> tuple[int, ...]:
    """Rounds per session as ``4,4``; empty for one session.

    >>> parse_sessions("3, 3"), parse_sessions("")
    ((3, 3), ())
    """
    if not text.strip():
        return ()
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isdigit() and int(part) > 0 for part in parts):
        raise TournamentError(
            "sessions {text!r}: write the rounds of each session as positive numbers, e.g. 4,4", text=text
        )
    return tuple(int(part) for part in parts)


@dataclass(frozen=True)
class TournamentConfig:
    """Everything fixed when a tournament is created (and announced to the players, codice art. 2).

    ``sessions`` splits the rounds into sessions (a pair rests at most once
    per session, codice art. 34); ``prizes`` is how many are awarded in each
    ranking, ``prize_ties`` what happens to a tie across the last prize, and
    ``category_prizes`` the prizes of categories; ``timeout`` is the rule
    announced when the round's time is out.
    """

    name: str
    kind: Kind = Kind.PAIRS
    deals: int = 3
    minutes: int = 0
    internazionale: bool = False
    phases: tuple[Phase, ...] = (Phase(System.MODIFIED, 6),)
    sessions: tuple[int, ...] = ()
    prizes: int = 3
    prize_ties: PrizeTies = PrizeTies.SHARED
    category_prizes: tuple[CategoryPrize, ...] = ()
    timeout: TimeoutRule = TimeoutRule.CODICE

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TournamentError("a tournament needs a name")
        if self.minutes < 0:
            raise TournamentError("a round lasts a positive number of minutes, not {minutes}", minutes=self.minutes)
        if self.prizes < 0:
            raise TournamentError("prizes cannot be negative ({prizes})", prizes=self.prizes)
        vp.table_for(self.deals)  # refuses anything but 2, 3, 4 deals
        if self.sessions and sum(self.sessions) != self.rounds:
            raise TournamentError(
                "sessions {sessions} do not add up to the {rounds} rounds planned",
                sessions=list(self.sessions),
                rounds=self.rounds,
            )
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
        """The VP table the rounds are scored by."""
        return vp.table_for(self.deals, teams=self.kind is Kind.TEAMS, internazionale=self.internazionale)

    @property
    def rest_table(self) -> vp.VpTable:
        """The table of the deals actually played, which scores byes, forfeits and abandonments.

        Codice art. 33-34 give those scores by the number of deals ("a seconda
        del numero delle mani"), whatever VP table ``internazionale`` uses.
        """
        return vp.table_for(self.deals, teams=self.kind is Kind.TEAMS)

    def phase_of(self, round_number: int) -> int:
        """The index of the phase that round ``round_number`` (1-based) belongs to."""
        first = 1
        for index, phase in enumerate(self.phases):
            if round_number < first + phase.rounds:
                return index
            first += phase.rounds
        raise TournamentError(
            "round {round_number} is past the {rounds} rounds planned", round_number=round_number, rounds=self.rounds
        )

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
        categories = tuple(CategoryPrize(**c) for c in data.get("category_prizes", ()))
        return cls(
            **{
                **data,
                "kind": Kind(data["kind"]),
                "phases": phases,
                "sessions": tuple(data["sessions"]),
                "prize_ties": PrizeTies(data.get("prize_ties", PrizeTies.SHARED)),
                "category_prizes": categories,
                "timeout": TimeoutRule(data.get("timeout", TimeoutRule.CODICE)),
            }
        )
