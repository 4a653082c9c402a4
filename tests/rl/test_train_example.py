"""The training example runs end to end on a tiny budget and reports its win rates; given
``--episodes`` and no ``--minutes`` it trains exactly that many hands however slow the machine
(here a clock on which every hand takes ten minutes)."""

import itertools
import re
import runpy
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from tavolo.rl import reinforce

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_burraco.py"


def test_example_trains_reports_win_rates_and_saves_the_weights(tmp_path, monkeypatch, capsys):
    out = tmp_path / "policy.npz"
    slow = itertools.count(step=600.0)
    monkeypatch.setattr(reinforce, "time", SimpleNamespace(monotonic=lambda: next(slow)))
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), "--episodes", "2", "--eval-deals", "1", "--versus",
                                      "random,simple", "--seed", "3", "--out", str(out)])
    runpy.run_path(str(SCRIPT), run_name="__main__")
    stdout = capsys.readouterr().out
    assert re.search(r"^trained on 2 hands", stdout, re.M), stdout
    for bot in ("random", "simple"):
        rates = r"untrained win rate [01]\.\d{3}.*trained win rate [01]\.\d{3}, margin [+-]\d+"
        assert re.search(rf"^versus {bot} .*{rates}", stdout, re.M), stdout
    weights = np.load(out)
    assert weights["theta"].shape == (len(weights["features"]),)
    assert weights["w"].shape[0] == len(weights["kinds"])
    assert np.any(weights["theta"] != 0)
