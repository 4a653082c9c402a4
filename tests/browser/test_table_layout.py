"""Where things sit at the table (issue 37, "At the tables" 12): on a phone the "X prende" banner
has its own line, never over the trick nor the hint, and the last moves come right after the
hand, not at the very bottom under the helpers; on a 1366×768 desktop Bridge keeps your own hand
in sight once the dummy is shown; the Burraco replay names each side once. (Every table's page
heading is checked for every game in test_spectator.py.)"""

from __future__ import annotations

import json

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.games import make_game
from tests.browser.play import SCRIPT_ERRORS, act, create_table, exact_legal, new_player, wait_turn
from tests.browser.taps import DESKTOP, phone_player

BOX = "(el) => el.getBoundingClientRect().toJSON()"
MOMENT = """() => { const box = document.getElementById('announce');
  box.append(Object.assign(document.createElement('p'), {className: 'moment', textContent: 'Bot 1 (Normale) prende'})); }"""
"""An announcement as table.js makes one (it lasts 3 s there: here it stays while it is measured)."""


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_on_a_phone_the_banner_has_its_own_line_and_the_log_follows_the_hand(browser, server):
    page = phone_player(browser, server, "Ugo")
    create_table(page, "briscola", {"players": "2"}, {1: "simple"})
    page.wait_for_selector("#controls .hint")                            # your turn: "Tocca una carta per giocarla"
    page.evaluate("window.scrollTo(0, 0)")
    hand = page.locator("#controls").evaluate(BOX)
    page.evaluate(MOMENT)
    moment = page.locator("#announce .moment").last.evaluate(BOX)
    for covered in ("#board .trick", "#controls .hint", "#controls .hand"):
        assert not overlap(moment, page.locator(covered).evaluate(BOX)), f"the banner covers {covered}"
    assert page.locator("#controls").evaluate(BOX)["top"] == hand["top"], "the hand moved when the banner came"
    log, typed = page.locator("#log").evaluate(BOX), page.locator("#typed-box").evaluate(BOX)
    assert hand["bottom"] <= log["top"] < typed["top"], (hand, log, typed)
    assert not SCRIPT_ERRORS[page]


def test_bridge_keeps_your_hand_in_sight_under_the_dummy_on_a_desktop(browser, server):
    """North passes every call; once the dummy lies face up, on North's turn to play, the hand is
    above the fold of a 1366×768 screen (the auction folded away, the dummy in one row)."""
    page = new_player(browser, server, "Vera", viewport=DESKTOP)
    create_table(page, "bridge", {}, {1: "random", 2: "random", 3: "random"})
    page.click("#legal-box summary")
    for _ in range(200):
        legal = wait_turn(page)
        if not legal:                                                    # passed out, or North was the dummy
            page.click(".overlay-box .continue")
            page.wait_for_selector("#overlay", state="hidden")
        elif "pass" in legal:
            act(page, lambda: exact_legal(page, "pass").click())
        elif page.locator("#board .dummy .card").count():
            break
        else:                                                            # the opening lead
            act(page, lambda: exact_legal(page, legal[0]).click())
    else:
        raise AssertionError("no board played with the dummy shown")
    page.locator("#legal-box summary").click()                            # the helpers closed, as a player keeps them
    page.evaluate("window.scrollTo(0, 0)")
    bottom = page.locator("#controls .hand").evaluate("(el) => el.getBoundingClientRect().bottom")
    assert bottom <= DESKTOP[1], f"your hand ends at {bottom} px, below the {DESKTOP[1]} px screen"
    assert page.locator("#board details.auction-box").count() == 1
    assert not SCRIPT_ERRORS[page]


def test_the_burraco_replay_names_each_side_once(browser, server, tmp_path):
    record = play(make_game("burraco", players=4, target=None), [RandomBot(seed=s) for s in range(4)], seed=3).to_json()
    record["seats"] = ["Anna", "Bruno", "Carla", "Dino"]
    path = tmp_path / "burraco.json"
    path.write_text(json.dumps(record))
    page = new_player(browser, server, "Zeno", viewport=DESKTOP)
    page.goto(f"{server}/replay/none")
    page.locator("#record-file").set_input_files(path)
    page.wait_for_selector("#board .side-head")
    heads = page.locator("#board .side-head").all_inner_texts()
    assert len(heads) == 2
    for head, names in zip(heads, (("Anna", "Carla"), ("Bruno", "Dino"))):
        assert all(head.count(name) == 1 for name in names), head
    assert not SCRIPT_ERRORS[page]
