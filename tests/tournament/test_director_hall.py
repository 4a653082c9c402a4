"""The hall's live pages: a change made on a worker thread reaches their queues through the event loop."""

import asyncio
import threading

from tavolo.server.director import Hall
from tavolo.store import Store
from tavolo.tournament import commands
from tavolo.tournament.config import TournamentConfig


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

    threads, loop_thread, frame = asyncio.run(page())
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
