"""Running an arena: the plan, the workers, the progress and Ray."""

import sys

import pytest

from tavolo.arena import ArenaError, make_plan, run_plan
from tavolo.arena.duplicate import deal_seed, play_duplicate


def test_the_results_do_not_depend_on_the_number_of_workers():
    plan = make_plan(["random", "simple"], deals=6, players=4, seed=5)
    one, two = run_plan(plan, workers=1), run_plan(plan, workers=2)
    assert one == two
    assert [deal.index for deal in one["random", "simple"]] == list(range(6))


def test_every_pair_plays_the_same_deals_and_the_run_seed_picks_them():
    plan = make_plan(["random", "simple"], deals=3, players=2, seed=8)
    deals = run_plan(plan, workers=1)["random", "simple"]
    assert deals == [play_duplicate("random", "simple", deal_seed(8, i), rules="fibur", players=2, index=i)
                     for i in range(3)]
    other = run_plan(make_plan(["random", "simple"], deals=3, players=2, seed=9), workers=1)
    assert other["random", "simple"] != deals


def test_the_progress_hears_of_every_deal_of_every_pair():
    plan = make_plan(["random"], deals=5, players=2, vs="simple")
    done = []
    run_plan(plan, workers=1, progress=done.append)
    assert sum(done) == 5


def test_a_plan_is_a_round_robin_or_each_bot_against_one():
    assert make_plan(["random", "simple"], 1, players=2).pairs == (("random", "simple"),)
    assert make_plan(["random"], 1, players=2, vs="simple").pairs == (("random", "simple"),)


@pytest.mark.parametrize("bots, vs, message", [
    (["random", "rnadom"], None, "bot 'rnadom': choose one of"),
    (["random", "simple:fast"], None, "bot 'simple' takes no settings"),
    (["random", "random"], None, "named twice"),
    (["random"], "random", "named twice"),
    (["simple"], None, "at least two bots"),
])
def test_a_bad_plan_is_refused_with_the_reason(bots, vs, message):
    with pytest.raises(ArenaError, match=message):
        make_plan(bots, 10, players=2, vs=vs)


def test_bad_table_settings_are_refused():
    with pytest.raises(ArenaError, match="2, 4 or 6 players"):
        make_plan(["random", "simple"], 10, players=5)
    with pytest.raises(ArenaError, match="rule set"):
        make_plan(["random", "simple"], 10, rules="scopa")
    with pytest.raises(ArenaError, match="at least one deal"):
        make_plan(["random", "simple"], 0)


def test_ray_without_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails, installed or not
    plan = make_plan(["random", "simple"], deals=1, players=2)
    with pytest.raises(ArenaError, match=r"pip install 'tavolo\[ray\]'"):
        run_plan(plan, ray_address="auto")
