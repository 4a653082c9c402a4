"""The web server's CPU for a Burraco table (``tavolo.online.tables``), on each engine.

* a move: one seeded match of 4 (2 smazzate, ``heuristic:strong`` at every seat, its moves
  chosen once on the Python state) replayed through the table layer as the service plays it:
  each move's entries (``action_entries``) applied (``apply``: its event, words and moments),
  then the state frame's view of every seat and of a spectator (``seat_view``) encoded, as
  ``TableService._broadcast`` sends them; the shuffles applied as stored entries. CPU seconds
  (``time.process_time``) a move, the median of 3 runs;
* a bot's decision: ``pimc`` ("Campione") at seat 0 of the same match, choosing at each of
  its decisions with more than one legal action from the table's observation, on a fixed
  budget of rounds (``pimc:rounds=8``, so that both engines search alike and the difference is
  what reaching the core costs): CPU seconds a decision, the median of 3 runs; and that
  cost alone, the observation made ready for the core (on the Python state:
  ``native.compiled_observation``, a deal of the unseen cards loaded into the core); and
  strong, easy and normal at the same decisions (each chooses in the core where the
  observation links to it).

The engine is ``TAVOLO_ENGINE`` (``python``, ``native``), set here for each run::

    python -m bench.burraco_table          # both engines
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Iterator

import orjson

from tavolo.bots.registry import make_bot
from tavolo.games.burraco import native
from tavolo.online.tables import Table
from tavolo.store.online import LogEntry, SeatRecord, TableRecord

OPTIONS = {"players": 4, "hands": 2}
RUNS = 3
PIMC = "pimc:rounds=8"
HEURISTIC = ("heuristic:strong", "heuristic:easy", "heuristic:normal")
Script = list[tuple[str, object]]


def record() -> TableRecord:
    """A table of four bots (no hand's end waits for a person)."""
    return TableRecord("bench", "burraco", dict(OPTIONS), "off", "playing",
                       [SeatRecord(s, f"S{s}", "bot", "heuristic:strong", None, None) for s in range(4)])


def match_script(seed: int) -> Script:
    """The stored entries of one match: each shuffle, each (seat, action), strong at every seat."""
    os.environ["TAVOLO_ENGINE"] = "python"
    table = Table(record())
    rng = random.Random(seed)
    bots = [make_bot("heuristic:strong", table.game, s, seed + s) for s in range(4)]
    state, script = table.state, []
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = state.sample_chance(rng)
            state.apply_chance(outcome)
            script.append(("chance", outcome))
        else:
            seat = state.current_player()
            action = bots[seat].choose(state.observation(seat), state.legal_actions())
            state.apply(action)
            script.append(("action", (seat, action)))
    return script


def positions(script: Script, engine: str) -> Iterator[tuple[Table, int, int]]:
    """The table after each entry of ``script`` on ``engine``: (table, seat, action) before each
    action is applied (the table then applies it)."""
    os.environ["TAVOLO_ENGINE"] = engine
    table = Table(record())
    for kind, value in script:
        if kind == "chance":
            table.apply(LogEntry(table.id, table.seq + 1, "chance", {"outcome": value}))
            continue
        seat, action = value  # type: ignore[misc]
        yield table, seat, action
        for entry in table.action_entries(seat, [action]):
            table.apply(entry)


def move_seconds(script: Script, engine: str) -> float:
    """CPU seconds a move: applied, then every seat's view and a spectator's encoded."""
    moves, start = 0, time.process_time()
    for table, _, _ in positions(script, engine):
        moves += 1
        for seat in (0, 1, 2, 3, None):
            orjson.dumps(table.seat_view(seat, None, False))
    for seat in (0, 1, 2, 3, None):  # the last move's frames
        orjson.dumps(table.seat_view(seat, None, False))
    return (time.process_time() - start) / moves


def bot_seconds(script: Script, engine: str, spec: str) -> tuple[float, float, int]:
    """CPU seconds a decision of the bot ``spec`` at seat 0 (at each of seat 0's decisions with
    more than one legal action, from the table's observation), and of making its observation
    ready for the core alone; the decisions timed."""
    bot, decide, ready, count = None, 0.0, 0.0, 0
    for table, seat, _ in positions(script, engine):
        legal = table.state.legal_actions()
        if seat != 0 or len(legal) < 2:
            continue
        bot = bot or make_bot(spec, table.game, 0, 7)
        start = time.process_time()
        obs = table.state.observation(0)
        if "_core_view" not in obs.__dict__:
            native.compiled_observation(table.game, obs, random.Random(count))
        ready += time.process_time() - start
        start = time.process_time()
        bot.choose(table.state.observation(0), legal)
        decide += time.process_time() - start
        count += 1
    return decide / count, ready / count, count


def main() -> None:
    script = match_script(1)
    moves = sum(kind == "action" for kind, _ in script)
    print(f"one match of 4, 2 smazzate, strong at every seat: {moves} moves, medians of {RUNS} runs")
    for engine in ("python", "native"):
        move = statistics.median(move_seconds(script, engine) for _ in range(RUNS))
        pimc = [bot_seconds(script, engine, PIMC) for _ in range(RUNS)]
        said = [f"{engine}: {move * 1e3:.3f} ms CPU a move; at seat 0's {pimc[0][2]} decisions, {PIMC} "
                f"{statistics.median(r[0] for r in pimc) * 1e3:.2f} ms a decision, "
                f"{statistics.median(r[1] for r in pimc) * 1e3:.3f} ms of it the observation made ready for the core"]
        for spec in HEURISTIC:
            seconds = statistics.median(bot_seconds(script, engine, spec)[0] for _ in range(RUNS))
            said.append(f"{spec} {seconds * 1e3:.3f} ms a decision")
        print("; ".join(said), flush=True)


if __name__ == "__main__":
    main()
