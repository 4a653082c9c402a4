"""A table page whose connection is lost says so at once (not "Tocca a te"), refuses a move
tried meanwhile with a message instead of dropping it, reconnects by itself, says it is back,
and plays on. The connection is cut and held down by routing the page's WebSocket through the
test (Playwright's ``route_web_socket``): the server itself stays up."""

from __future__ import annotations

from playwright.sync_api import WebSocketRoute, expect

from tests.browser.play import SCRIPT_ERRORS, act, new_player


class Line:
    """The page's table socket, through the test: open, cut, or refused while ``down``."""

    def __init__(self) -> None:
        self.down = False
        self.routes: list[WebSocketRoute] = []

    def route(self, ws: WebSocketRoute) -> None:
        if self.down:
            ws.close()
            return
        ws.connect_to_server()
        self.routes.append(ws)

    def cut(self) -> None:
        self.down = True
        for ws in self.routes:
            ws.close()
        self.routes.clear()


def test_a_lost_connection_is_said_a_move_meanwhile_refused_and_play_goes_on_once_back(browser, server):
    page = new_player(browser, server, "Anna")
    line = Line()
    page.route_web_socket("**/ws/tables/*", line.route)
    page.click(".quick-burraco")
    page.wait_for_url("**/t/*")
    expect(page.locator(".act-draw")).to_be_enabled(timeout=60_000)  # Anna's turn to draw (the bots play theirs)
    expect(page.locator(".turn")).to_have_text("Tocca a te")
    seq = page.get_attribute("#table", "data-seq")

    line.cut()
    expect(page.locator("#connection")).to_have_text("Connessione persa: mi ricollego…")
    expect(page.locator(".turn")).to_have_text("Connessione persa: mi ricollego…")
    expect(page.locator("#legal .legal-move")).to_have_count(0)
    page.click(".act-draw")  # Pesca, while offline
    expect(page.locator("#refusal")).to_contain_text("Nessuna connessione: la mossa non è stata inviata")
    assert page.get_attribute("#table", "data-seq") == seq
    page.wait_for_timeout(1500)  # a try or two fails meanwhile

    line.down = False
    expect(page.locator("#connection")).to_have_text("Di nuovo connesso", timeout=15_000)
    expect(page.locator(".turn")).to_have_text("Tocca a te")
    assert page.get_attribute("#table", "data-seq") == seq  # nothing was played while away
    act(page, lambda: page.click(".act-draw"))
    assert int(page.get_attribute("#table", "data-seq")) > int(seq)
    expect(page.locator("#connection")).to_be_hidden(timeout=10_000)
    assert SCRIPT_ERRORS[page] == []
