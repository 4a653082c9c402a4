"""A Machiavelli player that lays the most cards it can each turn, found exactly
by the integer program of :mod:`tavolo.games.machiavelli.solver`.

At the start of its turn it solves for the table that takes the most cards
of its hand (before opening, new combinations of its own cards only), then
plays the small moves that turn the table into that one: combinations that
stay as they are untouched, each new one built card by card from the
combinations that are broken up and from the hand. When nothing can be laid
it draws (or passes).

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.machiavelli import make_game
    >>> len(play(make_game(players=2, hands=1), [SolverMachiavelliBot(1), SolverMachiavelliBot(2)], seed=3).result)
    2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tavolo.games.machiavelli.actions import DONE, DRAW, PASS, move_action, put_action
from tavolo.games.machiavelli.observation import MachiavelliObservation
from tavolo.games.machiavelli.solver import most_cards


class SolverMachiavelliBot:
    """Lays the most cards each turn; ``seed`` is accepted for the common bot signature
    (the play is deterministic)."""

    def __init__(self, seed: int | None = None) -> None:
        self._plan: list[int] = []

    def choose(self, obs: MachiavelliObservation, legal: Sequence[int]) -> int:
        if not obs.turn_moves:
            self._plan = self._new_plan(obs)
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        return DRAW if DRAW in legal else PASS

    def _new_plan(self, obs: MachiavelliObservation) -> list[int]:
        seat = obs.seat
        table = [list(g) for g in obs.table]
        if obs.opened[seat]:
            plan = most_cards(table, obs.hand)
            return moves_to(table, plan.melds, obs.hand) if plan.laid else []
        plan = most_cards([], obs.hand)
        return moves_to(table, table + [list(m) for m in plan.melds], obs.hand) if plan.laid else []


def moves_to(table: Sequence[Sequence[int]], target: Sequence[Sequence[int]], hand: Sequence[int]) -> list[int]:
    """The puts and moves that turn ``table`` into ``target`` (the same cards plus some
    of ``hand``), then ``DONE``. Combinations of ``table`` found unchanged in
    ``target`` stay where they are.

    >>> from tavolo.cards import french as fr
    >>> from tavolo.games.machiavelli.actions import decode
    >>> table = [fr.parse_many("2h 3h 4h 5h 6h")]
    >>> target = [fr.parse_many("2h 3h 4h"), fr.parse_many("4h 5h 6h")]
    >>> [decode(a) for a in moves_to(table, target, fr.parse_many("4h"))]
    [('move', 0, 1, 1), ('move', 0, 2, 1), ('move', 0, 3, 1), ('put', 3, 0), ('done',)]
    """
    board = [sorted(g) for g in table]
    wanted = [sorted(m) for m in target]
    loose = []
    for group in board:
        if group in wanted:
            wanted.remove(group)
        else:
            loose.append(group)
    actions = []
    for meld in wanted:
        new = _base(loose, meld)
        missing = Counter(meld) - Counter(new or [])
        for card in sorted(missing.elements()):
            source = next((g for g in loose if card in g and g is not new), None)
            group = len(board) if new is None else _at(board, new)
            if source is None:
                actions.append(put_action(card, group))
            else:
                actions.append(move_action(_at(board, source), card, group))
                source.remove(card)
            if new is None:
                new = []
                board.append(new)
            new.append(card)
            board = [g for g in board if g or g is new]
        loose = [g for g in loose if g and g is not new]
    return actions + [DONE]


def _base(loose: list[list[int]], meld: list[int]) -> list[int] | None:
    """The largest combination being broken up that already lies inside ``meld``."""
    inside = [g for g in loose if not Counter(g) - Counter(meld)]
    return max(inside, key=len, default=None)


def _at(board: list[list[int]], group: list[int]) -> int:
    return next(i for i, g in enumerate(board) if g is group)
