"""The heuristic bots' choices, pinned: every action of seeded whole hands, hashed.

A change made for speed (the planner, the reading of the table, the evaluation) must leave
every choice as it was: the levels' margins measured in the README were played by these
choices. A digest that changes means the bot plays differently; when that is meant (a new
rule, new weights), measure the levels again and record the new digest."""

import hashlib
import pytest

from tavolo.games.burraco import make_game, native
from tests.bots.helpers import decisions

CASES = [
    # rules, players, level, seeds, actions, digest
    ("fibur", 2, "strong", range(10), 2467, "a8ae27348c46090b"),
    ("fibur", 4, "strong", range(8), 758, "c87eac063c3c6fe7"),
    ("fibur", 6, "strong", range(2), 209, "14156833de28b532"),
    ("internazionale", 2, "strong", range(4), 907, "a72577444f26a5a1"),
    ("fedibur1985", 3, "strong", range(4), 342, "0524f97882db436a"),
    ("fibur", 2, "normal", range(4), 2002, "558ba7317e12be7d"),
]


def digest(rules: str, players: int, level: str, seeds: range, new_state=None) -> tuple[int, str]:
    """How many actions the bots chose over the seeded hands, and a hash of them in order."""
    sha = hashlib.sha256()
    n = 0
    for _, _, action in decisions(make_game(rules, players=players, target=None), seeds, level, new_state):
        sha.update(action.to_bytes(2, "big"))
        n += 1
    return n, sha.hexdigest()[:16]


@pytest.mark.parametrize(("rules", "players", "level", "seeds", "actions", "expected"), CASES,
                         ids=[f"{r}-{p}-{lv}" for r, p, lv, *_ in CASES])
def test_the_bots_choose_the_same_actions_as_before(rules, players, level, seeds, actions, expected):
    assert digest(rules, players, level, seeds) == (actions, expected)


@pytest.mark.skipif(not native.available(), reason="the compiled Burraco core is not built")
@pytest.mark.parametrize(("rules", "players", "level", "seeds", "actions", "expected"), CASES,
                         ids=[f"{r}-{p}-{lv}" for r, p, lv, *_ in CASES])
def test_the_core_chooses_the_pinned_actions(rules, players, level, seeds, actions, expected):
    """On the compiled state the bot plays in the core (_strong.cpp, strong and normal): the same
    pinned digest."""
    assert digest(rules, players, level, seeds, native.NativeBurracoState) == (actions, expected)
