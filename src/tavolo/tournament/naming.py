"""When two names are the same name: for entrants, players and events, and for the hall's seat finder.

Two names are one when they differ only in case, spacing or the apostrophe a phone types (iOS writes ``’``)::

    >>> name_key("Dell’Acqua  Rossi") == name_key("dell'acqua rossi")
    True

The seat finder forgives accents and apostrophes too (``cantu`` finds Cantù, ``Nicolo`` Nicolò, ``dellacqua``
Dell'Acqua), which registration does not (Nicolo and Nicolò may be two people)::

    >>> search_key("Nicolò Dell’Acqua"), search_key("CANTÙ")
    ('nicolo dellacqua', 'cantu')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from tavolo.tournament.errors import TournamentError

APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})


def name_key(text: str) -> str:
    """``text`` as compared: Unicode-normalized, case folded, one kind of apostrophe, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", text).translate(APOSTROPHES).casefold().split())


def search_key(text: str) -> str:
    """:func:`name_key` without accents and apostrophes, as a person types a name to find it."""
    plain = unicodedata.normalize("NFKD", name_key(text))
    return "".join(c for c in plain if not unicodedata.combining(c) and c != "'")


PARTICLES = frozenset({"d'", "da", "dal", "dalla", "dalle", "de", "degli", "dei", "del", "dell'", "della", "delle",
                       "dello", "di", "la", "le", "li", "lo", "san", "santa", "van", "von"})
"""Words that belong to the surname that follows them (De Luca, Lo Schiavo, Della Rovere)."""


def surname_first(name: str) -> tuple[str, str]:
    """A player's surname and first names, the surname being the last word with the particles before it:

    >>> surname_first("Gianluca Lo Schiavo"), surname_first("Maria Antonietta Dell’Acqua"), surname_first("Rossi")
    (('Lo Schiavo', 'Gianluca'), ('Dell’Acqua', 'Maria Antonietta'), ('Rossi', ''))
    """
    words = name.split()
    start = len(words) - 1
    while start > 1 and name_key(words[start - 1]) in PARTICLES:
        start -= 1
    return " ".join(words[start:]), " ".join(words[:start])


def check_event_name(name: str, existing: Iterable[str]) -> None:
    """Refuse a new event's name that only case, spacing or an apostrophe tells from an existing one's."""
    clash = next((known for known in existing if name_key(known) == name_key(name)), None)
    if clash is not None:
        raise TournamentError("a tournament named {name!r} exists already", name=clash)
