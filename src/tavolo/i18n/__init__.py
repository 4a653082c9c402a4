"""Message catalogs: Italian first, English beside it.

Every string a person reads (pages, the browser's views, the engine's refusals,
the command line) is looked up here. Catalogs are Babel ``.po`` files, read at
run time (no compile step), one per *domain*::

    tavolo/i18n/locales/<lang>/LC_MESSAGES/<domain>.po

Domains: ``web`` (pages and browser views), ``rules`` (why a move is refused:
rule texts and details), ``cli`` (the command line and terminal play), plus one
per area that needs its own. The ``msgid`` is the English text with named
placeholders in braces, so English needs no translation and a missing Italian
entry falls back to readable English::

    >>> translate("Draw", "en", "web")
    'Draw'
    >>> translate("It is {name}'s turn", "en", "web", name="Anna")
    "It is Anna's turn"
    >>> negotiate("en-GB,en;q=0.9,it;q=0.8")
    'en'
    >>> negotiate(None)
    'it'

The engine's refusals are rendered by :func:`localize_error` and
:func:`rule_text` (module :mod:`tavolo.i18n.refusals`, domain ``rules``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

LANGUAGES = ("it", "en")
"""The languages Tavolo speaks, the default first."""
DEFAULT_LANGUAGE = "it"
LOCALES = Path(__file__).parent / "locales"


@lru_cache(maxsize=None)
def catalog(lang: str, domain: str) -> dict[str, str]:
    """The translations of ``domain`` into ``lang``: English msgid -> text (empty
    translations left out). Missing files give an empty catalog."""
    path = LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        messages = read_po(f, locale=lang, domain=domain)
    return {m.id: m.string for m in messages if m.id and isinstance(m.id, str) and m.string}


def translate(msgid: str, lang: str, domain: str, **params: object) -> str:
    """``msgid`` in ``lang`` (English when there is no translation), its
    ``{placeholders}`` filled from ``params``."""
    text = catalog(language(lang), domain).get(msgid, msgid)
    return text.format(**params) if params else text


def language(lang: str | None) -> str:
    """``lang`` if Tavolo speaks it, else the default (Italian).

    >>> language("EN"), language("de"), language(None)
    ('en', 'it', 'it')
    """
    lang = (lang or "").strip().lower()[:2]
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def negotiate(accept_language: str | None) -> str:
    """The best language for an HTTP ``Accept-Language`` header (Italian by default)."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    weighted = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        weighted.append((-weight, index, tag.strip().lower()[:2]))
    for _, _, tag in sorted(weighted):
        if tag in LANGUAGES:
            return tag
    return DEFAULT_LANGUAGE


from tavolo.i18n.refusals import localize_error, rule_text  # noqa: E402  (needs catalog above)

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "catalog", "language", "localize_error", "negotiate", "rule_text",
           "translate"]
