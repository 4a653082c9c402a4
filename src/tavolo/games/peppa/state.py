"""The state of a Peppa (or Hearts) match.

Peppa as the seed tells it (raccolta, "Peppa-Chat noir-Hearts", "Regole"):
the dealer deals every card one at a time, clockwise; each player discards his
pairs of equal rank (face up), and of three of a rank chooses the pair to
discard and the card to keep (``keep <card>``, in turn from the dealer's left,
one rank at a time: the seed says only "scartano le coppie", so the choice is
the player's); then, from the player on the dealer's left, each
offers his hand fanned and face down to the player on his left, who draws one
card by its place in the fan and discards the pair it makes; one round of
drawing, then tricks with the duty to follow suit, the player on the dealer's
left leading. Hands may differ in size: a player whose hand is empty sits the
tricks out. Hearts (``rules="hearts"``): three cards passed left, right,
across, then held, in turn; the 2 of clubs leads; no points on the first trick;
hearts led only once broken. The match to 50 counts the tricks made less the
points taken, the highest wins (see :class:`~tavolo.games.peppa.rules.PeppaOptions`).

Seats go clockwise in increasing number: seat ``s + 1`` sits on the left of ``s``.

    >>> import random
    >>> from tavolo.games.peppa import make_game
    >>> state = make_game(target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> state.phase, state.legal_action_strings()
    ('pairs', ['keep Kh', 'keep Kd', 'keep Ks'])
"""

from __future__ import annotations

import random
from typing import Any

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError, NotationError, Rule, Sentence, Text
from tavolo.engine.game import shuffled
from tavolo.games.peppa import cards as pc
from tavolo.games.peppa import rulebook as rb
from tavolo.games.trick_taking.anydeck import DeckTrickState
from tavolo.games.trick_taking.scoring import RoundResult
from tavolo.games.trick_taking.tricks import bits, cards_of

DEAL, PASS, PAIRS, DRAW, PLAY, OVER = range(6)
DRAW_BASE = pc.NUM_CARDS
"""Action ``DRAW_BASE + k`` draws the card at place ``k`` (from 0) of the fan offered."""
MAX_FAN = 13
NUM_ACTIONS = DRAW_BASE + MAX_FAN
HEARTS_MASK = bits(c for c in range(pc.NUM_CARDS) if pc.is_heart(c))
PASS_SHIFTS = (1, -1, 2, 0)
"""Hearts passes left, right, across, then holds, hand after hand."""


class PeppaState(DeckTrickState):
    """A Peppa or Hearts match in progress; see the module docstring."""

    __slots__ = ("_fans", "_draws", "_broken")
    cards = fr
    suit_of = pc.SUIT_OF
    strength = pc.STRENGTH
    rules = rb.RULES
    phase_names = ("deal", "pass", "pairs", "draw", "play", "over")
    play_phase, over_phase = PLAY, OVER
    moves_help = Text("moves are play <card> (e.g. 'play the queen of spades'), pass <card> (Hearts), keep <card> (of three of a "
                      "rank), draw <place> (e.g. 'draw 3')")

    def __init__(self, game) -> None:
        super().__init__(game)
        self._fans: list[list[int]] = [[] for _ in range(self._n)]
        self._draws = 0
        self._broken = False

    def clone(self) -> PeppaState:
        other = super().clone()
        other._fans = [fan[:] for fan in self._fans]
        return other

    @property
    def _hearts(self) -> bool:
        return self._opts.hearts

    @property
    def pass_shift(self) -> int:
        """Where this hand's cards are passed: +1 left, -1 right, +2 across, 0 held (Hearts only)."""
        return PASS_SHIFTS[self._round_no % 4] if self._hearts else 0

    # --- deal, pairs, drawing, passing ------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        """Every card, one at a time, clockwise from the dealer's left."""
        self._reset_round()
        n, fans = self._n, [[] for _ in range(self._n)]
        for i, card in enumerate(reversed(order)):
            fans[(self._dealer + 1 + i) % n].append(card)
        self._fans = fans
        self._hands = [bits(f) for f in fans]
        self._broken = False
        if self._hearts:
            self._after_hearts_deal()
        else:
            for seat in range(n):
                self._discard_pairs(seat)
            self._draws = n
            self._next_triple(self._dealer + 1)

    def _after_hearts_deal(self) -> None:
        if self.pass_shift:
            self._phase, self._turn = PASS, (self._dealer + 1) % self._n
        else:
            self._start_hearts_play()

    def _start_hearts_play(self) -> None:
        holder = next(s for s in range(self._n) if self._hands[s] >> pc.TWO_OF_CLUBS & 1)
        self._start_play(holder)

    def _discard_pairs(self, seat: int) -> None:
        """Pairs (and two pairs of four) of equal rank go out face up; three of a rank wait for
        the player's choice (:meth:`_keep`)."""
        out = 0
        for rank in range(13):
            same = _of_rank(self._hands[seat], rank)
            if len(same) != 3:
                out |= bits(same[:len(same) // 2 * 2])
        self._put_out(seat, out)

    def _put_out(self, seat: int, out: int) -> None:
        if out:
            self._hands[seat] &= ~out
            self._out |= out
            self._fans[seat] = [c for c in self._fans[seat] if not out >> c & 1]

    def triple(self, seat: int) -> list[int]:
        """The lowest rank of which ``seat`` holds three cards, as those cards ([] when none)."""
        return next((same for rank in range(13) if len(same := _of_rank(self._hands[seat], rank)) == 3), [])

    def _next_triple(self, start: int) -> None:
        """The first seat from ``start`` up to the dealer that holds three of a rank chooses
        which to keep; when none is left, the drawing begins."""
        for k in range((self._dealer - start) % self._n + 1):
            seat = (start + k) % self._n
            if self.triple(seat):
                self._phase, self._turn = PAIRS, seat
                return
        self._phase, self._turn = DRAW, (self._dealer + 2) % self._n
        self._skip_empty_offers()

    def _keep(self, card: int) -> None:
        """The seat on turn keeps ``card`` of its three of a rank; the other two go out face up."""
        seat = self._turn
        self._put_out(seat, bits(c for c in self.triple(seat) if c != card))
        self._next_triple(seat)

    def offerer(self) -> int:
        """The seat whose fanned hand the player on turn draws from (on his right)."""
        return (self._turn - 1) % self._n

    def _skip_empty_offers(self) -> None:
        while self._draws and not self._hands[self.offerer()]:
            self._draws -= 1
            self._turn = (self._turn + 1) % self._n
        if not self._draws:
            self._start_play(self._dealer + 1)

    def _draw(self, place: int) -> None:
        drawer, offerer = self._turn, self.offerer()
        card = self._fans[offerer].pop(place)
        self._hands[offerer] &= ~(1 << card)
        self._hands[drawer] |= 1 << card
        self._fans[drawer].append(card)
        self._told[offerer][drawer] |= 1 << card
        self._discard_pairs(drawer)
        self._draws -= 1
        self._turn = (drawer + 1) % self._n
        self._skip_empty_offers()

    def _pass(self, card: int) -> None:
        seat = self._turn
        self._hands[seat] &= ~(1 << card)
        self._secret[seat] |= 1 << card
        if self._secret[seat].bit_count() < 3:
            return
        if seat != self._dealer:
            self._turn = (seat + 1) % self._n
            return
        for giver in range(self._n):
            taker = (giver + self.pass_shift) % self._n
            self._hands[taker] |= self._secret[giver]
            self._told[giver][taker] |= self._secret[giver]
        self._secret = [0] * self._n
        self._start_hearts_play()

    # --- the extra phases through the shared machinery ----------------------------------------------

    def _other_legal(self) -> list[int]:
        if self._phase == PASS:
            return cards_of(self._hands[self._turn])
        if self._phase == PAIRS:
            return self.triple(self._turn)
        return [DRAW_BASE + k for k in range(len(self._fans[self.offerer()]))]

    def _apply_other(self, action: int) -> None:
        if self._phase == PASS:
            self._pass(action)
        elif self._phase == PAIRS:
            self._keep(action)
        else:
            self._draw(action - DRAW_BASE)

    def _other_text(self, action: int) -> str:
        if self._phase == PASS and 0 <= action < pc.NUM_CARDS:
            return f"pass {fr.name(action)}"
        if self._phase == PAIRS and 0 <= action < pc.NUM_CARDS:
            return f"keep {fr.name(action)}"
        if self._phase == DRAW and DRAW_BASE <= action < NUM_ACTIONS:
            return f"draw {action - DRAW_BASE + 1}"
        raise ValueError(f"{action} is not an action of {self.game.name} in phase {self.phase}")

    def public_action_string(self, action: int) -> str:
        """A Hearts pass goes face down to another seat: the others learn only that a card
        was passed (the seed's Hearts shows no passed card). A draw names a place in the fan
        offered face down ("coperte e aperte a ventaglio"), never the card. Of three of a
        rank the others see the pair discarded face up, not the card kept."""
        text = self.action_to_string(action)
        if self._phase == PASS:
            return "pass a card"
        if self._phase == PAIRS and action in self.legal_actions():
            return "discard " + " ".join(fr.name(c) for c in self.triple(self._turn) if c != action)
        return text

    def _parse_other(self, text: str, verb: str, args: list[str]) -> int | None:
        if verb in ("pass", "passa", "keep", "tieni") and len(args) == 1:
            return self.card_id(text, args[0])
        if verb in ("draw", "pesca") and len(args) == 1:
            fan = len(self._fans[self.offerer()]) if self._phase == DRAW else MAX_FAN
            if not (args[0].isascii() and args[0].isdigit() and int(args[0]) >= 1):
                raise NotationError(text, Text("draw a place in the fan, 1 to {count}", count=fan))
            if self._phase == DRAW and int(args[0]) > fan:  # "draw 40": no such place in the fan
                raise IllegalActionError(text, rb.DRAW_POSITION, Text("the fan offered has {count} card(s)",
                                                                      count=fan))
            return DRAW_BASE + int(args[0]) - 1
        return None

    def _why_other_illegal(self, action: int) -> tuple[Rule, Sentence]:
        if 0 <= action < NUM_ACTIONS and self._phase == PASS:
            return rb.PASS_THREE, Text("pass a card of your hand")
        if 0 <= action < NUM_ACTIONS and self._phase == PAIRS:
            return rb.KEEP_ONE, Text("keep one of {cards}", cards=" ".join(fr.name(c) for c in self.triple(self._turn)))
        if DRAW_BASE <= action < NUM_ACTIONS and self._phase == DRAW:
            return rb.DRAW_POSITION, Text("the fan offered has {count} card(s)", count=len(self._fans[self.offerer()]))
        return self.rules.no_such_action, self._no_such_action(action)

    # --- tricks --------------------------------------------------------------------------------------

    def _playable(self) -> int:
        hand = self._hands[self._turn]
        if self._trick:
            follow = hand & _suit_mask(self.suit_of[self._trick[0][1]])
            if follow:
                return follow
            if self._hearts and not self._tricks:
                return hand & ~HEARTS_MASK & ~(1 << pc.PEPPA) or hand
            return hand
        if not self._hearts:
            return hand
        if not self._tricks:
            return hand & (1 << pc.TWO_OF_CLUBS) or hand
        if not self._broken:
            return hand & ~HEARTS_MASK or hand
        return hand

    def _why_card_illegal(self, card: int) -> tuple[Rule, Sentence]:
        if self._trick and self._hands[self._turn] & _suit_mask(self.suit_of[self._trick[0][1]]):
            return rb.FOLLOW_SUIT, Text("{card} was led and you hold that suit", card=fr.name(self._trick[0][1]))
        if self._trick:
            return rb.NO_POINTS_FIRST, ""
        if not self._tricks:
            return rb.TWO_OF_CLUBS_LEADS, ""
        return rb.HEARTS_BROKEN, ""

    def _play(self, card: int) -> None:
        if self._hearts and (pc.is_heart(card) or card == pc.PEPPA):
            self._broken = True
        super()._play(card)

    def _trick_winner(self, trick: list[tuple[int, int]]) -> int:
        led = self.suit_of[trick[0][1]]
        return max((p for p in trick if self.suit_of[p[1]] == led), key=lambda p: pc.STRENGTH[p[1]])[0]

    def _card_points(self, card: int) -> int:
        return (pc.HEARTS_POINTS if self._hearts else pc.PEPPA_POINTS)[card]

    # --- the score --------------------------------------------------------------------------------------

    def _end_round(self) -> None:
        result = self._hand_result()
        self._results.append(result)
        for seat, total in enumerate(result.total):
            self._scores[seat] += total
        target = self._opts.target
        over = target is None or max(self._scores) >= target + (0 if self._hearts else 1)
        self._finish() if over else self._next_round()

    def _hand_result(self) -> RoundResult:
        """The points taken, 0 to a player who took Peppa and every heart and 36 (Hearts 26) to
        each other ("Punteggio"). In the match to 50 the points are game points: the tricks
        made, :data:`~tavolo.games.peppa.cards.TRICK_POINTS` each, less the points taken."""
        taken = tuple(sum(self._card_points(c) for c in cards_of(p)) for p in self._piles)
        shoot = pc.shoot_cards(self._opts.rules)
        shooter = next((s for s in range(self._n) if self._piles[s] & shoot == shoot), -1)
        bonus = (0,) * self._n
        if shooter >= 0:
            moon = pc.SHOOT_HEARTS if self._hearts else pc.SHOOT_PEPPA
            bonus = tuple(-taken[s] if s == shooter else moon - taken[s] for s in range(self._n))
        note = "shoot" if shooter >= 0 else ""
        if not self._opts.counts_tricks:
            return RoundResult(self._round_no, taken, bonus, note)
        made = [0] * self._n
        for _, winner in self._tricks:
            made[winner] += 1
        return RoundResult(self._round_no, tuple(pc.TRICK_POINTS * made[s] - taken[s] for s in range(self._n)),
                           tuple(-b for b in bonus), note)

    def returns(self) -> list[float]:
        """A single hand: minus the points taken. A match: to 100, the two lowest +1 and the two
        highest -1 (Hearts: the lowest +1); to 50, each other pays the highest (the first past 50)
        the difference; ties share."""
        scores = self._scores
        if self._opts.target is None:
            return [-float(s) for s in scores]
        if self._opts.counts_tricks:
            high = max(scores)
            winners = [s for s in range(self._n) if scores[s] == high]
            pot = high * self._n - sum(scores)
            return [pot / len(winners) if scores[s] == high else float(scores[s] - high) for s in range(self._n)]
        values = [1.0] + [0.0] * (self._n - 1) if self._hearts else [1.0, 1.0] + [0.0] * (self._n - 4) + [-1.0, -1.0]
        return _by_standing(scores, values)

    # --- JSON, observation, sampling ----------------------------------------------------------------------

    def _extra_public(self) -> dict[str, Any]:
        return {"rules": self._opts.rules, "hearts_broken": self._broken, "draws_left": self._draws,
                "trick_points": pc.TRICK_POINTS if self._opts.counts_tricks else 0}

    def _extra_to_json(self) -> dict[str, Any]:
        return {**self._extra_public(), "fans": [[fr.name(c) for c in fan] for fan in self._fans]}

    def _extra_from_json(self, data: dict[str, Any]) -> None:
        self._broken, self._draws = data["hearts_broken"], data["draws_left"]
        if "fans" in data:
            self._fans = [[fr.parse(c) for c in fan] for fan in data["fans"]]

    def _after_sample(self, rng: random.Random) -> None:
        """The fans' order is hidden: a random order for each hand."""
        self._fans = [shuffled(cards_of(h), rng) for h in self._hands]


def _suit_mask(suit: int) -> int:
    return 0x1FFF << (13 * suit)


def _of_rank(hand: int, rank: int) -> list[int]:
    """The cards of ``rank`` in ``hand``, in suit order (♥ ♦ ♣ ♠)."""
    return [c for c in (rank, rank + 13, rank + 26, rank + 39) if hand >> c & 1]


def _by_standing(scores: list[int], values: list[float]) -> list[float]:
    """Position values by ascending score, tied seats sharing their positions' mean.

    >>> _by_standing([10, 120, 10, 40], [1.0, 1.0, -1.0, -1.0])
    [1.0, -1.0, 1.0, -1.0]
    >>> _by_standing([5, 5, 5, 101], [1.0, 1.0, -1.0, -1.0])
    [0.3333333333333333, 0.3333333333333333, 0.3333333333333333, -1.0]
    """
    order = sorted(scores)
    out = []
    for s in scores:
        first, count = order.index(s), order.count(s)
        out.append(sum(values[first:first + count]) / count)
    return out

