"""Burraco for one learner as a Gymnasium environment: the other seats are bots.

The learner sits at ``seat``; every other seat, its partner's included, is a
bot made by :func:`tavolo.bots.registry.make_bot` from the ``opponent`` spec
(``"random"`` by default; ``"simple"``, ``"heuristic:strong"``,
``"ismcts:time=1"`` ...), each choosing from its own seat's observation. A step
plays the learner's action, then the bots' until the learner is to act again
or the episode (one hand by default, see :mod:`tavolo.rl.burraco_env`) is over.

The observation is the learner's tensor (:mod:`tavolo.rl.tensors`); ``info``
holds ``"action_mask"``, 1 on its legal action ids. The reward is what the
learner's seat earned since its previous action (the hand's points, scaled,
when a hand ends there, else 0). An action outside the mask ends the episode
with ``illegal_action_reward`` and ``info["illegal_action"]`` (as PettingZoo's
classic games do), so a learner that ignores the mask learns not to.

``reset(seed=...)`` seeds the deals and the bots (through ``np_random``); the
rule options stay as made. Observations and masks are new arrays on every
call (Gymnasium's contract): the encoder fills its buffers in place and one
copy of each is handed out.

    >>> e = BurracoGymEnv(opponent="random", players=2)
    >>> obs, info = e.reset(seed=3)
    >>> obs.shape, int(info["action_mask"].sum())
    ((568,), 2)
    >>> obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    >>> reward, terminated
    (0.0, False)
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from tavolo.bots.registry import make_bot
from tavolo.engine.agent import Agent
from tavolo.rl.burraco_env import BurracoEnv

SEED_BOUND = 2**63


class BurracoGymEnv(gym.Env):
    """One learner at ``seat`` against (and beside) ``opponent`` bots; ``options``
    are those of :class:`~tavolo.rl.burraco_env.BurracoEnv` (``players``,
    ``rules``, ``target``, ``reward`` ...)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponent: str = "random", seat: int = 0, illegal_action_reward: float = -1.0,
                 render_mode: str | None = None, **options: Any) -> None:
        self.table = BurracoEnv(render_mode=render_mode, **options)
        if seat not in range(self.table.game.num_players):
            raise ValueError(f"seat {seat} is not at a table of {self.table.game.num_players}")
        self.opponent = opponent
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        self.illegal_action_reward = illegal_action_reward
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)["observation"]
        self.action_space = self.table.action_space(self.agent)
        self._bots: dict[int, Agent] = {}
        self._over = True
        make_bot(opponent, self.table.game, seat=(seat + 1) % self.table.game.num_players)  # refuse a bad spec now

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        n = self.table.game.num_players
        deal_seed, *bot_seeds = (int(s) for s in self.np_random.integers(SEED_BOUND, size=n + 1))
        self.table.reset(seed=deal_seed)
        self._bots = {s: make_bot(self.opponent, self.table.game, s, bot_seeds[s]) for s in range(n) if s != self.seat}
        self._over = False
        self._play_bots()  # no hand ends before every seat has played: nothing is earned yet
        return self._observe()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        if int(action) not in self.table.state.legal_actions():
            self._over = True
            obs, info = self._observe()
            info["illegal_action"] = int(action)
            return obs, float(self.illegal_action_reward), True, False, info
        self.table.step(int(action))
        reward = self.table.rewards[self.agent] + self._play_bots()
        self._over = self.table.terminations[self.agent]
        obs, info = self._observe()
        return obs, float(reward), self._over, False, info

    def _play_bots(self) -> float:
        """Let the bots act until the learner's turn or the end; the learner's rewards meanwhile."""
        table, reward = self.table, 0.0
        while not table.terminations[self.agent] and table.agent_selection != self.agent:
            seat = table.state.current_player()
            table.step(self._bots[seat].choose(table.state.observation(seat), table.state.legal_actions()))
            reward += table.rewards[self.agent]
        return reward

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        view = self.table.observe(self.agent)
        return view["observation"].copy(), {"action_mask": view["action_mask"].copy()}

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.close()
