"""Every word the pages and the browser's scripts show comes from the web
catalog, Italian first (issue 9: "every string shown to a player comes from
message catalogs, not from code"), and the catalog reaches the scripts as JSON."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import tavolo.online
from tavolo.i18n import catalog
from tavolo.server import pages

SERVER = Path(pages.__file__).parent
JS_CALL = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')
JS_PLURAL = re.compile(r'\btn\(\s*"([^"]*)",\s*"([^"]*)"')
TEMPLATE_CALL = re.compile(r"""\b_\(\s*(?:"([^"]*)"|'([^']*)')""")
MOMENT = re.compile(r'``"([^`]*\{[a-z]+\}[^`]*)"``')


def used_msgids() -> set[str]:
    found = set()
    scripts = [*(SERVER / "static").glob("*.js"), *(SERVER / "static" / "views").glob("*.js")]
    for path in scripts:                                # static/director/ speaks the tournament catalog
        text = path.read_text(encoding="utf-8")
        found |= set(JS_CALL.findall(text)) | {m for pair in JS_PLURAL.findall(text) for m in pair}
    for path in (SERVER / "templates").glob("*.html"):
        found |= {a or b for a, b in TEMPLATE_CALL.findall(path.read_text(encoding="utf-8"))}
    return found


def moment_msgids() -> set[str]:
    """The moments the contract names (tavolo.online, "Moments")."""
    section = tavolo.online.__doc__.split("Moments (")[1]
    return {" ".join(m.split()) for m in MOMENT.findall(section)}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_scripts_and_pages_use_many_messages():
    assert len(used_msgids()) > 80
    assert {"{seat} takes the pozzetto", "{seat} makes a burraco {kind}", "{seat} closes"} <= moment_msgids()


@pytest.mark.parametrize("msgid", sorted(used_msgids() | moment_msgids()))
def test_every_message_has_its_italian_with_the_same_placeholders(msgid):
    """The scripts read web.po and moves.po merged (/i18n/<lang>.json): cards and moves are said
    from the ``moves`` catalog (static/words.js, static/tarot.js)."""
    italian = catalog("it", "web").get(msgid) or catalog("it", "moves").get(msgid)
    assert italian, f"no Italian for {msgid!r} in it/LC_MESSAGES/web.po or moves.po"
    assert placeholders(italian) == placeholders(msgid)


def test_the_catalog_reaches_the_scripts_as_json():
    app = FastAPI()
    app.include_router(pages.router)
    client = TestClient(app)
    assert client.get("/i18n/it.json").json()["Take the pile"] == "Raccogli"
    assert client.get("/i18n/xx.json").json()["Discard"] == "Scarta"        # Italian by default
    assert "Discard" not in client.get("/i18n/en.json").json()               # English is the msgid


def test_a_page_is_italian_by_default_and_english_on_request():
    app = FastAPI()
    app.include_router(pages.router)
    client = TestClient(app)
    assert "Gioca subito" in client.get("/").text
    english = client.get("/?lang=en")
    assert "Play now" in english.text and english.cookies.get("tavolo.lang") == "en"
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}).text
