"""The arbiter's time-out (fedibur-1985 art. 10; codice art. 15) and the match
(estratto "Punteggio finale", "Fine partita"; fedibur-1985 art. 2)."""

import random

import pytest

from tavolo.engine.errors import IllegalActionError
from tavolo.engine.play import play
from tavolo.engine.record import GameRecord
from tavolo.games import replay
from tavolo.bots.random_bot import RandomBot
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import TIME_OUT


def fresh(rules="fibur", players=4, seed=1, **options):
    state = make_game(rules, players=players, target=options.pop("target", None), **options).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    return state


def draw_discard(state):
    """One plain play: draw, then discard the first card that may be discarded."""
    state.apply(state.parse_action("draw"))
    state.apply(next(a for a in state.legal_actions() if state.action_to_string(a).startswith("discard")))


def plays_until_end(state):
    plays = 0
    while not state.is_terminal():
        draw_discard(state)
        plays += 1
    return plays


def advance_to(state, seat):
    while state.current_player() != seat:
        draw_discard(state)


# --- fedibur 1985 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("on_turn, further", [(3, 4), (2, 5), (1, 6), (0, 7)])
def test_fedibur_time_out_finishes_the_round_to_the_dealer_then_one_more(on_turn, further):
    """fedibur-1985 art. 10: called while North (the dealer) plays, 4 more plays; West 5;
    South 6; East 7. Tavolo's dealer is seat 3, so East, South, West are seats 0, 1, 2."""
    state = fresh("fedibur1985")
    advance_to(state, 0)
    draw_discard(state)  # the first round has begun
    advance_to(state, on_turn)
    state.apply(TIME_OUT)
    assert plays_until_end(state) == 1 + further
    assert state.hand_results[-1].ended_by == "time-out"


def test_fedibur_time_out_before_the_first_draw_means_no_new_hand():
    """fedibur-1985 art. 10: called during the deal, before the first draw, no game is begun."""
    state = fresh("fedibur1985")
    state.apply(TIME_OUT)
    assert state.is_terminal() and state.hand_results == [] and state.returns() == [0.0] * 4


def test_fedibur_time_out_between_hands_ends_the_match_with_the_hands_played():
    game = make_game("fedibur1985", players=4, target=5005)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(3)))
    while state.phase != "deal":
        draw_discard(state)
    before = state.returns()
    state.apply(TIME_OUT)
    assert state.is_terminal() and state.returns() == before


# --- codice ---------------------------------------------------------------------------------------

def test_codice_time_out_a_full_round_from_the_partner_of_the_player_on_turn():
    """codice art. 15: the round starts from the partner of the player on turn, so after the
    current play come the next player's and a full round: 5 more plays at four."""
    state = fresh("fibur")
    advance_to(state, 1)
    draw_discard(state)
    advance_to(state, 2)
    state.apply(state.parse_action("draw"))
    state.apply(TIME_OUT)
    assert state.time_out_plays_left == 6
    state.apply(next(a for a in state.legal_actions() if state.action_to_string(a).startswith("discard")))
    assert plays_until_end(state) == 5


def test_codice_time_out_during_the_deal_plays_one_full_round():
    """codice art. 15: called during the deal, before the first draw, one full round is played."""
    state = fresh("fibur")
    state.apply(TIME_OUT)
    assert plays_until_end(state) == 4


def test_no_closing_bonus_in_a_hand_ended_by_time_out():
    """codice art. 15-16: when the round after the time-out ends without a closing, no side
    scores the 100."""
    state = fresh("fibur")
    state.apply(TIME_OUT)
    plays_until_end(state)
    assert all(side.closing == 0 for side in state.hand_results[-1].sides)


def test_time_out_is_announced_once_and_only_where_the_rules_have_it():
    state = fresh("fibur")
    state.apply(TIME_OUT)
    with pytest.raises(IllegalActionError, match="announced once"):
        state.apply(TIME_OUT)
    state = fresh("fibur", time_out=None)
    with pytest.raises(IllegalActionError, match="no time-out"):
        state.apply(TIME_OUT)


def test_time_out_is_recorded_and_replays():
    """A game record keeps the arbiter's time-out among the actions."""
    game = make_game("fibur", players=4, target=None)
    record = play(game, [RandomBot(seed=s) for s in range(4)], seed=9)
    state = replay(record, upto=10)
    state.apply(TIME_OUT)
    texts = record.actions[:10] + ["time-out"]
    while not state.is_terminal():
        action = state.legal_actions()[0]
        texts.append(state.action_to_string(action))
        state.apply(action)
    again = replay(GameRecord(record.game, record.options, record.seats, record.seed, texts, state.returns()))
    assert again.returns() == state.returns() and again.hand_results[-1].ended_by == "time-out"


# --- the match ------------------------------------------------------------------------------------

def test_target_defaults_to_2005_and_the_others_are_selectable():
    """estratto "Punteggio finale": 505, 1005, 2005 (standard), 3005, 5005."""
    assert make_game().options.target == 2005
    for target in (505, 1005, 3005, 5005):
        assert make_game(target=target).options.target == target
    with pytest.raises(ValueError, match="choose one of 505"):
        make_game(target=1500)


def test_dealer_rotates_clockwise_each_hand():
    """fedibur-1985 art. 2: the served player of one hand deals the next."""
    game = make_game(players=4, target=5005)
    state = game.new_initial_state()
    rng = random.Random(2)
    dealers = []
    while len(dealers) < 3:
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            dealers.append(state.dealer)
            assert state.current_player() == (state.dealer + 1) % 4
        else:
            draw_discard(state)
    assert dealers == [3, 0, 1]


def test_match_ends_when_a_side_reaches_the_target_and_leads():
    """estratto "Fine partita": the match ends when a side reaches or passes the target; the
    highest score wins."""
    game = make_game(players=4, target=505)
    record = play(game, [RandomBot(seed=s) for s in range(4)], seed=4)
    final = record.result
    assert max(final) >= 505 and final[0] == final[2] and final[1] == final[3] and final[0] != final[1]
    assert replay(record).returns() == final


@pytest.mark.parametrize("hands", [2, 3])
def test_a_match_of_a_fixed_number_of_smazzate_ends_after_them_and_the_totals_decide(hands):
    """codice "Turni da 2/3/4 Smazzate" and ARCA "turni di tre smazzate": a match may be a
    number of smazzate instead of a target; every hand's points add up in the returns."""
    state = make_game(players=4, target=None, hands=hands).new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert len(state.hand_results) == hands
    assert state.returns() == [sum(r.credited[seat] for r in state.hand_results) for seat in range(4)]


def test_a_number_of_smazzate_and_a_target_are_not_both_taken():
    with pytest.raises(ValueError, match="a target or a number of smazzate"):
        make_game(target=2005, hands=3)
    with pytest.raises(ValueError, match="from 1 to 20"):
        make_game(target=None, hands=0)
