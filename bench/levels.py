"""Every game's bot levels, each against the level below it, on duplicate deals.

The levels are the lobby's (``tavolo.online.views.CATALOG``: each game's ``bots``), ordered by
strength, and each is made by the lobby's own factory; the table has the lobby's default number
of players and its other default options, except that a deal is one hand where the lobby's
default is a match (Peppa is measured one hand at a time, in the match to 50 whose tricks
score, and at Hearts). Burraco's pairs are played by the arena (``tavolo.arena``: every deal at
two tables, the sides swapped; the margin is the higher level's lead over the lower's, its
interval a 95% t interval); the other games by ``tests/bot_margin.py`` (every deal once with the
lower level in every seat, again for each side with the higher level there: the margin is what
the side gains, with a 95% normal interval over the deals). The search (``ismcts``) is not a
lobby level: it does not beat strong (README, Burraco's bots); the champion (``pimc``) is, measured
here on 40 deals, about 20 minutes of one core at 0.1 s a decision (340 deals in
docs/compiled-engine.md). Run from the repository root
(``tests`` is imported).

    python -m bench.levels                   # every game, 15 to 20 minutes on one core
    python -m bench.levels peppa briscola    # some games
    python -m bench.levels --scale 0.1       # a tenth of the deals (a rough look)

Each pair prints ``levels.GAME.HIGHER_vs_LOWER: MARGIN UNIT ± HALF (DEALS deals)``, the
half-width of the 95% interval; the seed is fixed (0), so a run replays.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.util import note
from tests.bot_margin import duplicate_margin

def lead(result: list[float], seat: int) -> float:
    """A seat's points over the best other side's (where every side scores its own points)."""
    return result[seat] - max(r for s, r in enumerate(result) if s % 2 != seat % 2)


def bridge_imps(points: float) -> float:
    from tavolo.games.bridge.scoring import imps

    return float(imps(int(points)))


PARTNERS = ((0, 2), (1, 3))


@dataclass(frozen=True)
class Pair:
    """One level against the level below: the game, the two bot specs, the deals to play, the
    unit of the margin and what differs from the lobby's defaults."""

    game: str
    higher: str
    lower: str
    deals: int
    unit: str
    options: dict[str, Any] = field(default_factory=dict)
    variant: str = ""
    value: Callable[[list[float], int], float] | None = None
    sides: Sequence[Sequence[int]] | None = None
    compare: Callable[[float], float] | None = None

    @property
    def name(self) -> str:
        def short(spec: str) -> str:  # "heuristic:strong" -> "strong", "campione:time=0.25" -> "campione"
            name, _, level = spec.partition(":")
            return name if "=" in level else spec.rpartition(":")[2]

        return f"levels.{self.game}{self.variant}.{short(self.higher)}_vs_{short(self.lower)}"


def ladder(game: str, specs: Sequence[str], deals: Sequence[int], unit: str, **kw: Any) -> list[Pair]:
    """Each level of ``specs`` (strongest first) against the next."""
    return [Pair(game, a, b, n, unit, **kw) for a, b, n in zip(specs, specs[1:], deals, strict=False)]


HAND = "points/hand"
CAMPIONE = "campione:time=0.25"
"""Campione as the lobby offers it (``tavolo.online.views.CAMPIONE``), a quarter of a second of wall
time a move: its pairs come after the rule bots' (bench/campione.py measures it at a CPU budget)."""
PAIRS: list[Pair] = [
    *ladder("burraco", ("pimc", "heuristic:strong", "heuristic:normal", "heuristic:easy", "simple", "random"),
            (40, 1000, 1000, 1000, 1000), "points/deal"),
    *ladder("scala40", ("simple", "random"), (300,), HAND, options={"elimination": None}),
    *ladder("briscola", ("simple", "random"), (1000,), "rounds/deal"),
    *ladder("tressette", ("simple", "random"), (1000,), HAND, options={"target": None}),
    *ladder("peppa", ("sampling", "simple", "random"), (400, 1000), HAND, options={"target": None}),
    *ladder("peppa", ("sampling", "simple", "random"), (200, 1000), "game points/match", options={"target": 50},
            variant="50"),
    *ladder("peppa", ("sampling", "simple", "random"), (60, 400), HAND, options={"rules": "hearts", "target": None},
            variant="hearts"),
    *ladder("tarocchi", ("simple", "random"), (400,), "points/match"),
    *ladder("petrangola", ("simple", "random"), (100,), "tokens/game"),
    *ladder("perlina", ("simple", "random"), (300,), "tokens/game"),
    *ladder("mercante", ("simple", "random"), (600,), "tokens/game"),
    *ladder("ramino", ("simple", "random"), (200,), HAND, options={"match": None}),
    *ladder("pinnacola", ("simple", "random"), (400,), "points/hand (lead)", options={"target": None}, value=lead,
            sides=PARTNERS),
    *ladder("canasta", ("simple", "random"), (400,), "points/hand (lead)", options={"target": None}, value=lead,
            sides=PARTNERS),
    *ladder("briscola", (CAMPIONE, "simple"), (40,), "rounds/deal"),
    *ladder("tressette", (CAMPIONE, "simple"), (40,), HAND, options={"target": None}),
    *ladder("tarocchi", (CAMPIONE, "simple"), (8,), "points/match"),
    *ladder("machiavelli", ("solver", "random"), (60,), HAND, options={"hands": 1}),
    *ladder("bridge", ("dd", "random"), (30,), "IMPs/board", options={"boards": 1, "analyse": False},
            sides=PARTNERS, compare=bridge_imps),
]


def measure(pair: Pair, deals: int) -> tuple[float, float]:
    """The margin of ``pair.higher`` over ``pair.lower`` and the half-width of its 95% interval."""
    if pair.game == "burraco":
        return _arena(pair, deals)
    from tavolo.games import make_game
    from tavolo.online.views import CATALOG

    view = CATALOG[pair.game]()
    offered = {spec for spec, _ in view.bots}
    missing = {pair.higher, pair.lower} - offered
    if missing:
        raise ValueError(f"{pair.game} does not offer {sorted(missing)}: the lobby offers {sorted(offered)}")
    options = {o.name: o.default for o in view.options} | pair.options
    game = make_game(pair.game, **(view.combine(options) if view.combine else options))

    def maker(spec: str) -> Callable[[int], Any]:
        return lambda seed: view.make_bot(spec, game, seed % 100, seed)

    return duplicate_margin(game, maker(pair.higher), deals, value=pair.value, base=maker(pair.lower),
                            sides=pair.sides, compare=pair.compare)


def _arena(pair: Pair, deals: int) -> tuple[float, float]:
    from tavolo.arena import make_plan, run_plan, summarize
    from tavolo.online.views import CATALOG

    offered = {spec for spec, _ in CATALOG["burraco"]().bots}
    lobby = {pair.higher, pair.lower}
    if lobby - offered:
        raise ValueError(f"burraco does not offer {sorted(lobby - offered)}: the lobby offers {sorted(offered)}")
    plan = make_plan([pair.higher], deals, players=4, seed=0, vs=pair.lower)
    difference = summarize(plan, run_plan(plan, workers=1)).pairs[0].difference
    assert difference.low is not None and difference.high is not None
    return difference.estimate, (difference.high - difference.low) / 2


def run(games: Sequence[str], scale: float) -> Iterator[str]:
    """A line for each pair of the chosen games (all where none is named)."""
    for pair in PAIRS:
        if games and pair.game not in games:
            continue
        deals = max(2, round(pair.deals * scale))
        start = time.perf_counter()
        mean, half = measure(pair, deals)
        note(f"{pair.name}: {pair.higher} against {pair.lower}, {deals} deals in {time.perf_counter() - start:.0f} s")
        yield f"{pair.name}: {_figure(mean, half, '+')} {pair.unit} ± {_figure(half, half)} ({deals} deals)"


def _figure(value: float, half: float, sign: str = "") -> str:
    """``value`` to the digits its interval's half-width makes meaningful (one more than its
    leading digit's place; none past the point above 10).

        >>> _figure(2.0712, 0.34, "+"), _figure(415.6, 180.2), _figure(0.0, 0.0)
        ('+2.07', '416', '0')
    """
    places = 0 if half >= 10 or half == 0 else 1 if half >= 1 else 2 if half >= 0.1 else 3
    return f"{value:{sign}.{places}f}"


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.levels", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to measure (all by default)")
    parser.add_argument("--scale", type=float, default=1.0, help="a multiple of each pair's deals")
    args = parser.parse_args(argv)
    known = {pair.game for pair in PAIRS}
    unknown = sorted(set(args.games) - known)
    if unknown:
        parser.error(f"no levels for {', '.join(unknown)}: choose among {', '.join(sorted(known))}")
    for line in run(args.games, args.scale):
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
