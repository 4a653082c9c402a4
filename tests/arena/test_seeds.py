"""Seeds of deals and bots: hashed, reproducible, distinct, and no bot can read its deal back from its seed."""

import itertools

from tavolo.arena.duplicate import Seating, deal_seed, seatings
from tavolo.bots import deals
from tavolo.bots.deals import deal_scorer, derive_seed

RUNS, DEALS, SEATS = range(3), range(200), range(6)


def test_seeds_are_reproducible():
    assert [deal_seed(4, i) for i in DEALS] == [deal_seed(4, i) for i in DEALS]
    assert Seating(99, ("simple",) * 6).bot_seed(5) == Seating(99, ("random",) * 6).bot_seed(5)


def test_every_deal_of_every_run_and_every_bot_of_every_deal_has_its_own_seed():
    deal_seeds = [deal_seed(run, i) for run, i in itertools.product(RUNS, DEALS)]
    bot_seeds = [Seating(s, ("simple",) * 6).bot_seed(seat) for s in deal_seeds for seat in SEATS]
    assert len(set(deal_seeds)) == len(deal_seeds)
    assert len(set(bot_seeds)) == len(bot_seeds)
    assert not set(deal_seeds) & set(bot_seeds)


def test_a_bot_seed_is_not_its_deal_seed_shifted_nor_its_neighbours_plus_one():
    for s in (deal_seed(0, i) for i in DEALS):
        table = Seating(s, ("simple",) * 6)
        seeds = [table.bot_seed(seat) for seat in SEATS]
        assert all(seed >> shift != s for seed in seeds for shift in range(64))
        assert all(b - a != 1 for a, b in itertools.pairwise(seeds))
    assert deal_seed(1, 0) >> 32 != 1  # the run seed is not the high bits either


def test_both_tables_of_a_duplicate_deal_seed_each_seat_alike():
    first, second = seatings("random", "simple", deal_seed(2, 7), players=4)
    assert [first.bot_seed(seat) for seat in range(4)] == [second.bot_seed(seat) for seat in range(4)]


def test_the_tournament_scorer_seeds_its_bots_by_the_hash(monkeypatch):
    seen = []
    real = deals.HeuristicBurracoBot

    def recording(level, seed):
        seen.append(seed)
        return real(level, seed=seed)

    monkeypatch.setattr(deals, "HeuristicBurracoBot", recording)
    deal_scorer(12)
    assert seen == [derive_seed("bot", 12, seat) for seat in range(4)]
