"""The state of a Tressette match.

Ten cards each, one at a time; at four there is no stock, at two the other
twenty are the stock and after each trick the winner, then the other, draws
one, showing it (seed, "La partita a due"). The holder of the four of denari
leads the first trick of the match, later the first player dealt to; every
player must answer the suit led when he can; the highest card of the suit led
takes (3 2 A K C J 7 6 5 4). A round is 11 points: the cards in thirds, the
fractions dropped, and a point for the last trick; accusi add their points.

    >>> import random
    >>> from tavolo.cards import italian as it
    >>> from tavolo.games.tressette import make_game
    >>> state = make_game(players=4, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> it.parse("4d") in state.hand_cards(state.current_player())
    True
"""

from __future__ import annotations

from typing import Any

from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.cards import italian as it
from tavolo.games.trick_taking.scoring import RoundResult
from tavolo.games.trick_taking.state import TrickState
from tavolo.games.trick_taking.tricks import suit_mask
from tavolo.games.tressette import rulebook
from tavolo.games.tressette.accusi import (
    ACCUSO_BASE, DECLARE_VERBS, NUM_ACTIONS, accuso, accuso_text, available, parse_accuso,
)
from tavolo.games.tressette.cards import FOUR_OF_DENARI, LAST_TRICK_THIRDS, ROUND_POINTS, STRENGTH, THIRDS, points

DECLARE_WITHIN = 3
"""Accusi are declared within the third trick."""


class TressetteState(TrickState):
    """A Tressette match in progress."""

    __slots__ = ("_declared",)
    strength = STRENGTH
    points = THIRDS
    last_trick_bonus = LAST_TRICK_THIRDS
    hand_size = 10
    follows_suit = True
    rules = rulebook.RULES
    moves_help = Text("moves are play <card> and, where accusi count, declare <cards>")

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._declared: list[tuple[int, int]] = []

    def _first_leader(self) -> int:
        if self._round_no == 0:
            for seat, hand in enumerate(self._hands):
                if hand >> FOUR_OF_DENARI & 1:
                    return seat
        return super()._first_leader()

    def _playable(self) -> int:
        hand = self._hands[self._turn]
        if not self._trick:
            return hand
        return hand & suit_mask(self._trick[0] // 10) or hand

    def _shows_draw(self, seat: int, card: int) -> bool:
        return True

    # --- accusi ------------------------------------------------------------------------------

    def _after_deal(self) -> None:
        self._declared = []
        if self._opts.accusi == "automatic":
            for seat in range(self._n):
                for action in self._declarable(seat):
                    self._declare(seat, action)

    def _declarable(self, seat: int) -> list[int]:
        done = {accuso(a).once for s, a in self._declared if s == seat}
        return [a for a in available(self.hand_cards(seat)) if accuso(a).once not in done]

    def _extra_legal(self) -> list[int]:
        if self._opts.accusi != "declared" or len(self._tricks) >= DECLARE_WITHIN:
            return []
        return self._declarable(self._turn)

    def _apply_extra(self, action: int) -> None:
        self._declare(self._turn, action)
        self._check_target()

    def _declare(self, seat: int, action: int) -> None:
        self._declared.append((seat, action))
        self._known[seat] |= accuso(action).mask

    def _declarations(self) -> tuple[tuple[int, int], ...]:
        return tuple(self._declared)

    def _load_declarations(self, declarations: tuple[tuple[int, int], ...]) -> None:
        self._declared = list(declarations)

    def declared_points(self) -> list[int]:
        """Per side, the points of the accusi declared this round."""
        out = [0] * len(self._sides)
        for seat, action in self._declared:
            out[self._side_of[seat]] += accuso(action).points
        return out

    # --- end of a round and of the match -------------------------------------------------------

    def _after_trick(self) -> None:
        self._check_target()

    def _check_target(self) -> None:
        """With ``ends_at_target``, the match ends the moment a side reaches the target."""
        target = self._opts.target
        if not self._opts.ends_at_target or target is None:
            return
        bonus = self.declared_points()
        running = [score + points(won) + b for score, won, b in zip(self._scores, self._won, bonus)]
        if max(running) >= target:
            self._close_round("target")
            self._finish()

    def _end_round(self) -> None:
        won = [points(w) for w in self._won]
        self._close_round("cappotto" if ROUND_POINTS in won else "")
        target = self._opts.target
        best = max(self._scores)
        if target is None or (best >= target and self._scores.count(best) == 1):
            self._finish()
        else:
            self._next_round()

    def _close_round(self, note: str) -> None:
        result = RoundResult(self._round_no, tuple(points(w) for w in self._won), tuple(self.declared_points()), note)
        self._results.append(result)
        for side, total in enumerate(result.total):
            self._scores[side] += total

    # --- messages and serialisation -----------------------------------------------------------------

    def _why_card_illegal(self, card: int) -> tuple[Rule, Sentence]:
        led = self._trick[0] // 10
        return rulebook.FOLLOW_SUIT, Text("{suit} was led and you hold {suit}", suit=it.SUIT_NAMES[led])

    def _why_extra_illegal(self, action: int) -> tuple[Rule, Sentence]:
        if not ACCUSO_BASE <= action < NUM_ACTIONS:
            return super()._why_extra_illegal(action)
        if self._opts.accusi != "declared":
            return rulebook.NO_ACCUSI, (Text("they are declared for everyone at the deal")
                                        if self._opts.accusi == "automatic" else "")
        if len(self._tricks) >= DECLARE_WITHIN:
            return rulebook.ACCUSO_LATE, Text("{count} tricks have been taken", count=len(self._tricks))
        if action not in available(self.hand_cards(self._turn)):
            return rulebook.ACCUSO_NOT_HELD, Text("you do not hold {cards}",
                                                   cards=accuso_text(action)[len("declare "):])
        return rulebook.ACCUSO_TWICE, Text("you have already declared one")

    def _extra_to_json(self) -> dict[str, Any]:
        return {"declared": [list(d) for d in self._declared]}

    def _extra_from_json(self, data: dict[str, Any]) -> None:
        self._declared = [(seat, action) for seat, action in data["declared"]]

    def _extra_text(self, action: int) -> str:
        return accuso_text(action)

    def _parse_extra(self, text: str, verb: str, args: list[str]) -> int | None:
        return parse_accuso(text, args) if verb in DECLARE_VERBS else None
