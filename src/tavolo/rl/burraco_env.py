"""Burraco as a PettingZoo AEC environment: one agent per seat, acting in turn.

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers of the engine). An
agent's observation is a dict: ``"observation"``, its seat's
:mod:`tavolo.rl.tensors` tensor (built only from ``state.observation(seat)``,
so it never shows another seat's hidden cards), and ``"action_mask"``, 1 on
its legal action ids (all 0 when it is not its turn). The action space is
``Discrete(NUM_ACTIONS)``, Burraco's stable action ids
(:mod:`tavolo.games.burraco.actions`): a turn is several actions (draw or take
the discard pile, open and attach melds, discard).

Rewards come at the end of each hand (smazzata): with ``reward="points"``
(the default) each seat gets the points its side scored that hand, as the
engine credits them, divided by :data:`POINTS_PER_UNIT` (a typical hand is
worth -0.5 to +1.5); with ``reward="margin"``, those points less the mean of
the opponents' (zero-sum between sides at 2, 4 and 6 players). Every other
step rewards 0. By default an episode is one hand (``target=None``); with a
``target`` (505 ... 5005) it is a match, a reward at each hand's end.

The engine is chosen when the environment is made, by ``TAVOLO_ENGINE``
(:func:`tavolo.games.burraco.native.engine`): the compiled core where it is
built (its observations are built in the core), the Python reference engine
with ``TAVOLO_ENGINE=python``; both give the same observations, rewards and
masks (``tests/rl/test_burraco_env_engines.py``). On the compiled core the
tensor and the mask are written by the core itself
(``NativeBurracoState.encode_observation``, held equal to :attr:`BurracoEnv.encoder`
by ``tests/rl/test_core_encoder.py``); on the Python engine by the
:class:`~tavolo.rl.tensors.ObservationEncoder`.

``reset(seed=...)`` reseeds the shuffles only: the rule options are fixed
when the environment is made and no reset changes them. ``reset``'s own
``options`` argument is accepted (the API requires it) and not used.
``observe`` fills the agent's own preallocated arrays in place and returns
them; they are overwritten at that agent's next ``observe``: copy them to keep
them. An illegal action raises :class:`~tavolo.engine.errors.IllegalActionError`
with the rule it breaks.

    >>> e = env(players=2, render_mode="ansi")
    >>> e.reset(seed=7)
    >>> e.agent_selection, e.possible_agents
    ('player_0', ['player_0', 'player_1'])
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> obs["observation"].shape, int(obs["action_mask"].sum())
    ((568,), 2)
    >>> e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    >>> e.rewards
    {'player_0': 0.0, 'player_1': 0.0}
    >>> print(e.render())
    player_0 (play), stock 62, pile: 7d
    side 0: -
    side 1: -
    hand: 4h 4h 6h 7h Qh Qd 6c 9c 8s 2h 2d 2s
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tavolo.cards import french as fr
from tavolo.engine.game import TERMINAL, State, resolve_chance
from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.games.burraco.melds import meld_text
from tavolo.rl.tensors import ObservationEncoder, fill_action_mask

__all__ = ["POINTS_PER_UNIT", "REWARDS", "BurracoEnv", "env"]

POINTS_PER_UNIT = 1000.0
"""Points of a hand worth a reward of 1."""
REWARDS = ("points", "margin")


class BurracoEnv(AECEnv):
    """Burraco for ``players`` agents under rule set ``rules``; ``options`` are
    :class:`~tavolo.games.burraco.BurracoOptions` keywords (``target`` defaults
    to ``None``: one hand per episode)."""

    metadata = {"name": "burraco_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, rules: str = "fibur", reward: str = "points", render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward {reward!r}: choose one of {', '.join(REWARDS)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: choose 'ansi' or None")
        self.game = make_game(rules, **{"target": None, **options})
        self.reward_kind = reward
        self.render_mode = render_mode
        n = self.game.num_players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.encoder = ObservationEncoder(n)
        low, high = self.encoder.layout.bounds()
        space = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._tensors = {a: self.encoder.new_tensor() for a in self.possible_agents}
        self._masks = {a: np.zeros(NUM_ACTIONS, dtype=np.int8) for a in self.possible_agents}
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._rng = random.Random()
        self.engine = native.engine()
        """``"native"`` (the compiled core) or ``"python"``: fixed when the environment is made."""
        self.state: State = self._new_state()

    def _new_state(self) -> State:
        """A new match in this environment's engine."""
        if self.engine == "native":
            return native.NativeBurracoState(self.game)
        return self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; with ``seed``, reseed the shuffles first (the rules stay)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._rewarded = False  # whether rewards holds a hand's rewards (set by the last step), else all 0
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.state = self._new_state()
        resolve_chance(self.state, self._rng)
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        hands_before = state.hands_played
        state.apply(int(action))
        if self._rewarded:  # the step before ended a hand: this one rewards 0 again
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        self._cumulative_rewards[agent] = 0.0
        if state.hands_played > hands_before:  # only a hand's end rewards, and only it leads to a deal
            self._reward_hand(state.last_hand_credited())
            self._accumulate_rewards()
            resolve_chance(state, self._rng)
        player = state.current_player()
        if player == TERMINAL:
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[player]

    def _reward_hand(self, credited: tuple[float, ...]) -> None:
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = True
        side_of = self.state.observation(0).side_of if self.reward_kind == "margin" else ()
        for seat, agent in enumerate(self.possible_agents):
            points = credited[seat]
            if self.reward_kind == "margin":
                side = side_of[seat]
                opponents = [credited[s] for s in range(len(credited)) if side_of[s] != side]
                points -= sum(opponents) / len(opponents)
            self.rewards[agent] = points / POINTS_PER_UNIT

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's tensor and action mask, filled in place (see the module docstring):
        written by the core for a compiled state, by :attr:`encoder` for a Python one."""
        seat = self._seat_of[agent]
        state = self.state
        tensor, mask = self._tensors[agent], self._masks[agent]
        if isinstance(state, native.NativeBurracoState):
            state.encode_observation(seat, tensor, mask)
        else:
            self.encoder.encode(state.observation(seat), tensor)
            fill_action_mask(state.legal_actions() if state.current_player() == seat else (), mask)
        return {"observation": tensor, "action_mask": mask}

    def render(self) -> str | None:
        """``"ansi"``: the table as the agent to act sees it, with its legal moves."""
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        obs = self.state.observation(seat)
        lines = [f"{self.agent_selection} ({obs.phase}), stock {obs.stock_size}, pile: {fr.names(obs.pile) or '-'}"]
        for side, seats in enumerate(obs.sides):
            melds = " | ".join(meld_text(m) for m in obs.melds[side]) or "-"
            lines.append(f"side {'+'.join(map(str, seats))}: {melds}")
        lines.append(f"hand: {fr.names(obs.hand)}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no outside resources."""


def env(**options: Any) -> BurracoEnv:
    """A :class:`BurracoEnv`: the usual PettingZoo entry point.

    >>> env(players=4, rules="internazionale").game.options.clean_to_close
    True
    """
    return BurracoEnv(**options)
