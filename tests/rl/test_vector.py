"""The vector environment (issue 42): N Burraco tables stepped in the compiled core.

Lock step against the single-table core: each table of :class:`BurracoVectorEnv` is replayed on
its own :class:`~tavolo.games.burraco.native.NativeBurracoState`, dealt the table's deck order
(a Fisher-Yates shuffle by the table's splitmix64 generator, checked here against a Python
transcription) and played the same actions; at every step the table's observation tensor, seat
to act, legal ids, action mask, rewards (the points credited at a hand's end, as
``BurracoEnv``) and the match's end must equal the single table's, through auto-resets and the
deals inside a match (``hands=2``). Bad input is refused with a ``ValueError`` naming it, and
an illegal action moves no table.

The compiled core is built by ``pip install -e .``: these tests require it.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.rl.vector import BurracoVectorEnv

pytestmark = pytest.mark.skipif(not native.available(), reason="the compiled Burraco core is not built")

MASK64 = (1 << 64) - 1


def splitmix_deck(players: int, seed: int) -> list[int]:
    """The core's first deal with generator ``seed``: the decks in order (52 cards and two
    jokers each; three decks from five players), shuffled by Fisher-Yates with splitmix64."""
    decks = 3 if players >= 5 else 2
    order = [c for _ in range(decks) for c in [*range(52), 52, 52]]
    x = seed
    for i in range(len(order) - 1, 0, -1):
        x = (x + 0x9E3779B97F4A7C15) & MASK64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        j = ((z >> 32) * (i + 1)) >> 32
        order[i], order[j] = order[j], order[i]
    return order


def test_each_table_is_dealt_by_its_own_seed() -> None:
    seeds = [0, 1, 2**63 + 5, 12345]
    for players in (2, 5):
        env = BurracoVectorEnv(num_envs=4, players=players)
        env.reset(seed=seeds)
        for table, seed in enumerate(seeds):
            assert env.deck_order(table) == splitmix_deck(players, seed)


class Single:
    """One table replayed on the single-table core."""

    def __init__(self, env: BurracoVectorEnv, table: int) -> None:
        self.env, self.table = env, table
        self.tensor = np.zeros(env.single_observation_space.shape, dtype=np.float32)
        self.mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        self.new_match()

    def new_match(self) -> None:
        self.state = native.NativeBurracoState(self.env.game)
        self.state._deal(self.env.deck_order(self.table))

    def check(self, obs: np.ndarray, info: dict[str, np.ndarray]) -> None:
        """The table's row of the batch equals this state's seat to act, tensor, legal ids, mask."""
        i, state = self.table, self.state
        seat = state.current_player()
        assert info["player"][i] == seat
        state.encode_observation(seat, self.tensor, self.mask)
        assert np.array_equal(obs[i], self.tensor)
        legal = state.legal_actions()
        assert info["legal_count"][i] == len(legal)
        assert info["legal_actions"][i, :len(legal)].tolist() == legal
        assert np.array_equal(info["action_mask"][i], self.mask)
        assert np.flatnonzero(self.mask).tolist() == sorted(legal)

    def step(self, action: int, rewards: np.ndarray, done: bool) -> bool:
        """Play ``action`` here; the rewards and the end as the batch gave them. Whether a hand ended."""
        state = self.state
        before = state.hands_played
        state.apply(action)
        ended = state.hands_played > before
        expected = np.array(state.last_hand_credited(), dtype=np.float64) / 1000 if ended else 0.0
        assert np.allclose(rewards[self.table], expected, atol=1e-6)
        assert done == state.is_terminal()
        if state.is_terminal():
            self.new_match()
        elif state.is_chance_node():
            state._deal(self.env.deck_order(self.table))
        return ended


@pytest.mark.parametrize(("players", "options", "steps"), [
    (2, {}, 700),
    (4, {}, 700),
    (4, {"hands": 2}, 900),
    (3, {"hands": 2, "alone_threshold": 100}, 900),
    (6, {}, 900),
])
def test_tables_play_as_the_single_table_core(players: int, options: dict, steps: int) -> None:
    env = BurracoVectorEnv(num_envs=3, players=players, **options)
    obs, info = env.reset(seed=11)
    singles = [Single(env, i) for i in range(env.num_envs)]
    pick = random.Random(players).randrange
    hands = dones = 0
    for _ in range(steps):
        for single in singles:
            single.check(obs, info)
        actions = [int(info["legal_actions"][i, pick(info["legal_count"][i])]) for i in range(env.num_envs)]
        obs, rewards, terminated, truncated, info = env.step(np.array(actions))
        assert not truncated.any()
        for single, action in zip(singles, actions):
            hands += single.step(action, rewards, bool(terminated[single.table]))
        dones += int(terminated.sum())
    assert dones >= 3 and hands > dones if options else hands == dones >= 3  # auto-reset, and deals in a match


def test_margin_rewards_are_the_points_less_the_opponents_mean() -> None:
    env = BurracoVectorEnv(num_envs=8, players=4, reward="margin")
    points = BurracoVectorEnv(num_envs=8, players=4)
    _, info = env.reset(seed=3)
    points.reset(seed=3)
    rows, rng, ended = np.arange(8), np.random.default_rng(1), 0
    for _ in range(800):
        actions = info["legal_actions"][rows, (rng.random(8) * info["legal_count"]).astype(np.intp)]
        _, margin, done, _, info = env.step(actions)
        _, credited, _, _, _ = points.step(actions)
        for i in np.flatnonzero(np.abs(credited).sum(axis=1)):  # a hand's end: seats 0, 2 against 1, 3
            ended += 1
            ours, theirs = credited[i, 0], credited[i, 1]
            assert np.allclose(margin[i], [ours - theirs, theirs - ours] * 2, atol=1e-6)
    assert ended >= 4


def run(env: BurracoVectorEnv, seed: int, steps: int) -> list[np.ndarray]:
    """The observations of ``steps`` steps of seeded masked random play."""
    obs, info = env.reset(seed=seed)
    rows, rng, seen = np.arange(env.num_envs), np.random.default_rng(0), [obs.copy()]
    for _ in range(steps):
        pick = (rng.random(env.num_envs) * info["legal_count"]).astype(np.intp)
        obs, _, _, _, info = env.step(info["legal_actions"][rows, pick])
        seen.append(obs.copy())
    return seen


def test_same_seed_same_trajectories() -> None:
    first = run(BurracoVectorEnv(num_envs=5, players=2), 9, 300)
    again = run(BurracoVectorEnv(num_envs=5, players=2, action_mask=False), 9, 300)
    other = run(BurracoVectorEnv(num_envs=5, players=2), 10, 300)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not np.array_equal(first[1], other[1])


def test_illegal_action_is_refused_and_moves_no_table() -> None:
    env = BurracoVectorEnv(num_envs=4, players=2)
    obs, info = env.reset(seed=5)
    kept = obs.copy(), info["legal_count"].copy(), info["action_mask"].copy()
    legal = info["legal_actions"][:, 0].astype(np.int64)
    for bad, table in ((NUM_ACTIONS - 1, 2), (-1, 1), (2**40, 3)):
        actions = legal.copy()
        actions[table] = bad
        with pytest.raises(ValueError, match=rf"actions\[{table}\] = .* not a legal action at table {table}"):
            env.step(actions)
        assert np.array_equal(obs, kept[0]) and np.array_equal(info["legal_count"], kept[1])
        assert np.array_equal(info["action_mask"], kept[2])
    obs, *_ = env.step(legal)  # and it plays on as a fresh environment does
    fresh = BurracoVectorEnv(num_envs=4, players=2)
    fresh.reset(seed=5)
    assert np.array_equal(obs, fresh.step(legal)[0])


@pytest.mark.parametrize(("actions", "message"), [
    (np.zeros(3, dtype=np.int64), r"actions: one action id a table, shape \(4,\)"),
    (np.zeros((4, 1), dtype=np.int64), r"actions: one action id a table"),
    (np.zeros(4, dtype=np.float32), r"actions: integer action ids, not float32"),
    (np.array([2**64 - 1] * 4, dtype=np.uint64), r"actions\[0\] = -1 is not a legal action"),
])
def test_bad_actions_are_refused(actions: np.ndarray, message: str) -> None:
    env = BurracoVectorEnv(num_envs=4, players=2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=message):
        env.step(actions)


def test_bad_buffers_and_calls_are_refused() -> None:
    env = BurracoVectorEnv(num_envs=2, players=4, action_mask=False)
    with pytest.raises(ValueError, match="step before reset"):
        env.step(np.zeros(2, dtype=np.int32))
    _, info = env.reset(seed=2)
    assert "action_mask" not in info
    vec, good = env._vec, [env._obs, None, env._legal, env._counts, env._player]
    actions = info["legal_actions"][:, 0].astype(np.int32)
    cases = [
        (0, np.zeros((2, 686), dtype=np.float64), "observations: a float32 array of shape \\(2, 686\\)"),
        (0, np.zeros((2, 568), dtype=np.float32), "observations: a float32 array of shape \\(2, 686\\)"),
        (1, np.zeros((2, 10), dtype=np.int8), f"action mask: a int8 .* of shape \\(2, {NUM_ACTIONS}\\)"),
        (2, np.zeros((2, 4096), dtype=np.int32), "legal actions: a int16 array"),
        (3, [0, 0], "legal counts: a writable C-contiguous int32 numpy array"),
        (4, np.zeros(4, dtype=np.int32)[::2], "players: a writable C-contiguous int32"),
    ]
    for slot, bad, message in cases:
        buffers = list(good)
        buffers[slot] = bad
        with pytest.raises(ValueError, match=message):
            vec.step(actions, *buffers, env._rewards, env._dones)
    readonly = env._rewards.copy()
    readonly.flags.writeable = False
    with pytest.raises(ValueError, match="rewards: a writable"):
        vec.step(actions, *good, readonly, env._dones)
    with pytest.raises(ValueError, match="dones: a int8"):
        vec.step(actions, *good, env._rewards, np.zeros(2, dtype=np.int32))
    with pytest.raises(ValueError, match="seeds: a uint64 or int64 array of shape \\(2, 1\\)"):
        vec.reset(np.zeros(2, dtype=np.float64), *good)
    with pytest.raises(ValueError, match="seed: an int, None or 2 ints 0 <= seed < 2..64"):
        env.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match="num_envs 0"):
        BurracoVectorEnv(num_envs=0)
    with pytest.raises(ValueError, match="reward 'score'"):
        BurracoVectorEnv(reward="score")


def test_spaces_follow_gymnasium() -> None:
    env = BurracoVectorEnv(num_envs=3, players=2)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.shape == (3, 568) and env.observation_space.contains(obs)
    assert env.action_space.nvec.tolist() == [NUM_ACTIONS] * 3
    assert env.metadata["autoreset_mode"].value == "SameStep"
    assert make_game(players=2, target=None).options == env.game.options
