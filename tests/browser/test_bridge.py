"""Bridge through the page, on its own table view (static/views/bridge.js): a person plays a
duplicate board against bots, calling from the auction box's buttons and tapping cards
(the dummy's too when declaring), to the score screen, seeing only their own hand."""

from __future__ import annotations

from tests.browser.conftest import SCREENSHOTS
from tests.browser.play import SCRIPT_ERRORS, create_table, new_player, play_to_score_screen, trick_move


def test_bridge_board_with_the_auction_box(browser, server):
    page = new_player(browser, server, "Lia")
    create_table(page, "bridge", {"boards": "1"}, {1: "random", 2: "random", 3: "random"})
    page.wait_for_selector(".auction")
    assert page.locator(".hand .card").count() == 13
    assert "Smazzata 1" in page.inner_text("#board")
    moves = play_to_score_screen(page, trick_move, screenshot=(1, SCREENSHOTS / "bridge-table-desktop.png"))
    assert moves >= 1
    assert page.locator(".overlay-box .breakdown").first.is_visible()
    assert SCRIPT_ERRORS[page] == []
