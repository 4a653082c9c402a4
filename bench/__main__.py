"""Run every benchmark module and print its figures as ``name: value unit``."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def _format(value: float) -> str:
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.4g}"


def main(selected: list[str]) -> None:
    here = Path(__file__).parent
    for info in sorted(pkgutil.iter_modules([str(here)]), key=lambda m: m.name):
        if not info.name.startswith("bench_"):
            continue
        if selected and not any(s in info.name for s in selected):
            continue
        module = importlib.import_module(f"bench.{info.name}")
        for name, value, unit in module.figures():
            print(f"{name}: {_format(value)} {unit}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
