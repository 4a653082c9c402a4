"""Issue 42: every Tavolo game as a PettingZoo AEC environment (``tavolo.pettingzoo.env``), checked
by PettingZoo's own ``api_test`` and ``seed_test`` for each game and table size."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from tavolo.pettingzoo import env  # noqa: E402
from tavolo.rl.catalog import GAMES, make, table_sizes  # noqa: E402
from tavolo.rl.observation import ObservationTensor, layout_observation  # noqa: E402

CYCLES = 8
"""Cycles of each API and seed test: enough to deal and play a few turns, CI stays short."""


@pytest.mark.parametrize(("name", "players"), [(name, n) for name in GAMES for n in table_sizes(name)])
def test_pettingzoo_api_and_seed(name, players):
    api_test(env(name, players=players), num_cycles=CYCLES)
    seed_test(lambda: env(name, players=players), num_cycles=CYCLES)


def test_hearts_is_a_game_of_its_own():
    assert env("hearts", target=None).game.options.rules == "hearts"


def test_the_seat_to_act_reads_its_legal_moves_in_words():
    e = env("burraco", players=2, lang="en")
    e.reset(seed=3)
    obs, _, _, _, info = e.last()
    assert info["legal_actions"] == list(np.flatnonzero(obs["action_mask"]))
    assert info["legal_moves"] == ["draw", "take the discards"]
    other = "player_1" if e.agent_selection == "player_0" else "player_0"
    assert e.infos[other] == {} and not e.observe(other)["action_mask"].any()


def test_no_hidden_card_in_a_seats_observation():
    """Seat 0's tensor stays the same when the cards it cannot see are dealt otherwise."""
    e = env("tressette", players=4)
    e.reset(seed=5)
    before = e.observe("player_0")["observation"].copy()
    dealt = e.state
    e.state = e.game.sample_hidden_state(dealt.observation(0), random.Random(1))
    assert e.state.observation(1).to_json()["hand"] != dealt.observation(1).to_json()["hand"]
    assert np.array_equal(e.observe("player_0")["observation"], before)


def test_an_episodes_rewards_add_up_to_the_games_returns():
    e = env("briscola", players=4)
    e.reset(seed=11)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = random.Random(2)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else rng.choice(info["legal_actions"]))
    assert e.state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == list(e.state.returns())
    assert sorted(set(totals.values())) == [0.0, 1.0]


def test_a_card_plane_counts_every_card_a_value_names():
    """The generic tensor (tavolo.rl.observation): a meld written "2c(w) Ac 2c" names the 2 of clubs
    twice and the ace once, in its side's plane; a phase (a word naming no card) gives nothing."""
    encoder = ObservationTensor(make("burraco", players=2))
    observation = layout_observation(encoder.game)
    observation["melds"] = [[], ["2c(w) Ac 2c"]]
    tensor = encoder.encode(observation)
    melds = next(b for b in encoder.blocks if b.key == "melds")
    planes = tensor[melds.offset:melds.offset + melds.size].reshape(melds.rows, melds.width)
    assert planes[0].sum() == 0
    assert (planes[1][encoder.columns["2c"]], planes[1][encoder.columns["Ac"]], planes[1].sum()) == (2, 1, 3)
    assert "phase" not in {b.key for b in encoder.blocks}
