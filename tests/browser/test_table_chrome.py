"""What every table shares (issue 23, "the seat order drawn in the game's direction the same way in
every view"; "chip text runs into 'Tocca a te' on the desktop; announcements cover the seats on the
phone"; "a spectator and the waiting screen show the notation box and the move list"; "touch
targets at least 44 px")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.play import SCRIPT_ERRORS, create_table, new_player
from tests.browser.taps import DESKTOP, PHONE, phone_player
from tests.browser.test_accessibility import quick_table

CENTRE_X = "(el) => { const r = el.getBoundingClientRect(); return r.left + r.width / 2; }"


def seat_drawn(page: Page, seat: int):
    """Where ``seat`` is drawn: the bar's chip, or the view's own where the view draws the seats
    round its table (DRAWS_SEATS, the parlour games) and the bar's ring is left out."""
    chip = page.locator(f'#status .seat-chip[data-seat="{seat}"]')
    return chip if chip.is_visible() else page.locator(f'#board [data-seat="{seat}"]')


def chip_x(page: Page, seat: int) -> float:
    return seat_drawn(page, seat).evaluate(CENTRE_X)


@pytest.mark.parametrize("game, next_side", [
    ("burraco", "left"),       # fibur-regolamento: "I turni di gioco si susseguono in senso orario"
    ("bridge", "left"),        # N E S W, clockwise
    ("tressette", "right"),    # raccolta, Tressette: "in senso antiorario"
    ("petrangola", "right"),   # raccolta, Petrangola: "passeranno ... in senso antiorario"
])
def test_the_next_player_sits_on_the_side_the_game_turns_to(browser, server, game, next_side):
    """Seen from above, you at the bottom: clockwise the next player is on your left,
    counter-clockwise (most Italian games) on your right; the one after next faces you."""
    page = phone_player(browser, server, f"Gino {game}", viewport=DESKTOP)
    quick_table(page, game)
    drawings = page.evaluate("""() => ['#status .seat-chip[data-seat="0"]', '#board [data-seat="0"]']
      .filter((selector) => [...document.querySelectorAll(selector)].some((node) => node.checkVisibility()))""")
    assert len(drawings) == 1, drawings                                   # one drawing of the seats, never two
    me, after_me = chip_x(page, 0), chip_x(page, 1)
    assert (after_me < me) if next_side == "left" else (after_me > me)
    if page.locator("#status .seat-chip").count() == 4:
        assert abs(chip_x(page, 2) - me) < 2                                 # the partner across the table
        assert (chip_x(page, 3) > me) if next_side == "left" else (chip_x(page, 3) < me)
    assert not SCRIPT_ERRORS[page]


def test_no_chip_runs_into_your_turn_on_the_desktop(browser, server):
    page = phone_player(browser, server, "Ivo", viewport=DESKTOP)
    quick_table(page, "burraco")
    page.wait_for_selector("#status .turn.mine")
    turn_left = page.locator("#status .turn").evaluate("(el) => el.getBoundingClientRect().left")
    rights = page.locator("#status .seat-chip").evaluate_all("(chips) => chips.map((c) => c.getBoundingClientRect().right)")
    assert max(rights) < turn_left, (rights, turn_left)


def test_announcements_cover_neither_the_menu_nor_the_seats_on_a_phone(browser, server):
    page = phone_player(browser, server, "Lia")
    quick_table(page, "burraco")
    page.evaluate("""() => { const box = document.getElementById('announce');
      box.append(Object.assign(document.createElement('p'), {className: 'moment', textContent: 'Bot 1 (Normale) prende il pozzetto'})); }""")
    moment = page.locator("#announce .moment").evaluate("(el) => el.getBoundingClientRect().toJSON()")
    status = page.locator("#status").evaluate("(el) => el.getBoundingClientRect().bottom")
    menu = page.locator(".topbar").evaluate("(el) => el.getBoundingClientRect().bottom")
    assert moment["top"] > max(status, menu), (moment, status, menu)
    assert moment["right"] <= PHONE[0] and moment["left"] >= 0


def test_a_spectator_and_the_waiting_screen_show_no_notation_box_nor_move_list(browser, server):
    host = new_player(browser, server, "Olga")
    create_table(host, "briscola", {"players": "2"}, {}, start=False)
    assert host.locator("#typed-box").is_hidden() and host.locator("#legal-box").is_hidden()
    table_url = host.url
    host.locator("#waiting .waiting-seat select.bot-level").first.select_option("random")
    host.locator("#waiting .add-bot").first.click()
    host.wait_for_function("!document.querySelector('#waiting .start').disabled")
    host.click("#waiting .start")
    host.wait_for_selector("#legal-box summary")
    assert host.locator("#typed-box").is_visible()                   # a player keeps the helpers
    spectator = new_player(browser, server, "Pia")
    spectator.goto(table_url)
    spectator.wait_for_selector("#status .seat-chip")
    assert spectator.locator("#typed-box").is_hidden() and spectator.locator("#legal-box").is_hidden()
    assert not SCRIPT_ERRORS[host] and not SCRIPT_ERRORS[spectator]


@pytest.mark.parametrize("game", ["burraco", "briscola", "perlina"])
def test_every_button_at_the_table_is_a_44_px_target_on_a_phone(browser, server, game):
    page = phone_player(browser, server, f"Rita {game}")
    quick_table(page, game)
    small = page.evaluate("""() => [...document.querySelectorAll('#table button, #table summary')]
      .filter((b) => b.offsetParent !== null)
      .map((b) => [b.textContent.trim(), b.getBoundingClientRect().height])
      .filter(([, h]) => h < 44)""")
    assert not small, small
    strips = page.evaluate("""() => { const cards = [...document.querySelectorAll('#controls .hand .card')]
      .map((c) => c.getBoundingClientRect());
      return cards.slice(1).map((r, i) => [r.top === cards[i].top ? r.left - cards[i].left : 99, cards[i].height]); }""")
    assert strips or game == "perlina"                        # Perlina's three cards are parlour.js's, not a .hand
    assert all(width >= 44 and height >= 44 for width, height in strips), strips   # each card: 44 px of it
