"""The Peppa bots beat uniformly random play on duplicate deals (tests/bot_margin.py): the
simple bot at Hearts, the sampling bot at the seed's Peppa, where a player who ducks every point
is too often left to pay the 36 of another's clean sweep ("Punteggio"); the lower end of the 95%
interval of the margin must be above zero. Both play reproducibly from their seed."""

from tavolo.bots.peppa import SamplingPeppaBot, SimplePeppaBot
from tavolo.engine.play import play
from tavolo.games.peppa import make_game

from tests.bot_margin import duplicate_margin


def test_the_simple_bot_beats_random_play_at_hearts():
    mean, half = duplicate_margin(make_game(rules="hearts", target=None), SimplePeppaBot, deals=40)
    assert mean - half > 0, (mean, half)


def test_the_sampling_bot_beats_random_play_at_peppa():
    game = make_game(target=None)
    mean, half = duplicate_margin(game, lambda seed: SamplingPeppaBot(game, seed=seed, samples=4), deals=40)
    assert mean - half > 0, (mean, half)


def test_the_bots_play_reproducibly_from_their_seed():
    game = make_game(players=6, target=None)
    records = [play(game, [SamplingPeppaBot(game, seed=1, samples=2)] + [SimplePeppaBot(s) for s in range(5)],
                    seed=9) for _ in range(2)]
    assert records[0].actions == records[1].actions
