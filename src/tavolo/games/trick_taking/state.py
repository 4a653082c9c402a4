"""One state machine for the trick-taking games: deal, play a card, collect the
trick, draw from the stock (tallone), and end the round.

Each round starts at a chance node, the shuffle. Play goes from seat to seat
in increasing number, which stands for the counter-clockwise turn of Italian
games. When everyone has played to a trick its winner takes it, the players
draw one card each from the stock (if any is left) starting with the winner,
and the winner leads the next trick. When the hands are empty the game scores
the round and either deals again or ends the match.

A game subclasses :class:`TrickState` and sets its card strengths and points,
its hand size and rulebook, and says how the stock is laid out, who leads
first, which cards may be played and how a round ends; Tressette adds its
declarations (accusi) as extra actions. Action ids ``0..39`` play that card.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

from tavolo.cards import italian as it
from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.engine.game import CHANCE, TERMINAL, DealtState
from tavolo.games.trick_taking.observation import observe
from tavolo.games.trick_taking.rulebook import TrickRulebook
from tavolo.games.trick_taking.scoring import RoundResult
from tavolo.games.trick_taking.tricks import NO_TRUMP, NUM_CARDS, cards_of, partnerships, trick_winner

if TYPE_CHECKING:
    from tavolo.engine.game import Game

DEAL, PLAY, OVER = range(3)
PHASE_NAMES = ("deal", "play", "over")

Trick = tuple[int, tuple[int, ...], int]
"""A completed trick: ``(leader, cards in the order played, winner)``."""


class TrickState(DealtState):
    """A trick-taking match in progress; see the module docstring."""

    __slots__ = (
        "game", "_opts", "_n", "_sides", "_side_of", "_phase", "_dealer", "_round_no", "_turn", "_leader",
        "_hands", "_stock", "_trick", "_tricks", "_won", "_known", "_trump_card", "_scores", "_results",
        "history", "_legal",
    )

    strength: ClassVar[tuple[int, ...]]
    """Per card, how high it takes in its suit."""
    points: ClassVar[tuple[int, ...]]
    """Per card, what it scores for the side that takes it (in the game's unit)."""
    last_trick_bonus: ClassVar[int] = 0
    hand_size: ClassVar[int]
    follows_suit: ClassVar[bool] = False
    """Whether a player must answer the suit led when he can."""
    rules: ClassVar[TrickRulebook]
    phase_names = PHASE_NAMES
    moves_help: ClassVar[Text] = Text("moves are play <card>, e.g. 'play the jack of cups'")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._opts = game.options
        self._n = n = game.num_players
        self._sides = partnerships(n)
        self._side_of = [next(i for i, side in enumerate(self._sides) if seat in side) for seat in range(n)]
        self._phase = DEAL
        self._dealer = n - 1
        self._round_no = 0
        self._turn = self._leader = 0
        self._hands = [0] * n
        self._stock: list[int] = []
        self._trick: list[int] = []
        self._tricks: list[Trick] = []
        self._won = [0] * len(self._sides)
        self._known = [0] * n
        self._trump_card = -1
        self._scores = [0] * len(self._sides)
        self._results: list[RoundResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol -------------------------------------------------------------------------

    def current_player(self) -> int:
        if self._phase == DEAL:
            return CHANCE
        if self._phase == OVER:
            return TERMINAL
        return self._turn

    def _legal_now(self) -> list[int]:
        return cards_of(self._playable()) + self._extra_legal() if self._phase == PLAY else []

    def _play_action(self, action: int) -> None:
        if action < NUM_CARDS:
            self._play(action)
        else:
            self._apply_extra(action)

    def returns(self) -> list[float]:
        """Each seat's side's match score (rounds won in Briscola, points in Tressette)."""
        return [float(self._scores[side]) for side in self._side_of]

    observation = observe

    def all_cards(self) -> Counter[int]:
        """Every card in play: hands, stock, the trick on the table and the tricks taken."""
        cards = [c for hand in self._hands for c in cards_of(hand)] + self._stock + self._trick
        cards += [c for _, trick, _ in self._tricks for c in trick]
        return Counter(cards)

    # --- read-only views ---------------------------------------------------------------------

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self._sides

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    @property
    def round_results(self) -> list[RoundResult]:
        return list(self._results)

    @property
    def trump_suit(self) -> int:
        return NO_TRUMP if self._trump_card < 0 else self._trump_card // 10

    def hand_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` holds; hidden information: use ``observation`` for a player."""
        return cards_of(self._hands[seat])

    # --- what each game decides -----------------------------------------------------------------

    def _stock_from(self, rest: list[int]) -> list[int]:
        """The stock from the cards left after the deal (top card last)."""
        return rest

    def _first_leader(self) -> int:
        """Who leads the first trick of the round: the first player dealt to."""
        return (self._dealer + 1) % self._n

    def _playable(self) -> int:
        """The mask of cards the seat on turn may play."""
        return self._hands[self._turn]

    def _shows_draw(self, seat: int, card: int) -> bool:
        """Whether a card drawn from the stock is shown to everyone."""
        return False

    def _partner_hand_for(self, seat: int) -> int:
        """The mask of the partner's cards ``seat`` is shown (none by default)."""
        return 0

    def _declarations(self) -> tuple[tuple[int, int], ...]:
        """The declarations made this round, ``(seat, action id)`` (none by default)."""
        return ()

    def _load_declarations(self, declarations: tuple[tuple[int, int], ...]) -> None:
        """Restore the declarations an observation shows (hidden-state sampling)."""

    def _extra_legal(self) -> list[int]:
        """Legal actions besides playing a card (declarations)."""
        return []

    def _apply_extra(self, action: int) -> None:
        raise ValueError(f"{action} is not an action of {self.game.name}")

    def _after_deal(self) -> None:
        """Called once the cards are dealt."""

    def _after_trick(self) -> None:
        """Called after a trick is taken and the round goes on."""

    @abstractmethod
    def _end_round(self) -> None:
        """Score the round, then :meth:`_next_round` or :meth:`_finish`."""

    def _why_card_illegal(self, card: int) -> tuple[Rule, Sentence]:
        """Why a card held by the seat on turn may not be played now."""
        return self.rules.not_in_hand, ""

    def _why_extra_illegal(self, action: int) -> tuple[Rule, Sentence]:
        return self.rules.no_such_action, Text("{action} is not an action id of {game}", action=action,
                                               game=self.game.name)

    def _extra_to_json(self) -> dict[str, Any]:
        """The game's own fields, for :mod:`~tavolo.games.trick_taking.serial`."""
        return {}

    def _extra_from_json(self, data: dict[str, Any]) -> None:
        """Restore what :meth:`_extra_to_json` wrote."""

    def _extra_text(self, action: int) -> str:
        raise ValueError(f"{action} is not an action id of {self.game.name}")

    def _parse_extra(self, text: str, verb: str, args: list[str]) -> int | None:
        """The extra action ``verb args`` names, or ``None`` when ``verb`` is not one of the game's."""
        return None

    # --- the round -------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        """Hands from the top of ``order``, one card at a time from the dealer's next seat."""
        n = self._n
        top = len(order)
        hands = [0] * n
        for _ in range(self.hand_size):
            for k in range(1, n + 1):
                top -= 1
                hands[(self._dealer + k) % n] |= 1 << order[top]
        self._hands = hands
        self._stock = self._stock_from(order[:top])
        self._trick = []
        self._tricks = []
        self._won = [0] * len(self._sides)
        self._known = [0] * n
        self._phase = PLAY
        self._leader = self._turn = self._first_leader()
        self._legal = None
        self._after_deal()

    def _play(self, card: int) -> None:
        seat = self._turn
        bit = 1 << card
        self._hands[seat] ^= bit
        self._known[seat] &= ~bit
        self._trick.append(card)
        if len(self._trick) < self._n:
            self._turn = (seat + 1) % self._n
        else:
            self._collect()

    def _collect(self) -> None:
        """The trick is complete: its winner takes it, everyone draws, the winner leads."""
        cards = tuple(self._trick)
        winner = (self._leader + trick_winner(cards, self.strength, self.trump_suit)) % self._n
        self._tricks.append((self._leader, cards, winner))
        side = self._side_of[winner]
        points = self.points
        self._won[side] += sum(points[c] for c in cards)
        self._trick = []
        self._draw(winner)
        self._leader = self._turn = winner
        if self._hands[winner]:
            self._after_trick()
        else:
            self._won[side] += self.last_trick_bonus
            self._end_round()

    def _draw(self, winner: int) -> None:
        stock = self._stock
        if not stock:
            return
        for k in range(self._n):
            seat = (winner + k) % self._n
            card = stock.pop()
            self._hands[seat] |= 1 << card
            if self._shows_draw(seat, card):
                self._known[seat] |= 1 << card

    def _next_round(self) -> None:
        self._round_no += 1
        self._dealer = (self._dealer + 1) % self._n
        self._phase = DEAL

    def _finish(self) -> None:
        self._phase = OVER

    # --- messages ---------------------------------------------------------------------------------

    def _why_illegal(self, action: int) -> tuple[Rule, Sentence]:
        if self._phase == OVER:
            return self.rules.game_over, ""
        if self._phase == DEAL:
            return self.rules.deal_first, ""
        if not 0 <= action < NUM_CARDS:
            return self._why_extra_illegal(action)
        if not self._hands[self._turn] >> action & 1:
            return self.rules.not_in_hand, Text("you do not hold {cards}", cards=it.name(action))
        return self._why_card_illegal(action)
