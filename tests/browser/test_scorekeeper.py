"""The score keeper page on a phone (issue 11): one hand by its totals, one through
the calculator (cards tapped, scored by the engine), and the share link read-only."""

from __future__ import annotations

import json

from tavolo.games.burraco.scoresheet import parse_sheet_json, score_sheet
from tests.browser.conftest import SCREENSHOTS

CALCULATOR_SHEET = {"rules": "fibur", "players": 4, "sides": [
    {"name": "Noi", "closed": True, "pozzetto": True, "melds": ["3h 4h 5h 6h 7h 8h 9h"], "hands": ["", ""]},
    {"name": "Loro", "pozzetto": False, "melds": ["Ad Ac As"], "hands": ["Qs 5h"]}]}


def tap(page, cards: str, suit: str | None = None) -> None:
    for card in cards.split():
        page.click(f'.keeper-suits [data-suit="{card[-1]}"]')
        page.click(f'.keeper-pick-cards [data-card="{card}"]')


def test_one_hand_by_totals_and_one_by_the_calculator_on_a_phone(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/")
    page.click("text=Segnapunti")
    page.select_option("select[name=target]", "505")
    page.click("text=Inizia la partita")
    page.wait_for_selector("#keeper-entry:not([hidden])")
    assert page.locator(".keeper-name").all_inner_texts() == ["Noi", "Loro"]

    page.fill("input[name=total-0]", "120")
    page.fill("input[name=total-1]", "-35")
    page.click("#keeper-save")
    page.wait_for_selector(".keeper-table")
    assert page.locator(".keeper-points").all_inner_texts() == ["120", "-35"]

    page.click("#tab-calculator")
    sides = page.locator(".keeper-calc-side")
    sides.nth(0).locator("text=Chiusura").click()
    sides.nth(0).locator("text=Pozzetto preso").click()
    sides.nth(0).locator("text=+ Gioco").click()
    tap(page, "3h 4h 5h 6h 7h 8h 9h")
    page.locator(".keeper-calc-side").nth(1).locator("text=+ Gioco").click()
    tap(page, "Ad Ac As")
    page.locator(".keeper-calc-side").nth(1).locator(".keeper-cards", has_text="Carte rimaste").click()
    tap(page, "Qs 5h")
    page.screenshot(path=SCREENSHOTS / "scorekeeper-phone.png", full_page=True)
    page.click("#keeper-save")
    page.wait_for_selector(".keeper-breakdown")

    engine = [s.total for s in score_sheet(parse_sheet_json(json.dumps(CALCULATOR_SHEET)))]
    assert page.locator(".keeper-points").all_inner_texts() == [str(120 + engine[0]), str(-35 + engine[1])]
    page.click(".keeper-breakdown summary")
    assert "chiusura 100" in page.locator(".keeper-breakdown").inner_text()
    assert page.locator("#keeper-winner").is_hidden() == (120 + engine[0] < 505)
    assert errors == []

    share = page.input_value("#keeper-share-link")
    follower = browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT").new_page()
    follower.goto(share)
    follower.wait_for_selector(".keeper-table")
    assert follower.locator(".keeper-points").all_inner_texts() == page.locator(".keeper-points").all_inner_texts()
    assert follower.locator("#keeper-entry").is_hidden() and follower.locator("#keeper-readonly").is_visible()
    assert follower.locator(".keeper-actions button").count() == 0
    context.close()
    follower.context.close()
