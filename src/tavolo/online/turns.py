"""The turns of bots and of the move timer (turni): which task moves a table next, and when.

The contract with the table service (:class:`~tavolo.online.service.TableService`, which this
class is a part of): after every change of a table the service calls :meth:`Turns._schedule`,
which cancels the table's task and starts the one its position asks for, a bot's choice
(:meth:`Turns._bot_turn`, after the service's ``pace``) or the timer's move at the deadline
(:meth:`Turns._timer_turn`, codice art. 32 bis); either waits until this process holds the table's
lease (:meth:`Turns._until_ours`: one process moves a table's bots and timer) and returns quietly
when the table moved on meanwhile (another process moved it). They store the move through the
service's ``_commit`` and ``_advance``, under the table's lock (``_locks``); their tasks are the
service's ``_tasks``, the bots ``_bots``, chosen in the thread pool ``_pool``.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from tavolo.engine.agent import Agent
from tavolo.online.tables import Table
from tavolo.store.online import SeqConflict


def move_seconds(cards_in_hand: int, timer: str) -> float:
    """The time for a move (codice art. 32 bis): 10 s under 4 cards, 20 s under 11,
    40 s otherwise; ``relaxed`` triples it.

    >>> move_seconds(3, "code"), move_seconds(10, "code"), move_seconds(11, "relaxed")
    (10, 20, 120)
    """
    seconds = 10 if cards_in_hand < 4 else 20 if cards_in_hand < 11 else 40
    return seconds * (3 if timer == "relaxed" else 1)


class Turns:
    """The bots' and the timer's turns of the table service's tables (see the module docstring)."""

    _tasks: dict[str, asyncio.Task[None]]
    _bots: dict[tuple[str, int], Agent]
    _locks: Any
    _pool: Any
    _redis: Any
    pace: float
    timer_scale: float
    bot_moves: int

    def deadline(self, table: Table) -> float | None:
        """When the seat to act runs out of time (epoch seconds), for a person at a table with a
        timer (codice art. 32 bis), from the stored turn's start (a restart keeps it); else None."""
        seat = table.to_act
        if seat < 0 or table.record.timer == "off" or table.seats[seat].kind == "bot":
            return None
        seconds = move_seconds(table.view.hand_size(table.state, seat), table.record.timer) * self.timer_scale
        return table.changed_at + seconds

    def deadline_ms(self, table: Table) -> int | None:
        """:meth:`deadline` in epoch ms, as the ``View`` carries it."""
        deadline = self.deadline(table)
        return None if deadline is None else int(deadline * 1000)

    def _schedule(self, table: Table) -> None:
        task = self._tasks.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        seat = table.to_act
        if seat < 0:
            return
        if table.seats[seat].kind == "bot":
            self._tasks[table.id] = asyncio.create_task(self._bot_turn(table, seat, table.seq))
        elif (deadline := self.deadline(table)) is not None:  # the clients had it in the last state
            self._tasks[table.id] = asyncio.create_task(self._timer_turn(table, seat, table.seq, deadline))

    def _bot(self, table: Table, seat: int) -> Agent:
        key = (table.id, seat)
        if key not in self._bots:
            seed = secrets.randbits(63)
            self._bots[key] = table.view.make_bot(table.seats[seat].bot or "", table.game, seat, seed)
        return self._bots[key]

    async def _bot_turn(self, table: Table, seat: int, seq: int) -> None:
        await asyncio.sleep(self.pace * self._turn_share(table, seat))
        await self._until_ours(table)
        if table.seq != seq or table.to_act != seat:  # another process moved it meanwhile
            return
        obs, legal = table.state.observation(seat), list(table.state.legal_actions())
        action = await asyncio.get_running_loop().run_in_executor(self._pool, self._bot(table, seat).choose, obs, legal)
        self.bot_moves += 1
        await self._act(table, seat, seq, [action])

    @staticmethod
    def _turn_share(table: Table, seat: int) -> float:
        """The share of the pace before this bot action: the whole before a turn's first action,
        the game's ``turn_pace`` before each further one (the last action told was this seat's)."""
        return table.view.turn_pace if table.log and table.log[-1][0] == seat else 1.0

    async def _timer_turn(self, table: Table, seat: int, seq: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        await self._until_ours(table)
        if table.seq != seq or table.to_act != seat:  # another process moved it meanwhile
            return
        await self._act(table, seat, seq, table.timer_actions(seat), timer=True)

    async def _until_ours(self, table: Table) -> None:
        """Return once this process moves ``table``'s bots and timer: at once when it serves alone
        or holds the table's lease (:meth:`~tavolo.online.fanout.RedisFanout.lease`); else when the
        holder's lease ran out with the table not moved. A move stored meanwhile by the holder
        reaches this process, which schedules anew and cancels this wait."""
        while self._redis is not None and (left := await self._redis.lease(table.id)) > 0:
            await asyncio.sleep(left / 1000)

    async def _act(self, table: Table, seat: int, seq: int, actions: list[int], timer: bool = False) -> None:
        async with self._locks[table.id]:
            if table.seq != seq:
                return
            try:
                await self._commit(table, table.action_entries(seat, actions, timer))
            except SeqConflict:
                await self._catch_up(table)
            await self._advance(table)
