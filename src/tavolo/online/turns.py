"""The turns of bots and of the move timer (turni): which task moves a table next, and when.

The contract with the table service (:class:`~tavolo.online.service.TableService`, which this
class is a part of): after every change of a table the service calls :meth:`Turns._schedule`,
which cancels the table's task and starts the one its position asks for: a bot's action
(:meth:`Turns._bot_turn`: the bot chooses first, then the action is told once its pace has passed,
the time spent choosing counted, see :meth:`Turns._pace_of`), the timer's move at the deadline
(:meth:`Turns._timer_turn`, codice art. 32 bis), or at a hand's end with a move timer on, the timer's
"continua" for a person who has not pressed it in :func:`continue_seconds`. Each waits until this
process holds the table's lease (:meth:`Turns._until_ours`: one process moves a table's bots and
timer) and returns quietly when the table moved on meanwhile (another process moved it). They store
the move through the service's ``_commit`` and ``_advance``, under the table's lock (``_locks``);
their tasks are the service's ``_tasks``, the bots ``_bots``, chosen in the thread pool ``_pool``,
or, for a level the game marks heavy (:meth:`~tavolo.online.views.GameView.heavy_bot`: Campione's
pure-Python search, which would hold the interpreter's lock against every other table), in a small
pool of worker processes made at the first such move (:meth:`Turns._heavy_pool`; the service's
``stop`` ends it with :meth:`Turns._stop_heavy`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from tavolo.engine.agent import Agent
from tavolo.online.tables import Table
from tavolo.store.online import LogEntry, SeqConflict


def move_seconds(cards_in_hand: int, timer: str) -> float:
    """The time for a move (codice art. 32 bis): 10 s under 4 cards, 20 s under 11,
    40 s otherwise; ``relaxed`` triples it.

    >>> move_seconds(3, "code"), move_seconds(10, "code"), move_seconds(11, "relaxed")
    (10, 20, 120)
    """
    seconds = 10 if cards_in_hand < 4 else 20 if cards_in_hand < 11 else 40
    return seconds * (3 if timer == "relaxed" else 1)


def continue_seconds(timer: str) -> float:
    """The time a person has at a hand's end to press "continua" at a table with a move timer,
    from the hand's last action: the longest move time (codice art. 32 bis times moves only; a hand's
    end is read as a move with a full hand), 40 s, ``relaxed`` 120 s.

    >>> continue_seconds("code"), continue_seconds("relaxed")
    (40, 120)
    """
    return move_seconds(11, timer)


HEAVY_WORKERS = max(1, min(2, (os.cpu_count() or 2) - 1))
"""Worker processes for the heavy bots' moves: one core is left to the room's loop (one worker on a
two-core machine, two from four cores up)."""
HEAVY_NICE = 10
"""How much lower the workers' scheduling priority is than the room's: the loop's short turns
always come first, and a starved search still stops at its wall-clock cap (it checks inside its
deal loop)."""


def _start_worker() -> None:
    """A heavy bots' worker process starts at a lower priority (:data:`HEAVY_NICE`)."""
    os.nice(HEAVY_NICE)


def choose_in_worker(bot: Agent, observation: Any, legal: Sequence[int],
                     asked_at: float | None = None) -> tuple[int, Agent, int]:
    """In a worker process: the action ``bot`` chooses, the bot as the choice left it (its random
    numbers drawn, so its next choice is the one it would make in the room's own process: the same
    seed, the same play) and this process's id. It is handed what the room hands a bot in a thread:
    the bot (the game's rules, its seat, settings and random state), its seat's observation and the
    legal actions, never the table's state. A bot that can (``choose_after``, Campione) counts the
    wall time since the room asked, ``asked_at`` (epoch seconds), in its move's budget: with many
    tables waiting for the workers, each search shortens and the queue keeps moving."""
    after = getattr(bot, "choose_after", None)
    if asked_at is not None and after is not None:
        return after(observation, legal, time.time() - asked_at), bot, os.getpid()
    return bot.choose(observation, legal), bot, os.getpid()


class Turns:
    """The bots' and the timer's turns of the table service's tables (see the module docstring)."""

    _tasks: dict[str, asyncio.Task[None]]
    _bots: dict[tuple[str, int], Agent]
    _locks: Any
    _pool: Any
    _heavy: ProcessPoolExecutor | None = None
    heavy_pid: int | None = None
    """The worker process that chose the last heavy bot's move (tests, measurement)."""
    _redis: Any
    pace: float
    timer_scale: float
    bot_moves: int
    _clock: Callable[[], float] = staticmethod(time.monotonic)
    """The clock a bot's pace is measured by (tests set their own)."""
    _sleep: Callable[[float], Any] = staticmethod(asyncio.sleep)
    """How a turn waits (tests count the waits asked for)."""

    def deadline(self, table: Table) -> float | None:
        """When the seat to act runs out of time (epoch seconds), for a person at a table with a
        timer (codice art. 32 bis), from the stored turn's start (a restart keeps it); else None."""
        seat = table.to_act
        if seat < 0 or table.record.timer == "off" or table.seats[seat].kind == "bot":
            return None
        seconds = move_seconds(table.view.hand_size(table.state, seat), table.record.timer) * self.timer_scale
        return table.changed_at + seconds

    def deadline_ms(self, table: Table) -> int | None:
        """:meth:`deadline` in epoch ms, as the ``View`` carries it; at a hand's end, when the timer
        presses "continua" (:meth:`continue_deadline`), so the page counts that down too."""
        deadline = self.deadline(table)
        if deadline is None:
            deadline = self.continue_deadline(table)
        return None if deadline is None else int(deadline * 1000)

    def continue_deadline(self, table: Table) -> float | None:
        """When the timer presses "continua" for the persons who have not (epoch seconds), at a
        hand's end of a table with a timer: :func:`continue_seconds` after the hand's last action
        (stored: a restart keeps it); else None (without a timer the table waits for each person)."""
        if table.record.timer == "off" or table.record.status != "playing" or not table.waiting:
            return None
        return table.ended_at + continue_seconds(table.record.timer) * self.timer_scale

    def _schedule(self, table: Table) -> None:
        task = self._tasks.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        seat, seq = table.to_act, table.seq
        if seat >= 0 and table.seats[seat].kind == "bot":
            turn = self._bot_turn(table, seat, seq)
        elif (deadline := self.deadline(table)) is not None:  # the clients had it in the last state
            turn = self._timer_turn(table, seq, deadline, lambda: table.action_entries(
                seat, table.timer_actions(seat), timer=True))
        elif (deadline := self.continue_deadline(table)) is not None:  # one person a task, the next at once
            waiting = min(table.waiting)
            turn = self._timer_turn(table, seq, deadline, lambda: table.continue_entries(waiting, timer=True))
        else:
            return
        self._tasks[table.id] = asyncio.create_task(turn)

    def _bot(self, table: Table, seat: int) -> Agent:
        key = (table.id, seat)
        if key not in self._bots:
            seed = secrets.randbits(63)
            self._bots[key] = table.view.make_bot(table.seats[seat].bot or "", table.game, seat, seed)
        return self._bots[key]

    async def _bot_turn(self, table: Table, seat: int, seq: int) -> None:
        """The bot of ``seat`` chooses (off the loop: in the thread pool, a heavy one in a worker
        process, :meth:`_choose_heavy`), then its action is stored once :meth:`_pace_of` has passed
        since its turn came: a bot that thought as long waits no more."""
        began = self._clock()
        await self._until_ours(table)
        if table.seq != seq or table.to_act != seat:  # another process moved it meanwhile
            return
        obs, legal = table.state.observation(seat), list(table.state.legal_actions())
        if table.view.heavy_bot(table.seats[seat].bot or ""):
            action = await self._choose_heavy(table, seat, obs, legal)
        else:
            bot = self._bot(table, seat)
            action = await asyncio.get_running_loop().run_in_executor(self._pool, bot.choose, obs, legal)
        await self._sleep(max(0.0, self._pace_of(table, seat, action) - (self._clock() - began)))
        self.bot_moves += 1
        await self._store(table, seq, lambda: table.action_entries(seat, [action]))

    async def _choose_heavy(self, table: Table, seat: int, obs: Any, legal: list[int]) -> int:
        """A heavy bot's choice (:func:`choose_in_worker`) in a worker process, the time it waits for
        a worker counted in its budget; the bot coming back replaces this seat's. A pool whose worker
        died is made anew at the next move, and this move is chosen in the thread pool."""
        bot, loop = self._bot(table, seat), asyncio.get_running_loop()
        try:
            action, chosen, self.heavy_pid = await loop.run_in_executor(self._heavy_pool(), choose_in_worker,
                                                                       bot, obs, legal, time.time())
        except BrokenProcessPool:
            self._stop_heavy()
            return await loop.run_in_executor(self._pool, bot.choose, obs, legal)
        if self._bots.get((table.id, seat)) is bot:  # not dropped meanwhile (the table closed)
            self._bots[(table.id, seat)] = chosen
        return action

    def _heavy_pool(self) -> ProcessPoolExecutor:
        """The heavy bots' worker processes (:data:`HEAVY_WORKERS`, spawned: a fork of a process
        with threads and a running loop is unsafe), made at the first heavy move."""
        if self._heavy is None:
            self._heavy = ProcessPoolExecutor(HEAVY_WORKERS, multiprocessing.get_context("spawn"),
                                              initializer=_start_worker)
        return self._heavy

    def _stop_heavy(self) -> None:
        """End the heavy bots' worker processes, if any were made (the service's ``stop``); moves
        queued for them are cancelled, a choice under way is left to finish in its worker."""
        if self._heavy is not None:
            self._heavy.shutdown(wait=False, cancel_futures=True)
            self._heavy = None

    def _pace_of(self, table: Table, seat: int, action: int) -> float:
        """The seconds a bot's ``action`` is told after its turn came: the service's pace, times
        the share of the turn (:meth:`_turn_share`) and the share the game gives such an action
        (:meth:`~tavolo.online.views.GameView.pace_share`: Mercante's pass at the auction, a quarter)."""
        return self.pace * self._turn_share(table, seat) * table.view.pace_share(table.state, action)

    @staticmethod
    def _turn_share(table: Table, seat: int) -> float:
        """The share of the pace before this bot action: the whole before a turn's first action,
        the game's ``turn_pace`` before each further one (the last action told was this seat's)."""
        return table.view.turn_pace if table.log and table.log[-1][0] == seat else 1.0

    async def _timer_turn(self, table: Table, seq: int, deadline: float,
                          entries: Callable[[], list[LogEntry]]) -> None:
        """At ``deadline`` (epoch seconds) store what the timer plays, ``entries()``: a person's turn
        (codice art. 32 bis) or their "continua" at a hand's end."""
        await self._sleep(max(0.0, deadline - time.time()))
        await self._until_ours(table)
        if table.seq != seq or table.record.status != "playing":  # another process moved it meanwhile
            return
        await self._store(table, seq, entries)

    async def _until_ours(self, table: Table) -> None:
        """Return once this process moves ``table``'s bots and timer: at once when it serves alone
        or holds the table's lease (:meth:`~tavolo.online.fanout.RedisFanout.lease`); else when the
        holder's lease ran out with the table not moved. A move stored meanwhile by the holder
        reaches this process, which schedules anew and cancels this wait."""
        while self._redis is not None and (left := await self._redis.lease(table.id)) > 0:
            await asyncio.sleep(left / 1000)

    async def _store(self, table: Table, seq: int, entries: Callable[[], list[LogEntry]]) -> None:
        """Store what a bot or the timer plays, ``entries()`` (read under the table's lock), unless
        the table moved on since ``seq``; then move the table on."""
        async with self._locks[table.id]:
            if table.seq != seq:
                return
            try:
                await self._commit(table, entries())
            except SeqConflict:
                await self._catch_up(table)
            await self._advance(table)
