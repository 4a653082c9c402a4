"""Peppa and Tarocchi through the page, on the trick table view: a person plays a hand of Peppa
(the blind draw from the fan, then the tricks) and a hand of Tarocchi (tarot cards drawn by
static/tarot.js) against bots to the score screen, seeing only their own cards."""

from __future__ import annotations

from tests.browser.conftest import SCREENSHOTS
from tests.browser.play import SCRIPT_ERRORS, create_table, new_player, play_to_score_screen, trick_move


def test_peppa_hand_with_the_blind_draw(browser, server):
    page = new_player(browser, server, "Gino")
    create_table(page, "peppa", {"players": "4", "target": "100"}, {1: "simple", 2: "simple", 3: "simple"})
    moves = play_to_score_screen(page, trick_move, screenshot=(2, SCREENSHOTS / "peppa-table-desktop.png"))
    assert moves >= 1
    assert page.locator(".overlay-box .breakdown .match-total").is_visible()
    assert SCRIPT_ERRORS[page] == []


def test_tarocchi_hand_shows_the_trumps(browser, server):
    page = new_player(browser, server, "Ines", viewport=(390, 844))
    create_table(page, "tarocchi", {"players": "3"}, {1: "simple", 2: "simple"})
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() in (25, 28)
    shown = page.locator(".hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert all(c for c in shown)
    moves = play_to_score_screen(page, trick_move, screenshot=(5, SCREENSHOTS / "tarocchi-table-phone.png"))
    assert moves >= 25
    assert SCRIPT_ERRORS[page] == []
