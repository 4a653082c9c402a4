"""What the tournament director is told when something cannot be done.

A refusal carries its English text as a message id with named parameters,
so that the command line and the pages show it in the director's language
(the ``tournament`` message catalog) without this package knowing any::

    >>> error = TournamentError("round {number} has not been paired yet", number=5)
    >>> str(error)
    'round 5 has not been paired yet'
    >>> error.message.render({"round {number} has not been paired yet": "il turno {number} non è ancora abbinato"}.get)
    'il turno 5 non è ancora abbinato'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Translator = Callable[[str], str | None]
"""English msgid -> its translation, or ``None`` to keep the English."""


class Message:
    """An English text with ``{named}`` placeholders and their values, rendered in any language."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params

    def render(self, translate: Translator) -> str:
        """The text in the language of ``translate``; parameters that are messages are rendered too."""
        params = {k: _rendered(v, translate) for k, v in self.params.items()}
        return (translate(self.msgid) or self.msgid).format(**params) if params else translate(self.msgid) or self.msgid

    def __str__(self) -> str:
        return self.render(lambda msgid: None)

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, **{self.params!r})"


def _rendered(value: Any, translate: Translator) -> Any:
    if isinstance(value, Message | TournamentError):
        return value.render(translate) if isinstance(value, Message) else value.message.render(translate)
    return value


class TournamentError(ValueError):
    """A command or an input that was refused; the message says what was wrong and where."""

    def __init__(self, msgid: str | Message, **params: Any) -> None:
        self.message = msgid if isinstance(msgid, Message) else Message(msgid, **params)
        super().__init__(str(self.message))


class NoCompletePairing(TournamentError):
    """No pairing of the whole field respects the rules asked for."""
