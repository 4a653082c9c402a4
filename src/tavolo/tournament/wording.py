"""The words the log keeps, said in the reader's language on a printout or a screen.

A round's method and a result's note are written once, in the log, as they were made (``sorteggio (draw),
seed 331009``, ``danese modificato (modified Danish)``, ``late 3 min: +100 to the opponent``); a printout says
them in its own language, never half in one and half in the other::

    >>> italian = {"draw": "sorteggio", "seed {seed}": "seme {seed}"}.get
    >>> method_text("sorteggio (draw), seed 331009", italian), method_text("sorteggio (draw), seed 331009", english)
    ('sorteggio, seme 331009', 'draw, seed 331009')
    >>> note_text("late 3 min: +100 to the opponent", english)
    'late 3 min: +100 to the opponent'
"""

from __future__ import annotations

import re

from tavolo.tournament.config import System
from tavolo.tournament.errors import Message, Translator
from tavolo.tournament.seating import Seating

STANDINGS_METHOD = "classifica (standings)"
"""How a phase after the first is seated: on the standings."""
BILINGUAL = frozenset({*(s.label for s in Seating), *(s.label for s in System), STANDINGS_METHOD})
"""The labels written ``italiano (English)``: said by their English part, translated."""


def english(msgid: str) -> str | None:
    """The :data:`Translator` that keeps every text in English."""
    return None


def method_text(method: str, words: Translator = english) -> str:
    """A round's or a phase's method (its parts joined by ``; ``) in the language of ``words``."""
    return "; ".join(_method_part(part, words) for part in method.split("; "))


def _method_part(part: str, words: Translator) -> str:
    label, _, seed = part.partition(", seed ")
    said = _label(label, words)
    return f"{said}, {Message('seed {seed}', seed=seed).render(words)}" if seed else said


def _label(label: str, words: Translator) -> str:
    if label in BILINGUAL and label.endswith(")"):
        english_part = label[label.index("(") + 1 : -1]
        return words(english_part) or english_part
    swapped = re.fullmatch(r"manual: (\d+) and (\d+) swapped", label) or re.fullmatch(r"(\d+) and (\d+) swapped", label)
    if swapped:
        return Message("manual: {a} and {b} swapped", a=swapped[1], b=swapped[2]).render(words)
    if label == "manual pairing":
        return Message("manual pairing").render(words)
    return label


_NOTES = {
    "riposo (bye)": Message("bye"),
    "withdrawn (ritirata)": Message("withdrawn"),
    "late over 10 min: match lost": Message("late over 10 min: match lost"),
    "both sides abandoned (codice art. 33)": Message("both sides abandoned (codice art. 33)"),
    "temporary abandonment (codice art. 33)": Message("temporary abandonment (codice art. 33)"),
    "abandoned: match lost 0 VP (codice art. 33)": Message("abandoned: match lost 0 VP (codice art. 33)"),
    "punteggio arbitrale": Message("arbitral score"),
    "not playing": Message("not playing"),
    "result to enter": Message("result to enter"),
}


def note_text(note: str, words: Translator = english) -> str:
    """A result's note (:class:`~tavolo.tournament.results.Outcome`) in the language of ``words``."""
    if note in _NOTES:
        return _NOTES[note].render(words)
    late = re.fullmatch(r"late (\d+) min: \+(\d+) to the opponent", note)
    if late:
        return Message("late {minutes} min: +{bonus} to the opponent", minutes=late[1], bonus=late[2]).render(words)
    if note.startswith("punteggio arbitrale: "):
        return Message("arbitral score: {reason}", reason=note.removeprefix("punteggio arbitrale: ")).render(words)
    return note


def seat_text(seat: str, words: Translator = english) -> str:
    """An entrant's line in a round (``N/S``, ``E/W``, ``riposo``) in the language of ``words``."""
    return {"E/W": Message("E/W"), "riposo": Message("rest")}.get(seat, Message(seat)).render(words)
