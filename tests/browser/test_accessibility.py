"""Accessibility on a phone (issue 23: "an axe-core check (vendored, no build step) in the browser
tests reports no serious or critical violation on the lobby, every game's table and the score
keeper"): axe-core 4.14.1 (tests/browser/vendor) runs on the lobby, the score keeper, the replay
page and a table of each of the 14 games, bots seated and the game started, at 390×844; every
card is an image named in Italian, a card back says nothing, and a tappable card is reached and
played from the keyboard. Keeps docs/screenshots/phone-lobby.png and phone-scorekeeper.png."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.games import game_names, make_game
from tests.browser.play import SCRIPT_ERRORS, create_table
from tests.browser.taps import assert_accessible, assert_fits, keep_screenshot, phone_player

GAMES = game_names()
TABLE_DRAWN = """() => document.querySelector('#status .seat-chip') !== null
                 && document.querySelector('#board').children.length > 0"""


def quick_table(page: Page, game: str) -> None:
    """Play now against the bots (the lobby's one-tap button): a table of ``game``, dealt."""
    page.click(f"#quick-buttons .quick-{game}")
    page.wait_for_url("**/t/*")
    page.wait_for_function(TABLE_DRAWN, timeout=30_000)
    page.wait_for_timeout(300)                                   # the first bot moves and announcements


def test_fourteen_games():
    assert len(GAMES) == 14


def test_the_lobby_on_a_phone_is_accessible(browser, server):
    page = phone_player(browser, server, "Anna")
    page.evaluate("""() => fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({game: 'burraco', options: {players: 2}, name: 'Bruno', timer: 'off', bots: {}})})""")
    page.reload()
    row = page.locator(".table-row", has_text="Bruno").first
    row.wait_for()
    assert row.inner_text().startswith("Burraco, 2 giocatori")        # not "Burraco 2"
    page.wait_for_timeout(300)
    assert_accessible(page, "the lobby")
    assert_fits(page)
    row.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, 0)")
    keep_screenshot(page, "lobby")
    assert not SCRIPT_ERRORS[page]


def test_the_lobby_says_who_plays_in_words(browser, server):
    """Not "Burraco 2": "Burraco, 2 giocatori"; four at Burraco play "in coppia"."""
    page = phone_player(browser, server, "Bice")
    summary = page.evaluate("""async () => {
      const { optionsSummary } = await import('/static/api.js');
      return [optionsSummary({players: 2, rule_set: 'fibur', target: 2005}, 'burraco'),
              optionsSummary({players: 4, target: 31}, 'tressette'),
              optionsSummary({players: 6, tokens: 3}, 'petrangola')];
    }""")
    assert summary == ["2 giocatori · regole FIBUR · a 2005 punti", "in coppia · a 31 punti",
                       "6 giocatori · 3 gettoni a testa"]
    quick = page.evaluate("""async () => (await import('/static/api.js')).optionsSummary({}, 'burraco', 4)""")
    assert quick == "in coppia"                                  # a "Gioca subito" table keeps the game's defaults


def test_the_score_keeper_on_a_phone_is_accessible(browser, server):
    page = phone_player(browser, server, "Carla")
    page.click("text=Segnapunti")
    page.wait_for_load_state("networkidle")
    assert_accessible(page, "the score keeper")
    page.click("text=Inizia la partita")
    page.wait_for_selector("#keeper-entry:not([hidden])")
    assert_accessible(page, "the score keeper's first hand")
    assert_fits(page)
    keep_screenshot(page, "scorekeeper")
    page.click("#tab-calculator")
    page.wait_for_selector(".keeper-pick-cards .card")
    assert_accessible(page, "the score keeper's calculator")
    row = page.locator(".keeper-calc-side .keeper-cards").first        # from the keyboard: a meld, then its cards
    row.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".keeper-calc-side .keeper-cards.chosen")
    page.locator('.keeper-suits [data-suit="h"]').focus()
    page.keyboard.press("Enter")
    page.locator('.keeper-pick-cards [data-card="3h"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.keeper-calc-side .keeper-cards [data-card="3h"]')
    assert page.locator('.keeper-suits [data-suit="h"]').get_attribute("aria-label") == "cuori"
    assert not SCRIPT_ERRORS[page]


def test_the_replay_page_is_accessible(browser, server, tmp_path):
    game = make_game("briscola", players=2)
    record = play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=3).to_json()
    path = tmp_path / "briscola.json"
    path.write_text(json.dumps(record))
    page = phone_player(browser, server, "Dora")
    page.goto(server + "/replay/file")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#board .card")
    page.click("#next")
    page.wait_for_function("document.getElementById('replay-move').textContent.includes(':')")
    assert_accessible(page, "the replay page")
    assert not SCRIPT_ERRORS[page]


def test_the_waiting_screen_is_accessible(browser, server):
    """The invite link, a free seat's bot level and its buttons, each named."""
    page = phone_player(browser, server, "Gaia")
    create_table(page, "burraco", {"players": "2"}, {}, start=False)
    page.wait_for_selector("#waiting select.bot-level")
    assert_accessible(page, "the waiting screen")
    assert not SCRIPT_ERRORS[page]


@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_every_game_on_a_phone_is_accessible(browser, server, game):
    page = phone_player(browser, server, f"Ugo {game}")
    quick_table(page, game)
    assert_accessible(page, f"a table of {game}")
    faces = page.evaluate("""() => [...document.querySelectorAll('svg.card:not(.back)')]
      .map((c) => [c.dataset.card, c.getAttribute('role'), c.getAttribute('aria-label')])""")
    assert faces or game == "mercante", "no card is drawn"     # Mercante's figures are figures.js's
    for token, role, label in faces:
        assert role == "img" and label and label != token, (token, role, label)   # named in words, not its code
    backs = page.evaluate("[...document.querySelectorAll('svg.card.back')].map((c) => c.getAttribute('aria-hidden'))")
    assert all(hidden == "true" for hidden in backs)
    assert page.locator("#typed-box").is_visible() is False or page.locator("#legal-box").is_visible()
    assert not SCRIPT_ERRORS[page]


def test_italian_cards_read_in_italian_on_their_faces_and_to_a_screen_reader(browser, server):
    """R C F on Italian faces (re, cavallo, fante), D on the tarot's donna; French cards keep K Q J,
    as Italian French-suited packs print them; "XXI, il Mondo" for the tarot's last trump, its numeral
    printed in the corner too (tarot.js: an overlapped hand still shows it); the unnumbered Matto reads "Matto"."""
    page = phone_player(browser, server, "Elio")
    seen = page.evaluate("""async () => {
      const { loadCatalog } = await import('/static/i18n.js');
      await loadCatalog('it');
      const { cardElement } = await import('/static/cards.js');
      const { tarotCard } = await import('/static/tarot.js');
      const face = (svg) => [svg.querySelector('.rank, .corner')?.textContent ?? svg.textContent, svg.getAttribute('aria-label'), svg.dataset.card];
      return [face(cardElement('Jd', 'italian')), face(cardElement('Cs', 'italian')), face(cardElement('Kb', 'italian')),
              face(cardElement('Ac', 'italian')), face(cardElement('Qs', 'french')), face(cardElement('Kh', 'french')),
              face(tarotCard('Qc')), face(tarotCard('Tb')), face(tarotCard('XXI')), face(tarotCard('0')),
              face(cardElement('2h(7)', 'french'))];
    }""")
    assert seen == [
        ["F", "fante di denari", "Jd"], ["C", "cavallo di spade", "Cs"], ["R", "re di bastoni", "Kb"],
        ["A", "asso di coppe", "Ac"], ["Q", "donna di picche", "Qs"], ["K", "re di cuori", "Kh"],
        ["D", "donna di coppe", "Qc"], ["10", "10 di bastoni", "Tb"], ["XXI", "XXI, il Mondo", "XXI"],
        ["Matto", "il Matto", "0"], ["2", "2 di cuori (7)", "2h"],
    ]


def test_a_card_is_played_from_the_keyboard(browser, server):
    """Tab reaches the hand's cards (table.js makes whatever a view taps focusable) and Enter plays
    the focused one, as a tap would."""
    page = phone_player(browser, server, "Fede")
    quick_table(page, "briscola")
    page.wait_for_function("document.querySelectorAll('#controls .hand .card.playable').length > 0", timeout=30_000)
    seq = page.get_attribute("#table", "data-seq")
    card = page.locator("#controls .hand .card.playable").first
    assert card.get_attribute("tabindex") == "0"
    token = card.get_attribute("data-card")
    for _ in range(60):                                          # Tab until the card has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.card") == token:
            break
    assert page.evaluate("document.activeElement?.dataset?.card") == token
    page.keyboard.press("Enter")
    page.wait_for_function("(seq) => document.getElementById('table').dataset.seq !== seq", arg=seq, timeout=30_000)
    assert page.locator("#log .event").first.inner_text() != ""
    assert not SCRIPT_ERRORS[page]


def test_a_burraco_card_is_selected_from_the_keyboard(browser, server):
    """Space on a focused card of a rummy hand selects it, as a tap does (then Apri, Lega, Scarta)."""
    page = phone_player(browser, server, "Gemma")
    quick_table(page, "burraco")
    page.wait_for_selector("#status .turn.mine")
    card = page.locator("#controls .hand .card").first
    assert card.get_attribute("tabindex") == "0"
    card.focus()
    page.keyboard.press(" ")
    page.wait_for_function("document.querySelector('#controls .hand .card.selected') !== null")
    assert page.locator("#controls .hand .card.selected").count() == 1
    assert page.evaluate("document.activeElement?.classList.contains('card')")       # the focus stays in the hand
    assert page.locator("#typed-move").input_value() == ""                            # Space typed nothing
    assert not SCRIPT_ERRORS[page]
