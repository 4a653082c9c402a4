"""The simple Canasta bot: it plays whole hands through the protocol from its seat's observation
and leads the other sides by far more than a random player in its seat would, on duplicate deals
(the same shuffle, the same random opponents)."""

import math
import statistics

from tavolo.bots.canasta import SimpleCanastaBot
from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.games import replay
from tavolo.games.canasta import make_game


def lead_margin(game, deals):
    """Mean and 95% half-width of (the seat's side minus the best other side) with the bot in the
    seat minus the same with a random player there."""
    diffs = []
    for deal in range(deals):
        for seat in range(game.num_players):
            leads = []
            for player in (SimpleCanastaBot(deal * 10 + seat), RandomBot(deal * 10 + seat)):
                agents = [player if s == seat else RandomBot(deal * 100 + s) for s in range(game.num_players)]
                result = play(game, agents, seed=deal).result
                others = [v for s, v in enumerate(result) if game.options.side_of(s) != game.options.side_of(seat)]
                leads.append(result[seat] - max(others))
            diffs.append(leads[0] - leads[1])
    return statistics.mean(diffs), 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))


def test_the_simple_bot_leads_by_more_than_random_play_on_duplicate_deals():
    mean, half = lead_margin(make_game(players=4, target=None), deals=8)
    assert mean - half > 300  # measured: +1205 points a hand (95% interval ±490) over 10 deals at four;
    # +863 (±495) over 40 deals at two


def test_bots_play_a_match_to_5000():
    record = play(make_game(players=4, target=5000), [SimpleCanastaBot(seed=s) for s in range(4)], seed=4)
    final = replay(record)
    assert final.is_terminal() and max(final.observation(0).scores) >= 5000
    assert any(r.closer >= 0 for r in final.hand_results)
