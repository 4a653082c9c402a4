"""The arena on Ray: a local cluster plays the same deals as the worker processes."""

import json
import logging

import pytest
import ray
from typer.testing import CliRunner

from tavolo.arena import ArenaError, make_plan, run_plan
from tavolo.cli import app


def test_a_local_ray_cluster_plays_the_same_deals_as_the_processes(tmp_path):
    plan = make_plan(["random", "simple"], deals=4, players=2, seed=3)
    out = tmp_path / "arena.json"
    ray.init("local", num_cpus=2, include_dashboard=False, object_store_memory=80 * 2**20, log_to_driver=False,
             logging_level=logging.WARNING)
    try:
        on_ray = run_plan(plan, ray_address="auto")
        command = CliRunner().invoke(app, ["arena", "random", "simple", "--deals", "4", "--players", "2",
                                           "--seed", "3", "--ray", "auto", "--json", str(out)])
    finally:
        ray.shutdown()
    assert on_ray == run_plan(plan, workers=2)
    assert command.exit_code == 0, command.output
    tables = [[*deal.points[0], *deal.points[1]] for deal in on_ray["random", "simple"]]
    assert json.loads(out.read_text())["pairs"][0]["tables"] == tables


def test_no_cluster_at_the_address_is_said_plainly(monkeypatch):
    def unreachable(**_):
        raise ConnectionError("Could not find any running Ray instance.")

    monkeypatch.setattr(ray, "init", unreachable)
    plan = make_plan(["random", "simple"], deals=1, players=2)
    with pytest.raises(ArenaError, match="no Ray cluster at 'auto'.*ray start --head"):
        run_plan(plan, ray_address="auto")
