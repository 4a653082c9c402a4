"""Danish pairing (sistema danese), top-down, complete whenever possible.

Codice art. 2 a) pure Danish: 1st v 2nd, 3rd v 4th, ... b) modified Danish:
no two pairs meet who met in the previous round, except in the last round;
Tavolo adds the stricter option of no rematch at all. "Top-down" is the order
directors expect: the leader meets the best-ranked pair it may meet such that
the rest of the field can still all be paired; then the best unpaired pair
does the same, and so on. With no forbidden meetings that is pure Danish::

    >>> pair_top_down([1, 2, 3, 4, 5, 6], {})
    [(1, 2), (3, 4), (5, 6)]
    >>> pair_top_down([1, 2, 3, 4], {1: {2}, 2: {1}})
    [(1, 3), (2, 4)]

When 3 and 4 met too, 1 v 3 would strand 2 v 4, so 1 meets 4::

    >>> pair_top_down([1, 2, 3, 4], {1: {2}, 2: {1}, 3: {4}, 4: {3}})
    [(1, 3), (2, 4)]
    >>> pair_top_down([1, 2, 3, 4], {1: {2}, 2: {1, 4}, 4: {2}})
    [(1, 4), (2, 3)]

How it stays fast on 2,000 pairs: let ``f`` be the largest number of units a
unit may not meet. While ``m`` units remain with ``m >= 2f + 4``, every unit
may meet at least half of the others even after any one table is formed, so
by Dirac's theorem the rest can always be paired and the greedy choice (the
first allowed unit) is exactly the top-down choice. Only the last ``2f + 3``
units or fewer need the exact step, which keeps a perfect matching of the
units left and finds each top unit's allowed partners with one alternating
search (:mod:`~tavolo.tournament.matching`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence, Set
from typing import TypeVar

from tavolo.tournament.errors import NoCompletePairing, TournamentError
from tavolo.tournament.matching import UNMATCHED, augment_from, even_vertices, maximum_matching

Unit = TypeVar("Unit", bound=Hashable)


def pair_top_down(ranking: Sequence[Unit], forbidden: Mapping[Unit, Set[Unit]]) -> list[tuple[Unit, Unit]]:
    """Tables in top-down order, the better-ranked unit first at each.

    ``ranking`` lists the units to pair, best first (an even number of them);
    ``forbidden[u]`` holds the units ``u`` may not meet (kept symmetric by
    the caller). Raises :class:`NoCompletePairing` when no pairing of the
    whole field exists.
    """
    if len(ranking) % 2:
        raise TournamentError(
            "{count_ranking} units cannot all be paired: choose the bye first", count_ranking=len(ranking)
        )
    position = {unit: i for i, unit in enumerate(ranking)}
    banned = [{position[o] for o in forbidden.get(unit, ()) if o in position} for unit in ranking]
    tables, tail = _greedy_head(banned)
    rest = _exact_tail(tail, banned)
    if rest is None:
        stuck = [ranking[u] for u in tail if all(v == u or v in banned[u] for v in tail)]
        detail = f"; {', '.join(map(str, stuck))} may meet none of the others left" if stuck else ""
        raise NoCompletePairing(
            "no complete pairing of these {count_ranking} avoids the forbidden meetings{detail}",
            count_ranking=len(ranking),
            detail=detail,
        )
    return [(ranking[a], ranking[b]) for a, b in tables + rest]


def _greedy_head(banned: list[set[int]]) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair greedily while Dirac's bound makes every choice safe; return the tail left."""
    n = len(banned)
    most_banned = max((len(b) for b in banned), default=0)
    paired = [False] * n
    tables: list[tuple[int, int]] = []
    remaining, top = n, 0
    while remaining >= 2 * most_banned + 4:
        while paired[top]:
            top += 1
        partner = top + 1
        while paired[partner] or partner in banned[top]:
            partner += 1
        paired[top] = paired[partner] = True
        tables.append((top, partner))
        remaining -= 2
    return tables, [i for i in range(n) if not paired[i]]


def _exact_tail(tail: list[int], banned: list[set[int]]) -> list[tuple[int, int]] | None:
    """The top-down pairing of ``tail`` (positions, best first), or ``None`` if there is none.

    Keeps a perfect matching of the units left. For the top unit ``u`` with
    mate ``w``, the units ``v`` whose removal with ``u`` leaves a pairable
    rest are those reached by an even alternating path from ``w`` once ``u``
    is gone; one search finds them all, a second repairs the matching.
    """
    local = maximum_matching(_adjacency(tail, banned))
    if UNMATCHED in local:
        return None
    mate = {tail[i]: tail[j] for i, j in enumerate(local)}
    tables = []
    alive = list(tail)
    while alive:
        top, rest = alive[0], alive[1:]
        reachable = _even_after_removing(top, rest, banned, mate)
        partner = next(v for v in rest if v not in banned[top] and reachable[v])
        tables.append((top, partner))
        alive = [u for u in rest if u != partner]
        _rematch_without(top, partner, alive, banned, mate)
    return tables


def _even_after_removing(top: int, rest: list[int], banned: list[set[int]], mate: dict[int, int]) -> dict[int, bool]:
    index = {u: i for i, u in enumerate(rest)}
    local = [index[mate[u]] if mate[u] != top else UNMATCHED for u in rest]
    outer = even_vertices(index[mate[top]], _adjacency(rest, banned), local)
    return dict(zip(rest, outer))


def _rematch_without(top: int, partner: int, alive: list[int], banned: list[set[int]], mate: dict[int, int]) -> None:
    """Turn ``mate`` into a perfect matching of ``alive`` (which lacks ``top`` and ``partner``)."""
    exposed, orphan = mate.pop(top), mate.pop(partner)
    if exposed == partner:
        return
    del mate[exposed], mate[orphan]
    index = {u: i for i, u in enumerate(alive)}
    local = [index[mate[u]] if u in mate else UNMATCHED for u in alive]
    augment_from(index[exposed], _adjacency(alive, banned), local)
    mate.update({alive[i]: alive[j] for i, j in enumerate(local)})


def _adjacency(units: list[int], banned: list[set[int]]) -> list[list[int]]:
    return [[j for j, v in enumerate(units) if v != u and v not in banned[u]] for u in units]
