"""Issue 42: every game declares its utility once (``Game.utility``: zero-, constant- or
general-sum under its options), and random play agrees with the declaration: the returns of
every finished game add up to the declared total, at every table size. A game declared zero- or
constant-sum whose returns add up otherwise fails here; so does a general-sum declaration that
random play shows to be a constant (below, for the games where random play can tell)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tavolo.engine.game import GENERAL_SUM, ZERO_SUM, Game, Utility, UtilityKind, constant_sum
from tavolo.rl.catalog import GAMES, make, table_sizes
from tests.simulation import random_walk

GAMES_EACH = 12
"""Random games played for each game, options and table size."""
MAX_DECISIONS = 200_000
"""No random game here takes more: a longer one is a loop, and fails."""

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "bridge": [{}, {"boards": 2}],
    "briscola": [{}, {"rounds": 3}],
    "burraco": [{"target": None}],
    "canasta": [{"target": None}],
    "hearts": [{}, {"target": None}],
    "machiavelli": [{"hands": 1}],
    "mercante": [{}, {"mercante": "player"}],
    "peppa": [{}, {"target": 50}, {"target": None}],
    "pinnacola": [{"target": None}],
    "ramino": [{}, {"match": "hands", "hands": 2}, {"match": None}],
    "scala40": [{"elimination": None}],
    "tarocchi": [{}, {"accuso": True}],
    "tressette": [{"target": None}, {"target": None, "accusi": "automatic"}],
}
"""The options each game is played with here: every declaration that is not general-sum, and a
general-sum one beside it; long matches cut to a hand where the game's default is one
(a declaration is about the options, whatever their length)."""

def _fits(name: str, players: int, options: dict[str, Any]) -> bool:
    """Whether ``name`` takes ``options`` at ``players`` (Mercante's player-mercante needs three)."""
    try:
        make(name, players=players, **options)
    except ValueError:
        return False
    return True


CASES = [(name, players, options) for name in GAMES for options in VARIANTS.get(name, [{}])
         for players in table_sizes(name) if _fits(name, players, options)]
IDS = [f"{name}-{players}-" + ",".join(f"{k}={v}" for k, v in options.items()) for name, players, options in CASES]


def _returns(game: Game, games: int, seed: int) -> list[list[float]]:
    """The returns of ``games`` seeded random games."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        for decisions, _ in enumerate(random_walk(state, rng)):
            assert decisions < MAX_DECISIONS, f"{game!r} played {MAX_DECISIONS} random decisions without ending"
        out.append(state.returns())
    return out


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
def test_random_play_agrees_with_the_declared_utility(name, players, options):
    game = make(name, players=players, **options)
    utility = game.utility()
    assert isinstance(utility, Utility)
    played = _returns(game, GAMES_EACH, seed=players)
    if utility.kind is UtilityKind.GENERAL_SUM:
        return
    wrong = [returns for returns in played if not utility.holds(returns)]
    assert not wrong, f"declared {utility}, these returns add up otherwise: {wrong[:3]}"


GENERAL = [("burraco", 2, {"target": None}), ("canasta", 4, {"target": None}), ("pinnacola", 4, {"target": None}),
           ("scala40", 4, {"elimination": None}), ("ramino", 4, {"match": None}), ("briscola", 2, {"rounds": 3}),
           ("tressette", 4, {"target": None, "accusi": "automatic"}), ("peppa", 4, {"target": None}),
           ("tarocchi", 3, {"accuso": True}), ("mercante", 2, {})]
"""Declared general-sum where random play shows the sum move. Not here: Machiavelli (random play
never closes, the +100 that moves its sum) and rubber bridge (random bidding seldom ends a
rubber): general-sum by their returns' docstrings."""


@pytest.mark.parametrize(("name", "players", "options"), GENERAL, ids=[g[0] for g in GENERAL])
def test_a_general_sum_declaration_is_no_missed_constant(name, players, options):
    game = make(name, players=players, **options)
    assert game.utility() == GENERAL_SUM
    assert len({sum(returns) for returns in _returns(game, 20, seed=1)}) > 1


def test_the_declarations_researchers_read():
    """The table of docs/research.md, from the options that decide it."""
    assert make("bridge").utility() == ZERO_SUM
    assert make("bridge", scoring="rubber").utility() == GENERAL_SUM
    assert make("briscola", players=4).utility() == constant_sum(2)
    assert make("tressette", players=2, target=None).utility() == constant_sum(11)
    assert make("hearts").utility() == constant_sum(1)
    assert make("peppa", players=6, target=50).utility() == ZERO_SUM
    assert make("tarocchi", players=4, hands=8).utility() == constant_sum(77 * 8 * 2)
    assert make("mercante", players=5, mercante="player").utility() == ZERO_SUM
    assert make("burraco", players=4).utility() == GENERAL_SUM


def test_a_wrong_declaration_fails():
    """The check above can fail: Burraco's returns declared zero-sum do not hold."""
    game = make("burraco", players=2, target=None)
    assert not all(ZERO_SUM.holds(returns) for returns in _returns(game, 4, seed=3))


@pytest.mark.parametrize(("name", "params"), [("briscola", {"players": 3}), ("bridge", {}), ("hearts", {}),
                                              ("tressette", {"players": 2, "target": "null"})])
def test_openspiel_reads_the_declaration_and_checks_it(name, params):
    """OpenSpiel's game type and utility sum are the declaration, and OpenSpiel's own random simulation
    test checks every playthrough's returns against them."""
    pyspiel = pytest.importorskip("pyspiel")
    import tavolo.openspiel as tos

    game = pyspiel.load_game(tos.short_name(name), params)
    declared = game.tavolo.utility()
    assert game.get_type().utility.name == declared.kind.name
    if declared.total is not None:
        assert game.utility_sum() == declared.total
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_openspiel_game_type_follows_the_options():
    pyspiel = pytest.importorskip("pyspiel")
    import tavolo.openspiel  # noqa: F401 (registers the games)

    rubber = pyspiel.load_game("tavolo_bridge", {"scoring": "rubber"})
    assert rubber.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert pyspiel.load_game("tavolo_bridge").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("tavolo_tarocchi", {"players": 4}).utility_sum() == 77 * 4 * 2


def test_pettingzoo_metadata_says_the_utility():
    pytest.importorskip("pettingzoo")
    from tavolo.pettingzoo import env

    assert env("hearts").metadata["utility"] == "constant_sum"
    assert env("hearts").metadata["utility_sum"] == 1.0
    assert env("perlina", players=3).metadata["utility"] == "zero_sum"
    assert env("burraco", players=2).metadata["utility_sum"] is None
