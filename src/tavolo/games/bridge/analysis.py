"""Double-dummy analysis of a deal, by ``endplay`` (DDS): how many tricks
each seat makes as declarer in each denomination with every card seen, the
par score and contract(s), and how the contract played compares.

    >>> deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    >>> a = analyse(deal, vulnerability=0, dealer=0, contract="1S by N")
    >>> a.table["S"], a.table["NT"], a.dd_tricks
    ([7, 5, 7, 5], [5, 5, 5, 5], 7)
    >>> a.par_score, a.par_contracts
    (80, ['1S by N', '1S by S'])
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from endplay.dds import calc_dd_table, par
from endplay.types import Deal, Player

from tavolo.games.bridge.calls import Contract
from tavolo.games.bridge.cards import DENOMINATIONS, SEATS
from tavolo.games.bridge.endplay_types import VULS, from_denom, to_denom
from tavolo.games.bridge.results import HandResult


@dataclass(frozen=True)
class Analysis:
    """``table``: per denomination (``"C"`` .. ``"NT"``), the tricks N, E, S, W take
    as declarer; ``par_score`` for North-South; ``par_contracts`` as ``4HX by N``;
    ``dd_tricks``: the declarer's double-dummy tricks in the contract played (-1 if none)."""

    table: dict[str, list[int]]
    par_score: int
    par_contracts: list[str] = field(default_factory=list)
    dd_tricks: int = -1


def analyse(deal: str, vulnerability: int, dealer: int, contract: str | None = None) -> Analysis:
    """The analysis of a PBN ``deal`` (``"N:..."``) on a board of ``vulnerability``
    (NONE, NS, EW, BOTH) dealt by ``dealer``."""
    dd = calc_dd_table(Deal.from_pbn(deal))
    table = {DENOMINATIONS[d]: [dd[to_denom(d), Player(s)] for s in range(4)] for d in range(5)}
    result = par(dd, VULS[vulnerability], Player(dealer))
    contracts = [str(Contract(c.level, from_denom(c.denom), _doubled(c.penalty), int(c.declarer))) for c in result]
    played = Contract.parse(contract) if contract else None
    tricks = table[DENOMINATIONS[played.denomination]][played.declarer] if played else -1
    return Analysis(table, int(result.score), contracts, tricks)


def with_analysis(result: HandResult) -> HandResult:
    """``result`` with its double-dummy tricks and par filled in (a played hand)."""
    a = analyse(result.deal, result.vulnerability, result.dealer, result.contract)
    return replace(result, dd_tricks=a.dd_tricks, par=a.par_score, par_contracts=tuple(a.par_contracts))


def _doubled(penalty) -> int:
    return {1: 0, 2: 1, 4: 2}[int(penalty)]


def table_text(analysis: Analysis) -> str:
    """The double-dummy table as bridge columns print it.

    >>> print(table_text(Analysis({"C": [1, 2, 3, 4], "D": [0] * 4, "H": [0] * 4, "S": [0] * 4, "NT": [0] * 4}, 0)))
         C  D  H  S NT
    N    1  0  0  0  0
    E    2  0  0  0  0
    S    3  0  0  0  0
    W    4  0  0  0  0
    """
    lines = ["   " + "".join(f"{d:>3}" for d in DENOMINATIONS)]
    for seat in range(4):
        lines.append(f"{SEATS[seat]}  " + "".join(f"{analysis.table[d][seat]:>3}" for d in DENOMINATIONS))
    return "\n".join(lines)
