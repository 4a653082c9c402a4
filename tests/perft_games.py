"""Fixed Scala 40, Briscola and Tressette positions for perft regression counts.

``python -m tests.perft_games`` rewrites ``data/perft_games.json`` from the engines as they
are now: do it only when a rule change is meant to change what is legal, and say so in the
commit."""

from __future__ import annotations

import json
import random
from itertools import islice
from pathlib import Path

from tavolo.engine.perft import perft
from tavolo.games import make_game, make_game_from_json

from tests.simulation import random_walk

DATA = Path(__file__).parent / "data" / "perft_games.json"
SETUPS = [
    ("scala40", dict(players=2, elimination=101), 3, (0, 150, 300)),
    ("scala40", dict(players=4, elimination=101, open_with_discard=True, open_without_joker=True), 3,
     (0, 250, 500)),
    ("briscola", dict(players=2, rounds=3), 5, (0, 33, 36)),
    ("briscola", dict(players=4, rounds=3), 5, (0, 27, 30)),
    ("tressette", dict(players=4, target=21, accusi="declared"), 4, (0, 5, 20)),
    ("tressette", dict(players=2, target=21), 4, (0, 14, 30)),
    ("peppa", dict(players=4, target=None), 5, (0, 7, 16)),
    ("peppa", dict(rules="hearts", players=4, target=None), 4, (0, 12, 30)),
    ("tarocchi", dict(players=3), 3, (0, 3, 30)),
    ("bridge", dict(players=4, board=2), 3, (0, 6, 25)),
    ("petrangola", dict(players=6), 3, (0, 3, 9)),
    ("perlina", dict(players=5), 4, (0, 3, 30)),
    ("ramino", dict(players=2, match=None), 4, (0, 11, 40)),
    ("ramino", dict(players=4, match=None, closing_limit=10), 4, (0, 20, 61)),
    ("machiavelli", dict(players=2, hands=1), 3, (0, 40, 300)),
    ("machiavelli", dict(players=4, hands=1), 3, (0, 30)),
    ("canasta", dict(players=2, target=None), 3, (0, 30, 120)),
    ("canasta", dict(players=4, target=None), 3, (0, 60)),
    ("pinnacola", dict(players=4, target=None), 4, (0, 40, 120)),
    ("mercante", dict(players=3, tokens=60, stake=2, opening=2), 3, (0, 30, 100)),
]


def build_positions() -> list[dict]:
    """Positions reached by seeded random play, kept as full JSON states."""
    out = []
    for name, options, depth, advances in SETUPS:
        game = make_game(name, **options)
        for advance in advances:
            state = game.new_initial_state()
            walk = random_walk(state, random.Random(f"{name}/{options}/{advance}"))
            state = next(islice(walk, advance, None), state)
            variant = f"-{options['rules']}" if "rules" in options else ""
            out.append({"name": f"{name}{variant}/{options['players']}p/after-{advance}", "depth": depth,
                        "state": state.to_json()})
    return out


def counts(position: dict) -> list[int]:
    data = position["state"]
    state = make_game_from_json(data["game"], data["options"]).state_from_json(data)
    return [perft(state, d) for d in range(1, position["depth"] + 1)]


def main() -> None:
    positions = build_positions()
    for p in positions:
        p["counts"] = counts(p)
        print(p["name"], p["counts"])
    DATA.write_text(json.dumps(positions, indent=None) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
