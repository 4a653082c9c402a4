"""heuristic:strong in the compiled core (``_strong.cpp``) against the Python bot, its reference.

When its observation comes from the compiled state, :class:`HeuristicBurracoBot` at level
``strong`` asks the core (``_core.StrongBot``) for its action: the table's reading, the turn
planner with its evaluator and the draw by plan, ported from ``heuristic.py`` and
``planner.py``. These tests hold the two to the same choice at every decision (over the three
rule sets, 2 to 6 players), the same plan number for number at every node budget (ties and the
budget's cut included), and show that the core reads only what the seat may know
(docs/compiled-engine.md).
"""

import copy
import pickle
import random

import pytest

from tavolo.bots.deviations import make_deviant
from tavolo.bots.heuristic import STRONG, HeuristicBurracoBot, _Table
from tavolo.bots.planner import attaches, counts, opens, plan_turn
from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.actions import TAKE
from tavolo.games.burraco.rules import RULE_SETS
from tests.bots.helpers import match_on_both_engines, side_by_side

pytestmark = pytest.mark.skipif(not native.available(), reason="the compiled Burraco core is not built")

HANDS = 20
"""Hands of each table below: 240 at 2, 3, 4 and 6 players over the three rule sets, 10 more at 5."""
TABLES = [(rules, players, HANDS) for rules in RULE_SETS for players in (2, 3, 4, 6)] + [("fibur", 5, 10)]


def strong(game, seat, seed):
    return HeuristicBurracoBot("strong", seed=seed)


@pytest.mark.parametrize(("rules", "players", "hands"), TABLES, ids=[f"{r}-{p}" for r, p, _ in TABLES])
def test_strong_chooses_alike_in_the_core_and_in_python(rules, players, hands):
    """The same choice at every decision of whole hands, the core's bot on the compiled state
    and the Python bot on the reference state."""
    game = make_game(rules, players=players, target=None)
    made = 0
    for _, fast, seat, chosen, fast_chosen in side_by_side(game, hands, players, strong):
        assert fast_chosen == chosen, f"{rules} {players}p decision {made}: core {fast_chosen}, Python {chosen}"
        made += 1
    assert made > hands * 40


@pytest.mark.parametrize("habit", ["keep-wilds", "meld-everything", "discard-highest"])
def test_a_deviant_of_strong_chooses_alike_from_fewer_legal_actions(habit):
    """The deviations hand strong a filtered legal list (no wild laid, only melds): the core
    reads the list it is given, not the state's."""
    game = make_game(players=2, target=None)
    made = 0
    for _, _, _, chosen, fast_chosen in side_by_side(game, 6, 7, lambda g, seat, seed: make_deviant(g, seat, seed,
                                                                                                     habit)):
        assert fast_chosen == chosen
        made += 1
    assert made > 200


def _python_plan(bot, obs, legal, budget):
    """The reference plan: the play's table (legal a list) or the draw's with the pile in hand."""
    w = bot.weights(obs.players)
    if legal is None:
        h = counts(list(obs.hand) + list(obs.pile))
        melds = obs.melds[obs.my_side]
        group_ranks = RULE_SETS[obs.rule_set].get("group_ranks")
        table = _Table(obs, STRONG, opens(h, melds, group_ranks) + attaches(h, melds), w, h=h,
                       single=obs.pile[0] if len(obs.pile) == 1 else -1)
    else:
        table = _Table(obs, STRONG, legal, w)
    plan = plan_turn(table.h, table.mine, table, group_ranks=table.group_ranks, budget=budget)
    return (plan.actions, plan.hands, plan.value, plan.whole), table


def _top_ties(table) -> bool:
    """Whether two of the first seven moves at the plan's root score the same (the action id
    breaks the tie)."""
    h, mine = table.h, table.mine
    moves = attaches(h, mine) + opens(h, mine, table.group_ranks)
    values = sorted((table.meld_value(a, h, mine) for a in moves), reverse=True)[:7]
    return len(values) != len(set(values))


@pytest.mark.parametrize(("rules", "players"), [("fibur", 2), ("fibur", 4), ("internazionale", 2),
                                                 ("fedibur1985", 3)])
def test_the_core_plans_number_for_number_at_every_budget(rules, players):
    """At every decision of strong hands, the core's plan equals the reference's (actions,
    expected hands, value to the last bit, whether the search was whole) at budgets from 1 to
    80 positions: the planner's cut and its tie-breaks are the reference's. The draw's plan
    with the pile in hand too. The positions met include tied moves and cut searches."""
    game = make_game(rules, players=players, target=None)
    ties = cut = compared = 0
    for ref, fast, seat, chosen, _ in side_by_side(game, 4, 11, strong):
        obs, fast_obs = ref.observation(seat), fast.observation(seat)
        legal = ref.legal_actions()
        core = HeuristicBurracoBot("strong", seed=0)._compiled(fast_obs, strong(game, seat, 0).weights(players))
        draw = obs.phase == "draw"
        if draw and TAKE not in legal:
            continue
        for budget in (1, 2, 3, 5, 8, 13, 40, 80):
            expected, table = _python_plan(strong(game, seat, 0), obs, None if draw else legal, budget)
            assert core.plan(fast_obs._core_view, None if draw else legal, budget) == expected, \
                f"{rules} {players}p budget {budget}"
            compared += 1
            cut += budget == 80 and not expected[3]
        ties += not draw and _top_ties(table)
    assert compared > 1000 and ties > 10 and cut > 0, (compared, ties, cut)


def test_a_stale_or_copied_observation_is_read_in_python():
    """An observation whose compiled state has moved on, or a copy of one (which keeps no link
    to the state), is answered by the Python bot: the same choice the reference gives."""
    game = make_game(players=2, target=None)
    deal = game.new_initial_state().sample_chance(random.Random(3))
    ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
    ref.apply_chance(deal)
    fast.apply_chance(deal)
    obs, legal = fast.observation(0), fast.legal_actions()
    expected = HeuristicBurracoBot("strong", seed=1).choose(ref.observation(0), legal)
    core = HeuristicBurracoBot("strong", seed=1)._compiled(obs, HeuristicBurracoBot("strong").weights(2))
    fast.apply(legal[0])
    assert core.choose(obs._core_view, legal) == -2
    assert HeuristicBurracoBot("strong", seed=1).choose(obs, legal) == expected
    for copied in (copy.deepcopy(obs), pickle.loads(pickle.dumps(obs))):
        assert copied == obs and copied.__dict__.get("_core_view") is None
        assert HeuristicBurracoBot("strong", seed=1).choose(copied, legal) == expected


def test_the_cards_hidden_from_a_seat_do_not_change_the_core_bot():
    """Another deal of what the seat cannot see (the others' hands, the stock, the pozzetti),
    loaded into the core: the same plans and the same choices."""
    game = make_game(players=4, target=None)
    checked = 0
    for _, fast, seat, _, fast_chosen in side_by_side(game, 2, 5, strong):
        if checked >= 40 or fast.turn_number < 8:
            continue
        obs, legal = fast.observation(seat), fast.legal_actions()
        swapped = native.NativeBurracoState.from_python(game.sample_hidden_state(obs, random.Random(checked)))
        other = (seat + 1) % 4
        assert swapped.hand_cards(other) != fast.hand_cards(other) or not fast.hand_cards(other)
        again = swapped.observation(seat)
        bot = HeuristicBurracoBot("strong", seed=0)
        core = bot._compiled(obs, bot.weights(4))
        legal_or_none = None if obs.phase == "draw" else legal
        if legal_or_none is not None or TAKE in legal:
            assert core.plan(again._core_view, legal_or_none, 80 if legal_or_none else 40) == \
                core.plan(obs._core_view, legal_or_none, 80 if legal_or_none else 40)
        assert HeuristicBurracoBot("strong", seed=0).choose(again, legal) == \
            HeuristicBurracoBot("strong", seed=0).choose(obs, legal)
        checked += 1
    assert checked == 40


def test_the_core_bot_refuses_what_is_not_a_view_or_a_budget():
    game = make_game(players=2, target=None)
    fast = native.NativeBurracoState(game)
    fast.apply_chance(fast.sample_chance(random.Random(1)))
    obs = fast.observation(0)
    bot = HeuristicBurracoBot("strong")
    core = bot._compiled(obs, bot.weights(2))
    with pytest.raises(TypeError, match="SeatView"):
        core.choose(obs, fast.legal_actions())
    with pytest.raises(ValueError, match="budget"):
        core.plan(obs._core_view, None, 0)
    with pytest.raises(ValueError, match="seat 5"):
        fast._seat_view(5)
    with pytest.raises(ValueError, match="18 weights"):
        type(core)((1.0,), True, False, (1, 3))


def test_where_no_plan_applies_the_core_hands_back_to_python(monkeypatch):
    """International Burraco's must-meld after taking the pile leaves turns no plan can end:
    the core answers -1 and the bot plays on in Python (_unplanned, with its seeded tie-breaks),
    the same choices as the reference."""
    fast_fallbacks = []
    unplanned = HeuristicBurracoBot._unplanned

    def spy(self, legal, table):
        fast_fallbacks.append(self._core_bots != {})
        return unplanned(self, legal, table)

    monkeypatch.setattr(HeuristicBurracoBot, "_unplanned", spy)
    game = make_game("internazionale", players=2, target=None)
    for _, _, _, chosen, fast_chosen in side_by_side(game, 12, 3, strong):
        assert fast_chosen == chosen
    assert sum(fast_fallbacks) >= 2 and not all(fast_fallbacks), fast_fallbacks


MATCHES = [("fibur", 3, 2005, 8), ("fedibur1985", 5, 2005, 8), ("internazionale", 4, 1005, 0)]


@pytest.mark.parametrize(("rules", "players", "target", "time_out_at"), MATCHES,
                         ids=[f"{r}-{p}" for r, p, _, _ in MATCHES])
def test_strong_chooses_alike_through_a_match(rules, players, target, time_out_at):
    """Whole matches (later hands, scores, at 3 and 5 the lone player and the pairs formed
    during the hand, a time-out called in the second hand where the test asks for one): the same
    choices, the core's bot reading the compiled state."""
    game = make_game(rules, players=players, target=target)
    ref_bots = [strong(game, seat, 50 + seat) for seat in range(players)]
    fast_bots = [strong(game, seat, 50 + seat) for seat in range(players)]
    ref, timed_out = match_on_both_engines(game, ref_bots, fast_bots, players, lambda state: bool(
        time_out_at and state.hands_played == 1 and state.turn_number >= time_out_at))
    assert ref.hands_played >= 2
    assert timed_out == bool(time_out_at)


def test_a_strong_spec_with_other_weights_chooses_alike():
    """A spec's weights (``heuristic:strong,pile=...``) reach the core as they reach the Python bot."""
    game = make_game(players=2, target=None)

    def spec(g, seat, seed):
        return HeuristicBurracoBot("strong", seed=seed, pile=0.5, take_at=-20, danger=40, wild_keep=25, keep=1)

    made = 0
    for _, _, _, chosen, fast_chosen in side_by_side(game, 6, 13, spec):
        assert fast_chosen == chosen
        made += 1
    assert made > 200
