"""A person plays each game through the page, from the lobby's form to the
score screen, against bots (issue 9, "Tests": a whole smazzata of Burraco, one
hand of Scala 40, a round of Briscola and of Tressette)."""

from __future__ import annotations

from tavolo.engine.record import GameRecord
from tavolo.games import make_game_from_json
from tavolo.i18n.moves import card_name, card_short, say
from tavolo.server.pages import next_shuffle
from tests.browser.conftest import SCREENSHOTS
from tests.browser.play import (SCRIPT_ERRORS, create_table, new_player, play_match, play_to_score_screen, rummy_move,
                                trick_move, wait_turn)


def said_in_italian(record: dict, viewer: int) -> list[str]:
    """Each action of an online table's ``record`` as the log tells it to ``viewer`` in Italian: its
    words from the engine (State.action_words_for), not the notation ("gioca cavallo di spade", not
    "play Cs"); the deals are the record's stored shuffles, as the replay page reads them."""
    game = GameRecord.from_json(record)
    state = make_game_from_json(game.game, game.options).new_initial_state()
    shuffles = iter(record["chance"])
    lines = []
    for text in [None, *game.actions]:
        if text is not None:
            action = state.parse_action(text)
            lines.append(say(state.action_words_for(action, viewer).to_json(), "it"))
            state.apply(action)
        while state.is_chance_node():
            state.apply_chance(next_shuffle(shuffles))
    return lines


def finish(page, hands: int) -> None:
    """The score screen shows every hand, the winner, and no script failed."""
    assert page.locator(".overlay-box .breakdown").first.is_visible()
    assert "Totale partita" in page.inner_text(".overlay-box .breakdown")
    if hands:
        assert page.locator(".overlay-box .revealed-hand").count() == hands
    assert page.locator(".overlay-box .winner").is_visible()
    assert SCRIPT_ERRORS[page] == []


def test_burraco_smazzata_with_three_bots(browser, server):
    page = new_player(browser, server, "Anna", viewport=(390, 844))
    create_table(page, "burraco", {"players": "4", "target": "null"}, {1: "heuristic:easy", 2: "heuristic:easy", 3: "heuristic:easy"})
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 11                     # fibur art. 3: 11 cards each
    assert page.locator(".act-draw").inner_text() == "Pesca"
    moves = play_to_score_screen(page, rummy_move, screenshot=(14, SCREENSHOTS / "burraco-table-phone.png"))
    assert moves > 5
    rows = page.locator(".overlay-box .breakdown th").all_inner_texts()
    ended = page.inner_text(".overlay-box .ended-by")                   # why the hand ended, said plainly
    closed = "Tallone esaurito" not in ended
    assert ("Chiusura" in rows) == closed, (ended, rows)                # no "Chiusura 0 0" when no one closed
    for label in ("Burraci", "Carte calate", "Carte in mano", "Pozzetto", "Totale partita"):
        assert label in rows, rows
    page.screenshot(path=SCREENSHOTS / "burraco-score-phone.png")
    finish(page, hands=4)


def test_scala40_hand_against_a_bot(browser, server):
    page = new_player(browser, server, "Bea")
    create_table(page, "scala40", {"players": "2", "elimination": "null"}, {1: "simple"})
    play_to_score_screen(page, rummy_move, screenshot=(6, SCREENSHOTS / "scala40-table-desktop.png"))
    assert "Punti di penalità" in page.locator(".overlay-box .breakdown").inner_text()
    finish(page, hands=2)


def test_briscola_round(browser, server):
    page = new_player(browser, server, "Carlo")
    create_table(page, "briscola", {"players": "2", "rounds": "1"}, {1: "simple"})
    page.wait_for_selector(".stock .trump")                              # the briscola shown under the stock
    moves, hands = play_match(page, trick_move)
    assert moves == 20 * hands                                           # 40 cards, two players
    finish(page, hands=0)
    page.click(".overlay-box a[href^='/replay/']")
    page.wait_for_selector("#position:has-text('mossa 0')")
    assert page.inner_text("#position") == f"mossa 0 di {40 * hands}"
    assert page.locator("#controls .hand .card").count() == 3            # three cards each after the deal
    page.click("#next")
    assert page.inner_text("#replay-move").startswith(("Carlo: gioca ", "Bot"))   # the move in words, not "play Cs"
    page.click("#last")
    assert page.inner_text("#position") == f"mossa {40 * hands} di {40 * hands}"
    assert page.locator("#controls .hand .card").count() == 0
    assert "Punti delle carte" in page.inner_text("#replay-hand-end")     # the round's end, as the table showed it
    assert SCRIPT_ERRORS[page] == []


TOLD = """window.told = [];
new MutationObserver((changes) => { for (const change of changes) for (const node of change.addedNodes)
  if (node.classList?.contains("moment")) window.told.push(node.textContent); })
  .observe(document, { childList: true, subtree: true });"""
"""Keeps every announcement the page makes (each leaves the screen after 3 s)."""


def test_every_move_is_logged_and_every_trick_announced(browser, server):
    """The page tells each action as it comes: the log lists the moves of both seats in the
    order played (the newest first, the last 12), and each trick taken and the stock's last
    cards are announced once (Briscola for two: 20 tricks; 2 cards left once a hand)."""
    page = new_player(browser, server, "Gina")
    page.context.add_init_script(TOLD)
    table_id = create_table(page, "briscola", {"players": "2", "rounds": "1"}, {1: "simple"})
    moves, hands = play_match(page, trick_move)
    assert moves == 20 * hands
    record = page.request.get(f"{server}/api/tables/{table_id}/record").json()
    lines = page.locator("#log .event").all_inner_texts()
    assert [line.split(": ", 1)[1] for line in lines] == said_in_italian(record, 0)[::-1][:12]   # in words
    assert {line.split(": ", 1)[0] for line in lines} == {"Tu", "Bot 1 (Normale)"}
    told = page.evaluate("window.told")
    tricks = [t for t in told if t == "Prendi tu" or t == "Bot 1 (Normale) prende"]
    assert len(tricks) == 20 * hands and told.count("Ultime carte del tallone: 2") == hands
    assert len(told) == 21 * hands, told
    assert SCRIPT_ERRORS[page] == []


def test_tressette_round(browser, server):
    page = new_player(browser, server, "Dora")
    create_table(page, "tressette", {"players": "4", "target": "null"}, {1: "simple", 2: "simple", 3: "simple"})
    moves = play_to_score_screen(page, trick_move)
    assert moves == 10                                                   # 40 cards, four players
    page.screenshot(path=SCREENSHOTS / "tressette-score-desktop.png")
    finish(page, hands=0)
    first_table = page.url
    page.click(".overlay-box .play-again")                               # the same seats, bots included
    page.wait_for_url(lambda url: url != first_table)
    page.wait_for_function("document.querySelectorAll('.hand .card').length === 10")
    assert page.locator(".seat-chip").count() == 4


def test_lobby_lists_an_open_table_and_its_creator_seats_a_bot(browser, server):
    host = new_player(browser, server, "Elena")
    create_table(host, "burraco", {"players": "4"}, {1: "heuristic:normal", 3: "heuristic:strong"}, start=False)
    assert host.locator("#waiting .start").is_disabled()                 # a seat is still free
    guest = new_player(browser, server, "Franco")
    row = guest.locator(".table-row", has_text="Elena")
    row.wait_for()
    assert "1 posto libero" in row.inner_text()
    guest.screenshot(path=SCREENSHOTS / "lobby-desktop.png", full_page=True)
    free = host.locator("#waiting .waiting-seat", has=host.locator(".add-bot"))
    free.locator("select.bot-level").select_option("random")             # the free seat gets a bot, then start
    free.locator(".add-bot").click()
    host.wait_for_selector("#waiting .start:not([disabled])")
    host.click("#waiting .start")
    host.wait_for_function("document.querySelectorAll('.hand .card').length >= 11")
    assert host.locator(".seat-chip").count() == 4
    assert SCRIPT_ERRORS[host] == SCRIPT_ERRORS[guest] == []


def test_the_end_of_a_round_waits_for_continue(browser, server):
    page = new_player(browser, server, "Gino")
    create_table(page, "briscola", {"players": "2", "rounds": "3"}, {1: "random"})
    assert play_to_score_screen(page, trick_move) == 20
    assert page.locator(".overlay-box .winner").count() == 0             # one round of three: no winner yet
    page.wait_for_timeout(300)
    assert not page.locator("#overlay").is_hidden()                      # the score stays until Continua
    page.click(".overlay-box .continue")
    page.wait_for_selector("#overlay", state="hidden")
    page.wait_for_function("document.querySelectorAll('.hand .card').length === 3")
    assert SCRIPT_ERRORS[page] == []


def test_the_move_timer_counts_down_by_the_code(browser, server):
    """Codice art. 32 bis: 40 s with 11 or more cards in hand."""
    page = new_player(browser, server, "Ivo")
    page.select_option("#create select[name=timer]", "code")
    create_table(page, "burraco", {"players": "2", "target": "null"}, {1: "heuristic:easy"})
    page.wait_for_selector(".turn.mine")
    page.wait_for_function("/^\\d+ s$/.test(document.querySelector('.timer').textContent)")
    first = int(page.inner_text(".timer").split()[0])
    assert 30 < first <= 40
    page.wait_for_function(f"parseInt(document.querySelector('.timer').textContent) < {first}")
    assert SCRIPT_ERRORS[page] == []


def test_an_illegal_move_is_refused_with_its_rule_and_nothing_is_played(browser, server):
    """A turn begins by drawing or taking the pile (fedibur-1985 art. 4; codice art. 28):
    discarding first is refused with that rule, and nothing is played."""
    page = new_player(browser, server, "Lia")
    create_table(page, "burraco", {"players": "2", "target": "null"}, {1: "heuristic:easy"})
    page.wait_for_selector(".turn.mine")
    seq = page.get_attribute("#table", "data-seq")
    card = page.locator(".hand .card").first.get_attribute("data-card")
    page.fill("#typed-move", f"scarta {card}")
    page.press("#typed-move", "Enter")
    page.wait_for_selector("#refusal .rule")
    assert "codice art. 28" in page.inner_text("#refusal .rule")
    assert page.inner_text("#refusal").count("codice art. 28") == 1, "the rule is said once, under the move refused"
    refused = page.inner_text("#refusal strong")        # issue 37: the move in words ("scarta 2♥"), never "2h"
    assert refused.startswith("mossa non consentita 'scarta ") and card not in refused, refused
    assert page.get_attribute("#table", "data-seq") == seq
    assert page.locator(".hand .card").count() == 11
    page.fill("#typed-move", "vola via")
    page.press("#typed-move", "Enter")
    page.wait_for_function("!document.querySelector('#refusal .rule')")
    assert "vola" in page.inner_text("#refusal")
    assert page.get_attribute("#table", "data-seq") == seq
    page.evaluate("document.activeElement.blur()")
    page.keyboard.type("pesca")                                          # typed anywhere, in Italian too
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.hand .card').length === 12")
    card = page.locator(".hand .card").last
    discarded = card.get_attribute("data-card")
    card.drag_to(page.locator(".pile"))                                   # a card dragged to the pile is discarded
    page.wait_for_function("document.querySelectorAll('.hand .card').length === 11")
    assert f"Tu: scarta {card_short(discarded, 'french', 'it')}" in page.inner_text("#log")  # the log in words
    assert SCRIPT_ERRORS[page] == []


def test_a_move_typed_in_words_is_played(browser, server):
    """The box reads a move as the players say it (tavolo.engine.typed): "gioca il <card>", the card
    read from the hand and named in Italian as the log names it, is played and the log says it; the
    box's example is a move of the seat's own, in words."""
    page = new_player(browser, server, "Ugo")
    create_table(page, "briscola", {"players": "2", "rounds": "1"}, {1: "random"})
    assert wait_turn(page)
    placeholder = page.get_attribute("#typed-move", "placeholder")
    assert placeholder.startswith("Scrivi una mossa, es. gioca ") and " di " in placeholder
    card = page.locator(".hand .card").first.get_attribute("data-card")
    name = card_name(card, "italian", "it")                                # "fante di coppe"
    page.fill("#typed-move", f"gioca il {name}")
    page.press("#typed-move", "Enter")
    page.wait_for_function("(said) => document.getElementById('log').innerText.includes(said)"
                           " || !document.getElementById('refusal').hidden", arg=f"Tu: gioca {name}")
    assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
    assert f"Tu: gioca {name}" in page.inner_text("#log")
    assert SCRIPT_ERRORS[page] == []


def test_play_now_in_english_then_italian(browser, server):
    """Gioca subito: one click to a started table against bots; English selectable, Italian a click away."""
    page = new_player(browser, server, "Mia", locale="en-GB")
    page.click(".quick-briscola")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".hand .card")
    assert page.inner_text(".hand-tools .sort") == "Sort by rank"
    assert page.locator(".seat-chip").count() == 2
    page.click(".langs a[data-lang=it]")
    page.wait_for_selector(".hand .card")
    assert page.inner_text(".hand-tools .sort") == "Ordina per valore"
    page.goto(server + "/")
    assert page.inner_text(".quick h2") == "Gioca subito"                # the choice is remembered
    assert SCRIPT_ERRORS[page] == []
