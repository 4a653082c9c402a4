"""The engine's refusals in the player's language.

A refusal (an ``ActionError`` of :mod:`tavolo.engine.errors`) carries its
sentences as texts: an English ``template`` with ``{named}`` placeholders and
the ``params`` that fill them, a param being a text in its turn or a value
shown as it is (a card in notation, a number). Here each template is looked up
in the ``rules`` catalog; a template without a translation stays English.
Texts are recognised by their two attributes, so this layer imports nothing
of the engine::

    >>> from tavolo.engine.errors import NotationError, Rule, Text
    >>> error = NotationError("fly", Text("unknown move {verb}; {moves}", verb="'fly'",
    ...                                    moves=Text("moves are play <card>, e.g. 'play 3c'")))
    >>> localize_error(error, "en")
    "cannot read 'fly': unknown move 'fly'; moves are play <card>, e.g. 'play 3c'"
    >>> localize_error(error, "it")
    "non capisco 'fly': mossa sconosciuta 'fly'; le mosse sono gioca <carta>, per esempio 'gioca 3c'"
    >>> rule_text(Rule("one-draw", Text("one draw per turn"), "FISCA Scala 40 art. 5.1"), "it")
    'si pesca una sola volta per turno'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tavolo.i18n import catalog, language

DOMAIN = "rules"


def is_text(value: object) -> bool:
    """Whether ``value`` is a translatable text (a template and its params)."""
    return isinstance(getattr(value, "template", None), str) and isinstance(getattr(value, "params", None), tuple)


def render(value: object, lang: str, domain: str = DOMAIN) -> str:
    """``value`` in ``lang``: a text translated from ``domain`` with its params
    rendered in turn; anything else as ``str()`` shows it."""
    if not is_text(value):
        return str(value)
    template = catalog(language(lang), domain).get(value.template, value.template)
    return template.format_map({name: render(param, lang, domain) for name, param in value.params})


class _Said(NamedTuple):
    """A text whose params were put in words here (a refused move as a person reads it)."""

    template: str
    params: tuple[tuple[str, object], ...]


def localize_error(exc: BaseException, lang: str) -> str:
    """The whole refusal ``exc`` in ``lang`` (Italian or English); an error
    that carries no text (a plain ``ValueError``) reads as ``str(exc)``. A refused
    move that carries its words (``exc.words``) is named in them ("'gioca A♦'"), not
    in notation."""
    message = getattr(exc, "message", None)
    if not is_text(message):
        return str(exc)
    words = getattr(exc, "words", None)
    if isinstance(words, dict):
        from tavolo.i18n.moves import say

        said = f"'{say(words, lang)}'"
        message = _Said(message.template, tuple((n, said if n == "action" else v) for n, v in message.params))
    return render(message, lang)


def rule_text(rule: Any, lang: str) -> str:
    """The sentence of a ``Rule`` in ``lang``, without its source (the seed
    citation, ``rule.source``, is the same in every language)."""
    return render(rule.text, lang)
