"""How much a bot beats another (uniformly random play by default), measured on duplicate deals:
every deal is played once with the base bot in every seat, and again for each side with the bot
in that side's seats (the same shuffle, the same seeds for the other seats); the bot's margin for
the deal is the mean over the sides of what its side made less what the base made there. The
deals are independent, the sides of one deal are not (they share the shuffle and the base
table), so the 95% normal interval is taken over the deals' margins. Used by the bot tests and
by ``bench/levels.py`` to report the levels' figures."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.agent import Agent
from tavolo.engine.game import Game
from tavolo.engine.play import play

Value = Callable[[list[float], int], float]


def duplicate_margin(game: Game, bot: Callable[[int], Agent], deals: int, seed: int = 0,
                     value: Value | None = None, base: Callable[[int], Agent] = RandomBot,
                     sides: Sequence[Sequence[int]] | None = None,
                     compare: Callable[[float], float] | None = None) -> tuple[float, float]:
    """``(mean, half-width of the 95% interval)`` of ``bot``'s gain over ``base`` per deal and side.

    ``bot(seed)`` and ``base(seed)`` make the players; ``value(result, seat)`` says what a seat
    made of a deal (its return by default; e.g. its lead over the best other side where every
    side scores its own points); ``sides`` groups the seats that play together (partners): by
    default the partnerships of the game's state where it has them, else each seat alone;
    ``compare(difference)`` scores what the bot made less what the base made (the difference
    itself by default; IMPs at bridge). The player of seat ``s`` in deal ``d`` gets the seed
    ``100 * d + s``, whichever bot it is."""
    margins = deal_margins(game, bot, range(seed, seed + deals), value, base, sides, compare)
    return statistics.mean(margins), 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))


def deal_margins(game: Game, bot: Callable[[int], Agent], deals: Sequence[int], value: Value | None = None,
                 base: Callable[[int], Agent] = RandomBot,
                 sides: Sequence[Sequence[int]] | None = None,
                 compare: Callable[[float], float] | None = None) -> list[float]:
    """Per deal seed, the mean over the sides of the bot's gain over the base (see
    :func:`duplicate_margin`)."""
    players = game.num_players
    groups = sides or partnerships(game)
    worth = value or (lambda result, seat: result[seat])
    margins = []
    for deal in deals:
        seeds = [deal * 100 + seat for seat in range(players)]
        plain = play(game, [base(s) for s in seeds], seed=deal).result
        gains = []
        for side in groups:
            agents = [bot(s) if seat in side else base(s) for seat, s in enumerate(seeds)]
            result = play(game, agents, seed=deal).result
            gain = worth(result, side[0]) - worth(plain, side[0])
            gains.append(compare(gain) if compare else gain)
        margins.append(statistics.mean(gains))
    return margins


def partnerships(game: Game) -> list[tuple[int, ...]]:
    """The sides of ``game`` (its states' ``sides`` where they have them), else one seat a side."""
    found = getattr(game.new_initial_state(), "sides", None)
    if isinstance(found, (list, tuple)) and found and all(isinstance(side, tuple) for side in found):
        return [tuple(side) for side in found]
    return [(seat,) for seat in range(game.num_players)]
