"""The solver bot: it plays whole hands through the protocol from its seat's observation, and
scores far more than uniformly random play on duplicate deals (tests/bot_margin.py)."""

from tavolo.bots.machiavelli import SolverMachiavelliBot
from tavolo.engine.play import play
from tavolo.games import replay
from tavolo.games.machiavelli import make_game

from tests.bot_margin import duplicate_margin


def test_the_solver_bot_beats_random_play_on_duplicate_deals():
    game = make_game(players=4, hands=1)
    mean, half = duplicate_margin(game, lambda seed: SolverMachiavelliBot(seed), deals=3)
    assert mean - half > 50  # measured: +122 points a hand (95% interval ±18) over 4 deals at four;
    # +372 (±15) over 10 deals at two


def test_bots_play_a_match_of_one_hand_each_and_someone_closes():
    game = make_game(players=3)
    record = play(game, [SolverMachiavelliBot(seed=s) for s in range(3)], seed=4)
    final = replay(record)
    assert final.is_terminal() and len(final.hand_results) == 3
    assert any(r.closer >= 0 for r in final.hand_results)

