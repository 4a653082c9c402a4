"""Petrangola, Perlina and Mercante in fiera through the page, on the round table of the parlour
view (static/views/parlour.js): a person at a table of many seats on a phone trades by tapping
cards, plays a hand to its comparison, and sees only their own hand; Mercante's figures are
drawn in SVG, the lot on sale and every player's cards face up."""

from __future__ import annotations

from tests.browser.conftest import SCREENSHOTS
from tests.browser.play import SCRIPT_ERRORS, act, create_table, exact_legal, new_player, wait_turn


def play_to_hand_end(page, first_move=None, limit: int = 120) -> int:
    """This seat's moves (the first by ``first_move``, then the first possible move) until the
    end of a hand; the moves made."""
    page.click("#legal-box summary")
    for made in range(limit):
        legal = wait_turn(page)
        if not legal:
            page.wait_for_selector(".overlay-box .breakdown")
            return made
        if made == 0 and first_move:
            first_move(page, legal)
        else:
            act(page, lambda: exact_legal(page, legal[0]).click())
    raise AssertionError(f"no hand end after {limit} moves")


def trade_by_tapping(page, legal) -> None:
    """Tap one card of the hand, one of the three face up, then Trade (or refuse the monte)."""
    if "refuse" in legal:
        return act(page, lambda: exact_legal(page, "refuse").click())
    page.locator("#controls .pile-cards.selectable .card").first.click()
    page.locator("#board .felt .pile-cards.selectable .card").first.click()
    act(page, lambda: page.click("#controls .trade"))


def test_petrangola_on_a_phone_round_table(browser, server):
    page = new_player(browser, server, "Nino", viewport=(390, 844))
    create_table(page, "petrangola", {"players": "7"}, {s: "simple" for s in range(1, 7)})
    page.wait_for_selector(".round-table .p-seat")
    # Read in one step in the page: the bots' moves redraw the table between two separate look-ups.
    table, chips = page.evaluate("""() => [document.querySelector(".round-table").getBoundingClientRect().width,
        [...document.querySelectorAll(".round-table .p-seat")].map((seat) => {
            const box = seat.getBoundingClientRect(); return [box.left, box.right]; })]""")
    assert table <= 390 and len(chips) == 7
    assert all(left >= 0 and right <= 390 for left, right in chips)
    page.screenshot(path=SCREENSHOTS / "petrangola-table-phone.png", full_page=True)
    moves = play_to_hand_end(page, trade_by_tapping)
    assert moves >= 1 and page.locator(".overlay-box .breakdown .shown").count() == 7
    assert SCRIPT_ERRORS[page] == []


def test_perlina_hand_to_the_showdown(browser, server):
    page = new_player(browser, server, "Olga")
    create_table(page, "perlina", {"players": "4"}, {1: "simple", 2: "simple", 3: "simple"})
    page.wait_for_selector("#board .felt .card")
    hand = page.locator("#controls .card")
    assert hand.count() in (0, 3)
    play_to_hand_end(page)
    assert page.locator(".overlay-box .breakdown").is_visible()
    assert SCRIPT_ERRORS[page] == []


def test_mercante_draws_its_figures(browser, server):
    page = new_player(browser, server, "Pia", viewport=(390, 844))
    create_table(page, "mercante", {"players": "8"}, {s: "simple" for s in range(1, 8)})
    page.wait_for_selector("#controls svg.figure")
    assert page.locator("#controls svg.figure").count() == 3
    assert page.locator("#board .felt svg.figure.big").count() == 1
    page.click("#legal-box summary")
    for _ in range(3):
        legal = wait_turn(page)
        if not legal:
            break
        act(page, lambda: exact_legal(page, "pass").click())
    page.screenshot(path=SCREENSHOTS / "mercante-table-phone.png", full_page=True)
    assert SCRIPT_ERRORS[page] == []


def test_mercante_counts_cards_in_words_and_ends_in_one_screen(browser, server):
    """Issue 37, "At the tables" 11: a seat down to one card reads "1 carta", never "1 carte"; at
    the fair's end the winner and the prizes come in one screen, from the table's own state: the
    page asks nothing more for them (the replay of the hands is blocked here). Twelve seats hold
    two cards each, losing cards as the red deck turns: someone holds one before the end."""
    page = new_player(browser, server, "Rita", viewport=(390, 844))
    page.route("**/replay/hands*", lambda route: route.abort())
    create_table(page, "mercante", {"players": "12"}, {s: "simple" for s in range(1, 12)})
    page.click("#legal-box summary")
    one = set()
    for _ in range(120):
        legal = wait_turn(page)
        if not legal:
            break
        counts = page.locator(".round-table .p-seat .badge").all_inner_texts()
        assert not [c for c in counts if c.lower().startswith("1 carte")], counts
        one.update(c for c in counts if c.lower() == "1 carta")
        act(page, lambda: exact_legal(page, "pass" if "pass" in legal else legal[0]).click())
    assert one, "no seat held one card"
    page.wait_for_selector(".overlay-box .finished")
    assert page.locator(".overlay-box .breakdown .fair .prize").count() >= 3
    assert SCRIPT_ERRORS[page] == []
