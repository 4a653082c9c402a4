"""Play an arena's duplicate deals on every core, or on a Ray cluster.

The deals of every pair are cut into chunks; a chunk is a task that builds its
game and bots from names and seeds alone, so any process (or Ray node) can
play it, in any order. The deals come back sorted by pair and deal index: the
results are the same whatever the number of workers.

    >>> plan = ArenaPlan(bots=("simple", "random"), pairs=(("simple", "random"),), deals=2, players=2, seed=3)
    >>> deals = run_plan(plan, workers=1)
    >>> [deal.index for deal in deals[("simple", "random")]]
    [0, 1]
"""

from __future__ import annotations

import itertools
import logging
import math
import multiprocessing
import os
import socket
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from tavolo.arena.duplicate import DuplicateDeal, arena_game, deal_seed, play_duplicate
from tavolo.arena.journal import Journal
from tavolo.bots.registry import make_bot
from tavolo.engine.errors import Text

Pair = tuple[str, str]
Advance = Callable[[int], None]
"""Told the number of duplicate deals just finished."""
JOURNAL_CHUNK = 2
"""Deals a task plays at a time where each is journaled: a kill loses at most this many per worker."""
RAY_CONNECT_TIMEOUT_S = 3.0
"""How long a Ray cluster's address may take to answer before it is refused."""


class ArenaError(ValueError):
    """An arena that cannot be run as asked: the message says why."""


@dataclass(frozen=True)
class ArenaPlan:
    """What to play: ``deals`` duplicate deals for each pair of bot specs."""

    bots: tuple[str, ...]
    pairs: tuple[Pair, ...]
    deals: int
    players: int = 4
    rules: str = "fibur"
    seed: int = 0


@dataclass(frozen=True)
class _Chunk:
    pair: Pair
    indices: tuple[int, ...]
    rules: str
    players: int
    seed: int


def make_plan(bots: Sequence[str], deals: int, *, players: int = 4, rules: str = "fibur", seed: int = 0,
              vs: str | None = None) -> ArenaPlan:
    """The plan of :func:`pairings`, every bot spec and the table checked first.

        >>> make_plan(["simple"], 10, vs="random", players=2)
        ArenaPlan(bots=('simple', 'random'), pairs=(('simple', 'random'),), deals=10, players=2, rules='fibur', seed=0)
        >>> make_plan(["simple", "random"], 0)
        Traceback (most recent call last):
        ...
        tavolo.arena.runner.ArenaError: play at least one deal
    """
    pairs = pairings(bots, vs)
    if deals < 1:
        raise ArenaError(Text("play at least one deal"))
    everyone = (*bots, vs) if vs is not None else tuple(bots)
    check_bots(everyone, rules, players)
    return ArenaPlan(everyone, pairs, deals, players, rules, seed)


def pairings(bots: Sequence[str], vs: str | None = None) -> tuple[Pair, ...]:
    """Every pair of ``bots`` (a round robin), or each of them against ``vs``.

        >>> pairings(["ismcts", "heuristic", "random"])
        (('ismcts', 'heuristic'), ('ismcts', 'random'), ('heuristic', 'random'))
        >>> pairings(["ismcts", "heuristic"], vs="random")
        (('ismcts', 'random'), ('heuristic', 'random'))
        >>> pairings(["simple"])
        Traceback (most recent call last):
        ...
        tavolo.arena.runner.ArenaError: name at least two bots, or one and --vs an opponent
    """
    everyone = [*bots, vs] if vs is not None else list(bots)
    if len(set(everyone)) != len(everyone):
        raise ArenaError(Text("a bot is named twice: {bots}", bots=", ".join(everyone)))
    if len(everyone) < 2:
        raise ArenaError(Text("name at least two bots, or one and --vs an opponent"))
    return tuple((bot, vs) for bot in bots) if vs is not None else tuple(itertools.combinations(bots, 2))


def check_bots(specs: Sequence[str], rules: str, players: int) -> None:
    """Refuse a table that cannot be dealt, or a bot spec that cannot sit at it, with the reason.

        >>> check_bots(["simple", "heuristic:grandmaster"], "fibur", 2)
        Traceback (most recent call last):
        ...
        tavolo.arena.runner.ArenaError: heuristic level 'grandmaster': choose one of easy, normal, strong
    """
    try:
        game = arena_game(rules, players)
    except ValueError as exc:
        raise ArenaError(exc.args[0]) from None
    for spec in specs:
        try:
            make_bot(spec, game, seat=0, seed=0)
        except ValueError as exc:  # the registry's message names the bot
            raise ArenaError(exc.args[0]) from None
        except (TypeError, ImportError) as exc:
            raise ArenaError(Text("bot {spec}: {reason}", spec=repr(spec), reason=str(exc))) from None


def default_workers() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_plan(plan: ArenaPlan, *, workers: int | None = None, ray_address: str | None = None,
             progress: Advance | None = None, journal: Journal | None = None) -> dict[Pair, list[DuplicateDeal]]:
    """Play the plan: the deals of each pair in deal order. ``workers`` processes
    (default: every core; 1 plays here), or the Ray cluster at ``ray_address``.
    The same plan gives the same deals whatever the workers, as long as the bots
    are reproducible (an iteration budget, not a time budget, for search bots).
    With a ``journal`` (:mod:`~tavolo.arena.journal`) only the deals it lacks are
    played, each written to it as it finishes, in small chunks so that a kill
    loses little."""
    workers = workers or default_workers()
    done: dict[Pair, list[DuplicateDeal]] = {pair: [] for pair in plan.pairs}
    wanted = [(pair, index) for pair in plan.pairs for index in range(plan.deals)]
    if journal is not None:
        done = journal.held(plan)
        wanted = list(journal.missing(plan))
        if progress and plan.deals * len(plan.pairs) > len(wanted):
            progress(plan.deals * len(plan.pairs) - len(wanted))
    size = JOURNAL_CHUNK if journal is not None else max(1, min(50, math.ceil(len(wanted) / (8 * workers))))
    chunks = list(_chunks(plan, wanted, size))
    for pair, deals in _play(chunks, min(workers, len(chunks)), ray_address) if chunks else ():
        if journal is not None:
            for deal in deals:
                journal.record(pair, deal)
        done[pair].extend(deals)
        if progress:
            progress(len(deals))
    return {pair: sorted(deals, key=lambda d: d.index) for pair, deals in done.items()}


def _chunks(plan: ArenaPlan, wanted: Sequence[tuple[Pair, int]], size: int) -> Iterator[_Chunk]:
    """``wanted`` cut into chunks of at most ``size`` deals of one pair (about eight chunks per
    worker, at most 50 deals each, where nothing is journaled)."""
    for pair, group in itertools.groupby(wanted, key=lambda item: item[0]):
        indices = [index for _, index in group]
        for start in range(0, len(indices), size):
            yield _Chunk(pair, tuple(indices[start:start + size]), plan.rules, plan.players, plan.seed)


def _play_chunk(chunk: _Chunk) -> tuple[Pair, list[DuplicateDeal]]:
    a, b = chunk.pair
    return chunk.pair, [play_duplicate(a, b, deal_seed(chunk.seed, i), rules=chunk.rules, players=chunk.players,
                                       index=i) for i in chunk.indices]


def _play(chunks: list[_Chunk], workers: int, ray_address: str | None) -> Iterator[tuple[Pair, list[DuplicateDeal]]]:
    if ray_address is not None:
        yield from _play_on_ray(chunks, ray_address)
    elif workers == 1:
        yield from map(_play_chunk, chunks)
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            yield from pool.imap_unordered(_play_chunk, chunks)


def _play_on_ray(chunks: list[_Chunk], address: str) -> Iterator[tuple[Pair, list[DuplicateDeal]]]:
    """The chunks as Ray tasks on the cluster at ``address`` ("auto": the one this
    machine belongs to), or on the Ray instance this process already started.
    Every node must have tavolo installed (``pip install 'tavolo[ray]'``, or
    ``pip install -e .`` from a checkout): a task imports it to play."""
    try:
        import ray
    except ImportError:
        raise ArenaError(Text("--ray needs Ray, which is not installed: pip install 'tavolo[ray]'")) from None
    if not ray.is_initialized():
        check_ray_address(address)
        try:
            ray.init(address=address, logging_level=logging.WARNING)
        except ConnectionError as exc:
            raise _no_cluster(address, exc) from None
    task = ray.remote(_play_chunk)
    pending = [task.remote(chunk) for chunk in chunks]
    while pending:
        finished, pending = ray.wait(pending)
        yield from ray.get(finished)


def check_ray_address(address: str, timeout: float = RAY_CONNECT_TIMEOUT_S) -> None:
    """Refuse at once a cluster address ``host:port`` (or ``ray://host:port``) whose host does not resolve or
    whose port takes no connection, for which Ray itself would retry for minutes; ``auto`` and ``local`` are Ray's
    to find.

        >>> check_ray_address("127.0.0.1:1")
        Traceback (most recent call last):
        ...
        tavolo.arena.runner.ArenaError: no Ray cluster at '127.0.0.1:1' (Connection refused); start one with: ray start --head
    """
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise _no_cluster(address, exc.strerror or str(exc) or type(exc).__name__) from None


def _no_cluster(address: str, reason: object) -> ArenaError:
    return ArenaError(Text("no Ray cluster at {address} ({reason}); start one with: ray start --head",
                           address=repr(address), reason=reason))
