"""The PettingZoo AEC environment: the API checks, masks, seeds, rewards."""

import copy
import pickle
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tavolo.engine.errors import IllegalActionError
from tavolo.games.burraco import BurracoOptions
from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.rl.burraco_env import POINTS_PER_UNIT, BurracoEnv, env


def play_hand(e: BurracoEnv, rng: random.Random, check=None) -> dict[str, float]:
    """Play the episode with uniformly random legal actions; the rewards each agent got."""
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if check:
            check(e, agent, obs)
        legal = np.flatnonzero(obs["action_mask"])
        e.step(None if terminated or truncated else int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4}, {"players": 3, "rules": "internazionale"}])
def test_pettingzoo_api_test(options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice for other kinds of env: dict observations, all-zero masks
        api_test(env(**options), num_cycles=2000)


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_seed_test(players):
    seed_test(lambda: env(players=players), num_cycles=300)


def test_mask_is_exactly_the_legal_actions_of_the_agent_to_act():
    def check(e, agent, obs):
        seat = e.possible_agents.index(agent)
        state = e.state
        legal = state.legal_actions() if state.current_player() == seat else []
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(legal)
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (NUM_ACTIONS,)

    e = env(players=4)
    e.reset(seed=11)
    for agent in e.possible_agents:  # those not to act see an all-zero mask
        check(e, agent, e.observe(agent))
    play_hand(e, random.Random(0), check)
    assert e.state.is_terminal()


def test_rewards_are_the_hands_points_scaled_at_its_end():
    e = env(players=4)
    e.reset(seed=3)
    totals = play_hand(e, random.Random(3))
    credited = e.state.hand_results[-1].credited
    assert totals == {f"player_{s}": pytest.approx(credited[s] / POINTS_PER_UNIT) for s in range(4)}
    assert any(totals.values())


def test_margin_rewards_are_zero_sum_between_the_sides():
    e = env(players=4, reward="margin")
    e.reset(seed=3)
    totals = play_hand(e, random.Random(3))
    result = e.state.hand_results[-1]
    mine, theirs = result.sides[0].total, result.sides[1].total
    assert totals["player_0"] == pytest.approx((mine - theirs) / POINTS_PER_UNIT)
    assert sum(totals.values()) == pytest.approx(0)


def test_reset_with_a_seed_deals_the_same_hand():
    first, second = env(players=4), env(players=4)
    first.reset(seed=21)
    second.reset(seed=21)
    for agent in first.possible_agents:
        assert np.array_equal(first.observe(agent)["observation"], second.observe(agent)["observation"])
    first.reset(seed=22)
    assert first.state.hand_cards(0) != second.state.hand_cards(0)
    first.reset(seed=21)
    assert first.state.to_json() == second.state.to_json()


def test_reset_without_a_seed_goes_on_with_the_seeded_shuffles():
    first, second = env(players=2), env(players=2)
    first.reset(seed=8)
    second.reset(seed=8)
    first.reset()
    second.reset()
    assert first.state.to_json() == second.state.to_json()


def test_seeding_never_changes_the_rule_options():
    e = env(rules="internazionale", players=2, target=505, pair_share="full")
    expected = BurracoOptions.for_rule_set("internazionale", players=2, target=505, pair_share="full")
    for seed in (0, 1, None):
        e.reset(seed=seed, options={"players": 4, "rule_set": "fibur"})
        assert e.game.options == expected and e.state.game.options == expected
        assert len(e.agents) == 2


def test_an_illegal_action_is_refused_with_the_rule():
    e = env(players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))


def test_observe_fills_the_same_arrays_in_place():
    e = env(players=2)
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.observe(agent)
    e.step(int(np.flatnonzero(before["action_mask"])[0]))
    after = e.observe(agent)
    assert after["observation"] is before["observation"] and after["action_mask"] is before["action_mask"]


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="reward"):
        env(reward="wins")
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="human")


def test_an_agent_sees_the_same_whatever_the_cards_hidden_from_it():
    e = env(players=4)
    e.reset(seed=5)
    rng = random.Random(5)
    for _ in range(40):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    seen = {k: v.copy() for k, v in e.observe(agent).items()}
    hidden_swapped = e.game.sample_hidden_state(e.state.observation(seat), random.Random(9))
    assert hidden_swapped.hand_cards((seat + 1) % 4) != e.state.hand_cards((seat + 1) % 4)
    e.state = hidden_swapped
    again = e.observe(agent)
    assert all(np.array_equal(again[k], seen[k]) for k in seen)


@pytest.mark.parametrize("copy_env", [copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))],
                         ids=["deepcopy", "pickle"])
def test_a_copied_environment_goes_on_as_the_original(copy_env):
    """The encoder keeps each seat's last tensor (and a memoryview of it): a
    copy made mid-hand, and the original, see the same from then on."""
    e = env(players=4)
    e.reset(seed=11)
    rng = random.Random(11)
    for _ in range(30):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    twin = copy_env(e)
    for _ in range(60):
        seen = {agent: {k: v.copy() for k, v in e.observe(agent).items()} for agent in e.possible_agents}
        for agent in e.possible_agents:
            assert all(np.array_equal(twin.observe(agent)[k], seen[agent][k]) for k in seen[agent])
        action = int(rng.choice(np.flatnonzero(seen[e.agent_selection]["action_mask"])))
        e.step(action)
        twin.step(action)
