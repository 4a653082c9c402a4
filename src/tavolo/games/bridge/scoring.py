"""Bridge scoring: the points of a contract, rubber scoring (partita libera),
duplicate scoring (competizione), IMPs and matchpoints.

The table is the seed's (raccolta, Bridge, "Punteggio"), read with the Laws
of Duplicate Bridge 2017 (Law 77) and of Rubber Bridge (Law 72) where the
seed is vague or differs (DECISIONS.md, "Other games: readings", Bridge: the
insult 50/100 whatever the vulnerability, where the seed says 50 "in prima"
and 100 "in seconda"; undertricks by the Laws' table, where the seed gives
only "dai 50 ai 200 punti in prima e dai 200 ai 400 punti in seconda";
duplicate vulnerability by board number, where the seed's "le coppie si
considerano in seconda" would make every board vulnerable): trick points 20 a minor, 30 a
major, 40 and 30 at no trumps, doubled x2, redoubled x4; overtricks at trick
value, or 100/200 (doubled) and 200/400 (redoubled) not vulnerable /
vulnerable; 50 or 100 for making a doubled or redoubled contract; slams
500/750 and 1000/1500; undertricks 50/100 each undoubled, doubled 100, 200,
200, then 300 each not vulnerable, and 200, 300 each vulnerable (x2
redoubled). Duplicate adds 50 for a part score, 300/500 for a game::

    >>> from tavolo.games.bridge.calls import Contract
    >>> duplicate_score(Contract.parse("4H by N"), 10, vulnerable=False)
    420
    >>> duplicate_score(Contract.parse("3NTX by S"), 7, vulnerable=True)
    -500
    >>> duplicate_score(Contract.parse("7NTXX by E"), 13, vulnerable=True)
    2980
    >>> imps(420 - 170), imps(-30), imps(4000)
    (6, -1, 24)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tavolo.games.bridge.calls import Contract
from tavolo.games.bridge.cards import ACE, HONOUR_RANKS, NOTRUMP, rank, suit

NONE, NS, EW, BOTH = range(4)
VULNERABILITY_NAMES = ("None", "NS", "EW", "All")
"""As PBN writes them: nessuno, Nord-Sud, Est-Ovest, tutti in seconda."""
_IMP_STEPS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490,
              1740, 1990, 2240, 2490, 2990, 3490, 3990)
"""The WBF IMP scale: the upper end of each step, 0 IMPs up to 10, ..., 24 from 4000."""


def trick_score(contract: Contract) -> int:
    """Points below the line for the tricks bid (punti presa), doubling included."""
    if contract.denomination == NOTRUMP:
        base = 40 + 30 * (contract.level - 1)
    else:
        base = (30 if contract.denomination >= 2 else 20) * contract.level
    return base * (1 << contract.doubled)


@dataclass(frozen=True)
class ContractScore:
    """What a played contract scores for the declaring side (negative: for the
    defenders), in parts: ``below`` the line (trick score), ``above`` it
    (overtricks, insult, slam, undertricks as a negative number)."""

    below: int
    overtricks: int
    insult: int
    slam: int
    undertricks: int

    @property
    def above(self) -> int:
        return self.overtricks + self.insult + self.slam - self.undertricks


def contract_score(contract: Contract, tricks: int, vulnerable: bool) -> ContractScore:
    """The parts of the score of ``contract`` making ``tricks`` of 13."""
    over = tricks - contract.tricks_needed
    if over < 0:
        return ContractScore(0, 0, 0, 0, undertrick_penalty(-over, contract.doubled, vulnerable))
    if contract.doubled:
        per_over = (100 if not vulnerable else 200) * contract.doubled
    else:
        per_over = 30 if contract.denomination in (2, 3, NOTRUMP) else 20
    slam = 0
    if contract.level == 6:
        slam = 750 if vulnerable else 500
    elif contract.level == 7:
        slam = 1500 if vulnerable else 1000
    return ContractScore(trick_score(contract), over * per_over, 50 * contract.doubled, slam, 0)


def undertrick_penalty(down: int, doubled: int, vulnerable: bool) -> int:
    """The penalty for ``down`` undertricks (prese in meno).

    >>> [undertrick_penalty(d, 1, False) for d in (1, 2, 3, 4)]
    [100, 300, 500, 800]
    >>> [undertrick_penalty(d, 2, True) for d in (1, 2, 3)]
    [400, 1000, 1600]
    """
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        points = 200 + 300 * (down - 1)
    else:
        points = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return points * doubled


def duplicate_score(contract: Contract | None, tricks: int, vulnerable: bool) -> int:
    """The duplicate score for the declaring side; 0 for a hand passed out."""
    if contract is None:
        return 0
    parts = contract_score(contract, tricks, vulnerable)
    if parts.undertricks:
        return -parts.undertricks
    game_bonus = (500 if vulnerable else 300) if parts.below >= 100 else 50
    return parts.below + parts.above + game_bonus


def board_dealer(board: int) -> int:
    """The dealer of duplicate board ``board`` (1-based): N, E, S, W in turn."""
    return (board - 1) % 4


def board_vulnerability(board: int) -> int:
    """NONE, NS, EW or BOTH for duplicate board ``board``, by the standard 16-board cycle.

    >>> [VULNERABILITY_NAMES[board_vulnerability(b)] for b in range(1, 9)]
    ['None', 'NS', 'EW', 'All', 'NS', 'EW', 'All', 'None']
    """
    b = board - 1
    return (b + b // 4) % 4


def is_vulnerable(vulnerability: int, side: int) -> bool:
    """Whether ``side`` (0 NS, 1 EW) is vulnerable (in seconda)."""
    return vulnerability == BOTH or vulnerability == NS + side


def honours(hands: Sequence[Iterable[int]], contract: Contract) -> tuple[int, int]:
    """Honours (onori) held, for rubber bridge: (seat, points), or (-1, 0).

    In a suit contract 100 for four of the five trump honours in one hand, 150 for
    all five; at no trumps 150 for the four aces in one hand (seed, "Punteggio").
    """
    for seat, hand in enumerate(hands):
        cards = list(hand)
        if contract.denomination == NOTRUMP:
            if sum(rank(c) == ACE for c in cards) == 4:
                return seat, 150
            continue
        held = sum(suit(c) == contract.denomination and rank(c) in HONOUR_RANKS for c in cards)
        if held >= 4:
            return seat, 100 if held == 4 else 150
    return -1, 0


def imps(difference: int) -> int:
    """International match points for a difference of scores on a board."""
    steps = bisect_left(_IMP_STEPS, abs(difference))
    return steps if difference >= 0 else -steps


def matchpoints(scores: Sequence[int]) -> list[float]:
    """Matchpoints of each score on one board, against every other: 2 for each
    score beaten, 1 for each tie (the European way; halve for 1 and 1/2).

    >>> matchpoints([420, 450, 420, -50])
    [3.0, 6.0, 3.0, 0.0]
    """
    return [float(sum(2 if s > t else 1 if s == t else 0 for j, t in enumerate(scores) if j != i))
            for i, s in enumerate(scores)]


def cross_imps(scores: Sequence[int]) -> list[float]:
    """Cross-IMPs of each score on one board: IMPed against every other score, averaged over
    the comparisons (PBN's "Cross2"; 0 for a board played once).

    >>> [round(x, 2) for x in cross_imps([420, 450, 420, -50])]
    [3.0, 4.33, 3.0, -10.33]
    """
    others = len(scores) - 1
    return [sum(imps(s - t) for j, t in enumerate(scores) if j != i) / others if others else 0.0
            for i, s in enumerate(scores)]


def percentages(scores: Sequence[int]) -> list[float]:
    """Matchpoints as a share of the top (100 for the best score alone).

    >>> percentages([420, 450, 420, -50])
    [50.0, 100.0, 50.0, 0.0]
    """
    top = 2 * (len(scores) - 1)
    return [100.0 * mp / top if top else 50.0 for mp in matchpoints(scores)]
