"""Burraco as a vector environment: N tables stepped in one call inside the compiled core.

:class:`BurracoVectorEnv` is a :class:`gymnasium.vector.VectorEnv` over the compiled core's
``_core.Vec``: one ``step`` plays one action at each of ``num_envs`` tables in C++, resolves
the deals with each table's own seeded generator, starts a new match at a table whose match
ended, and writes the results into numpy arrays the environment made once, so that no Python
object is made per table or per step:

* observations: ``float32 (num_envs, obs_size)``, the tensor of :mod:`tavolo.rl.tensors`
  (the same numbers as :class:`~tavolo.rl.burraco_env.BurracoEnv` gives) of the seat *now to
  act* at each table (``info["player"]``), so one policy plays every seat (self-play);
* ``info["action_mask"]``: ``int8 (num_envs, NUM_ACTIONS)``, 1 on the legal action ids (made
  with ``action_mask=False``: not written, ~7 KB a table a step saved);
* ``info["legal_actions"]``: ``int16 (num_envs, MAX_LEGAL)``, each row's first
  ``info["legal_count"][i]`` entries the legal ids in the engine's order (the rest is stale):
  a masked random choice for the whole batch costs O(num_envs), see the example;
* rewards: ``float32 (num_envs, players)``, every seat's reward at each table (a hand's end
  rewards all seats, not only the one that acted), 0 on other steps: ``reward="points"`` the
  points the seat's side scored that hand / 1000, ``"margin"`` those less the mean of the
  opponents' (as :class:`~tavolo.rl.burraco_env.BurracoEnv`);
* terminations: ``bool (num_envs,)``, the match ended at this step (one hand by default,
  ``target=None``); truncations are always False.

Auto-reset is Gymnasium's *same-step* mode (``metadata["autoreset_mode"]``): where a match
ends, the observation, mask and player returned are already those of the table's next match
(the finished match has no seat to act, so nothing of it is lost but its last position).
The arrays are the environment's own and are overwritten by the next ``step``: copy them to
keep them. ``reset(seed=s)`` seeds every table (per-table seeds drawn from
``numpy.random.default_rng(s)``, or a sequence of ``num_envs`` seeds used as they are);
the same seeds and actions give the same trajectories. An action that is not legal at its
table is refused with a ``ValueError`` naming the table, and no table moves.

    >>> import numpy as np
    >>> env = BurracoVectorEnv(num_envs=8, players=4)
    >>> obs, info = env.reset(seed=7)
    >>> obs.shape, info["legal_actions"].dtype, info["player"][:4]
    ((8, 686), dtype('int16'), array([0, 0, 0, 0], dtype=int32))
    >>> rng = np.random.default_rng(0)
    >>> rows = np.arange(env.num_envs)
    >>> for _ in range(100):  # masked random play, the whole batch chosen in numpy
    ...     pick = (rng.random(env.num_envs) * info["legal_count"]).astype(np.intp)
    ...     obs, rewards, terminated, truncated, info = env.step(info["legal_actions"][rows, pick])
    >>> rewards.shape, bool(info["action_mask"][rows, info["legal_actions"][:, 0]].all())
    ((8, 4), True)

The compiled core must be built (``pip install -e .``, docs/compiled-engine.md); the rules are
:func:`~tavolo.games.burraco.make_game`'s (``rules``, ``players`` and the other options).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.rl.burraco_env import REWARDS
from tavolo.rl.tensors import ObservationEncoder

__all__ = ["MAX_LEGAL", "BurracoVectorEnv"]

MAX_LEGAL = native.MAX_LEGAL
"""Width of ``info["legal_actions"]``: the most legal actions the core lists at a position."""


class BurracoVectorEnv(VectorEnv):
    """``num_envs`` Burraco tables of ``players`` under ``rules``, stepped together in the core.

    ``options`` are :func:`~tavolo.games.burraco.make_game` keywords (``target`` defaults to
    ``None``: one hand a match). See the module docstring for the arrays returned.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int = 64, players: int = 4, rules: str = "fibur", reward: str = "points",
                 action_mask: bool = True, **options: Any) -> None:
        if not native.available():
            raise RuntimeError(f"the vector environment needs the compiled Burraco core: {native.BUILD_ERROR}")
        if reward not in REWARDS:
            raise ValueError(f"reward {reward!r}: choose one of {', '.join(REWARDS)}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs {num_envs!r}: a whole number of tables, at least 1")
        self.game = make_game(rules, **{"target": None, "players": players, **options})
        self._vec = native.vec_core(self.game, num_envs, margin=reward == "margin")
        self.num_envs = num_envs
        self.players = self.game.num_players
        self.reward_kind = reward
        low, high = ObservationEncoder(self.players).layout.bounds()
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, self._vec.obs_size), dtype=np.float32)
        self._mask = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8) if action_mask else None
        self._legal = np.zeros((num_envs, MAX_LEGAL), dtype=np.int16)
        self._counts = np.zeros(num_envs, dtype=np.int32)
        self._player = np.zeros(num_envs, dtype=np.int32)
        self._rewards = np.zeros((num_envs, self.players), dtype=np.float32)
        self._dones = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._info: dict[str, np.ndarray] = {"legal_actions": self._legal, "legal_count": self._counts,
                                             "player": self._player}
        if self._mask is not None:
            self._info["action_mask"] = self._mask
        self._seeder = np.random.default_rng()
        self._started = False

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """A new match at every table. ``seed``: an int (the tables' seeds drawn from it), a
        sequence of ``num_envs`` seeds (one a table, as they are), or ``None`` (drawn from the
        environment's generator, seeded by the last int seed). ``options``: not used."""
        self._vec.reset(self._table_seeds(seed), self._obs, self._mask, self._legal, self._counts, self._player)
        self._rewards[:] = 0
        self._dones[:] = False
        self._started = True
        return self._obs, self._info

    def _table_seeds(self, seed: int | Sequence[int] | None) -> np.ndarray:
        """One uint64 seed a table (see :meth:`reset`)."""
        if seed is None or isinstance(seed, (int, np.integer)):
            if seed is not None:
                self._seeder = np.random.default_rng(int(seed))
            return self._seeder.integers(0, 2**64, size=self.num_envs, dtype=np.uint64, endpoint=False)
        seeds = list(seed)
        if len(seeds) != self.num_envs or not all(
                isinstance(s, (int, np.integer)) and not isinstance(s, bool) and 0 <= s < 2**64 for s in seeds):
            raise ValueError(f"seed: an int, None or {self.num_envs} ints 0 <= seed < 2**64 (one a table), "
                             f"not {seed!r:.80}")
        return np.array([int(s) for s in seeds], dtype=np.uint64)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """One action a table (action ids, shape ``(num_envs,)``): observations, rewards
        ``(num_envs, players)``, terminations, truncations, info (module docstring)."""
        if not self._started:
            raise ValueError("step before reset: call reset(seed=...) first")
        self._vec.step(self._actions(actions), self._obs, self._mask, self._legal, self._counts, self._player,
                       self._rewards, self._dones)
        return self._obs, self._rewards, self._dones, self._truncated, self._info

    def _actions(self, actions: Any) -> np.ndarray:
        """``actions`` as a contiguous int32 or int64 array of ``num_envs`` ids, else a ValueError."""
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions: one action id a table, shape ({self.num_envs},), not {a.shape}")
        if a.dtype.kind not in "iu":
            raise ValueError(f"actions: integer action ids, not {a.dtype}")
        if a.dtype not in (np.int32, np.int64) or not a.flags.c_contiguous:
            a = np.ascontiguousarray(a, dtype=np.int64)  # a huge uint64 wraps negative: refused by the core
        return a

    def hands_played(self, table: int) -> int:
        """Hands ended in table ``table``'s current match."""
        return self._vec.hands_played(table)

    def deck_order(self, table: int) -> list[int]:
        """The deck order of table ``table``'s last deal, bottom card first (a
        :class:`~tavolo.games.burraco.native.NativeBurracoState`'s ``_deal`` replays it)."""
        return list(self._vec.deck_order(table))

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the tables are freed with the environment."""

