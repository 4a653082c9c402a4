"""Pinnacola's options: the seed's game (``raccolta-regole-giochi-di-carte.txt``,
"Pinnacola") and the variants it names.

    >>> PinnacolaOptions().partnerships, PinnacolaOptions(players=3).partnerships
    (True, False)
    >>> PinnacolaOptions(target=1800)
    Traceback (most recent call last):
    ...
    ValueError: a match to 1800: choose 1500, 2000 or 2500, or None for one hand
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tavolo.engine.errors import Text

HAND_SIZES = (13, 15, 19)
TARGETS = (1500, 2000, 2500)
CLOSING = 100
PINNACOLONE = 1500


@dataclass(frozen=True)
class PinnacolaOptions:
    """Everything that makes one Pinnacola game differ from another.

    ``players``: 2 to 4; ``partnerships``: at four, pairs facing (default) or
    each alone ("È possibile giocare individualmente"); ``hand_size``: 13, or
    15 or 19 ("in alcune varianti"); ``target``: 1500, 2000 or 2500, ``None``
    for one hand; ``joker_points``: a matta 25 or 30 ("in alcune versioni");
    ``clean_run``: a run without a matta (a mattino may be in it) of this
    many cards or more doubles its points, 7 or 6; ``swap_must_meld``: a matta taken off the table must be
    melded at once ("Facoltativo"); ``poker_and_pinnacola``: closing needs a
    poker and a pinnacola among the side's melds (the seed's variant).
    """

    players: int = 4
    partnerships: bool = field(default=None)  # type: ignore[assignment]
    hand_size: int = 13
    target: int | None = 1500
    joker_points: int = 25
    clean_run: int = 7
    swap_must_meld: bool = False
    poker_and_pinnacola: bool = False

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise ValueError(Text("Pinnacola is played by 2, 3 or 4 players, not {players}", players=self.players))
        if self.partnerships is None:
            object.__setattr__(self, "partnerships", self.players == 4)
        if self.partnerships and self.players != 4:
            raise ValueError(Text("pairs against pairs need four players"))
        if self.hand_size not in HAND_SIZES:
            raise ValueError(Text("{hand_size} cards each: choose 13, 15 or 19", hand_size=self.hand_size))
        if self.target is not None and self.target not in TARGETS:
            raise ValueError(Text("a match to {target}: choose 1500, 2000 or 2500, or None for one hand",
                                  target=self.target))
        if self.joker_points not in (25, 30):
            raise ValueError(Text("a matta is worth 25 or 30, not {joker_points}", joker_points=self.joker_points))
        if self.clean_run not in (6, 7):
            raise ValueError(Text("a clean run doubles from 7 cards, or 6: not {clean_run}", clean_run=self.clean_run))

    @property
    def sides(self) -> int:
        return 2 if self.partnerships else self.players

    def side(self, seat: int) -> int:
        """The side (pair, or the player alone) of ``seat``: partners face each other."""
        return seat % 2 if self.partnerships else seat
