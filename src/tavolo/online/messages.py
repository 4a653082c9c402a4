"""What the table service says to people: refusals and errors, in their language.

Every message is an English msgid of the ``server`` catalog with ``{named}``
placeholders (Italian in ``locales/it/LC_MESSAGES/server.po``)::

    >>> Refusal("not_your_turn", "It is not your turn").message("it")
    'Non è il tuo turno'
    >>> Refusal("not_found", "No table {table}", table="x1").to_json("en")["message"]
    'No table x1'
"""

from __future__ import annotations

from typing import Any

from tavolo.engine.errors import ActionError, AmbiguousActionError, IllegalActionError, NotationError
from tavolo.i18n import localize_error, rule_text, translate
from tavolo.i18n.refusals import render

DOMAIN = "server"


def say(msgid: str, lang: str, **params: Any) -> str:
    """``msgid`` of the ``server`` catalog in ``lang``."""
    return translate(msgid, lang, DOMAIN, **params)


class Refusal(Exception):
    """A request or frame refused: ``code`` for programs, the message for people.

    ``field`` names the request field at fault; ``error`` (the engine's, whose
    rule :meth:`rule_json` tells) and ``candidates`` come with a refused move
    (see :func:`refusal_of`); ``retry_after``, the seconds to wait before asking again.
    """

    def __init__(self, code: str, msgid: str, *, field: str | None = None,
                 candidates: list[str] | None = None, error: ActionError | None = None,
                 retry_after: int | None = None, **params: Any) -> None:
        super().__init__(msgid.format(**params) if params else msgid)
        self.code = code
        self.retry_after = retry_after
        self.msgid = msgid
        self.params = params
        self.field = field
        self.candidates = candidates
        self.candidate_words: list[dict[str, Any] | None] | None = None
        """The candidates in words (``Words`` JSON, None where one is no single move), set by the
        table that read the move."""
        self.error = error

    def message(self, lang: str) -> str:
        """The refusal in ``lang``; a param that is a :class:`~tavolo.engine.errors.Text` (a game's
        option refused by its rules) is said in ``lang`` too."""
        if self.error is not None:
            return localized_refusal(self.error, lang)
        return say(self.msgid, lang, **{name: render(value, lang) for name, value in self.params.items()})

    def rule_json(self, lang: str) -> dict[str, str] | None:
        """The broken rule of a refused move, its text in ``lang``, its seed article as written."""
        if not isinstance(self.error, IllegalActionError):
            return None
        rule = self.error.rule
        return {"code": rule.code, "text": rule_text(rule, lang), "source": rule.source}

    def to_json(self, lang: str) -> dict[str, Any]:
        return {"code": self.code, "message": self.message(lang), "field": self.field}


def localized_refusal(exc: ActionError, lang: str) -> str:
    """The engine's refusal ``exc`` in ``lang`` (the ``rules`` catalog): the one
    place the server turns an engine error into words."""
    return localize_error(exc, lang)


def refusal_of(exc: ActionError) -> Refusal:
    """The refusal of a move the engine would not play, with its rule or candidates."""
    if isinstance(exc, IllegalActionError):
        return Refusal("illegal", "Illegal move", error=exc)
    if isinstance(exc, AmbiguousActionError):
        return Refusal("ambiguous", "Ambiguous move", candidates=list(exc.candidates), error=exc)
    if isinstance(exc, NotationError):
        return Refusal("notation", "Not a move", error=exc)
    return Refusal("illegal", "Illegal move", error=exc)
