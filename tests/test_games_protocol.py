"""The game protocol carried by Scala 40, Briscola and Tressette as by Burraco: each is in
the registry; a played game's record replays exactly; every legal action prints in the
notation and reads back as itself; bad text and bad ids are refused with a reason; a state
that loses a card does not load."""

import json
import random

import pytest

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.errors import IllegalActionError, NotationError
from tavolo.engine.play import play
from tavolo.engine.record import GameRecord
from tavolo.games import game_names, make_game, make_game_from_json, replay

from tests.simulation import random_walk

GAMES = [
    ("scala40", dict(players=3, elimination=101, open_with_discard=True)),
    ("briscola", dict(players=4, rounds=3)),
    ("tressette", dict(players=2, target=21, accusi="declared")),
    ("tressette", dict(players=4, target=None, accusi="automatic", ends_at_target=False)),
    ("petrangola", dict(players=7, max_rounds=3)),
    ("perlina", dict(players=4, deck="italian", hands=3)),
    ("mercante", dict(players=3, tokens=12, stake=1, prizes=4)),
    ("peppa", dict(players=6, target=50)),
    ("peppa", dict(rules="hearts", players=4, target=None)),
    ("tarocchi", dict(players=3, hands=3)),
    ("bridge", dict(players=4, board=3, boards=2)),
    ("ramino", dict(players=3, match="101", reentry=True)),
    ("ramino", dict(players=5, match="hands", hands=2, closing_limit=0)),
    ("machiavelli", dict(players=4, hands=2)),
    ("canasta", dict(players=4, target=3000)),
    ("canasta", dict(players=3, target=None)),
    ("pinnacola", dict(players=4, target=None, swap_must_meld=True)),
    ("pinnacola", dict(players=2, target=None, poker_and_pinnacola=True)),
]
IDS = [f"{name}-{options['players']}" for name, options in GAMES]


def random_states(game, seed, every=7):
    """States met in a random game, every ``every`` decisions."""
    for decisions, state in enumerate(random_walk(game.new_initial_state(), random.Random(seed))):
        if decisions % every == 0:
            yield state


def test_every_game_is_registered():
    assert {"briscola", "burraco", "scala40", "tressette", "petrangola", "perlina", "mercante", "peppa",
            "tarocchi"} <= set(game_names())


@pytest.mark.parametrize("name, options", GAMES, ids=IDS)
def test_options_round_trip_through_json(name, options):
    game = make_game(name, **options)
    again = make_game_from_json(name, json.loads(json.dumps(game.options_json())))
    assert again.options == game.options and again.name == name


@pytest.mark.parametrize("name, options", GAMES, ids=IDS)
def test_a_record_replays_to_the_same_state(name, options, tmp_path):
    game = make_game(name, **options)
    agents = [RandomBot(seed=s) for s in range(game.num_players)]
    record = play(game, agents, seed=11)
    record.save(tmp_path / "game.json")
    loaded = GameRecord.load(tmp_path / "game.json")
    assert loaded == record and replay(loaded).to_json() == replay(record).to_json()
    assert replay(loaded).returns() == record.result
    again = play(game, [RandomBot(seed=s) for s in range(game.num_players)], seed=11)
    assert again.actions == record.actions


@pytest.mark.parametrize("name, options", GAMES, ids=IDS)
def test_replay_names_the_action_that_does_not_apply(name, options):
    game = make_game(name, **options)
    record = play(game, [RandomBot(seed=s) for s in range(game.num_players)], seed=3)
    # a move made twice does not apply, but drawing blind by place from a fan (Peppa's "draw 2") may,
    # and so may a bridge auction's pass
    k = next(k for k in range(4, len(record.actions))
             if not record.actions[k - 1].startswith("draw ") and record.actions[k - 1] != "pass")
    record.actions[k] = record.actions[k - 1]
    with pytest.raises(ValueError, match=f"action {k + 1}"):
        replay(record)


@pytest.mark.parametrize("name, options", GAMES, ids=IDS)
def test_every_legal_action_reads_back_from_its_notation(name, options):
    game = make_game(name, **options)
    for state in random_states(game, seed=2):
        for action in state.legal_actions():
            assert state.parse_action(state.action_to_string(action)) == action
            assert 0 <= action < game.num_distinct_actions()


@pytest.mark.parametrize("name, options", GAMES, ids=IDS)
def test_bad_text_and_bad_ids_are_refused_with_a_reason(name, options):
    state = next(random_states(make_game(name, **options), seed=1))
    with pytest.raises(NotationError, match="unknown move 'fly'"):
        state.parse_action("fly away")
    with pytest.raises(NotationError, match="empty move"):
        state.parse_action("  ")
    with pytest.raises(IllegalActionError) as info:
        state.apply(10 ** 6)
    assert info.value.rule.code == "no-such-action"


@pytest.mark.parametrize("name, options", GAMES, ids=IDS)
def test_a_state_missing_a_card_does_not_load(name, options):
    game = make_game(name, **options)
    data = next(random_states(game, seed=4)).to_json()
    data["hands"][1] = data["hands"][1][1:]
    with pytest.raises(ValueError, match="not exactly the deck"):
        game.state_from_json(data)


@pytest.mark.parametrize("name", game_names())
def test_a_move_refused_before_the_deal_leaves_the_dealt_hand_its_moves(name):
    """A move refused while the cards are still to be dealt (the legal actions asked at a chance
    node are none) must not stay the dealt hand's legal actions: Bridge, Mercante, Perlina and
    Petrangola kept that empty list, and their first player had no move."""
    state, fresh = make_game(name).new_initial_state(), make_game(name).new_initial_state()
    rng, again = random.Random(2), random.Random(2)
    while state.is_chance_node():
        with pytest.raises(IllegalActionError):
            state.apply(0)
        state.apply_chance(state.sample_chance(rng))
        fresh.apply_chance(fresh.sample_chance(again))
    assert state.legal_actions() == fresh.legal_actions() != []
