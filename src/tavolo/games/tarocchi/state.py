"""The state of a Tarocchi match.

The dealer deals five cards at a time from his next seat until everyone has
25 (19 at four: 5, 5, 5 and 4), takes the three (two) left and discards as
many, neither trumps nor the Matto (nor kings, by option); his discard (scarto)
counts for him at the end (raccolta, "Gioco dei tarocchi", "Svolgimento del
gioco": "Le figure che eventualmente fossero state messe dal banco negli
scarti ... vanno assegnate al mazziere stesso"). The player after the dealer
leads; everyone answers the suit led, else plays a trump, else any card. The
Matto may be played to any trick instead: it takes nothing, is not taken, and
goes back to its holder's pile ("Terzo caso"); led, the next card names the
suit. In exchange its holder gives the trick's winner a scartina of his pile, as
the tradition has it (the seed is silent), at the end of the hand (every
scartina counts alike, so when it changes hands changes nothing): so three
piles count the pack's 77. A holder with no scartina at the end (he took no
trick, and his discard holds none) gives the Matto itself (our reading). The
trick's winner leads the next. At the end each side counts its pile in threes, the sides'
leftover cards together (:func:`~tavolo.games.tarocchi.cards.count_sides`), so every hand
counts the pack's 77 at three and at four.

The accuso's values are Tavolo's own: the seed says only "segnare alcuni punti
se si hanno dieci tarocchi oppure più carte di onori"; we give ten trumps or
more (the Matto among them) 10 points, two honours (Bagatto, Mondo, Matto) 5
and all three 10, the honours shown to everyone.

Play goes from seat to seat in increasing number, the counter-clockwise turn of Italian games.

    >>> import random
    >>> from tavolo.games.tarocchi import make_game
    >>> state = make_game().new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.phase, state.current_player(), len(state.hand_cards(2))
    ('discard', 2, 28)
"""

from __future__ import annotations

from typing import Any

from tavolo.cards import tarocchi as ta
from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.games.tarocchi import cards as tc
from tavolo.games.tarocchi import rulebook as rb
from tavolo.games.trick_taking.anydeck import DeckTrickState
from tavolo.games.trick_taking.scoring import RoundResult
from tavolo.games.trick_taking.tricks import bits, cards_of, partnerships

DEAL, DISCARD, PLAY, OVER = range(4)
NUM_ACTIONS = ta.NUM_TYPES
TRUMP_MASK = bits(c for c in range(ta.NUM_SUITED, ta.NUM_TYPES) if c != ta.MATTO)
MATTO_BIT = 1 << ta.MATTO
KINGS_MASK = bits(tc.KINGS)
ACCUSO_TRUMPS, ACCUSO_POINTS = 10, 10
HONOUR_POINTS = {2: 5, 3: 10}
"""The accuso (values of our own: the seed gives none): ten trumps or more (the Matto among
them) 10 points; two honours 5, all three 10."""


class TarocchiState(DeckTrickState):
    """A Tarocchi match in progress; see the module docstring."""

    __slots__ = ("_accusi",)
    cards = ta
    suit_of = tc.SUIT_OF
    strength = tc.STRENGTH
    rules = rb.RULES
    phase_names = ("deal", "discard", "play", "over")
    play_phase, over_phase = PLAY, OVER
    moves_help = Text("moves are play <card> (e.g. 'play the king of cups', 'play XXI', 'play the Fool'), "
                      "discard <card>")

    def __init__(self, game) -> None:
        super().__init__(game)
        self._accusi = [0] * self._n

    def _make_sides(self) -> tuple[tuple[int, ...], ...]:
        return partnerships(self._n)

    def _deal(self, order: list[int]) -> None:
        """Fives from the dealer's next seat (the last packet of four at four players); the rest to the dealer."""
        self._reset_round()
        n, size = self._n, self._opts.hand_size
        hands, top = [0] * n, len(order)
        for packet in range(0, size, 5):
            for k in range(1, n + 1):
                for _ in range(min(5, size - packet)):
                    top -= 1
                    hands[(self._dealer + k) % n] |= 1 << order[top]
        hands[self._dealer] |= bits(order[:top])
        self._hands = hands
        self._accusi = [self._accuso(seat) for seat in range(n)]
        self._phase, self._turn = DISCARD, self._dealer

    def _accuso(self, seat: int) -> int:
        """The points ``seat`` declares at the start (option ``accuso``); honours are shown."""
        if not self._opts.accuso:
            return 0
        hand = self._hands[seat]
        honours = bits(tc.HONOURS) & hand
        points = ACCUSO_POINTS if (hand & (TRUMP_MASK | MATTO_BIT)).bit_count() >= ACCUSO_TRUMPS else 0
        points += HONOUR_POINTS.get(honours.bit_count(), 0)
        if honours.bit_count() >= 2:
            for other in range(self._n):
                self._told[other][seat] |= honours
        return points

    # --- the dealer's discard ---------------------------------------------------------------------

    @property
    def _kept(self) -> int:
        """The cards the dealer may not discard: trumps and the Matto, kings too by option."""
        return TRUMP_MASK | MATTO_BIT | (0 if self._opts.discard_kings else KINGS_MASK)

    def _other_legal(self) -> list[int]:
        hand = self._hands[self._turn]
        return cards_of(hand & ~self._kept or hand)

    def _apply_other(self, action: int) -> None:
        self._hands[self._dealer] &= ~(1 << action)
        self._secret[self._dealer] |= 1 << action
        if self._secret[self._dealer].bit_count() == self._opts.discards:
            self._start_play(self._dealer + 1)

    def _other_text(self, action: int) -> str:
        if self._phase == DISCARD and 0 <= action < NUM_ACTIONS:
            return f"discard {ta.name(action)}"
        raise ValueError(f"{action} is not an action of tarocchi in phase {self.phase}")

    def public_action_string(self, action: int) -> str:
        """The dealer's discard (scarto) is face down and counts for him at the end ("Il
        mazziere deve scartare tre carte"): the others learn only that a card was discarded."""
        text = self.action_to_string(action)
        return "discard a card" if self._phase == DISCARD else text

    def _parse_other(self, text: str, verb: str, args: list[str]) -> int | None:
        if verb in ("discard", "scarta") and len(args) == 1:
            return self.card_id(text, args[0])
        return None

    def _why_other_illegal(self, action: int) -> tuple[Rule, Sentence]:
        if 0 <= action < NUM_ACTIONS:
            rule = rb.DISCARD if self._opts.discard_kings else rb.DISCARD_NO_KINGS
            return rule, Text("{card} may not be discarded", card=ta.name(action))
        return self.rules.no_such_action, self._no_such_action(action)

    # --- tricks -------------------------------------------------------------------------------------

    def _led_suit(self, trick) -> int:
        return next((self.suit_of[c] for _, c in trick if c != ta.MATTO), -1)

    def _void_mask(self, led: int, card: int) -> int:
        if card == ta.MATTO:
            return 0
        return 1 << led | (0 if self.suit_of[card] == tc.TRUMPS else 1 << tc.TRUMPS)

    def _playable(self) -> int:
        hand = self._hands[self._turn]
        led = self._led_suit(self._trick)
        if led < 0:
            return hand
        follow = hand & _suit_mask(led)
        return (follow or hand & TRUMP_MASK or hand) | hand & MATTO_BIT

    def _why_card_illegal(self, card: int) -> tuple[Rule, Sentence]:
        led = self._led_suit(self._trick)
        if self._hands[self._turn] & _suit_mask(led):
            return rb.FOLLOW_SUIT, Text("you hold the suit led")
        return rb.MUST_TRUMP, Text("you hold no card of the suit led but hold trumps")

    def _trick_winner(self, trick: list[tuple[int, int]]) -> int:
        return trick[tc.trick_winner([c for _, c in trick])][0]

    def _take(self, trick: list[tuple[int, int]], winner: int) -> None:
        for seat, card in trick:
            self._piles[seat if card == ta.MATTO else winner] |= 1 << card

    def _card_points(self, card: int) -> int:
        return tc.POINTS[card]

    def _settle_matto(self) -> None:
        """The Matto's holder gives the winner of its trick, if on the other side, a scartina
        of his pile (his discard last), or the Matto itself when he has none."""
        holder, winner = next(((seat, won) for cards, won in self._tricks for seat, card in cards
                               if card == ta.MATTO), (-1, -1))
        if holder < 0 or self._side_of[holder] == self._side_of[winner]:
            return
        scartina = next((c for pile in (self._piles[holder], self._secret[holder]) for c in cards_of(pile)
                         if not tc.POINTS[c]), ta.MATTO)
        for zone in (self._piles, self._secret):
            zone[holder] &= ~(1 << scartina)
        self._piles[winner] |= 1 << scartina

    def _end_round(self) -> None:
        self._settle_matto()
        sides = self._sides
        last = self._side_of[self._tricks[-1][1]]
        points = tc.count_sides([[c for seat in side for c in self.pile_cards(seat)] for side in sides], last)
        bonus = tuple(sum(self._accusi[seat] for seat in side) for side in sides)
        result = RoundResult(self._round_no, points, bonus)
        self._results.append(result)
        for side, total in enumerate(result.total):
            self._scores[side] += total
        self._finish() if len(self._results) == self._opts.hands else self._next_round()

    # --- JSON ----------------------------------------------------------------------------------------

    def _extra_public(self) -> dict[str, Any]:
        return {"accusi": list(self._accusi)}

    def _extra_to_json(self) -> dict[str, Any]:
        return self._extra_public()

    def _extra_from_json(self, data: dict[str, Any]) -> None:
        self._accusi = list(data["accusi"])


def _suit_mask(suit: int) -> int:
    if suit == tc.TRUMPS:
        return TRUMP_MASK
    return 0x3FFF << (14 * suit)
