"""The search bot (single-observer information-set MCTS, Cowling, Powley and Whitehouse
2012): settings parsed and checked, reproducible with a seed and an iteration budget, the
budget respected, only its seat's observation used, a real tree (the other players' moves
are nodes, availability counted), values seen from each side, complete legal hands played."""

from __future__ import annotations

import random

import pytest

from tavolo.bots.ismcts import HAND, IsmctsBot, IsmctsSettings, _Node, _standing
from tavolo.bots.registry import make_bot
from tavolo.engine.play import play
from tavolo.games import make_game as make_any_game
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import DRAW, TAKE
from tavolo.games.burraco.cards import POINTS

QUICK = dict(iterations="6", horizon="2", prior="simple", rollout="simple")


def dealt(players: int = 4, seed: int = 3, rules: str = "fibur"):
    game = make_game(rules, players=players, target=None)
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    return game, state


def play_until_choice(state, rng: random.Random, decisions: int):
    """Random legal play for ``decisions`` actions, then on to a position with several choices."""
    for i in range(10_000):
        legal = state.legal_actions()
        if i >= decisions and len(legal) > 2:
            return state
        state.apply(legal[int(rng.random() * len(legal))])
    raise AssertionError("no choice met")


def test_settings_from_a_spec_are_typed():
    game, _ = dealt()
    bot = make_bot("ismcts:time=0.5,iterations=40,c=2,horizon=hand,scale=50,prior=simple,rollout=simple", game, seat=1,
                   seed=2)
    assert bot.settings == IsmctsSettings(time=0.5, iterations=40, c=2.0, horizon=HAND, scale=50.0, prior="simple",
                                          rollout="simple")
    assert make_bot("ismcts", game, seat=0).settings.time == 1.0


@pytest.mark.parametrize("spec, message", [
    ("ismcts:depth=3", "unknown setting 'depth'"),
    ("ismcts:time=0", "time must be a number of seconds > 0"),
    ("ismcts:time=soon", "time must be a number of seconds > 0"),
    ("ismcts:iterations=-5", "iterations must be a whole number >= 1"),
    ("ismcts:iterations=2.5", "iterations must be a whole number >= 1"),
    ("ismcts:width=4", "unknown setting 'width'"),
    ("ismcts:horizon=forever", "horizon must be a whole number >= 1"),
    ("ismcts:horizon=0", "horizon must be a whole number >= 1"),
    ("ismcts:c=-1", "c must be a number >= 0"),
    ("ismcts:c=nan", "c must be a number >= 0"),
    ("ismcts:scale=0", "scale must be a number > 0"),
    ("ismcts:rollout=grandmaster", "choose one of"),
    ("ismcts:rollout=ismcts", "quicker bot than ismcts"),
    ("ismcts:prior=ismcts:iterations=2", "quicker bot than ismcts"),
    ("ismcts:strong", "unknown setting 'level'"),
])
def test_bad_settings_are_refused_naming_the_setting(spec, message):
    game, _ = dealt()
    with pytest.raises(ValueError, match=message):
        make_bot(spec, game, seat=0)


def test_it_plays_burraco_only():
    with pytest.raises(ValueError, match="ismcts plays Burraco"):
        IsmctsBot(make_any_game("briscola", players=2), seat=0)


def test_the_same_seed_and_iteration_budget_give_the_same_choices():
    game, state = dealt(seed=11)
    state = play_until_choice(state, random.Random(4), 12)
    seat = state.current_player()
    runs = []
    for _ in range(2):
        bot = IsmctsBot(game, seat, seed=7, **QUICK)
        runs.append([bot.choose(state.observation(seat), state.legal_actions()) for _ in range(3)])
    assert runs[0] == runs[1]


def test_a_seeded_hand_between_search_bots_replays_exactly():
    game = make_game("fibur", players=2, target=None)
    records = [play(game, [IsmctsBot(game, s, seed=s, **QUICK) for s in range(2)], seed=5) for _ in range(2)]
    assert records[0].actions == records[1].actions
    assert records[0].result == records[1].result


@pytest.mark.parametrize("iterations", [1, 7, 30])
def test_the_iteration_budget_is_respected_and_every_iteration_visits_the_root(iterations):
    game, state = dealt(seed=2)
    state = play_until_choice(state, random.Random(2), 20)
    seat = state.current_player()
    bot = IsmctsBot(game, seat, seed=1, iterations=str(iterations), horizon="2", prior="simple", rollout="simple")
    bot.choose(state.observation(seat), state.legal_actions())
    assert bot.last_iterations == iterations
    assert sum(bot.last_visits.values()) == iterations
    bot.choose(state.observation(seat), state.legal_actions())
    assert bot.iterations_run == 2 * iterations


def test_a_time_budget_runs_at_least_one_round():
    game, state = dealt(seed=2)
    state = play_until_choice(state, random.Random(2), 20)
    seat = state.current_player()
    bot = IsmctsBot(game, seat, seed=1, time="0.01", horizon="1", prior="simple", rollout="simple")
    bot.choose(state.observation(seat), state.legal_actions())
    assert bot.last_iterations >= 1


def test_a_single_legal_action_is_played_without_search():
    game, state = dealt()
    state.apply(DRAW)
    while TAKE in state.legal_actions() or len(state.legal_actions()) > 1:
        state.apply(state.legal_actions()[-1])
    seat = state.current_player()
    bot = IsmctsBot(game, seat, seed=1, **QUICK)
    assert bot.choose(state.observation(seat), state.legal_actions()) == state.legal_actions()[0]
    assert bot.last_iterations == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_sees_only_its_observation(seed):
    """Two states that differ only in cards the seat cannot see (the other hands, the
    pozzetti, the stock) get the same choice from the same seeded bot."""
    game, state = dealt(seed=seed)
    state = play_until_choice(state, random.Random(seed), 10 * seed)
    seat = state.current_player()
    obs = state.observation(seat)
    other = game.sample_hidden_state(obs, random.Random(99))
    assert other.observation(seat) == obs
    assert any(other.hand_cards(s) != state.hand_cards(s) for s in range(game.num_players) if s != seat)
    choices = [IsmctsBot(game, seat, seed=5, **QUICK).choose(s.observation(seat), s.legal_actions())
               for s in (state, other)]
    assert choices[0] == choices[1]


@pytest.mark.parametrize("players, rules, target", [(2, "internazionale", None), (4, "fibur", None),
                                                    (5, "fedibur1985", None), (2, "fibur", 505)])
def test_it_plays_complete_legal_hands(players, rules, target):
    """``play`` refuses an illegal action; the hand (or the match to 505, hand after
    hand) must end with every seat scored."""
    game = make_game(rules, players=players, target=target)
    agents = [IsmctsBot(game, s, seed=s, iterations="4", horizon="1", prior="simple", rollout="simple") if s % 2 == 0
              else make_bot("simple", game, s, seed=s) for s in range(players)]
    record = play(game, agents, seed=players)
    assert len(record.result) == players
    assert sum(a.iterations_run for a in agents[::2]) > 0


def test_the_move_played_is_the_most_visited_and_the_tree_holds_the_other_players_decisions():
    """SO-ISMCTS: one tree keyed by the action sequence, the other players' choices are nodes
    too, and a child's exploration counts the iterations it was legal in (availability),
    which at another player's node is not every iteration (his hand is dealt afresh)."""
    game, state = dealt(players=2, seed=5)
    state = play_until_choice(state, random.Random(5), 6)
    seat = state.current_player()
    bot = IsmctsBot(game, seat, seed=3, iterations="150", horizon="3", prior="simple", rollout="simple")
    legal = state.legal_actions()
    action = bot.choose(state.observation(seat), legal)
    assert bot.last_visits[action] == max(bot.last_visits.values())
    nodes = list(walk(bot.last_root))
    others = [node for node in nodes if node.seat not in (seat, -1) and node.visits]
    assert others, "no decision of the other player in the tree"
    assert any(min(node.available.values()) < max(node.available.values()) for node in others)
    assert all(sum(node.visits.values()) <= bot.last_iterations for node in nodes)


def walk(node: _Node):
    yield node
    for child in node.children.values():
        yield from walk(child)


def test_the_root_prior_is_the_prior_bots_and_leans_on_its_choice():
    """Without a ``prior`` method (simple) half the mass goes to the bot's choice; with one
    (the heuristic's) the prior is the bot's own."""
    game, state = dealt(seed=9)
    state = play_until_choice(state, random.Random(9), 8)
    seat = state.current_player()
    obs, legal = state.observation(seat), state.legal_actions()
    bot = IsmctsBot(game, seat, seed=1, iterations="2", prior="simple", rollout="simple")
    bot.choose(obs, legal)
    prior = bot.last_root.prior
    pick = make_bot("simple", game, seat, seed=0).choose(obs, legal)
    assert sorted(prior) == sorted(legal)
    assert sum(prior.values()) == pytest.approx(1.0)
    assert prior[pick] == pytest.approx(0.5 + 0.5 / len(legal))
    bot = IsmctsBot(game, seat, seed=1, iterations="2", prior="heuristic:easy", rollout="simple")
    bot.choose(obs, legal)
    assert bot.last_root.prior == make_bot("heuristic:easy", game, seat, seed=0).prior(obs, legal)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_are_seen_from_each_players_side(players):
    """Partners share a value, opponents' values mirror it: own side minus the others' mean."""
    game, state = dealt(players=players, seed=4)
    for _ in range(40):
        state.apply(state.legal_actions()[-1])
    bot = IsmctsBot(game, 0, seed=1, iterations="1", scale="10", held="1")
    values = bot._values(state, 0)
    standing = [_standing(state, side) for side in range(len(state.sides))]
    mean_others = (sum(standing) - standing[state.side_of(0)]) / (len(standing) - 1)
    assert values[0] == pytest.approx((standing[state.side_of(0)] - mean_others) / 10)
    assert sum(values) == pytest.approx(0.0)
    if players == 4:
        assert values[0] == values[2] == -values[1] == -values[3]


def test_an_iteration_to_the_end_of_the_hand_scores_the_hand_result():
    game, state = dealt(players=2, seed=8)
    bot = IsmctsBot(game, 0, seed=1, iterations="3", horizon="hand", prior="simple", rollout="simple", scale="1")
    root = _Node(0)
    finished = state.clone()
    bot._iterate(root, finished)
    assert finished.is_terminal()
    (action, total), = root.total.items()
    assert total == finished.returns()[0] - finished.returns()[1]


def test_an_iteration_cut_at_the_horizon_scores_the_points_standing():
    game, state = dealt(players=4, seed=8)
    bot = IsmctsBot(game, 0, seed=1, iterations="3", horizon="3", prior="simple", rollout="simple", scale="1",
                    held="1")
    root = _Node(0)
    cut = state.clone()
    bot._iterate(root, cut)
    assert (cut.phase, cut.turn_number) == ("draw", 1 + 3)  # the turn searched, then three more
    (action, total), = root.total.items()
    standing = [_standing(cut, side) for side in (0, 1)]
    assert total == standing[0] - standing[1]


def test_the_search_overrules_the_rollout_bot_sometimes():
    """Over a dozen decisions the most visited action is not always the rollout bot's choice,
    (the prior's favourite)."""
    game, state = dealt(seed=21)
    rng = random.Random(21)
    overruled = 0
    for i in range(12):
        state = play_until_choice(state, rng, 3)
        seat = state.current_player()
        obs, legal = state.observation(seat), state.legal_actions()
        bot = IsmctsBot(game, seat, seed=i, iterations="40", horizon="2", prior="simple", rollout="simple")
        pick = make_bot("simple", game, seat, seed=0).choose(obs, legal)
        overruled += bot.choose(obs, legal) != pick
    assert overruled >= 1


def test_held_weighs_the_cards_in_hand_at_a_cut():
    """held=1 scores the cut as the hand would end (cards in hand count against the side);
    held=0 (the default) leaves them out: the difference is each side's cards in hand, in points."""
    game, state = dealt(players=2, seed=4)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    full = IsmctsBot(game, 0, seed=1, iterations="1", scale="1", held="1")._values(state, 0)
    free = IsmctsBot(game, 0, seed=1, iterations="1", scale="1", held="0")._values(state, 0)
    in_hand = [sum(POINTS[c] for c in state.hand_cards(seat)) for seat in (0, 1)]
    assert in_hand[0] != in_hand[1]
    assert free[0] - full[0] == pytest.approx(in_hand[0] - in_hand[1])
