"""Every Tavolo game as a PettingZoo AEC environment (needs the ``rl`` extra): one agent per seat.

    >>> e = env("briscola", players=2)
    >>> e.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> e.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
    ('player_0', (335,), 3)
    >>> info["legal_moves"]
    ['gioca 3 di denari', 'gioca re di denari', 'gioca 5 di bastoni']
    >>> e.step(info["legal_actions"][0])

Agents are ``player_0`` .. ``player_{n-1}``, the game's seats. Everything goes through the game
protocol (:mod:`tavolo.engine.game`), so every game plays alike:

* the action space is ``Discrete(game.num_distinct_actions())``, the game's stable action ids;
* an agent's observation is a dict: ``"observation"``, its seat's
  :class:`~tavolo.rl.observation.ObservationTensor` (built from ``state.observation(seat)`` alone:
  never another seat's hidden card), and ``"action_mask"``, 1 on its legal actions (all 0 when it
  is not its turn);
* the agent to act finds its legal moves in ``info``: ``"legal_actions"``, the ids, and
  ``"legal_moves"``, the same moves in words, in the language ``lang`` (``"it"`` by default,
  ``"en"``), as the game's move log says them;
* a step's reward is what the game's returns moved for each seat, so the rewards of an episode add
  up to the game's returns (a hand's points, a match's result, tokens won);
* ``metadata["utility"]`` is the utility the game declares under its options (``Game.utility``:
  ``"zero_sum"``, ``"constant_sum"`` or ``"general_sum"``) and ``metadata["utility_sum"]`` what the
  returns of every episode add up to (``None`` for a general-sum game);
* chance is resolved by the environment with its own ``random.Random``, reseeded by
  ``reset(seed=...)``: the same seed deals the same cards.

``name`` is any game of :func:`tavolo.games.game_names`, or ``"hearts"`` (Peppa's
``rules="hearts"``); ``options`` are the game's own keywords (``tavolo.games.make_game``): an episode is one game as
those options make it (``target=None``: one hand where the game plays matches). Burraco also has
its specialised environment, :mod:`tavolo.rl.burraco_env` (compiled core, hand-made tensor).
An illegal action raises :class:`~tavolo.engine.errors.IllegalActionError` with the rule it breaks.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tavolo.engine.game import TERMINAL, State, resolve_chance
from tavolo.rl.catalog import make
from tavolo.i18n.moves import say
from tavolo.rl.observation import ObservationTensor

__all__ = ["TavoloEnv", "env"]


class TavoloEnv(AECEnv):
    """Tavolo's game ``name`` (one of :data:`~tavolo.rl.catalog.GAMES`: Hearts among them) for its
    players, ``options`` its ``make_game`` keywords."""

    metadata = {"name": "tavolo_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, name: str, render_mode: str | None = None, lang: str = "it", **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: choose 'ansi' or None")
        self.game = make(name, **options)
        utility = self.game.utility()
        self.metadata = {**self.metadata, "name": f"tavolo_{name}_v0", "utility": utility.kind.value,
                         "utility_sum": utility.total}
        self.render_mode = render_mode
        self.lang = lang
        self.encoder = ObservationTensor(self.game)
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        actions = self.game.num_distinct_actions()
        space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; with ``seed``, reseed the shuffles first. ``options`` (the API's) is
        not used: the game's options are fixed when the environment is made."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.state = self.game.new_initial_state()
        resolve_chance(self.state, self._rng)
        self._returns = list(self.state.returns())
        self._next()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply(int(action))
        resolve_chance(self.state, self._rng)
        returns = list(self.state.returns())
        self.rewards = {a: returns[s] - self._returns[s] for s, a in enumerate(self.possible_agents)}
        self._returns = returns
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        if self.state.current_player() == TERMINAL:
            self.terminations = {a: True for a in self.agents}
        self._next()

    def _next(self) -> None:
        """Select the agent to act (the last one stays once the game is over); tell it its moves."""
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        player = self.state.current_player()
        if player == TERMINAL:
            return
        self.agent_selection = self.possible_agents[player]
        legal = self.state.legal_actions()
        self.infos[self.agent_selection] = {
            "legal_actions": list(legal),
            "legal_moves": [say(w.to_json(), self.lang) for w in self.state.legal_action_words()],
        }

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's tensor and action mask, new arrays."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        if self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.encoder.encode(self.state.observation(seat).to_json()), "action_mask": mask}

    def render(self) -> str | None:
        """``"ansi"``: the agent to act's observation (JSON) and its legal moves in words."""
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        moves = self.infos[self.agent_selection].get("legal_moves", [])
        return f"{self.agent_selection}: {self.state.observation(seat).to_json()}\n" + "\n".join(moves)

    def close(self) -> None:
        """Nothing to release: the environment holds no outside resources."""


def env(name: str, **options: Any) -> TavoloEnv:
    """A :class:`TavoloEnv` for game ``name``: the usual PettingZoo entry point.

    >>> env("scopa")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'scopa'; Tavolo plays bridge, briscola, burraco, canasta, machiavelli, mercante, peppa, perlina, petrangola, pinnacola, ramino, scala40, tarocchi, tressette
    """
    return TavoloEnv(name, **options)
