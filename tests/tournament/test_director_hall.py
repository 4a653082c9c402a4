"""The hall: its live pages (a change made on a worker thread reaches their queues through the event loop) and
its address (the score cards' QR codes carry the one the phones can open)."""

import asyncio
import ipaddress
import socket
import subprocess
import threading

import pytest

from tavolo.server.director import desk as director
from tavolo.server.director.desk import is_loopback, lan_addresses
from tavolo.server.director.public import Hall
from tavolo.store import Store
from tavolo.tournament import commands
from tavolo.tournament.config import TournamentConfig
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.state import Tournament


class WatchedQueue(asyncio.Queue):
    """A page's queue that remembers the thread each frame was put from."""

    def __init__(self) -> None:
        super().__init__(maxsize=8)
        self.threads: list[int] = []

    def put_nowait(self, item) -> None:
        self.threads.append(threading.get_ident())
        super().put_nowait(item)


def test_a_write_on_a_worker_thread_publishes_through_the_loop(tmp_path):
    """asyncio.Queue is not thread-safe: the desk's writes (plain routes, the list import) run on worker
    threads, so the frame must be put in the pages' queues by the loop's own thread."""
    handle = Store(f"sqlite:///{tmp_path / 'hall.sqlite'}").create(TournamentConfig("Serata"), "anna")
    hall = Hall()

    async def page() -> tuple[list[int], int, str]:
        queue, _ = hall.subscribe(handle)
        watched = WatchedQueue()
        hall.listeners["Serata"] = {watched}

        def register() -> None:  # what a plain route does on the thread pool
            handle.do(lambda t: commands.register(t, ["Anna Rossi", "Bruno Verdi"]))
            hall.changed(handle)

        await asyncio.to_thread(register)
        frame = await asyncio.wait_for(watched.get(), 5)
        hall.listeners.clear()
        return watched.threads, threading.get_ident(), frame

    answers = []  # a loop of its own, on a thread of its own: the browser tests' Playwright keeps one in this thread
    served = threading.Thread(target=lambda: answers.append(asyncio.run(page())))
    served.start()
    served.join(10)
    threads, loop_thread, frame = answers[0]
    assert threads == [loop_thread]
    assert "Anna Rossi" not in frame and '"version": 2' in frame  # the new public view (entrants are not in it)


def test_a_change_with_no_page_open_or_after_the_loop_closed_is_dropped(tmp_path):
    handle = Store(f"sqlite:///{tmp_path / 'hall.sqlite'}").create(TournamentConfig("Serata"), "anna")
    hall = Hall()
    hall.changed(handle)  # no page has ever subscribed: nothing to do, no loop needed
    loop = asyncio.new_event_loop()
    hall.loop, hall.listeners["Serata"] = loop, {WatchedQueue()}
    loop.close()
    hall.changed(handle)  # the server has stopped: no error


def test_this_machines_addresses_are_read_without_sending_anything(monkeypatch):
    """The hall's addresses come from the host name and from the route a UDP socket would take: connecting a UDP
    socket sends no packet, and nothing here may (a send fails the test)."""

    def refused(*args, **kwargs):
        raise AssertionError("a packet was sent")

    monkeypatch.setattr(socket.socket, "send", refused)
    monkeypatch.setattr(socket.socket, "sendto", refused)
    found = lan_addresses()
    assert all(not ipaddress.ip_address(ip).is_loopback and ipaddress.ip_address(ip).version == 4 for ip in found)
    monkeypatch.setattr(director.socket, "getaddrinfo", lambda *a, **k: [(0, 0, 0, "", ("192.168.1.20", 0)),
                                                                         (0, 0, 0, "", ("127.0.1.1", 0))])  # fmt: skip
    assert "192.168.1.20" in lan_addresses() and "127.0.1.1" not in lan_addresses()


@pytest.mark.parametrize(("url", "loopback"), [("http://127.0.0.1:8000", True), ("http://localhost:8000", True),
                                               ("http://[::1]:8000", True), ("http://127.5.0.1", True),
                                               ("http://192.168.1.20:8000", False), ("https://club.example", False)])
def test_a_loopback_address_is_one_no_phone_can_open(url, loopback):
    assert is_loopback(url) is loopback


@pytest.mark.parametrize("address", ["192.168.1.20:8000", "ftp://192.168.1.20", "http://", "http://host:porta",
                                     "http://192.168.1.20:8000/?x=1", "   "])  # fmt: skip
def test_a_hall_address_the_phones_cannot_open_is_refused(address):
    with pytest.raises(TournamentError, match="not an address the phones can open"):
        commands.set_hall_address(Tournament(TournamentConfig("Serata")), address)


def test_the_hall_address_is_kept_in_the_log_and_the_command_line_prints_with_it(cli, tmp_path):
    cli("new", "Serata")
    for n in range(4):
        cli("add", f"A{n}", f"B{n}")
    cli("seat")
    handle = Store(str(tmp_path / "cli.sqlite")).open("Serata")
    handle.do(lambda t: commands.set_hall_address(t, "http://192.168.1.20:8000/"))
    assert Store(str(tmp_path / "cli.sqlite")).open("Serata").tournament.hall_address == "http://192.168.1.20:8000"
    cli("print", "cards", "-o", str(tmp_path / "cards.pdf"))
    text = subprocess.run(["pdftotext", str(tmp_path / "cards.pdf"), "-"], capture_output=True, text=True).stdout
    assert "http://192.168.1.20:8000/torneo/Serata/tavolo/1" in "".join(text.split())
