"""A bot's task woken once another process moved its table on returns quietly (issue 38, item 4:
"a bot task woken after another process moved the table raises 'the observation is not of a
decision'", six tracebacks in one chaos run's logs)."""

from __future__ import annotations


from tavolo.online.service import TableService
from tavolo.online.views import view_of
from tavolo.store.online import OnlineStore, make_online_engine
from tests.aio import run


def test_a_bot_task_woken_after_its_table_moved_on_returns_quietly(tmp_path):
    async def main() -> tuple[int, int]:
        svc = TableService(OnlineStore(make_online_engine(f"sqlite:///{tmp_path / 't.sqlite'}")), pace=0)
        await svc.start()
        try:
            spec = view_of("burraco").bots[0][0]
            table_id, _ = await svc.create("burraco", {}, "Anna", bots={1: spec, 2: spec, 3: spec})
            table = await svc.table(table_id)  # a deal is due: no one's decision (as at a hand's end)
            await svc._bot_turn(table, 1, table.seq + 1)  # woken for a position another process left
            return table.seq
        finally:
            await svc.stop()

    assert run(main()) == 0
