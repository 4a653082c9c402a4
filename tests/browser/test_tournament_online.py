"""Tornei online on a phone (issue 39, "Tests and figures"): four people register as two pairs (an invitation
and its acceptance), check in, the organizer fills the sit & go with two pairs of bots, the tables open on
their pages, they go to their table, the result reaches the standings by itself, and the arbiter corrects a
result with its reason (codice art. 19). Each one has a 390 x 844 phone; the screenshots are the README's.

The players leave their table once it is dealt: the organizer's grace time is 0, so a bot flagged as
substitute takes each seat (codice art. 33) and the deals are played by bots, in seconds."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect

from tavolo.server.app import create_app
from tavolo.server.director.common import make_desk_director
from tavolo.server.limits import Limits

from .conftest import SCREENSHOTS, free_port

PASSWORD = "segreto-lungo-1"
PHONE = {"width": 390, "height": 844}
ERRORS: dict[str, list[str]] = {}
"""The script errors each person's page met: the test ends with none."""


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[str]:
    """A server of its own (its organizer made a director of the server), bots without a pause."""
    database = tmp_path_factory.mktemp("tornei") / "tavolo.sqlite"
    app = create_app(f"sqlite:///{database}", pace=0, limits=Limits(connections_per_address=10_000))
    instance = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning"))
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    make_desk_director(app.state.store, "Olga", lambda: PASSWORD)
    yield f"http://127.0.0.1:{instance.config.port}"
    instance.should_exit = True
    thread.join(timeout=10)


def person(browser: Browser, server: str, name: str, register: bool = True) -> Page:
    """A phone with its own profile, logged in as ``name`` (registered first)."""
    context = browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=2)
    page = context.new_page()
    errors = ERRORS[name] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/login")
    path = "/api/accounts" if register else "/api/login"
    answer = page.request.post(server + path, data={"name": name, "password": PASSWORD})
    assert answer.ok, answer.text()
    return page


def register_pair(first: Page, second: Page, url: str, partner: str) -> None:
    first.goto(url)
    first.fill(".register-form input[name=partner]", partner)
    first.click(".register-form button[type=submit]")
    expect(first.locator("#tour-me")).to_contain_text("Invito inviato a " + partner)
    second.goto(url)
    second.click(".accept-invitation")
    expect(second.locator("#tour-me .checkin")).to_be_visible()
    second.click("#tour-me .checkin")
    expect(second.locator("#tour-me")).to_contain_text("check-in fatto")


def test_a_sit_and_go_of_two_pairs_and_two_pairs_of_bots_on_phones(browser, served):
    olga = person(browser, served, "Olga", register=False)
    anna, bea, carlo, dora = (person(browser, served, name) for name in ("Anna", "Bea", "Carlo", "Dora"))

    olga.goto(served + "/")                                            # the organizer's form in the lobby
    olga.click("#tournament-create summary")
    olga.fill("#tournament-form input[name=name]", "Sit & go della sera")
    olga.select_option("#tournament-form select[name=system]", "danish")
    olga.fill("#tournament-form input[name=rounds]", "1")
    olga.select_option("#tournament-form select[name=deals]", "2")
    olga.fill("#tournament-form input[name=sit_and_go]", "4")
    olga.fill("#tournament-form input[name=grace_seconds]", "0")
    olga.click("#tournament-form button[type=submit]")
    olga.wait_for_url(re.compile(r".*/tornei/\d+$"))
    url = olga.url

    register_pair(anna, bea, url, "Bea")                               # an invitation, accepted, checked in
    register_pair(carlo, dora, url, "Dora")
    anna.goto(served + "/")
    lists = anna.locator("#tornei")
    expect(lists.locator(".group-registration .tournament-row")).to_contain_text("2 iscritti su 4")
    lists.scroll_into_view_if_needed()
    lists.screenshot(path=str(SCREENSHOTS / "tournament-lobby.png"))

    olga.goto(url)
    olga.fill(".bots-form input[name=count]", "2")                     # the sit & go is full: it starts
    olga.click(".bots-form button[type=submit]")
    expect(olga.locator("#tour-status")).to_contain_text("In corso: turno 1 di 1")
    expect(olga.locator(".tour-table")).to_have_count(2)

    for page in (anna, bea, carlo, dora):                              # the table opens on each one's page
        page.goto(url)
        expect(page.locator("#tour-me .go")).to_be_visible()
        expect(page.locator("#tour-notice")).to_contain_text("Turno 1: il tuo tavolo")
    expect(anna.locator("#tour-clock")).to_contain_text("Turno 1: restano")
    anna.screenshot(path=str(SCREENSHOTS / "tournament-player.png"))
    for page in (anna, bea, carlo, dora):
        page.click("#tour-me .go")
        page.wait_for_url(re.compile(r".*/t/[0-9a-f]+$"))
    for page in (anna, bea, carlo, dora):                              # all four there: the table is dealt
        page.wait_for_selector("#legal-box:not([hidden]), #overlay:not([hidden])", timeout=20_000)

    expect(olga.locator(".tour-table .badge.playing").first).to_be_visible(timeout=20_000)
    olga.screenshot(path=str(SCREENSHOTS / "tournament-arbiter.png"), full_page=True)

    for page in (anna, bea, carlo, dora):                              # they leave: bots take the seats (art. 33)
        page.goto(url)
    expect(anna.locator("#tour-status")).to_contain_text("Torneo concluso", timeout=60_000)
    standings = anna.locator("#tour-standings")
    expect(standings).to_contain_text("Classifica finale")
    before = standings.inner_text()
    expect(anna.locator(".tour-table a.replay").first).to_have_attribute("href", re.compile(r"^/replay/[0-9a-f]+$"))

    olga.goto(url)                                                     # the arbiter corrects a result
    olga.click("details.correct summary")
    olga.fill(".correct-form input[name=table]", "1")
    olga.fill(".correct-form input[name=ns]", "1500 900")
    olga.fill(".correct-form input[name=ew]", "100 0")
    olga.fill(".correct-form input[name=reason]", "Punti della seconda smazzata contati male")
    olga.click(".correct-form button[type=submit]")
    expect(olga.locator("#tour-error")).to_be_hidden()
    expect(anna.locator("#tour-standings")).not_to_have_text(before, timeout=10_000)   # the live page follows
    standings.scroll_into_view_if_needed()
    anna.screenshot(path=str(SCREENSHOTS / "tournament-standings.png"))
    for page in (anna, olga):                                          # nothing wider than the phone
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not any(ERRORS.values()), ERRORS
