"""A spectator at every game (issue 37, "At the tables" 9): one phone, one table of each game the
lobby offers (and Peppa's Hearts rules) with bots in every seat but the creator's, opened by
someone who holds no seat. The board is drawn (cards, melds, a trick, a figure: something on
the felt), the page meets no script error, and it shows no card beyond those the spectator's own
frames name, never a hand of its own (issue 9, "The server is the only authority": a spectator
receives public information only); every table has its page heading (issue 37, 12: axe). One browser and a loop: a page per game would cost the CI
a browser start each."""

from __future__ import annotations

import re
from collections import Counter

from playwright.sync_api import TimeoutError

from tavolo.online.views import CATALOG, view_of
from tests.browser.taps import AXE
from tests.browser.test_hidden import listen

GAMES = [(name, {}) for name in CATALOG] + [("peppa", {"rules": "hearts"})]
"""Every game offered online with its lobby's defaults, and Peppa's Hearts rules."""

DRAWN = "#board .card, #board svg.figure, #board .meld, #board .trick"
"""Something the board draws: a card face or back, a Mercante figure, a meld, the trick on the table."""

FACES = "() => [...document.querySelectorAll('#board [data-card], #controls [data-card]')].map((c) => c.dataset.card)"
"""The card faces the page shows, by token."""


def named(value) -> Counter:
    """Every word of every text in a frame, brackets and commas aside: a card's token where it
    names one (each game's own notation: ``Cs``, ``8h``, ``XXI``, ``*``)."""
    if isinstance(value, dict):
        return sum((named(v) for v in value.values()), Counter())
    if isinstance(value, list):
        return sum((named(v) for v in value), Counter())
    return Counter(re.findall(r"[^\s(),\[\]]+", value)) if isinstance(value, str) else Counter()


def open_table(page, server: str, game: str, options: dict) -> str:
    """A table of ``game`` started with bots in every seat but the creator's (who never plays):
    its id. Made through the API, so the page that opens it holds no seat."""
    players = view_of(game).build(options).num_players
    made = page.request.post(f"{server}/api/tables", data={
        "game": game, "name": "Ada", "options": options, "bots": {str(s): "random" for s in range(1, players)}})
    assert made.ok, made.text()
    seat = made.json()
    started = page.request.post(f"{server}/api/tables/{seat['table_id']}/start",
                                headers={"Authorization": f"Bearer {seat['token']}"})
    assert started.ok, started.text()
    return seat["table_id"]


def test_a_spectator_sees_every_board_and_no_hidden_card(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    frames: list[dict] = []
    listen(page, frames)
    for game, options in GAMES:
        frames.clear()
        table_id = open_table(page, server, game, options)
        page.goto(f"{server}/t/{table_id}")
        try:
            page.wait_for_selector(DRAWN, timeout=15_000)
        except TimeoutError:
            raise AssertionError(f"{game}: no board drawn for a spectator; script errors: {errors}") from None
        page.wait_for_timeout(200)                                   # the bots' moves so far, drawn
        states = [f for f in frames if f.get("type") == "state"]
        assert states, game
        assert not any("hand" in f["view"]["obs"] for f in states), f"{game}: a spectator was sent a hand"
        told = named(states)
        shown = set(page.evaluate(FACES))
        assert shown - set(told) == set(), f"{game}: the page shows cards its frames never named"
        assert page.locator("#controls .hand .card, #board .hand.mine .card").count() == 0, game
        assert page.locator("h1").all_inner_texts() == [view_of(game).title], game   # the page's heading (axe)
        assert errors == [], f"{game}: {errors}"
    assert heading_one(page) == [], "axe: page-has-heading-one"
    context.close()


def heading_one(page) -> list:
    """axe-core's page-has-heading-one (moderate, so beyond taps.assert_accessible's serious ones)."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => (await axe.run(document, { runOnly: ['page-has-heading-one'] }))
      .violations.map((v) => v.id)""")
