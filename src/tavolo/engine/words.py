"""What a move says to a person (le parole della mossa): a message key and its parameters, put
into the reader's language by each face (the web log and buttons, the terminal) from the
``moves`` catalog. The notation (``discard 3h``) stays for the box and the files; the words are
what people read ("scarta 3♥", "Bot 3 scarta 3♥").

A :class:`Words` is a ``key`` (the English text with ``{named}`` placeholders, the ``msgid`` of
the ``moves`` catalog) and its parameters. A parameter is one of:

- a ``str`` or an ``int``, written as it is (a meld's number, an amount);
- :class:`Cards`: cards, drawn short in the reader's language with suit symbols ("3♥", "R di
  bastoni");
- :class:`Seat`: a seat, named as the reader knows it ("Tu", "Anna", "Bot 2", "Sud");
- a nested :class:`Words`, translated in turn (a strain, "senza atout").

    >>> words = Words.of("discard {cards}", cards=Cards(("3h",)))
    >>> words.to_json()
    {'key': 'discard {cards}', 'params': {'cards': {'cards': ['3h'], 'deck': 'french'}}}
    >>> Words.from_json(words.to_json()) == words
    True
    >>> Words.of("{move}", move="pass").to_json()
    {'key': '{move}', 'params': {'move': 'pass'}}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

DECKS = ("french", "italian", "tarot")
"""The decks a :class:`Cards` parameter names its cards in: the tokens the browser's
``cards.js`` (French and Italian) and ``tarot.js`` (tarot) draw."""


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards named in a move (carte): ``tokens`` as the browser draws them (``"3h"``, ``"Kc"``,
    ``"*"`` the joker; Italian ``"Jd"`` fante di denari; tarot ``"XXI"``, ``"0"`` the Matto)."""

    tokens: tuple[str, ...]
    deck: str = "french"

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.tokens), "deck": self.deck}

    def __str__(self) -> str:
        """The cards in notation, where no catalog says them (a refusal's English):
        ``str(Cards(("3s", "Kh")))`` is ``'3s Kh'``."""
        return " ".join(self.tokens)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat named in a move (posto): the reader names it ("Tu", "Anna", "Sud")."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat}


Param = Union[str, int, Cards, Seat, "Words"]


@dataclass(frozen=True, slots=True)
class Words:
    """A move in words: ``key``, the English ``msgid`` with ``{placeholders}``, and ``params``
    (name, value) in order."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Param) -> Words:
        """``Words`` from keyword parameters: ``Words.of("play {card}", card=Cards(("5s",)))``."""
        return cls(key, tuple(params.items()))

    @classmethod
    def notation(cls, text: str) -> Words:
        """The notation itself, for a game that says no words yet (read as it is)."""
        return cls.of("{move}", move=text)

    def param(self, name: str) -> Param:
        return dict(self.params)[name]

    def __str__(self) -> str:
        """The words in English where no catalog says them (the English of a refusal that
        names a seat or a call in words, a file's complaint); for words of text and numbers:

        >>> str(Words.of("{bid} by {seat}", bid=Words.of("{level} NT", level=3), seat=Words.of("North")))
        '3 NT by North'
        """
        return self.key.format_map({name: str(value) for name, value in self.params})

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {name: _param_json(value) for name, value in self.params}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Words:
        return cls(data["key"], tuple((name, _param_from_json(value)) for name, value in data["params"].items()))


def _param_json(value: Param) -> Any:
    return value if isinstance(value, (str, int)) else value.to_json()


def _param_from_json(value: Any) -> Param:
    if isinstance(value, (str, int)):
        return value
    if "cards" in value:
        return Cards(tuple(value["cards"]), value["deck"])
    if "seat" in value:
        return Seat(value["seat"])
    return Words.from_json(value)
