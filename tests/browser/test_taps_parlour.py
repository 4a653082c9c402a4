"""Petrangola, Perlina and Mercante in fiera played by taps and Italian buttons only (issue 23),
on a 390×844 phone: one whole hand of each, never opening the move list nor typing notation
(tests/browser/taps.py), with no English notation on screen, nothing wider than the phone, no
serious accessibility violation on the table, and a phone screenshot of each kept for the
README's gallery. Perlina's stake is paid only after a confirmation (a tapped card changes
nothing until its button); Mercante's bids go through the bid box and its offers through the
dialog. On a 1366×768 desktop the hand and its buttons are above the fold."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.browser.play import act, create_table, new_player, wait_turn
from tests.browser.taps import (assert_accessible, assert_by_taps, assert_fits, assert_no_notation, keep_screenshot,
                                phone_player)

MAX_TURNS = 200
SHOT: set[int] = set()
"""The pages whose screenshot is kept."""
OFFERED: set[int] = set()
"""The pages that made an offer through Mercante's dialog."""


def tap(page: Page, selector: str) -> None:
    """A tap that sends a move: wait for the table's answer."""
    act(page, lambda: page.locator(selector).first.click())


def checks(page: Page) -> None:
    assert_no_notation(page)
    assert_fits(page)


def play_hand(page: Page, turn, screenshot_at: int, game: str, end: str = ".overlay-box .breakdown") -> int:
    """This seat's turns by ``turn(page, legal, n)`` until the hand's end; a screenshot of the
    table on the ``screenshot_at``-th turn (``turn`` may set the scene first)."""
    for n in range(MAX_TURNS):
        legal = wait_turn(page)
        if not legal:
            page.wait_for_selector(end, timeout=30_000)
            return n
        checks(page)
        turn(page, legal, n, n == screenshot_at and game)
    raise AssertionError(f"no end of the hand after {MAX_TURNS} turns")


def shot(page: Page, game: str | bool) -> None:
    if game:
        page.evaluate("window.scrollTo(0, 0)")
        checks(page)
        keep_screenshot(page, game)
        assert_accessible(page, f"{game}'s table")


# --- Petrangola -----------------------------------------------------------------------------------

def petrangola_turn(page: Page, legal: list[str], n: int, screenshot) -> None:
    """The dealer refuses the monte; a player trades his first card for the first face up on his
    first turn (tap, tap, Scambia), then knocks (Bussa)."""
    if "refuse" in legal:
        return tap(page, '#controls button[data-move="refuse"]')
    if n <= 1:
        page.locator("#controls .pile-cards.selectable .card").first.click()
        page.locator("#board .felt .pile-cards.selectable .card").first.click()
        trade = page.locator("#controls button.trade")
        assert trade.is_enabled() and trade.inner_text().startswith("Scambia ")
        shot(page, "petrangola" if id(page) not in SHOT else False)
        SHOT.add(id(page))
        return tap(page, "#controls button.trade")
    tap(page, '#controls button[data-move="knock"]')


def test_petrangola_hand_by_taps(browser, server):
    page = phone_player(browser, server, "Nina")
    create_table(page, "petrangola", {"players": "4"}, {s: "simple" for s in range(1, 4)})
    play_hand(page, petrangola_turn, -1, "petrangola")
    assert id(page) in SHOT, "no trade by taps"
    assert page.locator(".overlay-box .breakdown .shown").count() == 4
    names = page.locator(".overlay-box .breakdown .hand-name").all_inner_texts()
    assert all(re.fullmatch(r"\d+ punti|tris di \w+|sequenza al \w+|Petrangolone", n) for n in names), names
    checks(page)
    assert_by_taps(page)


# --- Perlina --------------------------------------------------------------------------------------

def perlina_turn(page: Page, legal: list[str], n: int, screenshot) -> None:
    """The ace's value by its button; a card changed (tapped, then its paying button); a card
    dropped; the first bet (Punto), or Vedo; Pareggio after a tie."""
    if "ace 11" in legal:
        return tap(page, '#controls button[data-move="ace 11"]')
    if "stand" in legal:
        seq = page.get_attribute("#table", "data-seq")
        page.locator("#controls .pile-cards.selectable .card").first.click()
        assert page.get_attribute("#table", "data-seq") == seq, "a tap on a card paid the stake at once"
        change = page.locator("#controls button.change")
        assert change.is_enabled() and "paghi" in change.inner_text()
        shot(page, screenshot)
        return tap(page, "#controls button.change")
    if any(m.startswith("drop ") for m in legal):
        page.locator("#controls .pile-cards.selectable .card").first.click()
        return tap(page, "#controls button.drop")
    if "check" in legal:
        bets = page.locator("#controls button.bet")
        assert bets.count() == sum(m.startswith("bet ") for m in legal)
        assert "Piatto" in page.locator("#controls .prompt").first.inner_text()
        shot(page, screenshot)
        return tap(page, "#controls button.bet" if bets.count() else '#controls button[data-move="check"]')
    if "call" in legal:
        return tap(page, '#controls button[data-move="call"]')
    for move in ("fold", "match", "sit out"):
        if move in legal:
            return tap(page, f'#controls button[data-move="{move}"]')
    raise AssertionError(f"no button for {legal}")


def test_perlina_hand_by_taps(browser, server):
    page = phone_player(browser, server, "Ugo")
    create_table(page, "perlina", {"players": "3"}, {1: "simple", 2: "simple"})
    made = play_hand(page, perlina_turn, 1, "perlina")
    assert made >= 2
    checks(page)
    assert_by_taps(page)


# --- Mercante in fiera ----------------------------------------------------------------------------

def mercante_turn(page: Page, legal: list[str], n: int, screenshot) -> None:
    """Bids through the bid box (the first lot bid on, then Passo); before a prize card an offer
    through the dialog (tap a figure, a price), then Passo; an offer answered Rifiuto."""
    if "accept" in legal:
        return tap(page, '#controls button[data-move="refuse"]')
    if page.locator("#controls .bid-box").count():
        bids = page.locator("#controls .bid-box button.bid")
        if n == 0 and bids.count():
            shot(page, screenshot)
            return tap(page, "#controls .bid-box button.bid")
        return tap(page, "#controls .bid-box button.pass")
    playable = page.locator("#controls .offer-rows .figure.playable")
    if playable.count() and id(page) not in OFFERED:
        playable.first.click()
        page.wait_for_selector("#controls .offer-dialog button.price")
        shot(page, "mercante")
        OFFERED.add(id(page))
        return tap(page, "#controls .offer-dialog button.price")
    tap(page, "#controls button.pass")


def test_mercante_hand_by_taps(browser, server):
    page = phone_player(browser, server, "Pia")
    # offers before every red card (the lobby's other reading): an offer is sure to be possible early,
    # where before the prize cards alone the live figures may all be the house's or one's own
    create_table(page, "mercante", {"players": "4", "offers": '"every"'}, {s: "simple" for s in range(1, 4)})
    play_hand(page, mercante_turn, -1, "mercante", end=".overlay-box .fair")
    assert id(page) in OFFERED, "no offer was made through the dialog"
    assert page.locator(".overlay-box .fair .prize").count() == 3
    assert page.locator(".overlay-box .fair-tokens tr").count() == 4
    checks(page)
    assert_by_taps(page)


# --- the desktop's fold -----------------------------------------------------------------------------

def test_the_hand_and_its_buttons_are_above_the_fold_on_a_desktop(browser, server):
    """On a 1366×768 desktop, without scrolling, the hand and the buttons of the seat to act."""
    for game, options, bots in (("petrangola", {"players": "6"}, 5), ("perlina", {"players": "5"}, 4)):
        page = new_player(browser, server, "Desk", viewport=(1366, 768))
        create_table(page, game, options, {s: "simple" for s in range(1, bots + 1)})
        page.wait_for_selector("#controls .buttons button", timeout=30_000)
        page.evaluate("window.scrollTo(0, 0)")
        bottom = page.evaluate("""() => Math.max(...[...document.querySelectorAll(
            '#controls .buttons button, #controls .pile-cards .card')].map((e) => e.getBoundingClientRect().bottom))""")
        assert bottom <= 768, f"{game}: the hand or its buttons end at {bottom} px on a 768 px screen"
        page.context.close()


# --- the keyboard ---------------------------------------------------------------------------------

def test_petrangola_trade_chosen_from_the_keyboard(browser, server):
    """A card to trade is an image named in words (role img), reached with Tab and chosen with Enter
    (table.js's keyboard, as every view's tappable cards), and then says it is chosen ("scelta")."""
    page = phone_player(browser, server, "Tea")
    create_table(page, "petrangola", {"players": "3"}, {1: "simple", 2: "simple"})
    while "refuse" in (legal := wait_turn(page)):
        tap(page, '#controls button[data-move="refuse"]')
    assert any(move.startswith("trade ") for move in legal), legal
    card = page.locator("#controls .pile-cards.selectable .card").first
    token = card.get_attribute("data-card")
    assert card.get_attribute("role") == "img" and card.get_attribute("tabindex") == "0"
    name = card.get_attribute("aria-label")
    for _ in range(60):                                               # Tab until the card has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.closest('#controls') && document.activeElement.dataset.card") == token:
            break
    page.keyboard.press("Enter")
    chosen = page.locator(f'#controls .pile-cards.selectable .card[data-card="{token}"]')
    assert "picked" in chosen.get_attribute("class")
    assert chosen.get_attribute("aria-label") == f"{name}, scelta"
    assert page.locator("#controls button.trade").is_disabled()      # one card of the hand, none face up yet
