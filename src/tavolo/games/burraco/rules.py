"""Burraco's rule options: one frozen object per game, named rule sets as data.

Three rule sets are played (DECISIONS.md, "Burraco: rule sets"):

* ``fibur`` (default): the FIBUR rules (estratto + codice); semi-clean
  burraco (semipulito) counts 150;
* ``fedibur1985``: the 1985 FEDIBUR rules: no semipulito; its own time-out
  (art. 10);
* ``internazionale``: closing needs a clean burraco, combinations only of aces
  and threes, the discard pile only when a card of it or of the hand can be
  melded at once, and then one must be (codice, "Il codice del Burraco
  Internazionale", rules 1-3, art. 8); no semipulito.

    >>> opts = BurracoOptions.for_rule_set("internazionale", players=4)
    >>> opts.clean_to_close, opts.group_ranks, opts.semiclean
    (True, (1, 3), False)
    >>> BurracoOptions(target=1234)
    Traceback (most recent call last):
    ...
    ValueError: target 1234: choose one of 505, 1005, 2005, 3005, 5005, or None for a single hand
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from tavolo.engine.errors import Text

TARGETS = (505, 1005, 2005, 3005, 5005)
MAX_HANDS = 20
"""The most smazzate a match by number of hands may have."""
MAX_ALONE_THRESHOLD = 10_000
"""The highest "everyone alone" threshold (above every target, and within the core's field)."""
GROUP_RANK_CHOICES = (1, *range(3, 14))
"""The ranks a combination may have (the two is wild): ``group_ranks`` chooses among them."""
TimeOutRule = Literal["codice", "fedibur1985"]

RULE_SETS: dict[str, dict[str, Any]] = {
    "fibur": {},
    "fedibur1985": {"semiclean": False, "time_out": "fedibur1985"},
    "internazionale": {"semiclean": False, "clean_to_close": True, "group_ranks": (1, 3),
                       "take_needs_meld": True},
}


@dataclass(frozen=True)
class BurracoOptions:
    """Everything that makes one Burraco game differ from another.

    ``target`` is the match target (estratto "Punteggio finale"), or ``None``
    for a game of a single hand (smazzata); ``hands`` (with no target) plays a
    fixed number of smazzate instead, as a tournament round does (codice art. 5;
    ARCA: "turni di tre smazzate"), and the totals decide. ``time_out`` is how a hand ends
    after the arbiter's time-out (``None``: no time-out in this game).
    For 3 and 5 players: ``lone_vs_pairs`` (the first to a pozzetto takes the
    18 and plays alone; otherwise everyone alone from the start),
    ``alone_threshold`` (once a player reaches it, everyone alone: 1000 in the
    estratto, 1500 in the codice) and ``pair_share`` (a pair's hand points
    are split in ``"half"`` between its players, estratto "si dividono i
    punti", or each is credited in ``"full"``).
    """

    rule_set: str = "fibur"
    players: int = 4
    target: int | None = 2005
    hands: int | None = None
    semiclean: bool = True
    clean_to_close: bool = False
    group_ranks: tuple[int, ...] | None = None
    take_needs_meld: bool = False
    time_out: TimeOutRule | None = "codice"
    lone_vs_pairs: bool = True
    alone_threshold: int = 1000
    pair_share: Literal["half", "full"] = "half"

    def __post_init__(self) -> None:
        """Every field checked, as the compiled core reads them all (issue 42): a value of the
        wrong type or out of range is a ``ValueError`` that names the option."""
        if type(self.rule_set) is not str or self.rule_set not in RULE_SETS:
            raise ValueError(Text("rule set {rule_set}: choose one of {rule_sets}",
                                  rule_set=repr(self.rule_set), rule_sets=", ".join(RULE_SETS)))
        if type(self.players) is not int or self.players not in range(2, 7):
            raise ValueError(Text("Burraco is played by 2 to 6 players, not {players}", players=self.players))
        if self.target is not None and (type(self.target) is not int or self.target not in TARGETS):
            choices = ", ".join(map(str, TARGETS))
            raise ValueError(Text("target {target}: choose one of {choices}, or None for a single hand",
                                  target=self.target, choices=choices))
        if self.hands is not None and (type(self.hands) is not int or not 1 <= self.hands <= MAX_HANDS):
            raise ValueError(Text("hands {hands}: a number of smazzate from 1 to {max_hands}",
                                  hands=repr(self.hands), max_hands=MAX_HANDS))
        if self.hands is not None and self.target is not None:
            raise ValueError(Text("choose a target or a number of smazzate, not both"))
        if self.time_out not in (None, "codice", "fedibur1985"):
            raise ValueError(Text("time_out {time_out}: choose 'codice', 'fedibur1985' or None",
                                  time_out=repr(self.time_out)))
        if self.pair_share not in ("half", "full"):
            raise ValueError(Text("pair_share {pair_share}: choose 'half' or 'full'", pair_share=repr(self.pair_share)))
        for option in ("semiclean", "clean_to_close", "take_needs_meld", "lone_vs_pairs"):
            if type(getattr(self, option)) is not bool:
                raise ValueError(Text("{option} {value}: choose true or false", option=option,
                                      value=repr(getattr(self, option))))
        if type(self.alone_threshold) is not int or not 1 <= self.alone_threshold <= MAX_ALONE_THRESHOLD:
            raise ValueError(Text("alone_threshold {alone_threshold}: a number of points from 1 to {most}",
                                  alone_threshold=repr(self.alone_threshold), most=MAX_ALONE_THRESHOLD))
        if self.group_ranks is not None:
            ranks = self.group_ranks
            if (type(ranks) not in (tuple, list) or not ranks or len(set(ranks)) != len(ranks)
                    or any(type(rank) is not int or rank not in GROUP_RANK_CHOICES for rank in ranks)):
                raise ValueError(Text("group_ranks {group_ranks}: different ranks among 1 (the ace) and 3 to 13 "
                                      "(the king), or None for all", group_ranks=repr(ranks)))
            object.__setattr__(self, "group_ranks", tuple(ranks))

    @classmethod
    def for_rule_set(cls, rule_set: str = "fibur", **overrides: Any) -> BurracoOptions:
        """The named rule set, with table settings or single rules overridden."""
        if rule_set not in RULE_SETS:
            raise ValueError(Text("rule set {rule_set}: choose one of {rule_sets}",
                                  rule_set=repr(rule_set), rule_sets=", ".join(RULE_SETS)))
        known = {f.name for f in fields(cls)}
        unknown = set(overrides) - known
        if unknown:
            raise ValueError(Text("unknown Burraco option(s) {unknown}; known: {known}",
                                  unknown=", ".join(sorted(unknown)), known=", ".join(sorted(known))))
        return cls(rule_set=rule_set, **{**RULE_SETS[rule_set], **overrides})

    def with_changes(self, **changes: Any) -> BurracoOptions:
        return replace(self, **changes)

    @property
    def decks(self) -> int:
        """Two French decks with 4 jokers; three for 5 and 6 players (estratto)."""
        return 3 if self.players >= 5 else 2


@dataclass(frozen=True)
class TableSetup:
    """How one hand is laid out: pozzetto sizes and the sides (partnerships).

    ``sides`` is ``None`` while they are not yet known: at 3 and 5 players the
    first player to a pozzetto takes the first (18 cards) and plays alone.
    """

    pozzetti: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...] | None

    @property
    def pozzetto_cards(self) -> int:
        return sum(self.pozzetti)


HAND_SIZE = 11


def table_setup(options: BurracoOptions, everyone_alone: bool) -> TableSetup:
    """The pozzetti and sides of a hand (DECISIONS.md; estratto "Il gioco in 2..6").

    >>> table_setup(BurracoOptions(players=3), everyone_alone=False)
    TableSetup(pozzetti=(18, 11), sides=None)
    >>> table_setup(BurracoOptions(players=6), everyone_alone=False).sides
    ((0, 2, 4), (1, 3, 5))
    """
    n = options.players
    if n in (2, 4, 6):
        sides = tuple(tuple(range(first, n, 2)) for first in (0, 1)) if n > 2 else ((0,), (1,))
        return TableSetup((HAND_SIZE, HAND_SIZE), sides)
    if everyone_alone or not options.lone_vs_pairs:
        return TableSetup((HAND_SIZE,) * n, tuple((seat,) for seat in range(n)))
    return TableSetup((18,) + (HAND_SIZE,) * (n // 2), None)


def lone_and_pairs(lone: int, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides once ``lone`` has taken the 18-card pozzetto: alone against the
    other two (3 players) or against two pairs of facing players (5 players,
    estratto "Il gioco in 5").

    >>> lone_and_pairs(1, 5)
    ((1,), (2, 4), (3, 0))
    """
    others = [(lone + k) % players for k in range(1, players)]
    if players == 3:
        return ((lone,), tuple(others))
    return ((lone,), (others[0], others[2]), (others[1], others[3]))
