"""The rummy family by touch, in Italian, on a phone (issue 23): a person plays one whole hand of
Burraco, Scala 40, Ramino, Pinnacola, Canasta and Machiavelli at 390×844 against bots, by tapping
cards, melds and the players' buttons only (tests/browser/taps.py fails the test if the move list
is opened or notation typed); every log line and button reads in Italian with no notation; the
page is never wider than the phone; axe-core finds nothing serious on the table; a phone
screenshot per game is kept in docs/screenshots/phone-<game>.png.

The moves the page offers are read from the DOM (``data-move`` of the list's buttons, which stay
closed); a move is made by tapping what a person taps. An ambiguous move (a pinella natural or
wild, an ace low or high) is settled by the choice box's buttons, said in words."""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.play import SCRIPT_ERRORS, create_table
from tests.browser.taps import (
    assert_accessible, assert_by_taps, assert_fits, assert_in_sight, assert_no_notation, keep_screenshot, phone_player,
)

MAX_MOVES = 600
END_SHOTS = Path(os.environ.get("TAVOLO_END_SHOTS", "/tmp"))
"""Where the end-of-hand screens are written to be looked at (not kept in the repository)."""
TURN_OR_END = """() => document.querySelectorAll('#legal .legal-move').length > 0
                 || !document.getElementById('overlay').hidden"""
CHANGED = """(seq) => document.getElementById('table').dataset.seq !== seq
             || !document.getElementById('refusal').hidden"""
DECLARED = re.compile(r"\(\w+\)$")


def legal_moves(page: Page) -> list[str]:
    """Wait for this seat's turn (or the hand's end: []); the moves the page offers now."""
    page.wait_for_function(TURN_OR_END, timeout=90_000)
    if not page.locator("#overlay").is_hidden():
        return []
    return [m.get_attribute("data-move") for m in page.locator("#legal .legal-move").all()]


def tap_and_wait(page: Page, tap) -> None:
    """``tap`` and wait for the table's answer; a choice box of candidates (said in words) is
    answered by tapping its first button; any other refusal fails the test."""
    seq = page.get_attribute("#table", "data-seq")
    tap()
    page.wait_for_function(CHANGED, arg=seq, timeout=90_000)
    refusal = page.locator("#refusal")
    if refusal.is_visible() and refusal.locator(".candidate").count():
        choices = refusal.locator(".candidate").all_inner_texts()
        assert all(c.strip() and "object" not in c for c in choices), choices
        assert_no_notation(page)
        seq = page.get_attribute("#table", "data-seq")
        assert_in_sight(page, "#refusal .candidate:last-child")
        if not page.evaluate("window.__choices || 0"):  # the first choice box: looked at, not kept
            page.screenshot(path=END_SHOTS / f"phone-choice-{page.title()}.png")
        page.evaluate("window.__choices = (window.__choices || 0) + 1")
        refusal.locator(".candidate").first.click()
        page.wait_for_function(CHANGED, arg=seq, timeout=90_000)
    assert refusal.is_hidden() or page.get_attribute("#table", "data-seq") != seq, refusal.inner_text()


def tap_cards(page: Page, cards: list[str]) -> None:
    """Select ``cards`` in the hand (the n-th copy of a card named twice); a wild's declared rank
    is not tapped, the meld's place says it."""
    for card, copies in Counter(DECLARED.sub("", c) for c in cards).items():
        for n in range(copies):
            page.locator(f'#controls .hand .card[data-card="{card}"]').nth(n).click()


def first(legal: list[str], verb: str, words: int | None = None) -> str | None:
    return next((m for m in legal if m.split()[0] == verb and (words is None or len(m.split()) == words)), None)


def meld_family_move(page: Page, legal: list[str], meld_verb: str, meld_scope: str) -> None:
    """Burraco, Scala 40, Pinnacola: draw; lay a meld (tap its cards, Cala/Apri); attach a card
    (tap it, Lega/Attacca, tap the meld); else discard the last card offered (tap it, Scarta)."""
    if "draw" in legal:
        return tap_and_wait(page, lambda: page.click(".act-draw"))
    melds = [m for m in legal if m.startswith(meld_verb + " ")]
    if melds:
        tap_cards(page, melds[0].split()[1:])
        return tap_and_wait(page, lambda: page.click(".act-open"))
    attach = first(legal, "attach")
    if attach:
        _, card, _, meld, *_ = attach.split()
        tap_cards(page, [card])
        page.click(".act-attach")
        return tap_and_wait(page, lambda: page.locator(f'{meld_scope} .meld[data-meld="{meld}"]').first.click())
    discards = [m for m in legal if m.startswith("discard ")]
    tap_cards(page, [discards[-1].split()[1]])
    return tap_and_wait(page, lambda: page.click(".act-discard"))


def burraco_move(page: Page, legal: list[str]) -> None:
    meld_family_move(page, legal, "open", ".our-side")


def scala40_move(page: Page, legal: list[str]) -> None:
    meld_family_move(page, legal, "meld", ".scala40-table")


def pinnacola_move(page: Page, legal: list[str]) -> None:
    if any(m.startswith("meld ") or m.startswith("attach ") or m.startswith("discard ") for m in legal):
        return meld_family_move(page, legal, "meld", ".our-side")
    return tap_and_wait(page, lambda: page.click(".act-draw"))


def ramino_move(page: Page, legal: list[str]) -> None:
    """Draw (or take the card turned up), close when possible, else discard."""
    for verb, selector in (("draw", ".act-draw"), ("take", ".act-take")):
        if verb in legal:
            return tap_and_wait(page, lambda: page.click(selector))
    closing = [m for m in legal if m.startswith("close")]
    move = closing[0] if closing else [m for m in legal if m.startswith("discard ")][-1]
    if move != "close":
        tap_cards(page, [move.split()[1]])
    return tap_and_wait(page, lambda: page.click(".act-close" if closing else ".act-discard"))


def canasta_move(page: Page, legal: list[str]) -> None:
    """Take the pozzo or draw; lay naturals; take back a short opening; discard."""
    if "take" in legal:
        return tap_and_wait(page, lambda: page.click(".act-take"))
    if "draw" in legal:
        return tap_and_wait(page, lambda: page.click(".act-draw"))
    lays = [m for m in legal if m.startswith("lay ") and " on " not in m and "*" not in m and len(m.split()) >= 4]
    if lays:
        tap_cards(page, lays[0].split()[1:])
        return tap_and_wait(page, lambda: page.click(".act-lay"))
    discards = [m for m in legal if m.startswith("discard ")]
    if "retract" in legal and not discards:
        return tap_and_wait(page, lambda: page.click(".act-retract"))
    tap_cards(page, [discards[-1].split()[1]])
    return tap_and_wait(page, lambda: page.click(".act-discard"))


def machiavelli_move(page: Page, legal: list[str]) -> None:
    """End a valid turn; put a card on a new combination and take it back once; else draw."""
    if "done" in legal:
        return tap_and_wait(page, lambda: page.click(".act-done"))
    if "undo" in legal:
        return tap_and_wait(page, lambda: page.click(".act-undo"))
    if not page.evaluate("window.__triedNew || false"):
        page.evaluate("window.__triedNew = true")
        card = next(m.split()[1] for m in legal if m.startswith("put "))
        tap_cards(page, [card])
        return tap_and_wait(page, lambda: page.click(".act-new"))
    return tap_and_wait(page, lambda: page.click(".act-draw" if "draw" in legal else ".act-pass"))


GAMES = {
    "burraco": ({"players": "4", "target": "null"}, {1: "heuristic:easy", 2: "heuristic:easy", 3: "heuristic:easy"},
                burraco_move),
    "scala40": ({"players": "2", "elimination": "null"}, {1: "simple"}, scala40_move),
    "ramino": ({"players": "2"}, {1: "simple"}, ramino_move),
    "pinnacola": ({"players": "2"}, {1: "simple"}, pinnacola_move),
    "canasta": ({"players": "2", "target": "null"}, {1: "simple"}, canasta_move),
    "machiavelli": ({"players": "2", "hands": "1"}, {1: "solver"}, machiavelli_move),
}


SHOT_AT = {"burraco": 16}
"""After how many of the person's moves the screenshot is kept: Burraco's when the melds pile up."""


def play_by_taps(page: Page, move, game: str) -> int:
    """This seat's moves until the hand's score screen; the table is checked and kept as a
    screenshot a few moves in, when melds are on it."""
    for made in range(MAX_MOVES):
        legal = legal_moves(page)
        if made == SHOT_AT.get(game, 12):
            keep_screenshot(page, game)
            assert_no_notation(page)
            assert_fits(page)
            assert_accessible(page, f"{game} table")
        if not legal:
            page.wait_for_selector(".overlay-box .breakdown")
            return made
        move(page, legal)
    raise AssertionError(f"{game}: no score screen after {MAX_MOVES} moves")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_hand_by_taps_on_a_phone(browser, server, game, tmp_path):
    options, bots, move = GAMES[game]
    page = phone_player(browser, server, "Anna")
    create_table(page, game, options, bots)
    page.wait_for_selector("#controls .hand .card")
    made = play_by_taps(page, move, game)
    assert made >= 3, f"{game}: {made} moves"
    assert page.locator("#log .event").count() > 0
    assert_no_notation(page)
    assert_fits(page)
    assert_by_taps(page)
    page.screenshot(path=END_SHOTS / f"phone-{game}-end.png", full_page=True)  # looked at, not kept
    assert not SCRIPT_ERRORS[page]
    page.context.close()


def test_a_refusal_is_in_sight_above_the_hand_bar_on_a_phone(browser, server):
    """A turn begins by drawing or taking the pile (fedibur-1985 art. 4): a discard sent first is
    refused, and the refusal shows above the bar of the hand and its buttons, which sticks to the
    bottom of the screen and covered it (and a choice box's buttons) when the page was scrolled up."""
    page = phone_player(browser, server, "Lia")
    create_table(page, "burraco", {"players": "2", "target": "null"}, {1: "heuristic:easy"})
    page.wait_for_selector(".turn.mine")
    card = page.locator("#controls .hand .card").first.get_attribute("data-card")
    page.fill("#typed-move", f"scarta {card}")
    page.evaluate("window.scrollTo(0, 0); document.getElementById('typed').requestSubmit()")
    page.wait_for_selector("#refusal .rule")
    assert_in_sight(page, "#refusal")
    assert_in_sight(page, "#controls .actions")
    page.context.close()
