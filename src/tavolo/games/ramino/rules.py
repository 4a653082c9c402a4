"""Ramino's options: the seed's game (``raccolta-regole-giochi-di-carte.txt``,
"Ramino") and the variants it names.

    >>> RaminoOptions(players=6).decks
    2
    >>> RaminoOptions(players=3, closing_limit=10).closing_limit
    10
    >>> RaminoOptions(match="hands", closing_limit=5)
    Traceback (most recent call last):
    ...
    ValueError: a match of a fixed number of hands with fiches closes only a zero (closing_limit 0), not 5
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tavolo.engine.errors import Text

HAND_SIZES = (7, 9, 10)
CLOSING_LIMITS = (0, 5, 10)
JOKER_PENALTIES = (25, 20)
MATCHES = ("101", "hands")
ELIMINATION = 101
"""A player whose penalty points go over 101 is out ("superano tale tetto")."""


def default_decks(players: int) -> int:
    """One deck with its two jokers up to three players, two decks with four jokers
    from four (DECISIONS.md: the seed leaves it to the table)."""
    return 1 if players <= 3 else 2


@dataclass(frozen=True)
class RaminoOptions:
    """Everything that makes one Ramino game differ from another.

    ``players``: 2 to 7; ``hand_size``: 10 (the most common), 7 or 9;
    ``decks``: French decks with two jokers each (default by the table size);
    ``closing_limit``: 0 closes only "a zero", 5 or 10 "ai punti" with loose
    cards worth at most that; ``same_suit_groups``: tris and quartetti may
    repeat a suit ("accordandosi preventivamente"); ``joker_penalty``: 25 or 20;
    ``match``: ``"101"`` (out over 101, the last one left wins), ``"hands"``
    (a fixed number of ``hands``, a fiche from everyone to whoever closes) or
    ``None`` for one hand; ``reentry``: in a match to 101 a player who goes over
    may come back once at the worst score still in, while more than two remain.
    """

    players: int = 4
    hand_size: int = 10
    decks: int = field(default=0)
    closing_limit: int = 0
    same_suit_groups: bool = False
    joker_penalty: int = 25
    match: str | None = "101"
    hands: int = 10
    reentry: bool = False

    def __post_init__(self) -> None:
        if self.players not in range(2, 8):
            raise ValueError(Text("Ramino is played by 2 to 7 players, not {players}", players=self.players))
        if self.hand_size not in HAND_SIZES:
            raise ValueError(Text("{hand_size} cards each: choose 7, 9 or 10", hand_size=self.hand_size))
        if not self.decks:
            object.__setattr__(self, "decks", default_decks(self.players))
        if self.decks not in (1, 2):
            raise ValueError(Text("{decks} decks: choose 1 or 2", decks=self.decks))
        if self.players * self.hand_size + 1 > 54 * self.decks - 10:
            raise ValueError(Text("{players} players with {hand_size} cards need two decks",
                                  players=self.players, hand_size=self.hand_size))
        if self.closing_limit not in CLOSING_LIMITS:
            raise ValueError(Text("closing with {closing_limit} points: choose 0 (a zero), 5 or 10 (ai punti)",
                                  closing_limit=self.closing_limit))
        if self.joker_penalty not in JOKER_PENALTIES:
            raise ValueError(Text("a joker left in hand costs 25 or 20, not {joker_penalty}",
                                  joker_penalty=self.joker_penalty))
        if self.match not in (*MATCHES, None):
            raise ValueError(Text("match {match}: choose '101', 'hands' or None for one hand", match=repr(self.match)))
        if self.match == "hands" and self.closing_limit:
            raise ValueError(Text("a match of a fixed number of hands with fiches closes only a zero "
                                  "(closing_limit 0), not {closing_limit}",
                                  closing_limit=self.closing_limit))
        if self.hands < 1:
            raise ValueError(Text("a match of {hands} hands: play at least one", hands=self.hands))
