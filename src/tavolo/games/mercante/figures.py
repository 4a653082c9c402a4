"""The 40 figures of Tavolo's Mercante in fiera deck (raccolta, "Mercante in fiera",
"Mazzo": "2 mazzi identici da 40 carte ciascuno le cui carte rappresentano ognuna una
figura diversa"): Italian pictures of the fair, the farm and the town, each drawn by
the browser view. Two identical decks: the blue one to sell (ids 0-39, a figure's
number) and the red one to draw the prizes (ids 40-79).

A figure is written by its one-word Italian name::

    >>> name(parse("Gallo")), name(40 + parse("gallo")), len(FIGURES)
    ('gallo', 'gallo', 40)
    >>> parse("drago")
    Traceback (most recent call last):
    ...
    tavolo.cards.errors.CardNotationError: 'drago': no such figure (the 40 are gallo, gatto, cane, ...)
"""

from __future__ import annotations

from tavolo.cards.errors import CardNotationError

FIGURES = (
    "gallo", "gatto", "cane", "asino", "bue", "pecora", "maiale", "oca", "pesce", "lumaca",
    "luna", "sole", "stella", "nuvola", "albero", "fiore", "mela", "pera", "uva", "limone",
    "pane", "formaggio", "fiasco", "caffettiera", "pizza", "gondola", "nave", "carro", "mulino", "torre",
    "campana", "chiave", "lanterna", "ombrello", "violino", "tamburo", "cappello", "scarpa", "ancora",
    "pulcinella",
)
"""The figures in deck order (the picture each names is drawn in the browser view)."""
NUM_FIGURES = len(FIGURES)
BLUE, RED = 0, 1


def figure(card: int) -> int:
    """The figure a card shows, whichever deck it is from."""
    return card % NUM_FIGURES


def name(card: int) -> str:
    if not 0 <= card < 2 * NUM_FIGURES:
        raise ValueError(f"not a Mercante card id: {card}")
    return FIGURES[figure(card)]


def parse(text: str) -> int:
    """The figure (0-39) ``text`` names."""
    word = text.strip().lower()
    if word not in FIGURES:
        raise CardNotationError(text, "no such figure (the 40 are {first}, ...)", first=", ".join(FIGURES[:3]))
    return FIGURES.index(word)


def deck() -> tuple[int, ...]:
    """The blue deck then the red one."""
    return tuple(range(2 * NUM_FIGURES))
