"""The AEC environment's observations, masks and rewards over seeded random
hands equal those recorded before the encoder and the engine were made faster
(a SHA-256 of every value, every agent observed at every step or only the
agent to act, as the benchmark does)."""

import hashlib

import numpy as np
import pytest

from tavolo.rl.burraco_env import env

RECORDED = [
    ({"players": 4}, True, "c6fda8c6817ff274f5864cf52585e5f3147a3ce38071036f10ac217c8c645936"),
    ({"players": 4}, False, "2baf75ce9649aedbb18d7ca5b879ddb6b89272b3c7525db1a345cc11dbf2e7ee"),
    ({"players": 2}, True, "a46b60d2be6a461b86b0019a2cf3535532165242565e5cba6000e8fad064b0f3"),
    ({"players": 3, "rules": "internazionale"}, True,
     "d524eda757744750fb80d0253245ad1fede5c9a4dd12aa3cfe7b01023dacbc1d"),
    ({"players": 5, "rules": "fedibur1985"}, True, "c6e23ca9826fe0a63d63c5e70a4947961a34e247baa106b2332b6fa0cbd16fd8"),
    ({"players": 6, "reward": "margin"}, True, "817de765db4b7cc5b40330007afedc9246771b8853dcd9b1434b534aa5a8b2c7"),
    ({"players": 4, "target": 1005}, True, "f4f80564df019dc3cf2e57181eb3fd21f5283c124fa11b1fd95c74a5b608d80c"),
    ({"players": 4, "time_out": "fedibur1985"}, True,
     "65e671255de4392c7efe46340a24caa9f860ad03b07122d9bf358759b648f5dd"),
]
"""Options, whether every agent observes at every step, and the digest recorded."""


def digest(options: dict, every_agent: bool, seeds=range(3), time_out_at: int = 60) -> str:
    """SHA-256 of every observation, mask, reward and end flag of seeded masked
    random play; the arbiter calls time after ``time_out_at`` steps where the rules allow."""
    h = hashlib.sha256()
    e = env(**options)
    for seed in seeds:
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        for step, agent in enumerate(e.agent_iter()):
            if step == time_out_at and options.get("time_out"):
                e.state.announce_time_out()
            if every_agent:
                for other in e.possible_agents:
                    seen = e.observe(other)
                    h.update(seen["observation"].tobytes())
                    h.update(seen["action_mask"].tobytes())
            obs, reward, terminated, truncated, _ = e.last()
            h.update(obs["observation"].tobytes())
            h.update(obs["action_mask"].tobytes())
            h.update(np.float64(reward).tobytes())
            h.update(bytes([terminated, truncated]))
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
    return h.hexdigest()


@pytest.mark.parametrize("options, every_agent, recorded", RECORDED)
def test_same_values_as_recorded(options, every_agent, recorded):
    assert digest(options, every_agent) == recorded
