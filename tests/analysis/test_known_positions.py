"""Positions built so that one Burraco move is clearly best (issue 41, "Honest numbers"): the
analysis marks the bad move played an error and names the best as Campione's move.

The rules each position rests on: closing needs a burraco and the pozzetto taken, and is made by
discarding the last card (fedibur-1985 art. 8; ../shared/seeds/fedibur-regolamento-1985.txt); a
run of seven natural cards is a clean burraco, 200 points (art. 8); whoever takes the pile takes
all of it (art. 5)."""

from __future__ import annotations

from tavolo.analysis.review import review_position
from tavolo.analysis.words import decision_words, mark_words
from tavolo.i18n.moves import say
from tests.burraco.helpers import position

ERRORS = ("mistake", "blunder")


def reviewed(state, played: str, deals: int, seed: int = 1):
    return review_position(state, state.parse_action(played), deals=deals, seed=seed)


def test_a_closing_within_reach_missed_is_a_blunder():
    """9♣ makes the burraco 3♣..9♣, then K♦ closes: discarding 9♣ throws both away."""
    state = position(hands={0: "9c Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c"]}, taken={0: True})
    decision = reviewed(state, "discard 9c", deals=40)
    assert decision.mark == "blunder"
    assert state.action_to_string(decision.best.action) == "attach 9c to 1"
    assert decision.loss.low > 80


def test_a_take_that_completes_a_burraco_and_closes_beats_the_draw():
    """The pile's 9♣ completes the clean burraco and K♦ then closes: drawing instead is an error."""
    state = position(hands={0: "Kd 5s"}, melds={0: ["3c 4c 5c 6c 7c 8c"]}, pile="9c", phase="draw",
                     taken={0: True})
    decision = reviewed(state, "draw", deals=60)
    assert decision.mark in ERRORS
    assert state.action_to_string(decision.best.action) == "take"
    assert decision.kind == "draw or take"
    said = say(decision_words(decision, "points").to_json(), "it")
    assert said.startswith("hai pescato; Campione avrebbe raccolto gli scarti: +") and said.endswith(" punti attesi")
    assert say(decision.reason.to_json(), "it") == "gli scarti: 9♣"
    assert say(mark_words(decision.mark).to_json(), "it") in ("errore", "errore grave")


def test_a_discard_that_hands_the_opponents_their_burraco_and_closing_is_an_error():
    """East holds Q♠ alone, with 3♥..8♥ on the table and the pozzetto taken: the 9♥ discarded
    is their burraco and their closing."""
    state = position(hands={0: "9h Kd 4s 6d", 1: "Qs", 2: "5d 7s Js", 3: "Ac 4d"},
                     melds={1: ["3h 4h 5h 6h 7h 8h"], 0: ["Jc Qc Kc"]}, taken={0: True, 1: True})
    decision = reviewed(state, "discard 9h", deals=400)
    assert decision.mark in ERRORS
    assert state.action_to_string(decision.best.action) != "discard 9h"
    assert decision.loss.mean >= 30


def test_the_best_move_played_is_not_marked_an_error():
    state = position(hands={0: "9c Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c"]}, taken={0: True})
    decision = reviewed(state, "attach 9c to 1", deals=16)
    assert decision.mark in ("ok", "best") and decision.loss.mean == 0
