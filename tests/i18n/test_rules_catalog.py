"""The ``rules`` catalog: every sentence an engine refusal can carry has its
Italian, and the catalogs themselves are sound (they parse; every translation
uses exactly the placeholders of its English msgid)."""

from __future__ import annotations

import string

import pytest
from babel.messages.pofile import read_po

from tavolo.i18n import LOCALES, catalog

from tests.i18n.templates import not_written_out, templates


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def only_placeholders(template: str) -> bool:
    """A template with no words of its own, e.g. ``'{rule} ({source})'``: the same in every language."""
    words = "".join(literal for literal, *_ in string.Formatter().parse(template))
    return not any(ch.isalpha() for ch in words)


def test_every_template_is_written_out():
    """A template given as a variable could not be found by the scan below: only the
    card reason forwarded from ``CardNotationError.template`` is allowed."""
    assert not_written_out() == []


def test_the_scan_finds_the_engines_sentences():
    found = templates()
    assert len(found) > 100
    assert "you do not hold {cards}" in found and "kings" in found and "cannot read {text}: {reason}" in found


@pytest.mark.parametrize("template", sorted(templates()))
def test_every_template_has_an_italian_translation(template):
    italian = catalog("it", "rules").get(template)
    assert italian, f"no Italian for {template!r}"
    assert italian != template or only_placeholders(template), f"{template!r} is not translated"


@pytest.mark.parametrize("po", sorted(LOCALES.glob("*/LC_MESSAGES/*.po")), ids=lambda p: "/".join(p.parts[-3:]))
def test_po_files_parse_and_keep_the_placeholders_of_their_msgid(po):
    with po.open("rb") as f:
        messages = [m for m in read_po(f) if m.id and isinstance(m.id, str)]
    assert messages, f"{po} holds no messages"
    for m in messages:
        if m.string:
            assert placeholders(m.string) == placeholders(m.id), f"{po.name}: {m.id!r} -> {m.string!r}"


def test_english_and_italian_rules_catalogs_hold_the_same_msgids():
    ids = {}
    for lang in ("it", "en"):
        with (LOCALES / lang / "LC_MESSAGES" / "rules.po").open("rb") as f:
            ids[lang] = {m.id for m in read_po(f) if m.id}
    assert ids["it"] == ids["en"]
    assert set(templates()) <= ids["it"]
