"""The serving garbage collector (tavolo.server.collector): what survives a young
collection is frozen out of later walks, garbage cycles among frozen objects are
freed by a sweep once the frozen objects have grown, and Python's settings come
back on exit."""

from __future__ import annotations

import asyncio
import gc
import weakref
from concurrent.futures import ThreadPoolExecutor

from tavolo.server.collector import ServingCollector


class Node:
    """An object in a reference cycle: only the collector frees it. (Slots: a test makes as many
    as the worker holds objects, millions after the rest of the suite.)"""

    __slots__ = ("me", "__weakref__")

    def __init__(self) -> None:
        self.me = self


def run(body):
    """``body`` on an event loop of its own thread (a browser test's may be running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, body()).result()


def test_a_survivor_of_a_young_collection_is_frozen_out_of_later_walks():
    async def body():
        with ServingCollector(young=1_000_000):
            node = Node()
            assert any(o is node for o in gc.get_objects(0))
            gc.collect(0)
            return not any(o is node for o in gc.get_objects()), node
    frozen, _ = run(body)
    assert frozen


def test_a_frozen_garbage_cycle_is_freed_by_the_sweep_not_before():
    async def body():
        with ServingCollector(young=1_000_000) as collector:
            node = Node()
            gc.collect(0)  # node survives: frozen
            alive = weakref.ref(node)
            del node
            gc.collect()  # a full collection does not walk the frozen objects
            kept = alive() is not None
            collector.sweep()
            return kept, alive() is None
    kept, freed = run(body)
    assert kept and freed


def test_a_sweep_runs_on_the_loop_once_the_frozen_objects_have_grown():
    async def body():
        # every young collection after the interval counts the frozen objects (all of them): few here
        with ServingCollector(young=100_000, growth=1.5, interval=0) as collector:
            before = collector.sweeps
            held = [Node() for _ in range(gc.get_freeze_count())]  # more than doubles the frozen objects
            for _ in range(20):
                await asyncio.sleep(0)
            return before, collector.sweeps, len(held)
    before, after, _ = run(body)
    assert before == 0 and after >= 1


def test_no_sweep_sooner_than_the_interval():
    async def body():
        with ServingCollector(young=1_000, growth=1.5, interval=3600) as collector:
            held = [Node() for _ in range(gc.get_freeze_count())]
            for _ in range(20):
                await asyncio.sleep(0)
            return collector.sweeps, len(held)
    assert run(body)[0] == 0


def test_no_sweep_while_the_server_only_churns():
    async def body():
        with ServingCollector(young=1_000, interval=0) as collector:
            for _ in range(200):
                churn = [Node() for _ in range(100)]
                for node in churn:
                    node.me = None  # freed by reference counting, as a server's short-lived objects
                del churn
                await asyncio.sleep(0)
            return collector.sweeps
    assert run(body) == 0


def test_python_s_settings_come_back_on_exit():
    before = gc.get_threshold()

    async def body():
        with ServingCollector(young=12_345):
            Node()
            gc.collect(0)
            return gc.get_threshold()[0], gc.get_freeze_count()
    inside, frozen = run(body)
    assert inside == 12_345 and frozen > 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_a_sweep_the_loop_runs_after_the_exit_does_nothing():
    async def body():
        with ServingCollector(young=1_000) as collector:
            pass
        collector.sweep()  # as a sweep asked for just before the exit would
        return collector.sweeps, gc.get_freeze_count()
    assert run(body) == (0, 0)
