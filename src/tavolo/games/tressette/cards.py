"""How high each Italian card takes in Tressette and what it scores, in thirds
of a point (raccolta, Tressette, "Valore in punti delle carte", "Come si
calcola il punteggio")::

    >>> from tavolo.cards import italian as it
    >>> [THIRDS[it.parse(t)] for t in ("Ac", "2c", "3c", "Kc", "Cc", "Jc", "7c", "4c")]
    [3, 1, 1, 1, 1, 1, 0, 0]
    >>> sum(THIRDS) + LAST_TRICK_THIRDS, ROUND_POINTS
    (35, 11)

The ace scores a point; the two, the three and the figures (the other carichi)
a third each; 4 to 7 (scartine) nothing. The 2/3 of a point left over are
dropped, and the last trick is worth a point: 11 points a round.
"""

from __future__ import annotations

from tavolo.cards import italian as it
from tavolo.games.trick_taking.tricks import NUM_CARDS, strength_table

ORDER = "3 2 A K C J 7 6 5 4"
STRENGTH = strength_table(ORDER)
_RANK_THIRDS = {it.ACE: 3, it.TWO: 1, it.THREE: 1, it.KING: 1, it.CAVALLO: 1, it.FANTE: 1}
THIRDS: tuple[int, ...] = tuple(_RANK_THIRDS.get(it.rank(c), 0) for c in range(NUM_CARDS))
LAST_TRICK_THIRDS = 3
ROUND_POINTS = 11
FOUR_OF_DENARI = it.card(it.FOUR, it.DENARI)
"""Its holder leads the first trick of the match (seed, "La partita a quattro")."""


def points(thirds: int) -> int:
    """Whole points from thirds, the fraction dropped."""
    return thirds // 3
