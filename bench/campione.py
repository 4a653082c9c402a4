"""Campione against each game's rule bot (the level below it), on duplicate deals.

Every deal is played once with the rule bot in every seat and again for each side with Campione in
that side's seats (the same shuffle, the same seeds elsewhere: ``tests/bot_margin.py``); Campione's
margin is what its side gains over the rule bot's, with a 95% normal interval over the deals. Its
budget is CPU time (``clock=cpu``), so a loaded machine gives it the same search; each of its moves
is timed in CPU milliseconds. Too slow for ``make bench`` (minutes a game); run from the repository
root (``tests`` is imported)::

    nice -n 19 python -m bench.campione --deals 60 --time 0.05 briscola tressette
    nice -n 19 python -m bench.campione --deals 40 --time 0.05 --guard 2 petrangola scala40

``--guard Z`` measures the guarded search (``CampioneBot(guard=Z)``: the rule bot's move unless the
deals show another better by Z standard errors); its lines read ``campione_guardZ``.

Prints ``bots.GAME.campione.margin: MEAN UNIT ± HALF (DEALS deals)`` and
``bots.GAME.campione.move_ms_median`` / ``move_ms_p99`` lines.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from bench.util import note
from tests.bot_margin import duplicate_margin

TABLES: dict[str, tuple[str, dict[str, Any], str]] = {
    "briscola": ("briscola", {"players": 2}, "rounds/deal"),
    "briscola4": ("briscola", {"players": 4}, "rounds/deal"),
    "tressette": ("tressette", {"players": 4, "target": None}, "points/hand"),
    "tressette2": ("tressette", {"players": 2, "target": None}, "points/hand"),
    "peppa": ("peppa", {"target": None}, "points/hand"),
    "hearts": ("peppa", {"rules": "hearts", "target": None}, "points/hand"),
    "tarocchi": ("tarocchi", {"players": 3}, "points/match"),
    "scala40": ("scala40", {"players": 4, "elimination": None}, "points/hand"),
    "ramino": ("ramino", {"players": 4, "match": None}, "points/hand"),
    "pinnacola": ("pinnacola", {"players": 4, "target": None}, "points/hand (lead)"),
    "canasta": ("canasta", {"players": 4, "target": None}, "points/hand (lead)"),
    "perlina": ("perlina", {"players": 4}, "tokens/game"),
    "petrangola": ("petrangola", {"players": 4}, "tokens/game"),
    "mercante": ("mercante", {"players": 8}, "tokens/game"),
}
"""Per table: the game, its options (one round where the game has it) and the unit of the margin;
the level below is the game's rule bot, the one Campione plays its deals out with
(``tavolo.bots.campione.PLAYOUT_BOTS``), or the lobby's stronger level named in :data:`BELOW`."""
VALUE: dict[str, str] = {"pinnacola": "lead", "canasta": "lead"}
"""Per game whose every side scores its own points, what a side made of a deal: its lead over the
best other side (``bench.levels.lead``), as the levels are measured."""
BELOW: dict[str, str] = {"peppa": "tavolo.bots.peppa:SamplingPeppaBot"}
"""Per game, the lobby level below Campione where it is not the rule bot (built with the game and a seed)."""
PLAYOUT: dict[str, str] = {
    "peppa": "tavolo.bots.peppa:SimplePeppaBot",
    "scala40": "tavolo.bots.scala40:SimpleScala40Bot",
    "ramino": "tavolo.bots.ramino:SimpleRaminoBot",
    "pinnacola": "tavolo.bots.pinnacola:SimplePinnacolaBot",
    "canasta": "tavolo.bots.canasta:SimpleCanastaBot",
    "perlina": "tavolo.bots.perlina:SimplePerlinaBot",
    "petrangola": "tavolo.bots.petrangola:SimplePetrangolaBot",
    "mercante": "tavolo.bots.mercante:ValueMercanteBot",
}
"""Per game Campione does not sit at (it did not beat the level below), the play-out bot it was measured with."""


class Timed:
    """A bot whose every choice's CPU time is kept in ``spent`` (milliseconds)."""

    def __init__(self, bot: Any, spent: list[float]) -> None:
        self._bot = bot
        self._spent = spent

    def choose(self, observation: Any, legal: Sequence[int]) -> int:
        start = time.process_time()
        action = self._bot.choose(observation, legal)
        self._spent.append((time.process_time() - start) * 1000)
        return action


def measure(table: str, deals: int, budget: float, guard: float | None = None) -> list[str]:
    """The figure lines of Campione at ``budget`` CPU seconds a move against ``table``'s rule bot
    (``guard``: its setting, by default the game's own, ``tavolo.bots.campione.GUARDED``)."""
    import importlib

    from tavolo.bots.campione import CampioneBot, playout_bot
    from tavolo.games import make_game

    def named(where: str) -> Any:
        module, _, name = where.partition(":")
        return getattr(importlib.import_module(module), name)

    name, options, unit = TABLES[table]
    game = make_game(name, **options)
    playout = named(PLAYOUT[name]) if name in PLAYOUT else playout_bot(game)
    rule_bot = playout
    if name in BELOW:
        lobby_bot = named(BELOW[name])
        rule_bot = lambda seed: lobby_bot(game, seed=seed)  # noqa: E731
    spent: list[float] = []

    def campione(seed: int) -> Timed:
        return Timed(CampioneBot(game, seed % 100, seed, time=budget, clock="cpu", playout=playout,
                                 guard=guard), spent)

    start = time.process_time()
    from bench.levels import lead

    value = {"lead": lead}[VALUE[name]] if name in VALUE else None
    mean, half = duplicate_margin(game, campione, deals, base=rule_bot, value=value)
    note(f"{table}: {deals} deals at {budget} s a move in {time.process_time() - start:.0f} CPU s")
    p99 = statistics.quantiles(spent, n=100)[98]
    prefix = f"bots.{table}.campione" + ("" if guard is None else f"_guard{guard:g}")
    return [f"{prefix}.margin: {mean:+.3f} {unit} ± {half:.3f} ({deals} deals, {budget} s a move)",
            f"{prefix}.move_ms_median: {statistics.median(spent):.1f} ms",
            f"{prefix}.move_ms_p99: {p99:.1f} ms"]


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.campione", description=__doc__.split("\n\n")[0])
    parser.add_argument("tables", nargs="*", help=f"tables to measure, of {', '.join(TABLES)} "
                                                  "(briscola and tressette by default)")
    parser.add_argument("--deals", type=int, default=60, help="duplicate deals per table")
    parser.add_argument("--time", type=float, default=0.05, help="Campione's CPU seconds a move")
    parser.add_argument("--guard", type=float, default=None, help="Campione's guard (standard errors a move must "
                        "gain over the rule bot's); by default the game's own")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.tables) - set(TABLES))
    if unknown:
        parser.error(f"no table {', '.join(unknown)}: choose among {', '.join(TABLES)}")
    for table in args.tables or ["briscola", "tressette"]:
        for line in measure(table, args.deals, args.time, args.guard):
            print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
