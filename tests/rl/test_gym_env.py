"""The Gymnasium single-learner environment: the checker, masks, bots, rewards."""

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tavolo.games.burraco import BurracoOptions
from tavolo.rl.burraco_env import POINTS_PER_UNIT
from tavolo.rl.gym_env import BurracoGymEnv


def first_legal(info) -> int:
    return int(np.flatnonzero(info["action_mask"])[0])


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 2, "opponent": "simple", "seat": 1}])
def test_gymnasium_check_env(options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checker would like a registered spec to try render modes
        check_env(BurracoGymEnv(**options))


def test_learner_acts_only_at_its_seat_with_the_legal_mask_and_earns_the_hands_points():
    e = BurracoGymEnv(opponent="simple", seat=2, players=4)
    obs, info = e.reset(seed=4)
    total, terminated = 0.0, False
    while not terminated:
        state = e.table.state
        assert state.current_player() == 2
        assert np.flatnonzero(info["action_mask"]).tolist() == sorted(state.legal_actions())
        assert obs in e.observation_space
        obs, reward, terminated, truncated, info = e.step(first_legal(info))
        assert not truncated
        total += reward
    assert e.table.state.is_terminal()
    assert total == pytest.approx(e.table.state.hand_results[-1].credited[2] / POINTS_PER_UNIT)
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)


def test_an_illegal_action_ends_the_episode_with_the_penalty():
    e = BurracoGymEnv(players=2, illegal_action_reward=-2.0)
    _, info = e.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.0, True, False, illegal)


def test_a_seed_replays_the_deal_and_the_bots():
    def episode(seed):
        e = BurracoGymEnv(opponent="random", players=4)
        _, info = e.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, info = e.step(first_legal(info))
        return e.table.state.history

    assert episode(9) == episode(9)
    assert episode(9) != episode(10)


def test_options_stay_as_made_and_bad_settings_are_refused():
    e = BurracoGymEnv(rules="fedibur1985", players=2)
    e.reset(seed=1, options={"rules": "fibur"})
    assert e.table.game.options == BurracoOptions.for_rule_set("fedibur1985", players=2, target=None)
    with pytest.raises(ValueError, match="seat"):
        BurracoGymEnv(players=2, seat=2)
    with pytest.raises(ValueError, match="bot"):
        BurracoGymEnv(opponent="grandmaster")
