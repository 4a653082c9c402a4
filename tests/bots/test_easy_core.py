"""heuristic:easy in the compiled core (``_easy.cpp``) against the Python bot, its reference.

When its observation comes from the compiled state, :class:`HeuristicBurracoBot` at level
``easy`` asks the core (``_core.EasyBot``) for its action: the draw by ``_take_pile``, the play
by ``_unplanned`` and ``_best``, the discard by ``keep_value``. Easy breaks exact ties between
melds with ``random.Random``; the core carries CPython's generator (the Mersenne Twister,
Matsumoto and Nishimura, ACM TOMACS 8(1), 1998, as ``Modules/_randommodule.c`` seeds and draws
it), and the bot hands the generator's state to the core and back. These tests hold the two to
the same choice at every decision (the three rule sets, 2, 3, 4 and 6 players, a match), the
generators to the same state after every hand, the port to CPython's numbers, and the search
to easy's rollouts (docs/compiled-engine.md).
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from tavolo.bots.heuristic import HeuristicBurracoBot
from tavolo.bots.ismcts import IsmctsBot
from tavolo.bots.registry import make_bot
from tavolo.games.burraco import make_game, native
from tavolo.games.burraco.rules import RULE_SETS
from tests.bots.helpers import match_on_both_engines

pytestmark = pytest.mark.skipif(not native.available(), reason="the compiled Burraco core is not built")

HANDS = 20
"""Hands of each table below: 240 at 2, 3, 4 and 6 players over the three rule sets."""
TABLES = [(rules, players) for rules in RULE_SETS for players in (2, 3, 4, 6)]


class CountingRandom(random.Random):
    """``random.Random`` that counts its draws (``draws``; ``total``: every instance's): the
    reference bot's tie-breaks."""

    total = 0

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        CountingRandom.total += 1
        return super().random()


def counted(seed: int) -> HeuristicBurracoBot:
    """An easy bot whose generator counts the tie-breaks it draws."""
    bot = HeuristicBurracoBot("easy", seed=seed)
    bot._rng = CountingRandom(seed)
    return bot


def side_by_side(game, hands: int, seed: int, make_pair=None):
    """Both engines from the same deals, one easy bot of each seat on each (the pair from
    ``make_pair(seed)``, else two bots with that seed): every decision as (compiled state, the
    reference bots, the compiled ones, the reference's choice, the compiled one's). After every
    hand the states are equal and each pair's generators are in the same state."""
    make_pair = make_pair or (lambda s: (counted(s), HeuristicBurracoBot("easy", seed=s)))
    for hand in range(hands):
        deal = game.new_initial_state().sample_chance(random.Random(seed * 1000 + hand))
        ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
        ref.apply_chance(deal)
        fast.apply_chance(deal)
        pairs = [make_pair(seed * 100 + hand * 10 + seat) for seat in range(game.num_players)]
        ref_bots, fast_bots = [p[0] for p in pairs], [p[1] for p in pairs]
        while not ref.is_terminal():
            seat = ref.current_player()
            chosen = ref_bots[seat].choose(ref.observation(seat), ref.legal_actions())
            fast_chosen = fast_bots[seat].choose(fast.observation(seat), fast.legal_actions())
            yield fast, ref_bots, fast_bots, chosen, fast_chosen
            ref.apply(chosen)
            fast.apply(chosen)
        assert fast.to_json() == ref.to_json()
        for ref_bot, fast_bot in zip(ref_bots, fast_bots):
            assert fast_bot._generator().getstate() == ref_bot._rng.getstate(), "the generators fell out of step"


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[f"{r}-{p}" for r, p in TABLES])
def test_easy_chooses_alike_in_the_core_and_in_python(rules, players):
    """The same choice at every decision of whole hands, the core's bot on the compiled state and
    the Python bot on the reference state, exact ties broken by the same numbers: the walk meets
    many tie-breaks, so a tie broken the other way, or a number drawn where Python draws none,
    shows."""
    game = make_game(rules, players=players, target=None)
    made = in_core = 0
    drawn = CountingRandom.total
    for fast, _, fast_bots, chosen, fast_chosen in side_by_side(game, HANDS, players):
        assert fast_chosen == chosen, f"{rules} {players}p decision {made}: core {fast_chosen}, Python {chosen}"
        made += 1
        in_core += bool(fast_bots[fast.current_player()]._core_bots)
    assert made > HANDS * 40 and in_core > made * 0.9, "the compiled observations are read in the core"
    assert CountingRandom.total - drawn > 500, "few tie-breaks: the walk would not catch a wrong one"


def test_easy_chooses_alike_through_a_match():
    """A whole match at 3 players (later hands, the scores, the pairs formed during the hand):
    the same bots throughout, the generator carried from hand to hand."""
    game = make_game("fibur", players=3, target=2005)
    ref_bots = [counted(70 + seat) for seat in range(3)]
    fast_bots = [HeuristicBurracoBot("easy", seed=70 + seat) for seat in range(3)]
    ref, _ = match_on_both_engines(game, ref_bots, fast_bots, 3)
    assert ref.hands_played >= 2
    assert sum(bot._rng.draws for bot in ref_bots) > 100


def test_the_generator_crosses_between_the_engines():
    """A bot whose observations are now compiled, now copies (a copy keeps no link to the
    compiled state: the Python code reads it): the generator's state goes to the core and comes
    back, and the choices are the reference's throughout; a bot seeded from the OS (seed None)
    and its twin given the same state choose alike."""
    game = make_game(players=2, target=None)
    moves = {"core": 0, "python": 0}
    calls = 0

    def mixed(seed: int):
        ref, fast = counted(seed), HeuristicBurracoBot("easy", seed=None if seed % 2 else seed)
        ref._rng.setstate(fast._rng.getstate())
        choose = fast.choose

        def sometimes_copied(obs, legal):
            nonlocal calls
            calls += 1
            if calls % 3 == 0:
                moves["python"] += fast._rng_holder is not None
                obs = copy.deepcopy(obs)
            else:
                moves["core"] += fast._rng_holder is None
            return choose(obs, legal)

        fast.choose = sometimes_copied
        return ref, fast

    made, drawn = 0, CountingRandom.total
    for _, _, _, chosen, fast_chosen in side_by_side(game, 8, 5, mixed):
        assert fast_chosen == chosen
        made += 1
    assert made > 300 and CountingRandom.total - drawn > 100
    assert moves["core"] > 100 and moves["python"] > 100, moves


def test_a_stale_observation_draws_nothing_in_the_core():
    """An observation whose compiled state has moved on: the core answers -2 before any draw,
    and the bot reads it in Python, the reference's choice."""
    game = make_game(players=4, target=None)
    deal = game.new_initial_state().sample_chance(random.Random(4))
    ref, fast = game.new_initial_state(), native.NativeBurracoState(game)
    ref.apply_chance(deal)
    fast.apply_chance(deal)
    obs, legal = fast.observation(0), fast.legal_actions()
    expected = HeuristicBurracoBot("easy", seed=2).choose(ref.observation(0), legal)
    bot = HeuristicBurracoBot("easy", seed=2)
    core = bot._in_core(obs, bot.weights(4))
    state = core.getstate()
    fast.apply(legal[0])
    assert core.choose(obs._core_view, legal) == -2 and core.getstate() == state
    assert bot.choose(obs, legal) == expected


def test_a_copied_or_pickled_bot_goes_on_alike():
    """An easy bot copied or pickled mid-hand, after choosing in the core: its generator comes
    home, the copy makes its own core twin, and both go on with the reference's choices and end
    the hand with the reference's generator."""
    game = make_game(players=2, target=None)
    copies: dict[int, list[HeuristicBurracoBot]] = {}
    made = 0
    for fast, ref_bots, fast_bots, chosen, fast_chosen in side_by_side(game, 1, 21):
        seat = fast.current_player()
        assert fast_chosen == chosen
        for twin in copies.get(seat, []):
            assert twin.choose(fast.observation(seat), fast.legal_actions()) == chosen
        made += 1
        if made == 40:
            copies = {s: [copy.deepcopy(bot), pickle.loads(pickle.dumps(bot))] for s, bot in enumerate(fast_bots)}
            assert all(bot._core_bots for bot in fast_bots) and not any(c._core_bots for c, _ in copies.values())
            drawn = sum(bot._rng.draws for bot in ref_bots)
    assert made > 100 and sum(bot._rng.draws for bot in ref_bots) - drawn > 10, "tie-breaks after the copy"
    for seat, twins in copies.items():
        assert all(twin._generator().getstate() == ref_bots[seat]._rng.getstate() for twin in twins)


def test_a_spec_with_other_weights_chooses_alike():
    """A spec's weights (``heuristic:easy,pile_loner=...``) reach the core as they reach the Python bot."""
    game = make_game(players=4, target=None)
    weights = {"pile_loner": 0.5, "pile_pair": 9, "take_at": -3, "danger": 30, "wild_keep": 2, "points": 0.9}

    def pair(seed: int):
        ref = HeuristicBurracoBot("easy", seed=seed, **weights)
        ref._rng = CountingRandom(seed)
        return ref, HeuristicBurracoBot("easy", seed=seed, **weights)

    made = 0
    for _, _, _, chosen, fast_chosen in side_by_side(game, 6, 13, pair):
        assert fast_chosen == chosen
        made += 1
    assert made > 200


SEEDS = [0, 1, 42, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**64 - 1, 2**64, 3**100, -1, -(2**40) - 7, -(3**50)]


def core_bot():
    game = make_game(players=2, target=None)
    fast = native.NativeBurracoState(game)
    fast.apply_chance(fast.sample_chance(random.Random(1)))
    bot = HeuristicBurracoBot("easy")
    return bot.core_twin(fast.observation(0), bot.weights(2))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_core_generator_is_cpythons(seed):
    """Seeded with an int (zero, 32-bit and wider, negative), the core's generator is
    ``random.Random(seed)``: the same state and the same 2,000 floats (six regenerations of the
    624 words)."""
    core, reference = core_bot(), random.Random(seed)
    core.seed(seed)
    assert core.getstate() == reference.getstate()[1]
    assert [core.random() for _ in range(2000)] == [reference.random() for _ in range(2000)]
    assert core.getstate() == reference.getstate()[1]


def test_the_core_generator_takes_and_gives_a_state():
    """A state handed over mid-stream (its index anywhere in the words) goes on as in Python; a
    state that is not one is refused."""
    reference = random.Random(7)
    core = core_bot()
    for k in (0, 1, 311, 312, 313, 700):
        for _ in range(k):
            reference.random()
        core.setstate(reference.getstate()[1])
        assert [core.random() for _ in range(50)] == [reference.random() for _ in range(50)]
    words = reference.getstate()[1]
    with pytest.raises(ValueError):
        core.setstate(words[:-1])
    with pytest.raises(ValueError):
        core.setstate(words[:-1] + (625,))
    with pytest.raises(OverflowError):
        core.setstate((2**32,) + words[1:])
    with pytest.raises(TypeError):
        core.seed(1.5)


def test_the_core_search_rolls_out_with_easy():
    """The search in the core takes easy's twins as its rollout bots (``rollout=heuristic:easy``,
    the default): the same seed repeats the search, and the visits differ from strong's rollouts
    on the same positions (the rollouts are not strong's). Mixed rollout bots are refused."""
    game = make_game("fibur", players=4, target=None)
    bots = [make_bot("heuristic:strong", game, seat, seed=seat) for seat in range(4)]
    state = native.NativeBurracoState(game)
    state.apply_chance(state.sample_chance(random.Random(8)))
    differ = searched = 0
    while not state.is_terminal() and searched < 12:
        seat, legal = state.current_player(), state.legal_actions()
        if len(legal) > 2:
            obs = state.observation(seat)
            easy = [IsmctsBot(game, seat, seed=4, iterations="60") for _ in range(2)]
            strong = IsmctsBot(game, seat, seed=4, iterations="60", rollout="heuristic:strong")
            visits = []
            for bot in (*easy, strong):
                bot.choose(obs, legal)
                assert bot.last_root is None and bot.last_iterations == 60, "searched in the core"
                visits.append(bot.last_visits)
            assert visits[0] == visits[1]
            differ += visits[0] != visits[2]
            searched += 1
        state.apply(bots[seat].choose(state.observation(seat), legal))
    assert searched == 12 and differ >= 6
    easy_twin = core_bot()
    strong_bot = HeuristicBurracoBot("strong")
    strong_twin = strong_bot.core_twin(state.observation(0), strong_bot.weights(4))
    with pytest.raises(TypeError, match="all StrongBot or all EasyBot"):
        native._core.Ismcts(strong_twin, (strong_twin, easy_twin, easy_twin, easy_twin), 1.0, 2, 100.0, 0.0)
