"""Writes tests/analysis/data/*.json: 4-player Burraco hands (fibur, one hand) for the analysis tests."""
import random, json, sys
from tavolo.games.burraco import make_game, native
from tavolo.bots.registry import make_bot
from tavolo.engine.record import GameRecord
def hand(specs, seed, path):
    game = make_game(players=4, target=None)
    state = native.new_state(game); rng = random.Random(seed)
    bots = [make_bot(sp, game, s, seed=seed * 10 + s) for s, sp in enumerate(specs)]
    rec = GameRecord(game.name, game.options_json(), list(specs), seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng)); continue
        p = state.current_player()
        a = bots[p].choose(state.observation(p), state.legal_actions())
        rec.actions.append(state.action_to_string(a)); state.apply(a)
    rec.result = state.returns(); rec.save(path); print(path, len(rec.actions), rec.result)
P = "pimc:rounds=48,melds=all"
hand([P, "heuristic:strong", P, "heuristic:strong"], 11, "tests/analysis/data/campione4.json")
hand(["random", "heuristic:strong", "heuristic:strong", "heuristic:strong"], 11, "tests/analysis/data/random4.json")
