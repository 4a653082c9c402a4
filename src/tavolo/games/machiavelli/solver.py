"""The most cards a player can lay down this turn, exactly: an integer program
(as the published Rummikub solvers do: van Rijn, Takes and Vis, "The
complexity of Rummikub problems", 2015) solved by HiGHS (``highspy``).

Every possible combination is a variable counting how many times (0..2, two
decks) it lies on the table at the end of the turn; every card of the table
must be used; the cards of the hand used are maximised, ties broken by what
they would pay. Runs of 3 to 5 cards and groups of 3 or 4 suffice: a longer
run is two shorter ones, joined again afterwards (``join_runs``).

    >>> from tavolo.cards import french as fr
    >>> table = [fr.parse_many("2h 3h 4h 5h 6h")]
    >>> plan = most_cards(table, fr.parse_many("4h Kc 9s"))
    >>> plan.laid, [fr.names(m) for m in plan.melds]
    (1, ['2h 3h 4h', '4h 5h 6h'])
    >>> most_cards([], fr.parse_many("Ah Kh Qh 7c")).laid
    3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import highspy
import numpy as np

from tavolo.cards import french as fr
from tavolo.games.machiavelli.actions import NUM_CARDS
from tavolo.games.machiavelli.melds import card_points, meld_order
from tavolo.games.rummy.sequences import HIGH_ACE, position_card


@dataclass(frozen=True)
class Plan:
    """``melds``: the whole table at the end of the turn (each in laying order);
    ``laid``: how many cards of the hand it uses; ``None`` melds when nothing can be laid."""

    melds: tuple[tuple[int, ...], ...]
    laid: int


@cache
def candidates() -> tuple[tuple[int, ...], ...]:
    """Every run of 3 to 5 cards and every group of 3 or 4 cards of different suits."""
    out = []
    for suit in fr.SUITS:
        for lo in range(1, HIGH_ACE - 1):
            for length in (3, 4, 5):
                if lo + length - 1 <= HIGH_ACE:
                    out.append(tuple(position_card(suit, p) for p in range(lo, lo + length)))
    for rank in fr.RANKS:
        cards = [fr.card(rank, s) for s in fr.SUITS]
        out += [tuple(c for c in cards if c != left) for left in cards] + [tuple(cards)]
    return tuple(out)


@cache
def _matrix() -> np.ndarray:
    a = np.zeros((NUM_CARDS, len(candidates())))
    for j, meld in enumerate(candidates()):
        for c in meld:
            a[c, j] += 1
    return a


def _quiet_highs() -> highspy._Highs:
    """A HiGHS solver that prints nothing: ``highspy.Highs()`` writes HiGHS's banner to the terminal once per
    process while it sets up its Python callbacks, before any option can be set; the core class it wraps does
    not, and the solver needs no callbacks."""
    h = highspy._Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("log_to_console", False)
    return h


def most_cards(table: Sequence[Sequence[int]], hand: Sequence[int]) -> Plan:
    """The table rearranged to take the most cards of ``hand`` (every table card kept)."""
    on_table, held = Counter(c for g in table for c in g), Counter(hand)
    melds = candidates()
    n_melds = len(melds)
    h = _quiet_highs()
    # columns: melds (0..2 each), then hand cards used (0..held)
    lower = np.zeros(n_melds + NUM_CARDS)
    upper = np.concatenate([np.full(n_melds, 2.0), [float(held[c]) for c in range(NUM_CARDS)]])
    cost = np.concatenate([np.zeros(n_melds), [-(1000.0 + card_points(c)) for c in range(NUM_CARDS)]])
    a = np.hstack([_matrix(), -np.eye(NUM_CARDS)])
    rhs = np.array([float(on_table[c]) for c in range(NUM_CARDS)])
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = a.shape[1], a.shape[0]
    lp.col_cost_, lp.col_lower_, lp.col_upper_ = cost, lower, upper
    lp.row_lower_ = lp.row_upper_ = rhs
    matrix = lp.a_matrix_
    matrix.format_ = highspy.MatrixFormat.kColwise
    starts, index, value = [0], [], []
    for j in range(a.shape[1]):
        rows = np.nonzero(a[:, j])[0]
        index += rows.tolist()
        value += a[rows, j].tolist()
        starts.append(len(index))
    matrix.start_, matrix.index_, matrix.value_ = starts, index, value
    lp.integrality_ = [highspy.HighsVarType.kInteger] * lp.num_col_
    h.passModel(lp)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return Plan((), 0) if not table else Plan(tuple(tuple(meld_order(g)) for g in table), 0)
    x = h.getSolution().col_value
    chosen = [melds[j] for j in range(n_melds) for _ in range(round(x[j]))]
    laid = sum(round(v) for v in x[n_melds:])
    return Plan(tuple(tuple(meld_order(m)) for m in join_runs(chosen)), laid)


def join_runs(melds: Sequence[Sequence[int]]) -> list[list[int]]:
    """Runs that continue one another joined into one, as a player lays them.

    >>> [fr.names(m) for m in join_runs([fr.parse_many("5h 6h 7h"), fr.parse_many("2h 3h 4h")])]
    ['2h 3h 4h 5h 6h 7h']
    """
    runs: dict[int, list[list[int]]] = {}
    out = []
    for meld in melds:
        if len({fr.suit(c) for c in meld}) == 1:
            runs.setdefault(fr.suit(meld[0]), []).append(meld_order(meld))
        else:
            out.append(list(meld))
    for pieces in runs.values():
        pieces.sort(key=_first_position)
        joined: list[list[int]] = []
        for piece in pieces:
            for run in joined:
                if _last_position(run) + 1 == _first_position(piece) and not (
                        _first_position(run) == 1 and _last_position(piece) == HIGH_ACE):
                    run.extend(piece)
                    break
            else:
                joined.append(list(piece))
        out += joined
    return out


def _first_position(run: Sequence[int]) -> int:
    return 1 if fr.rank(run[0]) == fr.ACE else fr.rank(run[0])


def _last_position(run: Sequence[int]) -> int:
    return HIGH_ACE if fr.rank(run[-1]) == fr.ACE else fr.rank(run[-1])
