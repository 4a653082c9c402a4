"""The heuristic bots of Scala 40, Briscola and Tressette: they play whole games through the
protocol, choosing only legal actions from their seat's observation, and beat uniformly
random play in most of them (seats alternated, seeds fixed)."""

import pytest

from tavolo.bots.briscola import SimpleBriscolaBot
from tavolo.bots.canasta import SimpleCanastaBot
from tavolo.bots.machiavelli import SolverMachiavelliBot
from tavolo.bots.mercante import ValueMercanteBot
from tavolo.bots.peppa import SimplePeppaBot
from tavolo.bots.perlina import SimplePerlinaBot
from tavolo.bots.petrangola import SimplePetrangolaBot
from tavolo.bots.pinnacola import SimplePinnacolaBot
from tavolo.bots.ramino import SimpleRaminoBot
from tavolo.bots.random_bot import RandomBot
from tavolo.bots.scala40 import SimpleScala40Bot
from tavolo.bots.tarocchi import SimpleTarocchiBot
from tavolo.bots.tressette import SimpleTressetteBot
from tavolo.engine.play import play
from tavolo.games import make_game

CASES = [
    ("scala40", dict(players=2, elimination=None), SimpleScala40Bot, 60, 0.8),
    ("briscola", dict(players=2), SimpleBriscolaBot, 200, 0.7),
    ("briscola", dict(players=4), SimpleBriscolaBot, 100, 0.7),
    ("tressette", dict(players=4, target=None, accusi="declared"), SimpleTressetteBot, 100, 0.65),
    ("petrangola", dict(players=6), SimplePetrangolaBot, 40, 0.9),
    ("perlina", dict(players=3, hands=5), SimplePerlinaBot, 30, 0.7),
    ("mercante", dict(players=8), ValueMercanteBot, 30, 0.9),
    ("peppa", dict(rules="hearts", players=4, target=None), SimplePeppaBot, 100, 0.7),
    ("tarocchi", dict(players=4, hands=4), SimpleTarocchiBot, 30, 0.8),
    ("machiavelli", dict(players=4, hands=1), SolverMachiavelliBot, 4, 0.75),
    ("canasta", dict(players=4, target=None), SimpleCanastaBot, 20, 0.7),
    ("ramino", dict(players=2, match=None), SimpleRaminoBot, 30, 0.8),
    ("pinnacola", dict(players=4, target=None), SimplePinnacolaBot, 20, 0.8),
]


@pytest.mark.parametrize("name, options, bot, games, share", CASES,
                         ids=[f"{c[0]}-{c[1]['players']}" for c in CASES])
def test_the_simple_bot_beats_random_play(name, options, bot, games, share):
    game = make_game(name, **options)
    wins = 0
    for i in range(games):
        bot_seats = [s for s in range(game.num_players) if s % 2 == i % 2]
        agents = [bot(seed=i * 10 + s) if s in bot_seats else RandomBot(seed=i * 10 + s)
                  for s in range(game.num_players)]
        result = play(game, agents, seed=i).result
        wins += max(result[s] for s in bot_seats) > max(r for s, r in enumerate(result) if s not in bot_seats)
    assert wins >= share * games
