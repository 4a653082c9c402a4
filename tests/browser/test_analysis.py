"""Analisi on the replay page (issue 41): a person who played a short Briscola match asks for the
analysis of their hand with a small budget, sees its progress, then the timeline of their
decisions (each mark in colour and in words), a marked decision with the move played, Campione's
and the best alternatives with their intervals, and the summary by kind; on a phone and a desktop.
A kept Burraco review opens at once from its shared link. Screenshots: docs/screenshots/analysis-*.png."""

from __future__ import annotations

import random
import threading
import time

import pytest
import uvicorn
from playwright.sync_api import expect

from tavolo.bots.registry import make_bot
from tavolo.online.views import view_of
from tavolo.online.analyses import AnalysisStore, run_review
from tavolo.server.app import create_app
from tavolo.store.online import LogEntry, OnlineStore, SeatRecord, TableRecord, make_online_engine
from tests.browser.conftest import SCREENSHOTS, free_port
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
    page.locator(".analysis-chip").first.wait_for(timeout=10_000)
    assert page.locator(".analysis-chip").count() == chips.count()
    assert SCRIPT_ERRORS[page] == []


# --- a Burraco hand, its review kept: the shared link on a desktop -----------------------------------


@pytest.fixture(scope="module")
def burraco_room(tmp_path_factory):
    """A server whose store holds a finished 2-player Burraco hand (normal at seat 0, strong at 1,
    played by the engine, stored as the room stores a table: its shuffles and moves in the log) and
    the review of seat 0 kept at the room's default budget, 10 s (worked out here, as the worker would)."""
    database = f"sqlite:///{tmp_path_factory.mktemp('analysis') / 'tavolo.sqlite'}"
    options = {"rule_set": "fibur", "players": 2, "target": None}       # as the lobby's form gives them
    game = view_of("burraco").build(options)
    state, rng, log = game.new_initial_state(), random.Random(3), []
    bots = [make_bot("heuristic:normal", game, 0, 1), make_bot("heuristic:strong", game, 1, 2)]
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = state.sample_chance(rng)
            log.append(("chance", {"outcome": outcome}))
            state.apply_chance(outcome)
            continue
        seat = state.current_player()
        action = bots[seat].choose(state.observation(seat), state.legal_actions())
        log.append(("action", {"seat": seat, "action": action, "text": state.action_to_string(action)}))
        state.apply(action)
    store = OnlineStore(make_online_engine(database))
    seats = [SeatRecord(0, "Nora", "human", None, None, None), SeatRecord(1, "Bot 1 (Forte)", "bot", "strong", None, None)]
    store.create_table(TableRecord("burraco1", "burraco", options, "off", "finished", seats))
    store.append([LogEntry("burraco1", seq, kind, payload) for seq, (kind, payload) in enumerate(log, start=1)])
    store.finish("burraco1", list(state.returns()))
    record = {"game": "burraco", "options": game.options_json(), "seats": ["Nora", "Bot 1 (Forte)"], "seed": 0,
              "actions": [p["text"] for k, p in log if k == "action"], "chance": [p["outcome"] for k, p in log if k == "chance"]}
    AnalysisStore(store.engine).save("burraco1", 0, 10.0, run_review("test", record, 0, 10.0))
    port = free_port()
    instance = uvicorn.Server(uvicorn.Config(create_app(database, pace=0), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    while not instance.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


def test_a_kept_burraco_review_opens_at_once_from_its_link(browser, burraco_room):
    page = new_player(browser, burraco_room, "Ospite", viewport=(1280, 900))
    page.goto(f"{burraco_room}/analisi/burraco1/0")
    page.locator(".analysis-chip").first.wait_for(state="attached", timeout=15_000)
    expect(page.locator("#analysis-progress")).to_be_hidden()       # kept: no queue, no bar
    expect(page.locator("#analyse")).to_have_text("Analizza il gioco di Nora")   # a guest: not "my hand"
    decisions = len(page.evaluate("[...document.querySelectorAll('.analysis-chip')].map(c => c.textContent)"))
    assert decisions > 40
    expect(page.locator(".analysis-all")).to_have_text(f"Mostra tutte le {decisions} decisioni")
    shown = page.locator(".analysis-chip:visible")
    assert shown.count() == page.locator(".analysis-chip:not(.mark-ok)").count() < decisions   # the marked first
    summary = page.locator(".analysis-summary").inner_text()
    assert "pesca o raccolta" in summary and "scarto" in summary          # Burraco's kinds of decision
    sentence = page.locator(".analysis-sentence").inner_text()
    assert sentence.startswith(("hai ", "la mossa")) and "punti attesi" in sentence
    assert page.locator("#viewer").input_value() == "0"                 # the replay seen from the reviewed seat
    page.screenshot(path=str(SCREENSHOTS / "analysis-desktop.png"), full_page=True)
    page.click(".analysis-all")
    assert page.locator(".analysis-chip:visible").count() == decisions
    assert SCRIPT_ERRORS[page] == []
