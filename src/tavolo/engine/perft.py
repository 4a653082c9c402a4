"""Perft: the number of legal action sequences of a given length from a position.

Chess engines pin their move generators with these counts; Tavolo stores them
for fixed positions of each game, so that making the legal-action generator
faster can never silently change what is legal. Chance nodes end a line.

    >>> import random
    >>> from tavolo.games import make_game
    >>> state = make_game("burraco", players=2, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> perft(state, 1)
    2
"""

from __future__ import annotations

from tavolo.engine.game import State


def perft(state: State, depth: int) -> int:
    """Leaves of the tree of legal actions ``depth`` plies deep (terminal and chance
    nodes count as leaves)."""
    if depth == 0 or state.is_terminal() or state.is_chance_node():
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft split by first action, in notation: for finding where two generators differ."""
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        out[state.action_to_string(action)] = perft(child, depth - 1)
    return out
