"""Ramino and Pinnacola through the page (static/views/ramino.js, static/views/pinnacola.js): a
person plays a hand against bots by tapping cards and the players' buttons (Pesca, Prendi,
Scarta, Chiudi; Cala, Lega, Scarta), sees only their own hand, and reaches the hand's score
screen with every hand revealed."""

from __future__ import annotations

from tests.browser.conftest import SCREENSHOTS
from tests.browser.play import SCRIPT_ERRORS, act, create_table, new_player, play_to_score_screen, rummy_move


def ramino_move(page, legal) -> None:
    """Draw (or take the card turned up), close when possible, else discard by tapping."""
    for verb, button in (("draw", ".act-draw"), ("take", ".act-take")):
        if verb in legal:
            return act(page, lambda: page.click(button))
    closing = [m for m in legal if m.startswith("close")]
    discards = [m for m in legal if m.startswith("discard ")]
    move = closing[0] if closing else discards[-1]
    if move != "close":
        page.locator(f'.hand .card[data-card="{move.split()[1]}"]').first.click()
    return act(page, lambda: page.click(".act-close" if closing else ".act-discard"))


def test_ramino_hand_by_taps(browser, server):
    page = new_player(browser, server, "Rita")
    create_table(page, "ramino", {"players": "3"}, {1: "simple", 2: "simple"})
    page.wait_for_selector(".board.ramino .pile")
    assert page.locator("#controls .hand .card").count() in (10, 11)
    assert page.locator("#board .hand .card").count() == 0  # no one else's cards on the table

    def hand() -> list[str]:
        return page.locator("#controls .hand .card").evaluate_all("cards => cards.map((c) => c.dataset.card)")

    before, label = hand(), page.inner_text(".sort")
    page.click(".sort")  # the shared sort button (views/rummy_common.js): by rank, then back by suit
    assert sorted(hand()) == sorted(before) and page.inner_text(".sort") != label
    page.click(".sort")
    assert hand() == before and page.inner_text(".sort") == label
    moves = play_to_score_screen(page, ramino_move, screenshot=(4, SCREENSHOTS / "ramino-table-desktop.png"))
    assert moves >= 1 and page.locator(".overlay-box .breakdown tr").count() == 7  # a head, then per seat its points and its loose cards on a line of their own
    assert SCRIPT_ERRORS[page] == []


def test_pinnacola_hand_by_taps(browser, server):
    page = new_player(browser, server, "Piero")
    create_table(page, "pinnacola", {"players": "2"}, {1: "simple"})
    page.wait_for_selector(".board.pinnacola .pile")
    assert page.locator("#controls .hand .card").count() in (13, 14)
    moves = play_to_score_screen(page, rummy_move, screenshot=(3, SCREENSHOTS / "pinnacola-table-desktop.png"))
    closed = "Tallone esaurito" not in page.inner_text(".overlay-box .ended-by")   # the closing row only when one closed
    assert moves >= 1 and page.locator(".overlay-box .breakdown tr").count() == (6 if closed else 5)
    assert page.locator(".overlay-box .revealed-hand").count() == 2
    assert SCRIPT_ERRORS[page] == []
