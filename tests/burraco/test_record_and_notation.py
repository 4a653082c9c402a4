"""Game records replay exactly; states round-trip through JSON; the move notation reads and
prints every action and refuses bad text with a clear reason."""

import json
import random

import pytest

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.errors import AmbiguousActionError, IllegalActionError, NotationError
from tavolo.engine.play import play
from tavolo.engine.record import GameRecord
from tavolo.games import replay
from tavolo.games import make_game_from_json
from tavolo.games.burraco import make_game
from tavolo.games.burraco.notation import parse_move

from tests.burraco.helpers import position, texts


def test_record_replays_to_the_same_state(tmp_path):
    game = make_game(players=4, target=505)
    record = play(game, [RandomBot(seed=s) for s in range(4)], seed=21, seat_names=["A", "B", "C", "D"])
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert replay(loaded).to_json() == replay(record).to_json()
    assert replay(loaded).returns() == record.result


def test_same_seed_same_game_different_seed_different_game():
    game = make_game(players=2, target=None)
    one = play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=7)
    two = play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=7)
    other = play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=8)
    assert one.actions == two.actions and one.actions != other.actions


def test_game_without_a_seed_draws_one_from_os_entropy():
    game = make_game(players=2, target=None)
    seeds = {play(game, [RandomBot(seed=1), RandomBot(seed=2)]).seed for _ in range(3)}
    assert len(seeds) == 3


def test_replay_names_the_action_that_does_not_apply():
    game = make_game(players=2, target=None)
    record = play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    record.actions[5] = "discard *" if record.actions[5] != "discard *" else "draw"
    with pytest.raises(ValueError, match="action 6"):
        replay(record)


def test_replay_detects_a_wrong_result():
    game = make_game(players=2, target=None)
    record = play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    record.result = [r + 5 for r in record.result]
    with pytest.raises(ValueError, match="the record says"):
        replay(record)


def test_state_json_round_trip_mid_game():
    game = make_game("internazionale", players=4, target=1005)
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(300):
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
        data = json.loads(json.dumps(state.to_json()))
        again = make_game_from_json("burraco", data["options"]).state_from_json(data)
        assert again.to_json() == data and again.legal_actions() == state.legal_actions()


def test_loading_a_state_with_cards_missing_is_refused():
    data = position(hands={0: "3h 4h 5h"}).to_json()
    data["stock"] = data["stock"][1:]
    with pytest.raises(ValueError, match="not exactly the deck"):
        make_game(players=4, target=None).state_from_json(data)


# --- notation --------------------------------------------------------------------------------------

def test_every_legal_action_prints_and_reads_back():
    state = position(hands={0: "Ah 2h 3h 4h 5h * 8c 8d 8s Kd Ks"}, melds={0: ["Qs Ks As", "9h Th Jh"]})
    for action in state.legal_actions():
        assert state.parse_action(state.action_to_string(action)) == action


@pytest.mark.parametrize("text, reason", [
    ("", "empty move"),
    ("fly", "unknown move 'fly'"),
    ("draw now", "'draw' takes nothing after it"),
    ("discard", "discard one card"),
    ("discard 1x", "'1x': unknown rank '1'"),
    ("open 3h 4h", "a meld has at least three cards, not 2"),
    ("attach 3h", "say the card and the meld number"),
    ("open 3h(4) 4h 5h", "only a wild may say what it stands for"),
])
def test_malformed_notation_says_what_is_wrong(text, reason):
    state = position(hands={0: "3h 4h 5h 9c Kd"})
    with pytest.raises(NotationError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        state.parse_action(text)


def test_illegal_move_names_the_rule_and_the_seed_article():
    state = position(hands={0: "3h 4h 5h 9c Kd"})
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("open 3h 4h 6h")
    assert info.value.rule.code == "meld-shape" and "fedibur-1985 art. 4" in str(info.value)
    with pytest.raises(IllegalActionError, match="you do not hold Qs"):
        state.parse_action("discard Qs")


def test_ambiguous_attachment_lists_the_choices():
    state = position(hands={0: "Ah 9c Kd"}, melds={0: ["2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"], 1: []})
    state = position(hands={0: "As 9c Kd"}, melds={0: ["2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"]})
    with pytest.raises(AmbiguousActionError) as info:
        state.parse_action("attach As to 1")
    assert info.value.candidates == ["attach As to 1 low", "attach As to 1 high"]
    assert state.parse_action("attach As to 1 high") in state.legal_actions()


def test_italian_verbs_are_understood():
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Kd"}, pile="Qd")
    assert state.parse_action("pesca") == state.parse_action("draw")
    assert state.parse_action("raccogli") == state.parse_action("take")


def test_a_long_opening_is_one_move_of_several_actions():
    state = position(hands={0: "3h 4h 5h 6h 7h 9c Kd"})
    actions = parse_move(state, "open 7h 3h 5h 4h 6h")
    assert len(actions) == 3
    for action in actions:
        state.apply(action)
    assert [str(m) for m in state.side_melds(0)] and texts(state)
    from tavolo.games.burraco.melds import meld_text

    assert meld_text(state.side_melds(0)[0]) == "3h 4h 5h 6h 7h"


def test_several_cards_attached_to_one_meld_in_one_move():
    state = position(hands={0: "8h Th * Kd"}, melds={0: ["5h 6h 7h"]})
    actions = parse_move(state, "attach 8h * Th to 1")
    for action in actions:
        state.apply(action)
    from tavolo.games.burraco.melds import meld_text

    assert meld_text(state.side_melds(0)[0]) == "5h 6h 7h 8h *(9) Th"


def test_a_move_that_cannot_be_made_says_why():
    state = position(hands={0: "3h 4h 5h 6h"}, taken={0: True})
    with pytest.raises(IllegalActionError) as info:
        parse_move(state, "open 3h 4h 5h 6h")
    assert info.value.rule.code == "keep-a-discard"
