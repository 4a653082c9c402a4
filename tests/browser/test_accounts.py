"""Optional accounts through the pages (issue 9, "Players": name + password keep a
player's history and rating across devices; finished games on the player's page)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.play import SCRIPT_ERRORS, create_table, new_player, play_match, trick_move


def test_register_play_and_find_the_game_on_your_page(browser, server):
    page = new_player(browser, server, "Nora")
    page.goto(server + "/login")
    page.fill("input[name=name]", "Nora")
    page.fill("input[name=password]", "una password lunga")
    page.click("button[value=register]")
    page.wait_for_url("**/players/Nora")
    # The page says "Caricamento…" until its fetch answers: wait for the answer itself.
    expect(page.locator("#games")).to_have_text("Ancora nessuna partita conclusa.")
    assert page.inner_text("#rating").startswith("Punteggio")
    assert page.inner_text("#nav-account") == "Nora (la tua pagina)"

    page.goto(server + "/")
    page.wait_for_selector("#my-games:has-text('punteggio')")               # the rating in the lobby
    create_table(page, "briscola", {"players": "2", "rounds": "1"}, {1: "simple"})
    play_match(page, trick_move)
    page.goto(server + "/players/Nora")
    row = page.locator("#games .table-row")
    row.wait_for()
    assert row.count() == 1 and "Briscola" in row.inner_text()
    assert row.locator("a[href^='/replay/']").count() == 1
    assert row.locator(".seats").inner_text() == "Nora · Bot 1 (Normale)"
    page.goto(server + "/players/Nora?lang=en")                            # the bot named in the reader's language
    page.wait_for_selector("#games .table-row .seats:has-text('Bot 1 (Normal)')")
    page.goto(server + "/players/Nora?lang=it")

    page.goto(server + "/login")
    page.click("#logout")
    page.wait_for_selector("#account-message:has-text('Sei uscito')")
    page.fill("input[name=name]", "Nora")
    page.fill("input[name=password]", "sbagliata!!")
    page.click("button[value=login]")
    page.wait_for_function("document.getElementById('account-message').textContent.length > 0")
    assert "/login" in page.url                                           # a wrong password logs no one in
    assert SCRIPT_ERRORS[page] == []
