"""The arena's statistics on inputs whose answers are known."""

import math

import pytest

from tavolo.arena.duplicate import DuplicateDeal
from tavolo.arena.elo import elo_ratings
from tavolo.arena.stats import deal_outcome, match_winners, mean_interval, t_quantile, wilson_interval
from tavolo.arena.summary import summarize_pair


@pytest.mark.parametrize("df, quantile", [(1, 12.7062), (2, 4.3027), (5, 2.5706), (9, 2.2622), (30, 2.0423),
                                          (120, 1.9799), (2000, 1.9612)])
def test_t_quantiles_match_the_tables(df, quantile):
    assert t_quantile(0.975, df) == pytest.approx(quantile, abs=1e-4)


def test_the_mean_interval_of_one_to_ten():
    # mean 5.5, standard deviation 3.0277, standard error 0.95743, t(0.975, 9) = 2.26216
    interval = mean_interval([float(v) for v in range(1, 11)])
    assert interval.estimate == 5.5
    assert interval.low == pytest.approx(5.5 - 2.165852, abs=1e-5)
    assert interval.high == pytest.approx(5.5 + 2.165852, abs=1e-5)


def test_the_interval_narrows_with_more_deals():
    few, many = mean_interval([100.0, -50.0] * 10), mean_interval([100.0, -50.0] * 1000)
    assert many.high - many.low < (few.high - few.low) / 5


def test_the_wilson_interval_of_eight_wins_in_ten():
    share = wilson_interval(8, 10)
    assert (share.estimate, round(share.low, 4), round(share.high, 4)) == (0.8, 0.4902, 0.9433)
    assert wilson_interval(0, 0) is None


def test_a_match_ends_when_a_side_has_reached_the_target_and_leads():
    hands = [(1500, 500), (500, 1505),    # 2000 to 2005: B wins the first match
             (2005, 1000),                # A reaches 2005 at once: A wins the second
             (1000, 1000), (1005, 1005),  # 2005 all: nobody leads, the match goes on
             (-100, 0),                   # B leads 2005 to 1905: B wins the third
             (1990, 0)]                   # left over: no match
    assert match_winners(hands, target=2005) == [1, 0, 1]


def test_a_pair_counts_the_matches_of_both_tables():
    # (A, B) points at table 1 and at table 2 of each deal.
    # Table 1: A reaches 2100 in three deals (a match for A), then (0, 1200) is left over.
    # Table 2: B reaches 2100 in two deals (a match for B), then A in two more (a match for A).
    points = [((700, 100), (0, 1100)), ((700, 100), (0, 1000)), ((700, 100), (900, 0)), ((0, 1200), (1200, 0))]
    pair = summarize_pair("A", "B", [DuplicateDeal(i, p) for i, p in enumerate(points)], target=2005)
    assert (pair.matches, pair.match_wins, pair.match_share.estimate) == (3, 2, 2 / 3)
    assert pair.scores == [-250.0, -200.0, 750.0, 0.0]
    assert pair.deal_wins == (1, 1, 2)
    assert pair.difference.estimate == 75.0


def test_deal_outcomes_follow_the_sign_of_the_duplicate_score():
    assert [deal_outcome(s) for s in (0.5, 0.0, -300.0)] == [1.0, 0.5, 0.0]


def synthetic_outcomes(p_ab: float, p_bc: float, p_ac: float, deals: int = 400):
    """Per-deal results with exact win shares: A beats B p_ab of the deals, and so on."""
    def results(p):
        wins = round(p * deals)
        return [1.0] * wins + [0.0] * (deals - wins)

    return {("A", "B"): results(p_ab), ("B", "C"): results(p_bc), ("A", "C"): results(p_ac)}


def test_ratings_order_the_bots_by_strength():
    ratings = elo_ratings(synthetic_outcomes(0.7, 0.7, 0.85), seed=3)
    assert [r.name for r in ratings] == ["A", "B", "C"]
    assert sum(r.elo for r in ratings) / 3 == pytest.approx(1500)
    for rating in ratings:
        assert rating.low <= rating.elo <= rating.high
    a, b, c = ratings
    assert a.low > b.high and b.low > c.high  # 400 deals a pair separate these clearly


def test_two_bots_get_the_logistic_gap_of_their_share():
    # 300 of 400 deals (with the virtual deals 301 of 402): a gap of 400 log10(301 / 101).
    ratings = elo_ratings({("A", "B"): [1.0] * 300 + [0.0] * 100})
    assert ratings[0].elo - ratings[1].elo == pytest.approx(400 * math.log10(301 / 101))


def test_ties_count_half_to_each_bot():
    ratings = elo_ratings({("A", "B"): [0.5] * 50 + [1.0, 0.0] * 10})
    assert ratings[0].elo == pytest.approx(1500) and ratings[1].elo == pytest.approx(1500)


def test_a_bot_that_wins_every_deal_gets_a_finite_bounded_rating():
    ratings = elo_ratings({("A", "B"): [1.0] * 100, ("B", "C"): [1.0] * 100})
    gap = ratings[0].elo - ratings[1].elo
    assert [r.name for r in ratings] == ["A", "B", "C"]
    assert 0 < gap <= 400 * math.log10(101) + 1e-6


@pytest.mark.parametrize("deals", [1, 10, 1000])
def test_a_pair_won_on_every_deal_gets_a_finite_rating_and_an_interval_of_real_width(deals):
    # the prior's virtual deals (one won each way) make it 1 + deals won of 2 + deals: a gap of 400 log10(deals + 1)
    winner, loser = elo_ratings({("A", "B"): [1.0] * deals}, seed=4)
    assert (winner.name, loser.name) == ("A", "B")
    assert winner.elo - loser.elo == pytest.approx(400 * math.log10(deals + 1))
    for rating in (winner, loser):
        assert math.isfinite(rating.low) and math.isfinite(rating.high)
        assert rating.low < rating.elo < rating.high
        assert rating.high - rating.low > 50  # the bootstrap of the wins alone gave a single point


def test_the_bootstrap_is_reproducible_from_its_seed():
    outcomes = synthetic_outcomes(0.6, 0.55, 0.65, deals=100)
    assert elo_ratings(outcomes, seed=1) == elo_ratings(outcomes, seed=1)
    assert elo_ratings(outcomes, seed=1) != elo_ratings(outcomes, seed=2)
