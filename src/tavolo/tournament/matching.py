"""Maximum cardinality matching in a general graph (Edmonds' blossoms).

The exact part of Danish pairing: on the few units at the bottom of a field
where a greedy choice can go wrong, "can the rest still all play?" is a
perfect-matching question. Vertices are ``0 .. n-1``; ``adj[v]`` lists the
neighbours of ``v``; ``mate[v]`` is ``v``'s partner or ``-1``::

    >>> adj = [[1], [0, 2], [1, 3], [2]]          # a path of four vertices
    >>> maximum_matching(adj)
    [1, 0, 3, 2]
    >>> triangle_and_tail = [[1, 2], [0, 2], [0, 1, 3], [2]]
    >>> maximum_matching(triangle_and_tail)
    [1, 0, 3, 2]
"""

from __future__ import annotations

from collections.abc import Sequence

UNMATCHED = -1


def augment_from(root: int, adj: Sequence[Sequence[int]], mate: list[int]) -> bool:
    """Grow ``mate`` by one edge along an augmenting path from the exposed ``root``.

    Returns ``False`` (leaving ``mate`` as it was) when no augmenting path
    starts at ``root``.
    """
    end, parent, _ = _search(root, adj, mate)
    if end == UNMATCHED:
        return False
    v = end
    while v != UNMATCHED:
        pv = parent[v]
        next_v = mate[pv]
        mate[v], mate[pv] = pv, v
        v = next_v
    return True


def even_vertices(root: int, adj: Sequence[Sequence[int]], mate: list[int]) -> list[bool]:
    """The vertices an even alternating path from the exposed ``root`` reaches.

    When ``mate`` is maximum and ``root`` its only exposed vertex, these are
    exactly the vertices that some maximum matching leaves exposed (the set
    D of the Gallai-Edmonds decomposition): ``v`` is one of them if and only
    if the graph without ``v`` has a perfect matching.

        >>> even_vertices(0, [[1], [0, 2], [1]], [-1, 2, 1])
        [True, False, True]
    """
    end, _, outer = _search(root, adj, mate)
    if end != UNMATCHED:
        raise ValueError("the matching is not maximum: an augmenting path starts at the root")
    return outer


def maximum_matching(adj: Sequence[Sequence[int]]) -> list[int]:
    """A maximum matching of the graph, as the ``mate`` list."""
    mate = [UNMATCHED] * len(adj)
    for v, neighbours in enumerate(adj):  # a greedy start leaves few augmentations
        if mate[v] == UNMATCHED:
            for w in neighbours:
                if mate[w] == UNMATCHED:
                    mate[v], mate[w] = w, v
                    break
    for v in range(len(adj)):
        if mate[v] == UNMATCHED:
            augment_from(v, adj, mate)
    return mate


def _search(root: int, adj: Sequence[Sequence[int]], mate: list[int]) -> tuple[int, list[int], list[bool]]:
    """Breadth-first alternating search with blossom shrinking.

    Returns the exposed vertex an augmenting path reaches (or ``UNMATCHED``),
    the parent links that trace the path back to ``root``, and which vertices
    the search labelled outer (even).
    """
    n = len(adj)
    parent = [UNMATCHED] * n
    base = list(range(n))
    outer = [False] * n
    outer[root] = True
    queue = [root]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for w in adj[v]:
            if base[v] == base[w] or mate[v] == w:
                continue
            if w == root or (mate[w] != UNMATCHED and parent[mate[w]] != UNMATCHED):
                _shrink_blossom(v, w, parent, base, mate, outer, queue)
            elif parent[w] == UNMATCHED:
                parent[w] = v
                if mate[w] == UNMATCHED:
                    return w, parent, outer
                outer[mate[w]] = True
                queue.append(mate[w])
    return UNMATCHED, parent, outer


def _shrink_blossom(
    v: int, w: int, parent: list[int], base: list[int], mate: list[int], outer: list[bool], queue: list[int]
) -> None:
    """Contract the odd cycle closed by the edge ``v-w`` onto its base."""
    top = _common_base(v, w, parent, base, mate)
    in_blossom = [False] * len(base)
    _mark_path(v, top, w, parent, base, mate, in_blossom)
    _mark_path(w, top, v, parent, base, mate, in_blossom)
    for x in range(len(base)):
        if in_blossom[base[x]]:
            base[x] = top
            if not outer[x]:
                outer[x] = True
                queue.append(x)


def _common_base(a: int, b: int, parent: list[int], base: list[int], mate: list[int]) -> int:
    seen = set()
    while True:
        a = base[a]
        seen.add(a)
        if mate[a] == UNMATCHED:
            break
        a = parent[mate[a]]
    while True:
        b = base[b]
        if b in seen:
            return b
        b = parent[mate[b]]


def _mark_path(
    v: int, top: int, child: int, parent: list[int], base: list[int], mate: list[int], in_blossom: list[bool]
) -> None:
    while base[v] != top:
        in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]
