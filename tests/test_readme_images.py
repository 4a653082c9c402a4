"""Every picture the README shows is in the repository (the phone gallery of issue 23 names each
game's screenshot, kept by that game's browser test)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_image_the_readme_shows_exists():
    shown = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(shown) >= 17
    missing = [path for path in shown if not (ROOT / path).is_file()]
    assert not missing, missing
