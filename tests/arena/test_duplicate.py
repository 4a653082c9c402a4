"""Duplicate deals: the same cards at both tables, seat by seat, with the sides swapped."""

import pytest

from tavolo.arena.duplicate import (
    DuplicateDeal, arena_game, check_players, deal_seed, dealt, play_duplicate, play_table, seatings,
)

SEEDS = [deal_seed(11, i) for i in range(4)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_second_table_swaps_the_sides_over_the_same_deal(players):
    game = arena_game("fibur", players)
    for seed in SEEDS:
        first, second = seatings("random", "simple", seed, players)
        assert first.specs == tuple("random" if s % 2 == 0 else "simple" for s in range(players))
        assert second.specs == tuple("simple" if s % 2 == 0 else "random" for s in range(players))
        assert [first.bot_seed(s) for s in range(players)] == [second.bot_seed(s) for s in range(players)]
        one, two = dealt(game, first), dealt(game, second)
        for seat in range(players):
            assert one.hand_cards(seat) == two.hand_cards(seat)
            assert one.observation(seat) == two.observation(seat)


def test_different_deals_deal_different_cards():
    game = arena_game("fibur", 4)
    hands = {tuple(dealt(game, seatings("random", "simple", seed, 4)[0]).hand_cards(0)) for seed in SEEDS}
    assert len(hands) == len(SEEDS)


def test_a_duplicate_deal_is_its_two_tables_seen_from_a():
    game = arena_game("fibur", 4)
    seed = SEEDS[0]
    first, second = seatings("simple", "random", seed, 4)
    deal = play_duplicate("simple", "random", seed, rules="fibur", players=4, index=5)
    side0, side1 = play_table(game, second)
    assert deal.index == 5
    assert deal.points == (play_table(game, first), (side1, side0))
    assert deal.score == (deal.differences[0] + deal.differences[1]) / 2


@pytest.mark.parametrize("players", [2, 4])
def test_a_bot_against_itself_scores_exactly_zero(players):
    # Both tables are then the same game (same cards, same seeds by seat): only the sides' names swap.
    for seed in SEEDS:
        deal = play_duplicate("simple", "simple", seed, rules="fibur", players=players)
        assert deal.differences[0] == -deal.differences[1]
        assert deal.score == 0


def test_a_deal_replays_exactly():
    deals = [play_duplicate("random", "simple", SEEDS[1], rules="internazionale", players=2) for _ in range(2)]
    assert deals[0] == deals[1]


def test_the_duplicate_score_is_the_mean_of_the_two_differences():
    deal = DuplicateDeal(0, ((120.0, 400.0), (700.0, -30.0)))
    assert deal.differences == (-280.0, 730.0)
    assert deal.score == 225.0


@pytest.mark.parametrize("players", [3, 5, 7])
def test_tables_without_two_fixed_sides_are_refused(players):
    with pytest.raises(ValueError, match="2, 4 or 6 players"):
        check_players(players)
