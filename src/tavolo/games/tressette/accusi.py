"""Declarations (accusi) in Tressette: what may be declared, its points and its
notation (raccolta, Tressette, "L'accuso (o accusa) del bongioco e della napoli").

* napoli (napoletana): ace, two and three of one suit, 3 points;
* bongioco (buon gioco): three aces, twos or threes, 3 points; the fourth,
  missing card is the fagliante;
* superbongioco: all four, 4 points.

One declaration per suit for a napoli and one per rank for a bongioco or
superbongioco; a card may count in a napoli and in a bongioco (the accusa is
multiple). Each is an action id after the 40 cards::

    >>> from tavolo.cards import italian as it
    >>> a = accuso(ACCUSO_BASE + it.DENARI)
    >>> a.kind, it.names(a.cards), a.points
    ('napoli', 'Ad 2d 3d', 3)
    >>> [accuso_text(x) for x in available(it.parse_many("Ac Ad Ab 2d 3d 7s"))]
    ['declare napoli Ad 2d 3d', 'declare bongioco Ac Ad Ab']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tavolo.cards import italian as it
from tavolo.engine.errors import NotationError, Text
from tavolo.games.trick_taking.notation import card_id
from tavolo.games.trick_taking.tricks import NUM_CARDS, bits

ACCUSO_RANKS = (it.ACE, it.TWO, it.THREE)
DECLARE_VERBS = ("declare", "accuso", "accusa", "d")
KINDS = ("napoli", "bongioco", "superbongioco")


@dataclass(frozen=True)
class Accuso:
    """One declaration: its ``kind``, the ``cards`` it shows, its ``points``,
    ``once``: declarations sharing it exclude each other (a suit for a
    napoli, a rank for a bongioco or superbongioco), and for a bongioco its
    ``fagliante``, the card the hand must not hold (-1 otherwise)."""

    kind: str
    cards: tuple[int, ...]
    points: int
    once: tuple[str, int]
    fagliante: int = -1

    @property
    def mask(self) -> int:
        return bits(self.cards)


def _accusi() -> list[Accuso]:
    out = [Accuso("napoli", tuple(it.card(r, s) for r in ACCUSO_RANKS), 3, ("suit", s)) for s in it.SUITS]
    for r in ACCUSO_RANKS:
        for missing in it.SUITS:
            cards = tuple(it.card(r, s) for s in it.SUITS if s != missing)
            out.append(Accuso("bongioco", cards, 3, ("rank", r), it.card(r, missing)))
    out += [Accuso("superbongioco", tuple(it.card(r, s) for s in it.SUITS), 4, ("rank", r)) for r in ACCUSO_RANKS]
    return out


ACCUSI: tuple[Accuso, ...] = tuple(_accusi())
ACCUSO_BASE = NUM_CARDS
NUM_ACTIONS = ACCUSO_BASE + len(ACCUSI)
_BY_CARDS = {frozenset(a.cards): ACCUSO_BASE + i for i, a in enumerate(ACCUSI)}


def accuso(action: int) -> Accuso:
    """The declaration an action id makes; ``ValueError`` for any other id."""
    if not ACCUSO_BASE <= action < NUM_ACTIONS:
        raise ValueError(f"{action} is not a Tressette declaration id ({ACCUSO_BASE}..{NUM_ACTIONS - 1})")
    return ACCUSI[action - ACCUSO_BASE]


def available(hand: Iterable[int]) -> list[int]:
    """The declarations a hand holds: a bongioco only without its fagliante
    (with all four it is the superbongioco)."""
    mask = bits(hand)
    return [ACCUSO_BASE + i for i, a in enumerate(ACCUSI)
            if mask & a.mask == a.mask and not (a.fagliante >= 0 and mask >> a.fagliante & 1)]


def accuso_text(action: int) -> str:
    a = accuso(action)
    return f"declare {a.kind} {it.names(a.cards)}"


def parse_accuso(text: str, args: list[str]) -> int:
    """The declaration ``args`` name: its cards, after its kind if wished
    (``declare napoli Ad 2d 3d``, ``accuso 3c 3d 3b``)."""
    words = [w for w in args if w.lower() not in KINDS]
    cards = frozenset(card_id(text, w) for w in words)
    if len(cards) != len(words) or cards not in _BY_CARDS:
        raise NotationError(text, Text("declare the cards of a napoli (A 2 3 of a suit) or a bongioco "
                                       "(three or four aces, twos or threes), e.g. 'declare napoli Ad 2d 3d'"))
    action = _BY_CARDS[cards]
    kinds = [w.lower() for w in args if w.lower() in KINDS]
    if kinds and kinds != [accuso(action).kind]:
        raise NotationError(text, Text("{cards} is a {kind}, not a {said}", cards=it.names(sorted(cards)),
                                       kind=accuso(action).kind, said=kinds[0]))
    return action
