"""The engine's refusals in the player's language.

A refusal (an ``ActionError`` of :mod:`tavolo.engine.errors`) carries its
sentences as texts: an English ``template`` with ``{named}`` placeholders and
the ``params`` that fill them, a param being a text in its turn, a move's words
or cards (a seat, a call, the pozzo's top card: :class:`tavolo.engine.words.Words`
and ``Cards``, said from the ``moves`` catalog as the move log says them) or a
value shown as it is (a number; a card in notation, said in words where the
refused move names cards of its deck). Here each template is looked up in the ``rules`` catalog;
a template without a translation stays English. Texts and words are recognised
by their attributes, so this layer imports nothing of the engine::

    >>> from tavolo.engine.errors import NotationError, Rule, Text
    >>> error = NotationError("fly", Text("unknown move {verb}; {moves}", verb="'fly'",
    ...                                    moves=Text("moves are play <card>, e.g. 'play 3c' or 'play the jack of cups'")))
    >>> localize_error(error, "en")
    "cannot read 'fly': unknown move 'fly'; moves are play <card>, e.g. 'play 3c' or 'play the jack of cups'"
    >>> localize_error(error, "it")
    "non capisco 'fly': mossa sconosciuta 'fly'; le mosse sono gioca <carta>, per esempio 'gioca 3c' o 'gioca il fante di coppe'"
    >>> rule_text(Rule("one-draw", Text("one draw per turn"), "FISCA Scala 40 art. 5.1"), "it")
    'si pesca una sola volta per turno'
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from tavolo.i18n import catalog, language

DOMAIN = "rules"


def is_text(value: object) -> bool:
    """Whether ``value`` is a translatable text (a template and its params)."""
    return isinstance(getattr(value, "template", None), str) and isinstance(getattr(value, "params", None), tuple)


def is_words(value: object) -> bool:
    """Whether ``value`` is a move's words (a key of the ``moves`` catalog and its params)."""
    return isinstance(getattr(value, "key", None), str) and callable(getattr(value, "to_json", None))


def is_cards(value: object) -> bool:
    """Whether ``value`` is cards of a move's words (tokens and their deck)."""
    return isinstance(getattr(value, "tokens", None), tuple) and isinstance(getattr(value, "deck", None), str)


def render(value: object, lang: str, domain: str = DOMAIN) -> str:
    """``value`` in ``lang``: a text translated from ``domain`` with its params
    rendered in turn; words ("Nord", "1 SA") and cards ("3♠") as the ``moves``
    catalog says them; anything else as ``str()`` shows it."""
    if is_words(value):
        from tavolo.i18n.moves import say

        return say(value.to_json(), lang)
    if is_cards(value):
        from tavolo.i18n.moves import card_short

        return " ".join(card_short(token, value.deck, lang) for token in value.tokens)
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
    in notation; one typed and refused as read is quoted as typed, the cards of its detail
    said in words all the same where it names their deck (``exc.deck``)."""
    message = getattr(exc, "message", None)
    if not is_text(message):
        return str(exc)
    words = getattr(exc, "words", None)
    said, deck = None, getattr(exc, "deck", None)  # a typed move refused as read: quoted as typed
    if isinstance(words, dict):
        from tavolo.i18n.moves import say

        said, deck = f"'{say(words, lang)}'", deck_of(words) or deck
    if said is not None or isinstance(deck, str):
        message = _Said(message.template, tuple((n, (said or v) if n == "action" else _cards_in_words(v, deck, lang))
                                                for n, v in message.params))
    return render(message, lang)


_CARD_CODES = {
    "french": re.compile(r"^(?:(10|[2-9TJQKA])([hdcs])|([SHDC])(10|[2-9TJQKA]))$"),
    "italian": re.compile(r"^([A2-7JCK])([cdbs])()()$"),
    "tarot": re.compile(r"^(10|[2-9TJCQKA])([cdbs])()()$"),
}
"""A card in notation, by deck: rank then suit (``Ac``, ``10h``), or a bridge card suit first (``C3``)."""
_DECLARED = re.compile(r"^(.*?)(\(\w*\))?$")
"""A token and the rank a wild declares in brackets, if any (``*(6)``, ``2d(6)``)."""


def deck_of(words: dict[str, Any]) -> str | None:
    """The deck of the first cards a move's words (their JSON) name, in a nested clause too; None: they name none."""
    for value in words["params"].values():
        if isinstance(value, dict) and "cards" in value:
            return value["deck"]
        if isinstance(value, dict) and "key" in value and (deck := deck_of(value)):
            return deck
    return None


def _cards_in_words(value: object, deck: str | None, lang: str) -> object:
    """``value`` with the cards its details name in notation said as the move says them
    ("non hai in mano Ac": "non hai in mano asso di coppe"); anything else as it is."""
    if is_text(value):
        return _Said(value.template, tuple((n, _cards_in_words(v, deck, lang)) for n, v in value.params))
    if not isinstance(value, str) or deck not in _CARD_CODES or not value.strip():
        return value
    from tavolo.i18n.moves import card_short

    inner = value.strip()
    bracketed = inner.startswith("(") and inner.endswith(")")          # a meld shown as "(* 6h 7h)"
    tokens = (inner[1:-1] if bracketed else inner).split()
    cards = [(code, stands or "") for code, stands in (_DECLARED.match(token).groups() for token in tokens)]           # "2d(6)": the 2d standing for a 6
    codes = [code == "*" and deck == "french" or _CARD_CODES[deck].match(code) for code, _ in cards]
    if not tokens or not all(codes):
        return value
    said = " ".join(card_short("*" if m is True else f"{m[1] or m[4]}{m[2] or m[3].lower()}", deck, lang) + stands
                    for m, (_, stands) in zip(codes, cards))
    return f"({said})" if bracketed else said


def rule_text(rule: Any, lang: str) -> str:
    """The sentence of a ``Rule`` in ``lang``, without its source (the seed
    citation, ``rule.source``, is the same in every language)."""
    return render(rule.text, lang)
