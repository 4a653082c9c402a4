"""How much a bot beats uniformly random play, measured on duplicate deals: every deal is played
with the bot in one seat and again with a random player in that seat (the same shuffle, the same
random opponents), for every seat; the margin is the mean difference of that seat's return, with
a 95% normal interval. Used by the bot tests of Peppa and Tarocchi and to report the figures."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.game import Game
from tavolo.engine.play import play


def duplicate_margin(game: Game, bot: Callable[[int], object], deals: int, seed: int = 0,
                     value: Callable[[list[float], int], float] | None = None) -> tuple[float, float]:
    """``(mean, half-width of the 95% interval)`` of the bot's gain over random play per deal and seat;
    ``value(result, seat)`` says what a seat made of a deal (its return by default; e.g. its lead
    over the best other seat where every side scores its own points)."""
    diffs = []
    for deal in range(seed, seed + deals):
        for seat in range(game.num_players):
            results = []
            for player in (bot(deal * 10 + seat), RandomBot(deal * 10 + seat)):
                agents = [player if s == seat else RandomBot(deal * 100 + s) for s in range(game.num_players)]
                result = play(game, agents, seed=deal).result
                results.append(value(result, seat) if value else result[seat])
            diffs.append(results[0] - results[1])
    return statistics.mean(diffs), 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
