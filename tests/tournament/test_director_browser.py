"""The issue's evening in Debian's chromium: a director imports 12 pairs, seats them by draw, runs 3 rounds
entering scores at the desk and from two phones (one side enters, the other confirms), corrects one and
prints the standings; a public page open the whole time shows every confirmed score without a reload;
the projector view is screenshotted (docs/screenshots/)."""

import json
import re
import subprocess
import time
from pathlib import Path

from playwright.sync_api import expect

from tavolo.store import Store
from tavolo.tournament.codes import side_code

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
NAME = "Serata al circolo"
PAIRS = "\n".join(["nome;giocatore1;giocatore2;circolo"] +
                  [f"Coppia {n};Giocatore {n}A;Giocatore {n}B;{'Roma' if n % 2 else 'Latina'}" for n in range(1, 13)])  # fmt: skip


def codes(app, round_number, table):
    tournament = Store(app.state.store.engine).open(NAME).tournament
    return [side_code(tournament.secret, round_number, table, side) for side in ("ns", "ew")]


def phone_entry(browser, served, app, round_number, table, ns, ew):
    """N/S enters the points on one phone, E/W confirms on another, each with the code on its card."""
    ns_code, ew_code = codes(app, round_number, table)
    url = f"{served}/torneo/{NAME}/tavolo/{table}?lang=it"
    first = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    first.goto(url)
    first.fill("#code", ns_code)
    first.fill("#ns", ns)
    first.fill("#ew", ew)
    first.click("#enter button")
    expect(first.locator("#message")).to_contain_text("l'altra linea conferma")
    second = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    second.goto(url)
    second.fill("#code", ew_code)
    expect(second.locator("#proposed")).to_contain_text("Punti proposti")
    if table == 1 and round_number == 1:
        second.screenshot(path=SCREENSHOTS / "director-phone-confirm.png")
    second.click("#yes")
    expect(second.locator("#message")).to_have_text("Registrato: grazie")
    first.context.close()
    second.context.close()


def desk_entry(desk, table, ns, ew, state="inserito"):
    desk.fill(f'input[name="ns-{table}"]', ns)
    desk.fill(f'input[name="ew-{table}"]', ew)
    desk.press(f'input[name="ew-{table}"]', "Enter")
    expect(desk.locator(f'tr[data-table="{table}"] td.state')).to_have_text(state)


def typed_through_a_refresh(desk):
    """The desk refreshes itself every 5 s; a score typed and not yet sent, and the field being typed in, survive it."""
    desk.fill('input[name="ns-2"]', "600")
    desk.focus('input[name="ew-2"]')
    with desk.expect_response(lambda r: r.request.method == "GET" and "/api/direttore/" in r.url, timeout=15_000):
        pass
    desk.wait_for_timeout(200)  # the grid is rebuilt once the response is read
    expect(desk.locator('input[name="ns-2"]')).to_have_value("600")
    assert desk.evaluate("document.activeElement.name") == "ew-2"


def test_a_directors_evening_in_the_browser(browser, served, web_app, tmp_path):
    expect.set_options(timeout=15_000)  # a shared, busy machine; a real hall sees updates within a second
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    desk = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True).new_page()
    desk.goto(f"{served}/login?lang=it")  # the web app's own accounts: the server's director logs in
    desk.fill('input[name="name"]', "arbitro")
    desk.fill('input[name="password"]', "burraco-2026")
    desk.click('button[value="login"]')
    expect(desk.locator("#nav-account")).to_contain_text("arbitro")
    desk.goto(f"{served}/direttore?lang=it")
    desk.fill('input[name="name"]', NAME)
    desk.fill('input[name="rounds"]', "3")
    desk.click("#create button")
    desk.wait_for_url("**/direttore/*")

    public = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    public.goto(f"{served}/torneo/{NAME}?lang=it")
    public.evaluate("window.stillTheSamePage = true")

    listing = tmp_path / "iscritti.csv"
    listing.write_text(PAIRS, encoding="utf-8")
    desk.set_input_files("#import input[type=file]", str(listing))
    expect(desk.locator("#preview tr")).to_have_count(12)
    desk.click("#register-list")
    expect(desk.locator("#count")).to_have_text("(12)")

    desk.click("#seat")
    expect(desk.locator("#seed")).to_contain_text("Seme del sorteggio")
    desk.once("dialog", lambda dialog: dialog.accept())  # the phones here are on this machine: 127.0.0.1 will do
    with desk.expect_download() as cards:
        desk.click('a[data-paper="cards"]')
    assert Path(cards.value.path()).read_bytes().startswith(b"%PDF")

    for round_number in (1, 2, 3):
        expect(desk.locator("#round-title")).to_have_text(f"Turno {round_number}")
        phone_entry(browser, served, web_app, round_number, 1, "450+300+205", "120+95+630")
        expect(public.locator('#current tr[data-table="1"] td.result')).to_contain_text("(955 / 845)")
        if round_number == 1:
            typed_through_a_refresh(desk)
        for table in range(2, 7):
            desk_entry(desk, table, str(400 + 100 * table), "500")
            expect(public.locator(f'#current tr[data-table="{table}"] td.result')).not_to_have_text("da inserire")
        if round_number == 1:
            desk.once("dialog", lambda dialog: dialog.accept("somma errata"))
            desk_entry(desk, 2, "505", "500", state="corretto")
            expect(public.locator('#current tr[data-table="2"] td.result')).to_contain_text("(505 / 500)")
            desk.screenshot(path=SCREENSHOTS / "director-desk.png", full_page=True)
        if round_number < 3:
            desk.click("#pair")
    public.screenshot(path=SCREENSHOTS / "director-public.png", full_page=True)
    assert public.evaluate("window.stillTheSamePage") is True

    with desk.expect_download() as standings:
        desk.click('a[data-paper="standings"]')
    assert Path(standings.value.path()).read_bytes().startswith(b"%PDF")

    projector = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    projector.goto(f"{served}/torneo/{NAME}/proiettore?lang=it")
    expect(projector.locator("#standings table").first).to_be_visible()
    projector.screenshot(path=SCREENSHOTS / "director-projector.png")


FAST_ROWS = [("225", "805+40+690"), ("1100", "450+300+205"), ("905", "600"), ("1550", "95+120+630"),
             ("640+15+250", "300"), ("770", "1205")]  # fmt: skip
"""What a director types at the desk, row after row, without waiting for the page."""


def a_director_with_pairs(browser, served, pairs):
    """A logged-in director's page context and an event of ``pairs`` pairs seated in registration order."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    same_origin = {"Origin": served}
    account = {"name": "direttrice", "password": "burraco-2026"}
    assert context.request.post(f"{served}/api/login", data=account).ok
    assert context.request.post(f"{served}/api/direttore", data={"name": "Veloce", "rounds": 3}, headers=same_origin).ok
    for n in range(1, pairs + 1):
        body = {"players": [f"Giocatore {n}A", f"Giocatore {n}B"]}
        assert context.request.post(f"{served}/api/direttore/Veloce/iscritti", data=body, headers=same_origin).ok
    seat = context.request.post(f"{served}/api/direttore/Veloce/assegna", data={"method": "registration"},
                                headers=same_origin)  # fmt: skip
    assert seat.ok
    return context


def test_no_keystroke_is_lost_when_the_director_types_faster_than_the_server_saves(browser, served):
    """Each POST takes 150 ms here (55-159 ms in the hall): Enter moves on at once, the next row's digits land in
    the next row, every row is stored as it was typed, and a refused row stays on screen marked as not saved."""
    context = a_director_with_pairs(browser, served, 2 * (len(FAST_ROWS) + 1))
    desk = context.new_page()

    def slow(route):
        time.sleep(0.15)
        route.continue_()

    desk.route("**/punteggi*", slow)
    desk.goto(f"{served}/direttore/Veloce?lang=it")
    expect(desk.locator('input[name="ns-1"]')).to_be_visible()
    desk.focus('input[name="ns-1"]')
    typed = "".join(f"{ns}\n{ew}\n" for ns, ew in FAST_ROWS) + "452\n500\n"  # the last row: not a multiple of 5
    desk.keyboard.type(typed, delay=40)
    last = len(FAST_ROWS) + 1
    for table in range(1, last):
        expect(desk.locator(f'tr[data-table="{table}"] td.state')).to_have_text("inserito", timeout=15_000)
    refused = desk.locator(f'tr[data-table="{last}"]')
    expect(refused).to_have_class(re.compile(r"\bfailed\b"), timeout=15_000)
    expect(refused.locator("td.state")).to_contain_text("452 non è un multiplo di 5")
    expect(desk.locator(f'input[name="ns-{last}"]')).to_have_value("452")
    tables = context.request.get(f"{served}/api/torneo/Veloce").json()["round"]["tables"]
    stored = {row["table"]: row["result"] and (row["result"]["ns_points"], row["result"]["ew_points"]) for row in tables}
    expected = {table: (sum(map(int, ns.split("+"))), sum(map(int, ew.split("+"))))
                for table, (ns, ew) in enumerate(FAST_ROWS, start=1)}  # fmt: skip
    assert stored == {**expected, last: None}
    context.close()


def test_the_director_corrects_an_earlier_round_with_a_reason_and_sees_the_pairings_it_touches(browser, served):
    """Codice art. 19: round 1's table 1 was transcribed the wrong way round and round 2 is already published.
    The desk opens round 1, corrects the table with a required reason, keeps round 2's pairing (19 b), names the
    tables the corrected standings would have paired otherwise, and the history shows the old and new points."""
    context = a_director_with_pairs(browser, served, 8)
    own = {"Origin": served}
    for table in range(1, 5):
        body = {"round": 1, "table": table, "ns": str(500 + 100 * table), "ew": "400"}
        assert context.request.post(f"{served}/api/direttore/Veloce/punteggi", data=body, headers=own).ok
    assert context.request.post(f"{served}/api/direttore/Veloce/abbina", headers=own).ok
    round_two = context.request.get(f"{served}/api/torneo/Veloce").json()["round"]["tables"]
    desk = context.new_page()
    desk.goto(f"{served}/direttore/Veloce?lang=it")
    expect(desk.locator("#fix-round option")).to_have_count(2)
    desk.select_option("#fix-round", "1")
    row = desk.locator('#fix-table tr[data-fix="1"]')
    expect(row.locator("td.result")).to_contain_text("600 / 400")
    row.locator("button").click()
    expect(desk.locator("#fix-what")).to_contain_text("(registrato da direttrice alle ")  # whose figures change
    expect(desk.locator('#fix input[name="ns"]')).to_have_value("600")
    desk.fill('#fix input[name="ns"]', "400")
    desk.fill('#fix input[name="ew"]', "600")
    desk.click("#fix button:not([type])")  # no reason: the browser's own check stops it
    expect(desk.locator("#fix")).to_be_visible()
    assert context.request.get(f"{served}/api/torneo/Veloce").json()["round"]["tables"] == round_two
    desk.fill('#fix input[name="reason"]', "punteggi invertiti")
    desk.click("#fix button:not([type])")
    message = desk.locator("#fix-message")
    expect(message).to_contain_text("turno 1 tavolo 1 corretto: 600 / 400 -> 400 / 600 (motivo: punteggi invertiti)")
    expect(message).to_contain_text("codice art. 19 b): turno 2 tavoli 2, 3")  # 3-1 and 2-4 would be 3-2, 1-4
    expect(message).to_contain_text("il turno successivo si abbina sulla classifica corretta")
    expect(desk.locator("#affected li")).to_have_count(1)
    expect(desk.locator("#journal li").first).to_contain_text("600 / 400 -> 400 / 600")
    expect(desk.locator('#fix-table tr[data-fix="1"] td.result')).to_contain_text("400 / 600")
    assert context.request.get(f"{served}/api/torneo/Veloce").json()["round"]["tables"] == round_two  # kept
    standings = context.request.get(f"{served}/api/torneo/Veloce").json()["standings"][0]["lines"]
    assert [line["number"] for line in standings[:5]] == [7, 5, 3, 2, 1]  # pair 2 now the fourth winner
    context.close()


def answered(page, asked, seconds=15):
    """Wait until the page's dialog has been answered (its handler appends to ``asked``)."""
    for _ in range(seconds * 10):
        if asked:
            return
        page.wait_for_timeout(100)


def phone(context, served, table, code, *, live=True):
    """A table's phone page with a side's code typed; ``live=False``: a phone whose live stream does not get
    through (it has not heard of the other side's proposal yet)."""
    page = context.new_page()
    if not live:
        page.route("**/live", lambda route: route.abort())
    page.goto(f"{served}/torneo/Veloce/tavolo/{table}?lang=it")
    page.fill("#code", code)
    expect(page.locator("#enter")).to_be_visible()
    page.evaluate("window.stillTheSamePage = true")
    return page


def send(page, ns, ew):
    page.fill("#ns", ns)
    page.fill("#ew", ew)
    page.click("#enter button")


def test_each_side_confirms_the_other_sides_deals_and_a_second_proposal_is_a_dispute(browser, served, web_app):
    """The confirming side sees each deal's figures, on a page that updates by itself when the other side
    proposes; a second, different proposal replaces nothing: both sides and the desk see the dispute."""
    context = a_director_with_pairs(browser, served, 4)
    assert context.request.get(f"{served}/api/direttore/Veloce/stampa/cards").ok  # the codes are issued
    secret = Store(web_app.state.store.engine).open("Veloce").tournament.secret
    code = lambda table, side: side_code(secret, 1, table, side)  # noqa: E731
    east_west = phone(context, served, 1, code(1, "ew"))
    north_south = phone(context, served, 1, code(1, "ns"))
    send(north_south, "450+300+205", "120+95+630")
    expect(north_south.locator("#message")).to_contain_text("l'altra linea conferma")
    proposal = east_west.locator("#proposed table")  # no reload: the live stream told the page
    expect(proposal.locator("caption")).to_contain_text("Punti proposti: N/S 955, E/O 845")
    expect(proposal.locator("tr.deal")).to_have_count(3)
    expect(proposal.locator("tr.deal").nth(0)).to_have_text("1450120")
    expect(proposal.locator("tr.deal").nth(2)).to_have_text("3205630")
    expect(east_west.locator("#confirm")).to_be_visible()
    east_west.click("#yes")
    expect(east_west.locator("#message")).to_have_text("Registrato: grazie")
    expect(north_south.locator("#message")).to_have_text("Registrato: grazie")
    assert east_west.evaluate("window.stillTheSamePage") and north_south.evaluate("window.stillTheSamePage")

    late = phone(context, served, 2, code(2, "ew"), live=False)
    first = phone(context, served, 2, code(2, "ns"))
    send(first, "900", "500")
    expect(first.locator("#message")).to_contain_text("l'altra linea conferma")
    send(late, "500", "900")  # it had not heard of N/S's points: a dispute, not a replacement
    for page in (late, first):
        expect(page.locator("#message")).to_have_text("Contestato: decide il direttore")
        expect(page.locator("#proposed table caption")).to_have_text(["Proposti da N/S", "Proposti da E/O"])
        expect(page.locator("#proposed tr.total")).to_have_text(["Totale900500", "Totale500900"])
        expect(page.locator("#enter")).to_be_hidden()
    desk = context.new_page()
    desk.goto(f"{served}/direttore/Veloce?lang=it")
    row = desk.locator('#grid tr[data-table="2"]')
    expect(row).to_have_class("state-disputed")
    expect(row.locator("td.state .proposed")).to_have_text(["Proposti da N/S: 900 / 500", "Proposti da E/O: 500 / 900"])
    context.close()


def test_the_desk_sets_the_halls_address_and_warns_before_cards_no_phone_can_open(browser, served, web_app):
    """A desk opened at http://127.0.0.1 once printed QR codes to 127.0.0.1: the desk shows this machine's
    addresses on the hall's network, asks before printing cards with a loopback address, and prints the hall's."""
    from tavolo.server.director.desk import lan_addresses

    context = a_director_with_pairs(browser, served, 4)
    desk = context.new_page()
    desk.goto(f"{served}/direttore/Veloce?lang=it")
    warning = desk.locator("#hall-warning")
    expect(warning).to_contain_text("è l'indirizzo di questo computer soltanto")
    expect(desk.locator("#hall-address")).to_have_value(served)
    port = served.rsplit(":", 1)[1]
    expected = [f"http://{ip}:{port}" for ip in lan_addresses()]
    expect(desk.locator("#hall-lan button")).to_have_count(len(expected))
    asked = []

    def refuse(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    desk.once("dialog", refuse)
    desk.click('a[data-paper="cards"]')
    answered(desk, asked)
    assert asked and "nessun telefono può aprirlo" in asked[0] and served in asked[0]
    assert Store(web_app.state.store.engine).open("Veloce").tournament.secret is None  # nothing printed
    if expected:
        desk.click(f'#hall-lan button[data-address="{expected[0]}"]')
    else:
        desk.fill("#hall-address", f"http://192.168.1.20:{port}")
    address = desk.input_value("#hall-address")
    desk.click("#hall button")
    expect(warning).to_be_hidden()
    desk.on("dialog", lambda dialog: asked.append(dialog.message) or dialog.dismiss())
    with desk.expect_download() as cards:
        desk.click('a[data-paper="cards"]')
    assert len(asked) == 1  # no second question
    text = subprocess.run(["pdftotext", cards.value.path(), "-"], capture_output=True, text=True).stdout
    assert f"{address}/torneo/Veloce/tavolo/1" in "".join(text.split())
    desk.reload()
    expect(desk.locator("#hall-address")).to_have_value(address)
    context.close()


def test_a_pending_row_shows_the_points_proposed_and_undo_asks_and_says_what_it_undid(browser, served, web_app):
    context = a_director_with_pairs(browser, served, 4)
    assert context.request.get(f"{served}/api/direttore/Veloce/stampa/cards").ok
    secret = Store(web_app.state.store.engine).open("Veloce").tournament.secret
    north_south = phone(context, served, 2, side_code(secret, 1, 2, "ns"))
    send(north_south, "450+450", "500")
    desk = context.new_page()
    desk.goto(f"{served}/direttore/Veloce?lang=it")
    pending = desk.locator('#grid tr[data-table="2"]')
    expect(pending).to_have_class("state-pending")
    expect(pending.locator("td.state")).to_have_text("in attesa di confermaProposti da N/S: 900 / 500")
    assert desk.evaluate("getComputedStyle(document.querySelector('#grid tr.state-pending')).backgroundColor") != (
        desk.evaluate("getComputedStyle(document.querySelector('#grid tr.state-missing')).backgroundColor"))
    desk_entry(desk, 1, "900", "500")
    asked = []
    desk.once("dialog", lambda dialog: asked.append(dialog.message) or dialog.dismiss())
    desk.click("#undo")
    answered(desk, asked)
    expect(desk.locator('#grid tr[data-table="1"] td.state')).to_have_text("inserito")
    assert asked == ["Annullare l'ultima azione? turno 1 tavolo 1: 900 / 500"]
    desk.once("dialog", lambda dialog: dialog.accept())
    desk.click("#undo")
    expect(desk.locator("#message")).to_have_text("Annullato: turno 1 tavolo 1: 900 / 500")
    expect(desk.locator('#grid tr[data-table="1"] td.state')).to_have_text("da inserire")
    context.close()


def test_the_seat_finder_ignores_accents_case_and_apostrophes(browser, served):
    """A phone types ``cantu`` for Cantù, ``Nicolo`` for Nicolò, and iOS turns ' into ’ in ``Dell’Acqua``."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    own = {"Origin": served}
    assert context.request.post(f"{served}/api/login", data={"name": "direttrice", "password": "burraco-2026"}).ok
    assert context.request.post(f"{served}/api/direttore", data={"name": "Trova", "rounds": 3}, headers=own).ok
    for players in (["Elena Cantù", "Nicolò Dell'Acqua"], ["Anna Rossi", "Bruno Verdi"]):
        assert context.request.post(f"{served}/api/direttore/Trova/iscritti", data={"players": players}, headers=own).ok
    assert context.request.post(f"{served}/api/direttore/Trova/assegna", data={"method": "registration"},
                                headers=own).ok  # fmt: skip
    page = context.new_page()
    page.goto(f"{served}/torneo/Trova?lang=it")
    for typed in ("cantu", "NICOLO", "Dell’Acqua"):
        page.fill("#finder", typed)
        expect(page.locator("#found .person strong")).to_have_text("1 Elena Cantù - Nicolò Dell'Acqua")
        expect(page.locator("#found .person p").first).to_contain_text("Il tuo tavolo: 1 (N/S)")
    context.close()


def test_standings_wait_for_a_result_rank_a_withdrawn_pair_last_and_keep_their_headings_on_the_projector(
    browser, served
):
    """Before any result everyone was first with the first prize; a withdrawn pair (codice art. 33: its results
    stand) was ranked above pairs still playing, unmarked; the projector's headings scrolled away."""
    context = a_director_with_pairs(browser, served, 40)
    own = {"Origin": served}
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    projector.goto(f"{served}/torneo/Veloce/proiettore?lang=it")
    expect(projector.locator("#round table")).to_be_visible()
    expect(projector.locator("#standings table")).to_have_count(0)  # no result yet: no standings, no prizes
    for table in range(1, 21):
        body = {"round": 1, "table": table, "ns": str(500 + 50 * table), "ew": "500"}
        assert context.request.post(f"{served}/api/direttore/Veloce/punteggi", data=body, headers=own).ok
    withdrawal = {"action": "withdraw", "number": 39, "reason": "malore"}  # table 20's N/S: the biggest win
    assert context.request.post(f"{served}/api/direttore/Veloce/decisioni", data=withdrawal, headers=own).ok
    rows = projector.locator("#standings tbody tr")
    expect(rows).to_have_count(40)
    expect(rows.last).to_have_class("withdrawn")
    expect(rows.last.locator("td").nth(2)).to_have_text("Giocatore 39A - Giocatore 39B (ritirata)")
    expect(rows.first.locator("td").nth(1)).to_have_text("37")  # the best of those still playing
    expect(projector.locator("#standings tr.prize")).to_have_count(3)
    middle = projector.evaluate("""() => {
        const table = document.querySelector('#standings table');
        window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY + 600);
        return table.getBoundingClientRect().top;
    }""")
    assert middle < 0  # the table's top is out of sight
    heading = projector.evaluate("""() => {
        const th = document.querySelector('#standings thead th').getBoundingClientRect();
        return [th.top, th.bottom, document.querySelector('.bar').getBoundingClientRect().bottom];
    }""")
    assert abs(heading[0] - heading[2]) < 3 and heading[1] > heading[0]  # right under the bar, in sight
    projector.context.close()
    context.close()


def test_a_new_account_is_no_director_until_a_director_names_it(browser, served):
    stranger = browser.new_context().new_page()
    stranger.goto(f"{served}/login?lang=it")
    stranger.fill('input[name="name"]', "arbitro2")
    stranger.fill('input[name="password"]', "burraco-2026")
    stranger.click('button[value="register"]')
    expect(stranger.locator("#nav-account")).to_contain_text("arbitro2")
    stranger.goto(f"{served}/direttore?lang=it")
    expect(stranger.locator("#not-director")).to_contain_text("Solo i direttori del server creano tornei")
    expect(stranger.locator("#create")).to_be_hidden()
    director = browser.new_context().new_page()
    assert director.request.post(f"{served}/api/login", data={"name": "arbitro", "password": "burraco-2026"}).ok
    director.goto(f"{served}/direttore?lang=it")
    director.fill('#name-director input[name="account"]', "arbitro2")
    director.click("#name-director button")
    expect(director.locator("#directors-message")).to_contain_text("arbitro2")
    stranger.reload()
    expect(stranger.locator("#create")).to_be_visible()
    stranger.context.close()
    director.context.close()


def test_the_director_restores_a_backup_from_the_desk_after_confirming(browser, served, tmp_path):
    context = a_director_with_pairs(browser, served, 4)
    saved = context.request.get(f"{served}/api/direttore/Veloce/backup").json()
    saved["name"] = saved["events"][0]["payload"]["config"]["name"] = "Veloce bis"
    backup = tmp_path / "veloce-bis.json"
    backup.write_text(json.dumps(saved), encoding="utf-8")
    home = context.new_page()
    home.goto(f"{served}/direttore?lang=it")
    asked = []
    home.once("dialog", lambda dialog: asked.append(dialog.message) or dialog.dismiss())
    home.set_input_files("#restore-file", str(backup))
    answered(home, asked)
    expect(home.locator("#restore-file")).to_have_value("")  # refused: the file is let go, nothing restored
    assert asked and asked[0].startswith("Ripristinare Veloce bis:") and "4 iscritti, 1 turni" in asked[0]
    assert context.request.get(f"{served}/api/direttore/Veloce%20bis").status == 404
    home.once("dialog", lambda dialog: dialog.accept())
    home.set_input_files("#restore-file", str(backup))
    home.wait_for_url("**/direttore/Veloce%20bis")
    expect(home.locator("#count")).to_have_text("(4)")
    home.goto(f"{served}/direttore?lang=it")
    home.once("dialog", lambda dialog: dialog.accept())
    home.set_input_files("#restore-file", str(backup))
    expect(home.locator("#restore-message")).to_have_text("un torneo di nome 'Veloce bis' esiste già")
    context.close()
