"""The state of a Briscola match.

The deal gives three cards to each player, one at a time; the next card is
turned face up and put half under the stock: its suit is trumps (briscola) and
it is the last card drawn. The first player after the dealer leads; a trick
goes to the highest trump, or else to the highest card of the suit led, and
its winner draws first (seed, "Svolgimento della Partita", "Le Mani"). At
four, once the stock is finished, partners see each other's hands ("Ultima
Mano"). The side with more of the 120 points takes the round; 60-60 voids
it ("Il Vincitore").

    >>> import random
    >>> from tavolo.games.briscola import make_game
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(5)))
    >>> obs = state.observation(0)
    >>> len(obs.hand), obs.stock_size, obs.trump_card >= 0
    (3, 34, True)
"""

from __future__ import annotations

from tavolo.games.briscola.cards import POINTS, STRENGTH
from tavolo.games.briscola.rulebook import RULES
from tavolo.games.trick_taking.scoring import RoundResult
from tavolo.games.trick_taking.state import PLAY, TrickState


class BriscolaState(TrickState):
    """A Briscola match in progress."""

    __slots__ = ()
    strength = STRENGTH
    points = POINTS
    hand_size = 3
    rules = RULES

    def _stock_from(self, rest: list[int]) -> list[int]:
        """The card after the hands is turned and goes under the stock."""
        self._trump_card = rest[-1]
        return [rest[-1], *rest[:-1]]

    def _shows_draw(self, seat: int, card: int) -> bool:
        return card == self._trump_card

    def _partner_hand_for(self, seat: int) -> int:
        if self._n != 4 or self._stock or self._phase != PLAY:
            return 0
        return self._hands[(seat + 2) % 4]

    def _end_round(self) -> None:
        won = tuple(self._won)
        best = max(won)
        winner = won.index(best) if won.count(best) == 1 else -1
        self._results.append(RoundResult(self._round_no, won, (0,) * len(won), "" if winner >= 0 else "void"))
        if winner >= 0:
            self._scores[winner] += 1
            if self._scores[winner] >= self._opts.wins_needed:
                self._finish()
                return
        self._next_round()
