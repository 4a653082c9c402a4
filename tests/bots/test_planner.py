"""The whole-turn planner of the heuristic Burraco bot: it finds the closing line that one
action at a time misses, keeps its plan through the turn only while the hand is the one it
expected, and every level plays whole seeded hands legally and reproducibly."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavolo.bots.heuristic import LEVELS, HeuristicBurracoBot
from tavolo.bots.planner import _opens_left, counts, hand_after, melds_after, opens, plan_turn
from tavolo.bots.weights import DEFAULT_WEIGHTS, TUNING_SPACE, Weights
from tavolo.cards import french as fr
from tavolo.engine.play import play
from tavolo.games.burraco import make_game
from tavolo.games.burraco.actions import DISCARD_BASE, GROUP_RANKS, OPEN_BASE, TEMPLATES
from tavolo.games.burraco.cards import NUM_TYPES, WILD
from tavolo.games.burraco.melds import Group, meld_text
from tests.bots.helpers import CLOSE_POSITION, play_turn
from tests.burraco.helpers import position

def test_strong_closes_with_kh_kh_ts_2d():
    """fedibur-1985 art. 6: with the pozzetto taken and a burraco, "chiudere" is to be left
    without cards discarding one that is not a matta. Attaching the 2d to the six spades
    (a dirty burraco) and discarding scores on the spot; opening Kh Kh 2d and discarding
    the Ts closes: strong finds the close, the levels that do not plan the closing miss it."""
    state = position(**CLOSE_POSITION)
    assert play_turn(HeuristicBurracoBot("strong", seed=1), state) == ["open Kh Kh 2d", "discard Ts"]
    assert state.is_terminal() and state.hand_results[-1].ended_by == "closing"
    easy = position(**CLOSE_POSITION)
    assert play_turn(HeuristicBurracoBot("easy", seed=1), easy)[0] == "attach 2d to 2"
    assert not easy.is_terminal()


def test_the_closing_discard_is_never_a_wild():
    """fedibur-1985 art. 6: "Per chiudere bisogna scartare una carta che non sia una matta":
    with Kh Kh 2d Ts nothing else closes, so the planner does not end on the 2d."""
    state = position(hands={0: "Ts Th 2d"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c"]}, taken={0: True}, turn=0)
    actions = play_turn(HeuristicBurracoBot("strong", seed=1), state)
    assert actions[-1] != "discard 2d"
    assert not state.is_terminal()


def test_opens_lists_every_three_card_meld_the_hand_makes():
    """fedibur-1985 art. 4: a meld is a sequence or a combination of at least three cards,
    with at most one matta."""
    texts = sorted(meld_text(TEMPLATES[a - OPEN_BASE].meld) for a in opens(counts(fr.parse_many("5h 6h 7h *")), (), None))
    assert "5h 6h 7h" in texts and "5h 6h *(7)"[:5] in " ".join(texts)
    assert all(sum(1 for c in TEMPLATES[a - OPEN_BASE].cards if WILD[c]) <= 1
               for a in opens(counts(fr.parse_many("5h 6h 7h * 2c 2d")), (), None))
    # International Burraco: combinations of aces and threes only (codice art. 8)
    assert opens(counts(fr.parse_many("Kh Kd Kc")), (), (1, 3)) == []


def test_a_plan_applies_its_melds_to_the_hand():
    h = counts(fr.parse_many("Kh Kh 2d Ts"))
    action = opens(h, (), None)[0]
    after, melds = hand_after(action, h), melds_after(action, ())
    assert sum(after) == 1 and after[fr.parse("Ts")] == 1 and meld_text(melds[0]) == "Kh Kh 2d"


class Recorder:
    """Records the evaluator's calls; scores every meld 1 and every ending 0."""

    def __init__(self):
        self.finishes = 0

    def meld_value(self, action, h, melds):
        return 1.0

    def finish(self, h, melds, melded):
        self.finishes += 1
        held = [c for c in range(len(h)) if h[c]]
        return (DISCARD_BASE + held[0], 0.0) if held else (-1, float("-inf"))


def test_the_search_stays_within_its_budget_and_finds_the_longest_line():
    h = counts(fr.parse_many("3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"))
    recorder = Recorder()
    plan = plan_turn(h, [], recorder, group_ranks=None, budget=30)
    assert recorder.finishes <= 30
    assert plan.value >= 3 and DISCARD_BASE <= plan.actions[-1] < OPEN_BASE


@pytest.mark.parametrize("players", [2, 4])
def test_whole_hands_with_the_planner_in_every_seat_are_legal_and_replay_from_their_seed(players):
    """The plan kept between calls of one turn never plays an action the engine refuses, and
    the same seeds give the same hand."""
    game = make_game("fibur", players=players, target=None)

    class Checked:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, obs, legal):
            action = self.bot.choose(obs, legal)
            assert action in legal
            return action

    for seed in range(2):
        records = [play(game, [Checked(HeuristicBurracoBot("strong", seed=seed * 10 + s)) for s in range(players)],
                        seed=seed) for _ in range(2)]
        assert records[0].actions == records[1].actions and records[0].result == records[1].result


def test_the_plan_is_dropped_when_the_hand_is_not_the_expected_one():
    """Going out al volo brings the pozzetto's cards into the hand mid-turn (fedibur-1985
    art. 6): a plan made before cannot hold, the bot plans again from the new hand."""
    state = position(hands={0: "Kh Kd Kc 9s"}, melds={0: ["3c 4c 5c 6c 7c 8c"]}, turn=0)
    bot = HeuristicBurracoBot("strong", seed=2)
    for action in play_turn(bot, state):
        assert action  # every action was legal (asserted in play_turn)


def test_weights_are_per_player_count_and_bounded_for_tuning():
    assert set(DEFAULT_WEIGHTS) == {2, 3, 4, 5, 6}
    assert all(isinstance(w, Weights) for w in DEFAULT_WEIGHTS.values())
    names = {f for f in Weights.__dataclass_fields__}
    for name, (low, high) in TUNING_SPACE.items():
        assert name in names and low < high


def test_a_spec_overrides_a_weight_and_refuses_unknown_or_bad_ones():
    from tavolo.bots.registry import make_bot

    bot = make_bot("heuristic:strong,pile=1.5", make_game(players=2, target=None), seat=0, seed=1)
    assert bot.weights(2).pile == 1.5 and bot.weights(4).pile == 1.5
    with pytest.raises(ValueError, match="unknown setting 'depth'.*pile"):
        make_bot("heuristic:strong,depth=3", make_game(), seat=0)
    with pytest.raises(ValueError, match="pile='lots' is not a number"):
        HeuristicBurracoBot("strong", pile="lots")
    with pytest.raises(ValueError, match="not a finite number"):
        HeuristicBurracoBot("strong", close="nan")


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_prior_is_a_distribution_with_most_mass_on_the_choice(level):
    state = position(**CLOSE_POSITION)
    obs, legal = state.observation(0), state.legal_actions()
    prior = HeuristicBurracoBot(level, seed=3).prior(obs, legal)
    assert set(prior) == set(legal) and abs(sum(prior.values()) - 1) < 1e-9
    assert max(prior, key=prior.get) == HeuristicBurracoBot(level, seed=3).choose(obs, legal)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_early_in_the_hand_no_wild_opens_a_three_card_meld(level):
    """The levels' rule "le matte non si buttano": a wild goes down only to complete a
    burraco, to go out or at the end, not to open Kh Kh 2d on an early turn (the pinella is
    a matta, fedibur-1985 art. 4, and at most one per meld)."""
    state = position(hands={0: "Kh Kd 2c 2d 5s 6s 9h Jc Qd 4h 7c 8d"}, turn=0, stock_size=40)
    bot = HeuristicBurracoBot(level, seed=4)
    for action in play_turn(bot, state):
        if action.startswith("open"):
            assert not {"2c", "2d", "*"} & set(action.split()[1:]), action


def _opens_by_filter(h, melds, group_ranks):
    """Every template whose cards ``h`` holds, filtered as the rules say: the definition
    :func:`opens` builds from the hand directly."""
    grouped = {m.rank for m in melds if type(m) is Group}
    out = set()
    for t, (meld, cards) in enumerate(TEMPLATES):
        if type(meld) is Group and (meld.rank in grouped or (group_ranks is not None and meld.rank not in group_ranks)):
            continue
        if all(h[c] >= cards.count(c) for c in cards):
            out.add(OPEN_BASE + t)
    return out


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.integers(0, NUM_TYPES - 1), max_size=30),
       grouped=st.sets(st.sampled_from(GROUP_RANKS), max_size=3),
       group_ranks=st.sampled_from([None, (1, 3)]))
def test_opens_are_exactly_the_templates_the_hand_holds(cards, grouped, group_ranks):
    """Sequences and combinations of three (art. 4), pinelle twice where one is natural."""
    h = counts(cards)
    melds = [Group(rank, (1, 1, 1, 0)) for rank in sorted(grouped)]
    found = opens(h, melds, group_ranks)
    assert len(found) == len(set(found))
    assert set(found) == (_opens_by_filter(h, melds, group_ranks) if len(cards) >= 3 else set())


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.integers(0, NUM_TYPES - 1), min_size=3, max_size=30), data=st.data())
def test_the_opens_left_after_a_meld_are_the_opens_of_the_hand_left(cards, data):
    """The planner filters a position's openings after a meld instead of building them again:
    the filter gives exactly the openings the smaller hand allows (a combination's rank, once
    opened, is not opened twice by a side)."""
    h = counts(cards)
    found = opens(h, [], None)
    if not found:
        return
    action = data.draw(st.sampled_from(found))
    after, melds = hand_after(action, h), melds_after(action, ())
    removed = sum(1 << card for card in set(TEMPLATES[action - OPEN_BASE].cards))
    grouped = 1 << melds[0].rank if type(melds[0]) is Group else 0
    assert sorted(_opens_left(found, after, removed, grouped)) == sorted(opens(after, melds, None))
