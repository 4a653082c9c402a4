"""What the terminal says, in the player's language (Italian first).

Sentences come from the ``cli`` catalog of :mod:`tavolo.i18n` (msgid = the
English text with ``{named}`` placeholders); the engine's refusals and the
score sheet's complaints are :class:`~tavolo.engine.errors.Text` values,
looked up in ``cli`` and then in ``rules``. The language is ``--lang`` or the
``TAVOLO_LANG`` environment variable, Italian when neither says.

    >>> Words("en")("You drew {cards}", cards="Kh")
    'You drew Kh'
    >>> Words("it")("You drew {cards}", cards="Kh")
    'Hai pescato Kh'
"""

from __future__ import annotations

import os

from tavolo.i18n import catalog, language
from tavolo.i18n.refusals import is_text, render

DOMAINS = ("cli", "rules")
LANG_ENV = "TAVOLO_LANG"


def chosen_language(lang: str | None = None) -> str:
    """``lang`` if given, else ``$TAVOLO_LANG``, else Italian."""
    return language(lang or os.environ.get(LANG_ENV))


class Words:
    """The terminal's sentences in one language: ``words(msgid, **params)``."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = chosen_language(lang)

    def __call__(self, msgid: str, **params: object) -> str:
        template = self._lookup(msgid)
        return template.format(**params) if params else template

    def render(self, value: object) -> str:
        """A :class:`Text`, a move's words or cards (a bridge seat or call, the pozzo's top card:
        from the ``moves`` catalog), or anything else as ``str`` shows it, in this language."""
        if not is_text(value):
            return render(value, self.lang)
        template = self._lookup(value.template)
        return template.format_map({name: self.render(param) for name, param in value.params})

    def _lookup(self, msgid: str) -> str:
        for domain in DOMAINS:
            found = catalog(self.lang, domain).get(msgid)
            if found:
                return found
        return msgid
