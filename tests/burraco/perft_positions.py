"""Fixed Burraco positions for the perft regression counts.

``python -m tests.burraco.perft_positions`` rewrites ``data/perft.json`` from
the engine as it is now: do it only when a rule change is meant to change
what is legal, and say so in the commit.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from tavolo.engine.perft import perft
from tavolo.games.burraco import make_game
from tavolo.games.burraco.rules import RULE_SETS

DATA = Path(__file__).parent / "data" / "perft.json"
DEPTH = 4
SETUPS = [(players, advance) for players in (2, 4) for advance in (0, 40, 120)] + [(3, 60), (6, 60)]


def build_positions() -> list[dict]:
    """Positions reached by seeded random play, kept as full JSON states."""
    out = []
    for rules in sorted(RULE_SETS):
        for players, advance in SETUPS:
            game = make_game(rules, players=players, target=None)
            rng = random.Random(f"{rules}/{players}/{advance}")
            state = game.new_initial_state()
            state.apply_chance(state.sample_chance(rng))
            for _ in range(advance):
                legal = state.legal_actions()
                if state.is_terminal() or not legal:
                    break
                state.apply(legal[int(rng.random() * len(legal))])
            if not state.is_terminal():
                out.append({"name": f"{rules}/{players}p/after-{advance}", "state": state.to_json()})
    return out


def counts(state_json: dict, depth: int = DEPTH) -> list[int]:
    game = make_game(**{k: v for k, v in state_json["options"].items()})
    state = game.state_from_json(state_json)
    return [perft(state, d) for d in range(1, depth + 1)]


def main() -> None:
    positions = build_positions()
    for p in positions:
        p["counts"] = counts(p["state"])
        print(p["name"], p["counts"])
    DATA.write_text(json.dumps(positions, indent=None) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
