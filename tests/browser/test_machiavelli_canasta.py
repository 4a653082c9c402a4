"""Machiavelli and Canasta through the page (static/views/machiavelli.js, static/views/canasta.js):
a person plays a hand against bots by tapping cards and the players' buttons (Machiavelli:
Nuova combinazione, Annulla, Pesca; Canasta: Pesca, Prendi il pozzo, Cala, Ritira, Scarta),
sees only their own hand, and reaches the hand's score screen."""

from __future__ import annotations

from collections import Counter

from tests.browser.conftest import SCREENSHOTS
from tests.browser.play import SCRIPT_ERRORS, act, create_table, exact_legal, new_player, play_to_score_screen


def tap_cards(page, cards) -> None:
    """Select ``cards`` in the hand, the n-th copy for a card named twice."""
    for card, copies in Counter(cards).items():
        for n in range(copies):
            page.locator(f'.hand .card[data-card="{card}"]').nth(n).click()


def machiavelli_move(page, legal) -> None:
    """Put a card on a new combination and take it back (the first time), lay a whole new
    combination when one is offered, else draw; end the turn when the table is valid."""
    if "done" in legal:
        return act(page, lambda: page.click(".act-done"))
    if "undo" in legal:
        return act(page, lambda: page.click(".act-undo"))
    if not getattr(machiavelli_move, "tried", False):
        machiavelli_move.tried = True
        card = next(m.split()[1] for m in legal if m.startswith("put "))
        tap_cards(page, [card])
        return act(page, lambda: page.click(".act-new"))
    return act(page, lambda: page.click(".act-draw" if "draw" in legal else ".act-pass"))


def canasta_move(page, legal) -> None:
    """Draw or take the pozzo; lay a new combination of naturals when offered; take back an
    opening short of its minimum; discard the last card offered."""
    if "take" in legal:
        return act(page, lambda: page.click(".act-take"))
    if "draw" in legal:
        return act(page, lambda: page.click(".act-draw"))
    lays = [m for m in legal if m.startswith("lay ") and " on " not in m and "*" not in m and len(m.split()) >= 4]
    if lays:
        tap_cards(page, lays[0].split()[1:])
        return act(page, lambda: page.click(".act-lay"))
    if "retract" in legal and not any(m.startswith("discard ") for m in legal):
        return act(page, lambda: page.click(".act-retract"))
    discards = [m for m in legal if m.startswith("discard ")]
    if discards:
        tap_cards(page, [discards[-1].split()[1]])
        return act(page, lambda: page.click(".act-discard"))
    return act(page, lambda: exact_legal(page, legal[0]).click())


def test_machiavelli_hand_by_taps(browser, server):
    page = new_player(browser, server, "Nicolò")
    create_table(page, "machiavelli", {"players": "2", "hands": "1"}, {1: "solver"})
    page.wait_for_selector(".board.machiavelli .stock")
    assert page.locator("#controls .hand .card").count() == 13
    moves = play_to_score_screen(page, machiavelli_move, screenshot=(3, SCREENSHOTS / "machiavelli-table-desktop.png"))
    assert moves >= 3 and page.locator(".overlay-box .breakdown tr").count() == 5  # a head, then per seat its points and its cards left on a line of their own
    assert SCRIPT_ERRORS[page] == []


def test_canasta_hand_by_taps(browser, server):
    page = new_player(browser, server, "Carla")
    create_table(page, "canasta", {"players": "2", "target": "null"}, {1: "simple"})
    page.wait_for_selector(".board.canasta .pile")
    assert page.locator("#controls .hand .card").count() == 15
    moves = play_to_score_screen(page, canasta_move, screenshot=(6, SCREENSHOTS / "canasta-table-desktop.png"))
    stock_ran_out = "nessuno ha chiuso" in page.locator(".overlay-box .ended-by").inner_text()
    # a head, then melded, canaste, red threes, (the closing bonus when a side went out), cards in hand, total
    assert moves >= 1 and page.locator(".overlay-box .breakdown tr").count() == (7 if stock_ran_out else 8)
    assert SCRIPT_ERRORS[page] == []
