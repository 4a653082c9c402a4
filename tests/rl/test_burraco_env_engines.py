"""The AEC environment on the compiled Burraco core against the Python reference engine
(issue 27): the same seeds and the same random agents through two environments, one made
with ``TAVOLO_ENGINE=native`` and one with ``TAVOLO_ENGINE=python``, must show every agent,
at every step, the same observation tensor, the same action mask, the same reward and the
same termination; and end each episode with the same hand results. The compiled core is built by ``pip install -e .``: these tests require
it, as ``tests/burraco/test_native_differential.py`` does.
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

from tavolo.games.burraco import native
from tavolo.rl.burraco_env import env



def make_pair(monkeypatch, **options):
    """An environment on each engine, made with the same options."""
    made = {}
    for engine in ("python", "native"):
        monkeypatch.setenv("TAVOLO_ENGINE", engine)
        made[engine] = env(**options)
    assert type(made["native"].state) is native.NativeBurracoState
    assert type(made["python"].state) is not native.NativeBurracoState
    return made["python"], made["native"]


def same_view(ref, fast, agent: str, where: str) -> None:
    """``observe`` (tensor and mask) and ``last`` agree for ``agent``."""
    a, b = ref.observe(agent), fast.observe(agent)
    assert np.array_equal(a["observation"], b["observation"]), f"{where}: {agent} observation"
    assert np.array_equal(a["action_mask"], b["action_mask"]), f"{where}: {agent} mask"
    assert ref.rewards == fast.rewards and ref._cumulative_rewards == fast._cumulative_rewards, where
    assert ref.terminations == fast.terminations and ref.truncations == fast.truncations, where


def play_both(ref, fast, seed: int, every_agent_every: int = 16) -> int:
    """One episode through both environments, the agent to act choosing uniformly among its
    masked actions; every agent compared every ``every_agent_every`` steps. The steps made."""
    ref.reset(seed=seed)
    fast.reset(seed=seed)
    pick = random.Random(seed).randrange
    steps = 0
    for agent in ref.agent_iter():
        assert fast.agent_selection == agent, f"seed {seed} step {steps}"
        where = f"seed {seed} step {steps}"
        same_view(ref, fast, agent, where)
        if steps % every_agent_every == 0:
            for other in ref.possible_agents:
                same_view(ref, fast, other, where)
        obs, reward, terminated, truncated, _ = ref.last()
        assert fast.last()[1:4] == (reward, terminated, truncated), where
        if terminated or truncated:
            ref.step(None)
            fast.step(None)
            continue
        legal = obs["action_mask"].view(np.bool_).nonzero()[0]
        action = int(legal[pick(len(legal))])
        ref.step(action)
        fast.step(action)
        steps += 1
    assert not fast.agents
    assert fast.state.is_terminal() and fast.state.to_json() == ref.state.to_json()
    assert fast.state.hand_results == ref.state.hand_results
    return steps


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 4}, {"players": 3, "reward": "margin"}, {"players": 6, "rules": "internazionale"},
    {"players": 5, "target": 505, "reward": "margin"},
], ids=["2p", "4p", "3p-margin", "6p-internazionale", "5p-match-505-margin"])
def test_the_env_shows_the_same_in_both_engines(monkeypatch, options):
    ref, fast = make_pair(monkeypatch, **options)
    episodes = 1 if "target" in options else 3
    steps = sum(play_both(ref, fast, seed) for seed in range(episodes))
    assert steps > 150 * episodes
    assert fast.engine == "native" and ref.engine == "python"


def test_a_copied_native_env_goes_on_as_the_original(monkeypatch):
    """A deep copy or a pickle of the environment keeps the compiled state, at the same point."""
    monkeypatch.setenv("TAVOLO_ENGINE", "native")
    e = env(players=4)
    e.reset(seed=3)
    rng = random.Random(3)
    for _ in range(80):
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
        e.step(int(rng.choice(legal)))
    for other in (copy.deepcopy(e), pickle.loads(pickle.dumps(e))):
        assert type(other.state) is native.NativeBurracoState
        assert other.state.to_json() == e.state.to_json() and other.agent_selection == e.agent_selection
        for agent in e.possible_agents:
            assert np.array_equal(other.observe(agent)["observation"], e.observe(agent)["observation"])


@pytest.mark.parametrize("opponent", ["random", "heuristic:strong"])
def test_the_gym_env_is_the_same_in_both_engines(monkeypatch, opponent):
    """The Gymnasium env is the AEC env with bots in the other seats: on the compiled core its
    bots read the core's observations, and choose, reward and show the learner the same."""
    from tavolo.rl.gym_env import BurracoGymEnv

    made = {}
    for engine in ("python", "native"):
        monkeypatch.setenv("TAVOLO_ENGINE", engine)
        made[engine] = BurracoGymEnv(opponent=opponent, players=2)
    ref, fast = made["python"], made["native"]
    assert type(fast.table.state) is native.NativeBurracoState
    steps = 0
    for seed in range(2):
        (a, info_a), (b, info_b) = ref.reset(seed=seed), fast.reset(seed=seed)
        pick, done = random.Random(seed).randrange, False
        while True:
            assert np.array_equal(a, b) and np.array_equal(info_a["action_mask"], info_b["action_mask"]), steps
            if done:
                break
            legal = info_a["action_mask"].view(np.bool_).nonzero()[0]
            action = int(legal[pick(len(legal))])
            a, reward, done, _, info_a = ref.step(action)
            b, reward_fast, done_fast, _, info_b = fast.step(action)
            assert (reward_fast, done_fast) == (reward, done), steps
            steps += 1
        assert fast.table.state.to_json() == ref.table.state.to_json()
    assert steps > 100
