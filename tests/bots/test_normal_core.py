"""heuristic:normal in the compiled core (``_core.StrongBot(..., normal=True)``) against the
Python bot, its reference.

Normal is strong's reading of the table and turn planner less strong's timing and partner rules
(``out``, ``close``, ``hang``, ``ending``, ``partner``, ``deny``, ``plan_pile``): the core plays it
with strong's code, its table read without those rules and the pile taken by weighing it
(``_take_pile``, il monte si pesa) instead of by planning the turn with it. Where no plan
applies the core answers -1 and the bot plays on in Python (``_unplanned``, its seeded
tie-breaks). These tests hold the two engines to the same choice at every decision (the three
rule sets, 2 to 6 players, a match, a spec's weights) and the same plans at every node budget.
"""

import pytest

from tavolo.bots.heuristic import NORMAL, HeuristicBurracoBot, _Table
from tavolo.bots.planner import plan_turn
from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import DRAW, TAKE
from tavolo.games.burraco.rules import RULE_SETS
from tests.bots.helpers import match_on_both_engines, side_by_side

pytestmark = pytest.mark.skipif(not native.available(), reason="the compiled Burraco core is not built")

TABLES = [(rules, players, 12) for rules in RULE_SETS for players in (2, 3, 4, 6)] + [("fibur", 5, 6)]
"""Hands of each table: 144 at 2, 3, 4 and 6 players over the three rule sets, 6 more at 5."""


def normal(game, seat, seed):
    return HeuristicBurracoBot("normal", seed=seed)


@pytest.mark.parametrize(("rules", "players", "hands"), TABLES, ids=[f"{r}-{p}" for r, p, _ in TABLES])
def test_normal_chooses_alike_in_the_core_and_in_python(rules, players, hands):
    """The same choice at every decision of whole hands, the core's bot on the compiled state
    and the Python bot on the reference state; the pile taken at some draws and left at others."""
    game = make_game(rules, players=players, target=None)
    draws = {DRAW: 0, TAKE: 0}
    made = 0
    for ref, _, _, chosen, fast_chosen in side_by_side(game, hands, players, normal):
        assert fast_chosen == chosen, f"{rules} {players}p decision {made}: core {fast_chosen}, Python {chosen}"
        if ref.phase == "draw" and TAKE in ref.legal_actions():
            draws[chosen] += 1
        made += 1
    assert made > hands * 40 and draws[DRAW] and draws[TAKE], (made, draws)


@pytest.mark.parametrize(("rules", "players"), [("fibur", 2), ("fibur", 4), ("internazionale", 3)])
def test_the_core_plans_normals_turn_number_for_number(rules, players):
    """At every play decision of normal's hands, the core's plan equals the reference's (actions,
    expected hands, value to the last bit, whether the search was whole) at budgets from 1 to 80
    positions: normal's table (no going out or closing valued of itself, no floor, the beginner's
    end of hand) scores each move as the reference's does."""
    game = make_game(rules, players=players, target=None)
    compared = ending = 0
    for ref, fast, seat, _, _ in side_by_side(game, 4, 17, normal):
        if ref.phase != "play":
            continue
        obs, fast_obs, legal = ref.observation(seat), fast.observation(seat), ref.legal_actions()
        bot = HeuristicBurracoBot("normal", seed=0)
        w = bot.weights(players)
        core = bot._compiled(fast_obs, w)
        table = _Table(obs, NORMAL, legal, w)
        for budget in (1, 3, 8, 40, 80):
            plan = plan_turn(table.h, table.mine, table, group_ranks=table.group_ranks, budget=budget)
            assert core.plan(fast_obs._core_view, legal, budget) == (plan.actions, plan.hands, plan.value, plan.whole)
            compared += 1
        ending += table.spend_wilds
    assert compared > 1000 and ending > 20, (compared, ending)


def test_normal_chooses_alike_through_a_match():
    """A whole match to 2005 at 4 players (later hands, the scores): the same choices."""
    game = make_game("fibur", players=4, target=2005)
    ref_bots = [normal(game, seat, 70 + seat) for seat in range(4)]
    fast_bots = [normal(game, seat, 70 + seat) for seat in range(4)]
    ref, _ = match_on_both_engines(game, ref_bots, fast_bots, 4)
    assert ref.hands_played >= 2


def test_a_normal_spec_with_other_weights_chooses_alike():
    """A spec's weights (``heuristic:normal,pile=...``) reach the core as they reach the Python bot;
    ``take_at`` stays capped at normal's 8 unless the spec lowers it."""
    game = make_game(players=2, target=None)

    def spec(g, seat, seed):
        return HeuristicBurracoBot("normal", seed=seed, pile=2.5, pile_loner=3, take_at=-5, danger=40, wild_keep=25)

    made = 0
    for _, _, _, chosen, fast_chosen in side_by_side(game, 6, 19, spec):
        assert fast_chosen == chosen
        made += 1
    assert made > 200
