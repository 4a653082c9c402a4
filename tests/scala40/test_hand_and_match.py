"""The end of a Scala 40 hand and of the match (FISCA art. 2, 6.4, 7, 8) and the art. 9
variants: the deal, the reshuffle of the pozzo, penalty points, elimination, opening with
the discard, closing "in mano", opening without the joker."""

import random

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError
from tavolo.games.scala40 import make_game
from tavolo.games.scala40.actions import TAKE

from tests.scala40.helpers import position, texts
from tests.simulation import random_walk


def test_the_deal():
    """art. 1.1, 2.1: two decks and four jokers; 13 cards each, one face up to the pozzo, the
    rest the stock; the player after the dealer begins."""
    game = make_game(players=4)
    assert len(game.deck) == 108 and game.deck_counts[fr.JOKER] == 4
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(1)))
    obs = state.observation(0)
    assert obs.hand_sizes == (13,) * 4 and obs.pile_size == 1 and obs.stock_size == 108 - 52 - 1
    assert state.current_player() == (state.dealer + 1) % 4


def test_when_the_stock_ends_the_pozzo_is_reshuffled_but_its_top_card():
    """art. 6.4: after the turn of the player who drew the last card, the pozzo but the last
    discard is shuffled into a new stock: a chance node in the middle of the hand."""
    state = position(hands={0: "2d 5s Kh", 1: "3c 4d"}, pile="Qc 7d 9s", opened=[0], stock_size=1,
                     phase="draw", turn_number=8)
    state.apply(state.parse_action("draw"))
    state.apply(state.parse_action("discard 2d"))
    assert state.is_chance_node() and state.phase == "reshuffle"
    outcome = state.sample_chance(random.Random(2))
    assert sorted(outcome) == sorted(fr.parse_many("Qc 7d 9s"))
    state.apply_chance(outcome)
    obs = state.observation(1)
    assert obs.pile_top == fr.parse("2d") and obs.pile_size == 1 and obs.stock_size == 3
    assert state.current_player() == 1 and state.phase == "draw"


def test_a_hand_no_one_can_ever_close_ends_at_the_reshuffle():
    """DECISIONS.md (Scala 40, blocked hand): art. 6.4 would reshuffle forever when no card
    can join the table and no player holds enough cards to lay a meld; the hand ends there,
    everyone scoring the cards he holds."""
    state = position(players=2, hands={0: "5c", 1: "Qd Ks"}, table=["Jh Jd Js *"], opened=[0, 1],
                     phase="draw", stock_size=1, rest_to_pile=True)
    state.apply(state.parse_action("draw"))
    state.apply(state.legal_actions()[0])
    result = state.hand_results[-1]
    assert result.ended_by == "blocked" and result.closer == -1 and result.points[1] == 20


def test_penalty_points_of_the_cards_left():
    """art. 7.1-7.2: joker 25, ace 11, figures 10, others their value; the closer scores 0."""
    state = position(hands={0: "5h 6h 7h 9c", 1: "* Ah Kd 7c", 2: "2s", 3: "Ts Tc"}, opened=[0])
    state.apply(state.parse_action("meld 5h 6h 7h"))
    state.apply(state.parse_action("discard 9c"))
    assert state.hand_results[-1].points == (0, 53, 2, 20) and state.returns() == [0.0, -53.0, -2.0, -20.0]


def test_elimination_at_101_and_the_last_one_left_wins():
    """art. 8: a player reaching 101 is out; hands go on until one is left."""
    state = position(hands={0: "5h 6h 7h 9c", 1: "* Ah Kd 7c", 2: "2s", 3: "Ts Tc"}, opened=[0],
                     elimination=101, scores=[90, 50, 10, 99])
    state.apply(state.parse_action("meld 5h 6h 7h"))
    state.apply(state.parse_action("discard 9c"))
    result = state.hand_results[-1]
    assert result.eliminated == (1, 3) and state.active_seats() == [0, 2] and state.phase == "deal"
    state.apply_chance(state.sample_chance(random.Random(1)))
    assert state.observation(0).hand_sizes == (13, 0, 13, 0)


def test_a_match_ends_with_one_player_left():
    state = make_game(players=3, elimination=101).new_initial_state()
    for _ in random_walk(state, random.Random(5)):
        pass
    assert len(state.active_seats()) <= 1
    winner = state.active_seats()[0]
    assert state.returns()[winner] == max(state.returns())


def test_opening_with_the_discard_variant():
    """art. 9a: the last discard may be taken before opening, to open in the same turn with
    melds that use it."""
    hand = "9h 9d Jc Qc Kc 2d 5s 7h 8s Td 3s 6h 4d"
    plain = position(hands={0: hand}, phase="draw", pile="9s")
    assert texts(plain) == ["draw"]
    state = position(hands={0: hand}, phase="draw", pile="9s", open_with_discard=True)
    assert texts(state) == ["draw", "take"]
    state.apply(TAKE)
    assert "meld Jc Qc Kc" in texts(state) and "discard 2d" not in texts(state)
    state.apply(state.parse_action("meld Jc Qc Kc"))
    assert texts(state) == ["meld 9h 9d 9s"]
    useless = position(hands={0: hand}, phase="draw", pile="4c", open_with_discard=True)
    assert texts(useless) == ["draw"]
    with pytest.raises(IllegalActionError) as info:
        useless.apply(TAKE)
    assert info.value.rule.code == "take-to-open"


def test_closing_in_hand_doubles_and_100_to_who_has_not_opened():
    """art. 9b: closing with every card at once doubles the others' points; "al giocatore che
    rimane con tutte le carte in mano ... vengono assegnati 100 punti"."""
    hand = "5h 6h 7h 8h Jc Qc Kc 2s 2d 2c 4s 4d 4c 9s"
    others = {1: "* Ah", 2: "2h 3h 4h 9c 9d", 3: "Ts Tc"}
    for variant, expected in ((False, (0, 36, 27, 20)), (True, (0, 72, 54, 100))):
        state = position(hands={0: hand, **others}, opened=[1, 2], closing_in_hand=variant)
        for move in ("meld 5h 6h 7h 8h", "meld Jc Qc Kc", "meld 2s 2d 2c", "meld 4s 4d 4c", "discard 9s"):
            state.apply(state.parse_action(move))
        result = state.hand_results[-1]
        assert result.points == expected
        assert result.ended_by == ("closing in hand" if variant else "closing")


def test_opening_without_the_joker_variant():
    """art. 9c: a joker counts in an opening only beside clean melds worth 40 by themselves."""
    hand = "9h 9d * Jc Qc Kc 2d 5s 7h 8s Td 3s 6h 4d"
    assert "meld 9h 9d *" in texts(position(hands={0: hand}))
    assert not any(t.startswith("meld") for t in texts(position(hands={0: hand}, open_without_joker=True)))
    rich = "9h 9d * Jc Qc Kc Ah Ad As 5s 7h 8s 3s 6h"
    state = position(hands={0: rich}, open_without_joker=True)
    assert "meld 9h 9d *" in texts(state)
    state.apply(state.parse_action("meld 9h 9d *"))
    assert state.observation(0).opening_points == 0
