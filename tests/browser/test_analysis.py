"""Analisi on the replay page (issue 41): a person who played a short Briscola match asks for the
analysis of their hand with a small budget, sees its progress, then the timeline of their
decisions (each mark in colour and in words), a marked decision with the move played, Campione's
and the best alternatives with their intervals, and the summary by kind; on a phone and a desktop.
Screenshots: docs/screenshots/analysis-*.png."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS
from tests.browser.play import SCRIPT_ERRORS, create_table, new_player, play_match, trick_move

MARK_WORDS = {"imprecisione", "errore", "errore grave", "ottima"}


def test_the_analysis_of_my_hand_shows_its_timeline_and_a_decision(browser, server):
    page = new_player(browser, server, "Analista", viewport=(390, 844))
    page.goto(server + "/")
    assert page.request.post(server + "/api/accounts",
                             data={"name": "Analista", "password": "una password lunga"}).ok
    page.goto(server + "/")
    table_id = create_table(page, "briscola", {"players": "2", "rounds": "1"}, {1: "simple"})
    play_match(page, trick_move)

    page.goto(f"{server}/replay/{table_id}")
    ask = page.locator("#analyse")
    expect(ask).to_have_text("Analizza la mia mano")
    page.select_option("#analysis-budget", "1")                  # the quick analysis: 1 s of CPU a hand
    ask.click()
    expect(page.locator("#analysis-progress")).to_be_visible()   # the worker process starts: the bar shows
    chips = page.locator(".analysis-chip")
    chips.first.wait_for(timeout=120_000)
    expect(page.locator("#analysis-progress")).to_be_hidden()
    assert chips.count() >= 10                                    # every decision of the seat, in order
    numbers = [int(n) for n in page.locator(".analysis-chip .chip-number").all_inner_texts()]
    assert numbers == sorted(numbers)
    for chip in page.locator(".analysis-chip:not(.mark-ok)").all():   # colour AND words
        assert any(word in chip.inner_text() for word in MARK_WORDS | {"non stimata"}), chip.inner_text()
    summary = page.locator(".analysis-summary")
    expect(summary).to_contain_text("gioco")                      # Briscola's one kind of decision
    expect(page.locator(".analysis-link")).to_have_attribute("href", f"/analisi/{table_id}/0")
    page.locator("#analysis-title").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('analysis').scrollIntoView()")
    page.screenshot(path=str(SCREENSHOTS / "analysis-timeline.png"))

    marked = page.locator(".analysis-chip:not(.mark-ok)")
    chosen = marked.first if marked.count() else chips.nth(2)
    chosen.click()
    decision = page.locator("#analysis-decision")
    expect(decision.locator("h3")).to_contain_text("Mossa")
    expect(decision.locator(".analysis-sentence")).to_contain_text("hai ")
    rows = decision.locator(".analysis-moves tbody tr")
    assert 2 <= rows.count() <= 4                                 # Campione's, then the best others and mine
    assert "Campione" in rows.first.inner_text() and "riferimento" in rows.first.inner_text()
    assert all("±" in row.inner_text() for row in rows.all()[1:])   # each estimate with its interval
    assert decision.locator("tr.played").count() == 1
    number = int(chosen.locator(".chip-number").inner_text())
    expect(page.locator("#position")).to_contain_text(f"mossa {number - 1} di")   # the replay at that decision
    decision.scroll_into_view_if_needed()
    page.evaluate("document.getElementById('analysis-decision').scrollIntoView()")
    page.screenshot(path=str(SCREENSHOTS / "analysis-decision.png"))

    page.goto(f"{server}/analisi/{table_id}/0")                  # the shared link: the kept review at once
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator(".analysis-chip").first.wait_for(timeout=10_000)
    assert page.locator(".analysis-chip").count() == chips.count()
    page.screenshot(path=str(SCREENSHOTS / "analysis-desktop.png"), full_page=True)
    assert SCRIPT_ERRORS[page] == []
