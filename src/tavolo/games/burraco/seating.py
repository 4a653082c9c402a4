"""Drawing for seats at a table of four (fedibur-1985 art. 2; codice art. 3;
ARCA regulation, Regole di gioco 1).

Each player draws a card. The highest chooses his place, keeps the score and
is served first (servito, East); his partner sits opposite (West). The player
of the other pair with the lower card deals first (cartaro, North), to the
servito's right; his partner is South. Cards rank joker, 2, A, K, ..., 3, and
equal ranks by suit hearts, diamonds, clubs, spades; two players drawing the
very same card (two decks) draw again.

In Tavolo's seat numbers the first hand's dealer is seat 3, so play starts at
seat 0: seats 0, 1, 2, 3 are East, South, West, North.

    >>> from tavolo.cards import french as fr
    >>> draw = seat_draw({"Anna": fr.parse("Kh"), "Bruno": fr.parse("3c"),
    ...                   "Carla": fr.parse("7d"), "Dario": fr.parse("9s")},
    ...                  partners=[("Anna", "Bruno"), ("Carla", "Dario")])
    >>> draw.seats, draw.scorer
    (('Anna', 'Dario', 'Bruno', 'Carla'), 'Anna')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tavolo.cards import french as fr
from tavolo.games.burraco.cards import seat_draw_key


@dataclass(frozen=True)
class SeatDraw:
    seats: tuple[str, str, str, str]
    """Players by seat: East (servito), South, West, North (first dealer)."""
    scorer: str
    """Who drew highest: keeps the score (codice art. 3, art. 18)."""


class RedrawNeeded(ValueError):
    """Two players drew the very same card and must draw again (codice art. 3)."""

    def __init__(self, players: list[str]) -> None:
        super().__init__(f"{' and '.join(players)} drew the same card and draw again")
        self.players = players


def seat_draw(cards: Mapping[str, int], partners: Sequence[tuple[str, str]]) -> SeatDraw:
    """Seat four players, two pairs, from the card each drew."""
    if len(partners) != 2 or sorted(p for pair in partners for p in pair) != sorted(cards):
        raise ValueError("a seat draw needs two pairs and one card for each of the four players")
    by_card: dict[int, list[str]] = {}
    for player, card in cards.items():
        by_card.setdefault(card, []).append(player)
    for players in by_card.values():
        if len(players) > 1:
            raise RedrawNeeded(sorted(players))
    servito = max(cards, key=lambda p: seat_draw_key(cards[p]))
    own, other = partners if servito in partners[0] else partners[::-1]
    partner = own[1] if own[0] == servito else own[0]
    dealer = min(other, key=lambda p: seat_draw_key(cards[p]))
    dealer_partner = other[1] if other[0] == dealer else other[0]
    return SeatDraw((servito, dealer_partner, partner, dealer), servito)


def draw_order_text(cards: Mapping[str, int]) -> str:
    """The drawn cards from highest to lowest, for showing the draw was fair."""
    ordered = sorted(cards, key=lambda p: seat_draw_key(cards[p]), reverse=True)
    return ", ".join(f"{p} {fr.name(cards[p])}" for p in ordered)
