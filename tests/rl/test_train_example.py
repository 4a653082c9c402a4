"""The training example runs end to end on a tiny budget and reports its win rates."""

import re
import subprocess
import sys
from pathlib import Path

import numpy as np

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_burraco.py"


def test_example_trains_reports_win_rates_and_saves_the_weights(tmp_path):
    out = tmp_path / "policy.npz"
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--minutes", "0.01", "--episodes", "2", "--eval-deals", "1",
         "--versus", "random,simple", "--seed", "3", "--out", str(out)],
        capture_output=True, text=True, timeout=120, check=True)
    assert re.search(r"^trained on 2 hands", run.stdout, re.M)
    for bot in ("random", "simple"):
        assert re.search(rf"^versus {bot} .*untrained win rate [01]\.\d{{3}}.*trained win rate [01]\.\d{{3}}, margin [+-]\d+",
                         run.stdout, re.M), run.stdout
    weights = np.load(out)
    assert weights["theta"].shape == (len(weights["features"]),)
    assert weights["w"].shape[0] == len(weights["kinds"])
    assert np.any(weights["theta"] != 0)
