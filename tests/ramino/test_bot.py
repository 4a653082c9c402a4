"""The simple Ramino bot: it plays whole hands through the protocol from its seat's observation,
closes when it can, and pays far fewer points than uniformly random play on duplicate deals
(tests/bot_margin.py)."""

from tavolo.bots.ramino import SimpleRaminoBot
from tavolo.engine.play import play
from tavolo.games import replay
from tavolo.games.ramino import make_game

from tests.bot_margin import duplicate_margin


def test_the_simple_bot_pays_less_than_random_play_on_duplicate_deals():
    game = make_game(players=2, match=None)
    mean, half = duplicate_margin(game, lambda seed: SimpleRaminoBot(seed), deals=8)
    assert mean - half > 20  # measured: +54 points a hand (95% interval ±7) over 20 deals


def test_bots_close_a_match_to_101():
    game = make_game(players=3, closing_limit=5, reentry=True)
    record = play(game, [SimpleRaminoBot(seed=s) for s in range(3)], seed=4)
    final = replay(record)
    assert final.is_terminal() and sum(record.result) == 0 and len(final.winners()) == 1
    assert any(r.ended_by == "closing" for r in final.hand_results)
