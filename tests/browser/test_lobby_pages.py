"""The lobby lists the open tables a page at a time, newest first (a room with thousands of
tables sends 50 rows, not all of them), and the page turns to older and newer ones."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from tavolo.online.service import LOBBY_PAGE
from tests.browser.play import SCRIPT_ERRORS, new_player
from tests.browser.taps import phone_player


def test_the_lobby_turns_its_pages(browser, server):
    made = [httpx.post(f"{server}/api/tables", json={"game": "briscola", "name": f"Ospite {n}",
                                                     "options": {"players": 2}}).json()["table_id"]
            for n in range(LOBBY_PAGE + 3)]
    page = new_player(browser, server, "Anna")
    rows = page.locator("#tables .table-row")
    expect(rows).to_have_count(LOBBY_PAGE)
    assert rows.first.get_attribute("href") == f"/t/{made[-1]}"  # the newest first
    expect(page.locator(".page-newer")).to_have_count(0)
    page.click(".page-older")
    expect(page.locator(".page-newer")).to_be_visible()
    expect(page.locator(f'#tables a[href="/t/{made[0]}"]')).to_have_count(1)
    assert rows.count() <= LOBBY_PAGE
    page.click(".page-newer")
    expect(page.locator(f'#tables a[href="/t/{made[-1]}"]')).to_have_count(1)
    assert SCRIPT_ERRORS[page] == []


def test_options_the_rules_refuse_together_are_refused_in_italian_in_the_form(browser, server):
    """Peppa's form offers Hearts and six players one by one; Hearts is for four (raccolta,
    "Peppa-Chat noir-Hearts"): the form says so in Italian, under the button, and no table is made."""
    page = phone_player(browser, server, "Anna")
    page.select_option("#create-game", "peppa")
    page.select_option('#create-options [data-option="rules"]', '"hearts"')
    page.select_option('#create-options [data-option="players"]', "6")
    page.click("#create button[type=submit]")
    error = page.locator("#create-error")
    expect(error).to_have_text("a Hearts si gioca in 4, non in 6")
    assert page.url == server + "/"
    expect(error).to_be_visible()
    assert SCRIPT_ERRORS[page] == []
