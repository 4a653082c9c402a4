"""Bots by name: one spec string picks a player for the arena, the terminal
game, the RL opponents and tournament simulations.

A spec is a bot name, optionally followed by ``:`` and its settings, a level
or ``key=value`` pairs separated by commas::

    random                      uniform over the legal actions
    simple                      a beginner's habits (quick)
    heuristic:easy              a club player's rules, three levels:
    heuristic:normal              easy, normal, strong (the default)
    heuristic:strong
    ismcts:time=1               information-set MCTS, 1 second per move
    ismcts:iterations=200       ... or a fixed number of iterations per move
    pimc:time=0.1               strong's move or a rival that did better on sampled deals,
                                  0.1 second per move, in the compiled core (tavolo.bots.pimc)
    deviant:always-take         heuristic:strong with one habit changed (see
    deviant:hold,base=simple      tavolo.bots.deviations for the habits)
    deviant:hold,base=pimc:time=0.1,clock=cpu
                                a base with settings: ``base=`` comes last and
                                  takes the rest of the spec, commas included
    policy:path=FILE            a trained linear policy (tavolo.bots.policy), greedy
    campione:time=1,samples=400 any game: PIMC through the protocol, the game's own sampler of the
                                  hidden cards and its rule bot playing out (tavolo.bots.campione)

    >>> from tavolo.games.burraco import make_game
    >>> bot = make_bot("random", make_game(players=2, target=None), seat=0, seed=1)
    >>> type(bot).__name__
    'RandomBot'
    >>> make_bot("grandmaster", make_game(), seat=0)
    Traceback (most recent call last):
    ...
    ValueError: bot 'grandmaster': choose one of campione, deviant, heuristic, ismcts, pimc, policy, random, simple
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tavolo.engine.agent import Agent
from tavolo.engine.errors import Text
from tavolo.engine.game import Game

BotFactory = Callable[[Game, int, "int | None", dict[str, str]], Agent]
_BASE = re.compile(r"(?:^|,)\s*base=")
"""Where a spec's ``base=`` setting starts: it takes the rest of the spec."""


def _random(game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> Agent:
    from tavolo.bots.random_bot import RandomBot

    _no_settings("random", settings)
    return RandomBot(seed)


def _simple(game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> Agent:
    from tavolo.bots.simple import SimpleBurracoBot

    _no_settings("simple", settings)
    return SimpleBurracoBot(seed)


def _heuristic(game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> Agent:
    from tavolo.bots.heuristic import HeuristicBurracoBot

    return HeuristicBurracoBot(level=settings.pop("level", "strong"), seed=seed, **settings)


def _ismcts(game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> Agent:
    from tavolo.bots.ismcts import IsmctsBot

    return IsmctsBot(game, seat, seed=seed, **settings)


def _pimc(game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> Agent:
    from tavolo.bots.pimc import PimcBot

    return PimcBot(game, seat, seed=seed, **settings)


def _deviant(game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> Agent:
    from tavolo.bots.deviations import DEFAULT_BASE, HABITS, make_deviant

    habit = settings.pop("level", None)
    if habit is None:
        raise ValueError(Text("bot 'deviant': name a habit, one of {habits}", habits=", ".join(HABITS)))
    base = settings.pop("base", DEFAULT_BASE)
    if settings:
        raise ValueError(Text("bot 'deviant': unknown setting(s) {settings}; it takes a habit and base=SPEC",
                               settings=", ".join(sorted(settings))))
    return make_deviant(game, seat, seed, habit, base, make_bot)


def _campione(game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> Agent:
    from tavolo.bots.campione import CampioneBot

    return CampioneBot.from_settings(game, seat, seed, settings)


def _policy(game: Game, seat: int, seed: int | None, settings: dict[str, str]) -> Agent:
    from tavolo.bots.policy import PolicyBot

    return PolicyBot.from_settings(settings, seed, lambda base: make_bot(base, game, seat, seed))


HEAVY_BOTS = frozenset({"campione"})
"""Bots whose search is pure Python and long (up to its ``time`` a move, holding the interpreter's
lock): the online room chooses their moves in a worker process, never in its threads (issue 40,
"many tables of Campione at once do not slow the room's other tables")."""


def heavy(spec: str) -> bool:
    """Whether the bot ``spec`` names is one of :data:`HEAVY_BOTS` (its settings do not matter).

        >>> heavy("campione:time=0.25"), heavy("simple"), heavy("pimc:time=0.1")
        (True, False, False)
    """
    return spec.partition(":")[0].strip() in HEAVY_BOTS


BOTS: dict[str, BotFactory] = {
    "campione": _campione,
    "deviant": _deviant,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "pimc": _pimc,
    "policy": _policy,
    "random": _random,
    "simple": _simple,
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """The bot name and its settings: ``"ismcts:time=1"`` -> ``("ismcts", {"time": "1"})``;
    a bare word after the colon is the level: ``"heuristic:easy"`` -> ``{"level": "easy"}``.

        >>> parse_spec("ismcts:time=0.5,c=2")
        ('ismcts', {'time': '0.5', 'c': '2'})
        >>> parse_spec("heuristic:easy")
        ('heuristic', {'level': 'easy'})

    ``base=`` comes last and takes the rest, commas included, so a bot can wrap
    a base that has settings of its own:

        >>> parse_spec("deviant:hold,base=pimc:time=0.1,clock=cpu")
        ('deviant', {'level': 'hold', 'base': 'pimc:time=0.1,clock=cpu'})
    """
    name, _, rest = spec.strip().partition(":")
    if name not in BOTS:
        raise ValueError(Text("bot {name}: choose one of {bots}", name=repr(name), bots=", ".join(sorted(BOTS))))
    settings: dict[str, str] = {}
    found = _BASE.search(rest)
    rest, base = (rest[:found.start()], rest[found.end():].strip()) if found else (rest, None)
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            key, value = "level", item
        if not key or not value:
            raise ValueError(Text("bot spec {spec}: setting {item} is not key=value", spec=repr(spec), item=repr(item)))
        settings[key.strip()] = value.strip()
    if base is not None:
        if not base:
            raise ValueError(Text("bot spec {spec}: setting 'base=' names no bot", spec=repr(spec)))
        settings["base"] = base
    return name, settings


def make_bot(spec: str, game: Game, seat: int, seed: int | None = None) -> Agent:
    """A bot for ``seat`` of ``game`` by its spec (see the module docstring);
    the same seed gives the same play."""
    name, settings = parse_spec(spec)
    return BOTS[name](game, seat, seed, settings)


def _no_settings(name: str, settings: dict[str, Any]) -> None:
    if settings:
        raise ValueError(Text("bot {name} takes no settings, got {settings}", name=repr(name),
                               settings=", ".join(sorted(settings))))
