"""What the table service needs to know of each game it offers online: one
:class:`GameView` per game. The server never reads a game's internals; a new
game appears in the browser by adding its builder to :data:`CATALOG`. Each view is built
(its rules and bots loaded) when its game is first used, so a package one game needs and
this machine lacks takes that game off the lobby, never the whole server down.

    >>> view = VIEWS["briscola"]
    >>> view.family, [o.name for o in view.options]
    ('tricks', ['players', 'rounds'])
    >>> view.build({"players": 4}).num_players
    4
    >>> try:
    ...     view.build({"players": 7})
    ... except OptionError as exc:
    ...     print(exc.field, "-", exc)
    players - players: 7 is not one of 2, 3, 4
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from tavolo.bots.random_bot import RandomBot
from tavolo.bots.registry import heavy, make_bot
from tavolo.cards import french as fr
from tavolo.cards import italian as it
from tavolo.cards import tarocchi as ta
from tavolo.engine.agent import Agent
from tavolo.engine.errors import Sentence
from tavolo.engine.game import Game, State
from tavolo.games import make_game

log = logging.getLogger(__name__)


class OptionError(ValueError):
    """An option a game does not take, or a value it does not allow; ``field`` names it. The
    ``message`` is the game's own :class:`~tavolo.engine.errors.Text` where its rules refuse
    the options together (said in the reader's language), else a plain sentence."""

    def __init__(self, field: str, message: Sentence) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class OptionField:
    """One option of the lobby's form; ``label`` is an English msgid (domain ``server``)."""

    name: str
    label: str
    choices: tuple[Any, ...]
    default: Any

    @property
    def kind(self) -> str:
        return "bool" if self.choices == (False, True) else "choice"

    def read(self, options: dict[str, Any]) -> Any:
        value = options.get(self.name, self.default)
        if value not in self.choices or type(value) is not type(self._match(value)):
            shown = ", ".join("none" if c is None else str(c) for c in self.choices)
            raise OptionError(self.name, f"{self.name}: {value!r} is not one of {shown}")
        return value

    def _match(self, value: Any) -> Any:
        return next(c for c in self.choices if c == value)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "choices": list(self.choices), "default": self.default,
                "label": self.label}


Moment = dict[str, Any]
"""An announcement: ``{"key": English msgid (domain server), "params": {...}}``."""

BOOL = (False, True)


@dataclass(frozen=True)
class GameView:
    """A game as the table service offers it (see the module docstring)."""

    name: str
    title: str
    family: str
    """``rummy``, ``tricks``, ``parlour`` ... : which browser view (static/views/<family>.js) draws it."""
    options: tuple[OptionField, ...]
    bots: tuple[tuple[str, str], ...]
    """(spec, English label); the first is the default."""
    bot_factories: dict[str, Callable[[Game, int, int | None], Agent]]
    """Bot name -> factory, for specs that are not Burraco's registry's."""
    hidden_keys: tuple[str, ...]
    """Observation fields only the seat may see: left out of the spectators' view."""
    discard_value: Callable[[int], int] | None
    """Rummy games: a card's value, the timer discards the highest (codice art. 32 bis)."""
    parse_card: Callable[[str], int]
    draw_text: str | None = "draw"
    card_names: Callable[[Any], str] | None = None
    """The notation of several cards, when the family's deck is not the game's (Peppa, Tarocchi)."""
    combine: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """How the form's values become the game's options, where one choice overrides another."""
    turn_pace: float = 1.0
    """The share of the service's pace a bot waits before each further action of its own turn:
    1 for a pause before every action; Machiavelli's bots rearrange the table in tens of small
    moves, told quickly one after another as one turn a person can follow (issue 23)."""
    action_pace: Callable[[State, int], float] | None = None
    """The share of the service's pace a bot's action takes by what it is (see :meth:`pace_share`);
    None: the whole pace for every action."""

    def build(self, options: dict[str, Any]) -> Game:
        """The game for the lobby's ``options`` (missing ones take their default)."""
        unknown = set(options) - {o.name for o in self.options}
        if unknown:
            name = sorted(unknown)[0]
            raise OptionError(name, f"{self.title} has no option {name!r}")
        values = {o.name: o.read(options) for o in self.options}
        if self.combine is not None:
            values = self.combine(values)
        try:
            return make_game(self.name, **values)
        except ValueError as exc:  # the game's rules say why, in a Text
            raise OptionError("options", exc.args[0]) from None

    def pace_share(self, state: State, action: int) -> float:
        """The share of the pace a bot's ``action`` in ``state`` is told after (chosen first): the
        game's :attr:`action_pace`, else 1. Mercante's pass at the auction takes a quarter: the lot is
        called round the table, and at a real table everyone hears the calls at once (issue 40)."""
        return 1.0 if self.action_pace is None else self.action_pace(state, action)

    def bot_label(self, spec: str) -> str:
        """The English label (a ``web`` msgid) of a bot level, for its seat's name in any language."""
        return dict(self.bots).get(spec, spec)

    def make_bot(self, spec: str, game: Game, seat: int, seed: int | None) -> Agent:
        """A bot for ``seat``; ``ValueError`` for a spec this game does not offer."""
        if spec not in {s for s, _ in self.bots}:
            raise ValueError(f"bot {spec!r}: {self.title} offers {', '.join(s for s, _ in self.bots)}")
        factory = self.bot_factories.get(spec)
        return factory(game, seat, seed) if factory else make_bot(spec, game, seat, seed)

    def heavy_bot(self, spec: str) -> bool:
        """Whether the room chooses this level's moves in a worker process (a long pure-Python
        search: :data:`~tavolo.bots.registry.HEAVY_BOTS`), not in its thread pool; a level this
        game makes itself (:attr:`bot_factories`) never is."""
        return spec not in self.bot_factories and heavy(spec)

    def public(self, obs: dict[str, Any]) -> dict[str, Any]:
        """An observation's JSON with what only its seat may see left out (for spectators)."""
        return {k: v for k, v in obs.items() if k not in self.hidden_keys} | {"seat": None}

    @staticmethod
    def results(state: State) -> list[Any]:
        """The hands (rounds) finished so far, as the engine reports them."""
        return list(getattr(state, "hand_results", None) or getattr(state, "round_results", None) or [])

    def hands(self, state: State) -> list[list[str]]:
        """Every seat's cards, for the hand's end (read before the next deal)."""
        names = self.card_names or (fr.names if self.family == "rummy" else it.names)
        return [names(state.hand_cards(seat)).split() for seat in range(state.game.num_players)]

    def hand_size(self, state: State, seat: int) -> int:
        return len(state.hand_cards(seat))

    def timer_action(self, state: State) -> int:
        """The action the timer plays for the seat to act (codice art. 32 bis, last line):
        rummy games draw, then discard the highest card; trick games play the lowest card."""
        legal = state.legal_actions()
        texts = {a: state.action_to_string(a) for a in legal}
        if self.discard_value is None:
            plays = [a for a, t in texts.items() if t.startswith("play ")]
            if not plays:
                return legal[0]
            strength = state.strength
            return min(plays, key=lambda a: strength[self.parse_card(texts[a][5:])])
        if self.draw_text in texts.values():
            return next(a for a, t in texts.items() if t == self.draw_text)
        discards = [a for a, t in texts.items() if t.startswith("discard ")]
        value = self.discard_value
        return max(discards, key=lambda a: value(self.parse_card(texts[a][8:]))) if discards else legal[0]

    def melds(self, state: State, obs: Any) -> list[Any] | None:
        """Each meld on the table read for the browser: ``{"kind", "points"}`` in the
        order of the observation (Burraco: per side; Scala 40: one list); None without melds."""
        if self.name == "burraco":
            from tavolo.games.burraco.melds import KIND_NAMES, burraco_kind, meld_points

            semiclean = state.game.options.semiclean
            return [[{"kind": KIND_NAMES[burraco_kind(m, semiclean)] or None, "points": meld_points(m)}
                     for m in side] for side in obs.melds]
        if self.name == "scala40":
            from tavolo.games.scala40.melds import opening_value

            return [{"kind": None, "points": opening_value(m)} for m in obs.table]
        return None

    def moments(self, seat: int, before: dict[str, Any], after: dict[str, Any],
                melds_before: Any, melds_after: Any, ended_by: str | None) -> list[Moment]:
        """What to announce after ``seat``'s action, from the public observations
        and meld readings before and after it; ``ended_by`` when it ended the hand."""
        found: list[Moment] = []
        if self.name == "burraco":
            found += _burraco_moments(seat, before, after, melds_before, melds_after)
        if ended_by == "closing":
            found.append({"key": "{seat} closes", "params": {"seat": seat}})
        stock = after.get("stock_size")
        if stock is not None and before.get("stock_size", 0) > after.get("players", 4) >= stock > 0:
            found.append({"key": "Last cards of the stock: {count}", "params": {"count": stock}})
        tricks = after.get("tricks")
        if tricks is not None and len(tricks) == len(before.get("tricks", ())) + 1:
            found.append({"key": "{seat} takes the trick", "params": {"seat": tricks[-1][2]}})
        for out_seat, (was, now) in enumerate(zip(before.get("out", ()), after.get("out", ()), strict=True)):
            if now and not was:
                found.append({"key": "{seat} is out", "params": {"seat": out_seat}})
        return found

    def info(self) -> dict[str, Any]:
        """The game as ``GET /api/games`` lists it (labels still English msgids)."""
        return {"name": self.name, "family": self.family, "title": self.title,
                "options": [o.to_json() for o in self.options],
                "bots": [{"spec": s, "label": label} for s, label in self.bots]}


def _burraco_moments(seat: int, before: dict[str, Any], after: dict[str, Any],
                     melds_before: list[list[dict[str, Any]]], melds_after: list[list[dict[str, Any]]]
                     ) -> list[Moment]:
    found: list[Moment] = []
    if sum(p["taken"] for p in after["pozzetti"]) > sum(p["taken"] for p in before["pozzetti"]):
        found.append({"key": "{seat} takes the pozzetto", "params": {"seat": seat}})
    for kind in ("pulito", "semipulito", "sporco"):
        made = _count(melds_after, kind) - _count(melds_before, kind)
        found += [{"key": "{seat} makes a burraco {kind}", "params": {"seat": seat, "kind": kind}}] * max(made, 0)
    return found


def _count(sides: list[list[dict[str, Any]]], kind: str) -> int:
    return sum(m["kind"] == kind for side in sides for m in side)


def _simple(bot: type) -> Callable[[Game, int, int | None], Agent]:
    return lambda game, seat, seed: bot(seed=seed)


def _random(game: Game, seat: int, seed: int | None) -> Agent:
    return RandomBot(seed)


def _players(choices: tuple[int, ...], default: int) -> OptionField:
    return OptionField("players", "Players", choices, default)


CAMPIONE = ("campione:time=0.25", "Champion")
"""Campione (tavolo.bots.campione) as the trick games' lobby offers it: a quarter of a second of
search a move, under the room's pace (0.7 s), so a person does not wait for it; its search runs in
the room's worker processes (:meth:`GameView.heavy_bot`). Measured at 0.05 s CPU a move in
docs/bots.md (it beats the rule bot, the "Normal" level, at all three games)."""

RUMMY_HIDDEN = ("hand",)
TRICK_HIDDEN = ("hand", "partner_hand")
DECK_TRICK_HIDDEN = ("hand", "secret", "known")

def _hands_instead_of_target(values: dict[str, Any]) -> dict[str, Any]:
    """A number of smazzate chosen in the lobby replaces the points target."""
    return {**values, "target": None} if values.get("hands") else values


def _burraco() -> GameView:
    from tavolo.games.burraco import native
    from tavolo.games.burraco.cards import card_points

    return GameView(
        "burraco", "Burraco", "rummy",
        (OptionField("rule_set", "Rules", ("fibur", "fedibur1985", "internazionale"), "fibur"),
         _players((2, 3, 4, 5, 6), 4),
         OptionField("target", "Points to win (none: one hand)", (505, 1005, 2005, 3005, 5005, None), 2005),
         OptionField("hands", "Smazzate (instead of points)", (None, 2, 3, 4, 6), None)),
        (("heuristic:normal", "Normal"), ("heuristic:easy", "Easy"), ("heuristic:strong", "Strong"),
         *((("pimc", "Champion"),) if native.available() else ()), ("simple", "Beginner"), ("random", "Random")),
        {}, RUMMY_HIDDEN, card_points, fr.parse, combine=_hands_instead_of_target)


def _scala40() -> GameView:
    from tavolo.bots.scala40 import SimpleScala40Bot
    from tavolo.games.scala40.cards import penalty

    return GameView(
        "scala40", "Scala 40", "rummy",
        (_players((2, 3, 4, 5, 6), 4),
         OptionField("elimination", "Out at (none: one hand)", (101, 201, None), 101),
         OptionField("open_with_discard", "Open with the discard (art. 9a)", BOOL, False),
         OptionField("closing_in_hand", "Closing in hand doubles (art. 9b)", BOOL, False),
         OptionField("open_without_joker", "No joker in the opening (art. 9c)", BOOL, False)),
        (("simple", "Normal"), ("random", "Random")),
        {"simple": _simple(SimpleScala40Bot), "random": _random}, RUMMY_HIDDEN, penalty, fr.parse)


def _briscola() -> GameView:
    from tavolo.bots.briscola import SimpleBriscolaBot

    return GameView(
        "briscola", "Briscola", "tricks",
        (_players((2, 3, 4), 2), OptionField("rounds", "Rounds", (1, 3, 5), 1)),
        (("simple", "Normal"), CAMPIONE, ("random", "Random")),
        {"simple": _simple(SimpleBriscolaBot), "random": _random}, TRICK_HIDDEN, None, it.parse, None)


def _tressette() -> GameView:
    from tavolo.bots.tressette import SimpleTressetteBot

    return GameView(
        "tressette", "Tressette", "tricks",
        (_players((4, 2), 4), OptionField("target", "Points to win (none: one round)", (31, 21, 41, None), 31),
         OptionField("accusi", "Accusi", (None, "declared", "automatic"), None)),
        (("simple", "Normal"), CAMPIONE, ("random", "Random")),
        {"simple": _simple(SimpleTressetteBot), "random": _random}, TRICK_HIDDEN, None, it.parse, None)


def _peppa() -> GameView:
    from tavolo.bots.peppa import SamplingPeppaBot, SimplePeppaBot

    return GameView(
        "peppa", "Peppa", "tricks",
        (OptionField("rules", "Rules", ("peppa", "hearts"), "peppa"), _players((4, 6), 4),
         OptionField("target", "Points that end the match (none: one hand)", (100, 50, None), 100)),
        (("sampling", "Normal"), ("simple", "Beginner"), ("random", "Random")),
        {"sampling": lambda game, seat, seed: SamplingPeppaBot(game, seed=seed), "simple": _simple(SimplePeppaBot),
         "random": _random}, DECK_TRICK_HIDDEN, None, fr.parse, None, fr.names)


def _tarocchi() -> GameView:
    from tavolo.bots.tarocchi import SimpleTarocchiBot

    return GameView(
        "tarocchi", "Tarocchi", "tricks",
        (_players((3, 4), 3), OptionField("hands", "Hands (0: one deal each)", (0, 12), 0),
         OptionField("accuso", "Accuso", BOOL, False),
         OptionField("discard_kings", "The dealer may discard kings", BOOL, True)),
        (("simple", "Normal"), CAMPIONE, ("random", "Random")),
        {"simple": _simple(SimpleTarocchiBot), "random": _random}, DECK_TRICK_HIDDEN, None, ta.parse, None,
        lambda cards: " ".join(ta.name(c) for c in cards))


def _petrangola() -> GameView:
    from tavolo.bots.petrangola import SimplePetrangolaBot

    return GameView(
        "petrangola", "Petrangola", "parlour",
        (_players(tuple(range(2, 13)), 6), OptionField("tokens", "Tokens each (la puglia)", (3, 5), 3)),
        (("simple", "Normal"), ("random", "Random")),
        {"simple": _simple(SimplePetrangolaBot), "random": _random}, ("hand", "monte_seen"), None, it.parse, None)


def _perlina() -> GameView:
    from tavolo.bots.perlina import SimplePerlinaBot

    return GameView(
        "perlina", "Perlina", "parlour",
        (_players(tuple(range(2, 10)), 5), OptionField("deck", "Deck", ("french", "italian"), "french"),
         OptionField("hands", "Hands", (10, 5, 20), 10)),
        (("simple", "Normal"), ("random", "Random")),
        {"simple": _simple(SimplePerlinaBot), "random": _random}, ("hand", "my_dropped"), None, fr.parse, None,
        fr.names)


def _mercante() -> GameView:
    from tavolo.bots.mercante import ValueMercanteBot
    from tavolo.games.mercante import figures
    from tavolo.games.mercante.state import pace_share

    return GameView(
        "mercante", "Mercante in fiera", "parlour",
        (_players(tuple(range(2, 13)), 8), OptionField("prizes", "Prizes", (3, 4, 5, 6), 3),
         OptionField("trading", "Players buy cards from each other", BOOL, True),
         OptionField("offers", "Offers between players open", ("prizes", "every"), "prizes"),
         OptionField("mercante", "The mercante", ("house", "player"), "house")),
        (("simple", "Normal"), ("random", "Random")),
        {"simple": _simple(ValueMercanteBot), "random": _random}, (), None, figures.parse, None,
        lambda cards: " ".join(figures.name(c) for c in cards), action_pace=pace_share)


def _ramino() -> GameView:
    from tavolo.bots.ramino import SimpleRaminoBot
    from tavolo.games.ramino.cards import penalties

    return GameView(
        "ramino", "Ramino", "ramino",
        (_players((2, 3, 4, 5, 6, 7), 4), OptionField("hand_size", "Cards each", (10, 7, 9), 10),
         OptionField("closing_limit", "Closing: a zero (0) or with loose points up to", (0, 5, 10), 0),
         OptionField("match", "Match: out over 101, a number of hands with fiches, or one hand", ("101", "hands", None),
                     "101"),
         OptionField("hands", "Hands (with fiches)", (10, 5, 20), 10),
         OptionField("reentry", "Back in once at the worst score", BOOL, False),
         OptionField("same_suit_groups", "Tris of one suit too", BOOL, False),
         OptionField("joker_penalty", "A joker left in hand costs", (25, 20), 25)),
        (("simple", "Normal"), ("random", "Random")),
        {"simple": lambda game, seat, seed: SimpleRaminoBot(seed, game.options.same_suit_groups,
                                                            game.options.joker_penalty),
         "random": _random}, ("hand",), penalties(25).__getitem__, fr.parse, "draw", fr.names)


def _pinnacola() -> GameView:
    from tavolo.bots.pinnacola import SimplePinnacolaBot
    from tavolo.games.pinnacola.cards import points

    return GameView(
        "pinnacola", "Pinnacola", "pinnacola",
        (_players((4, 2, 3), 4), OptionField("target", "Points to win (none: one hand)", (1500, 2000, 2500, None), 1500),
         OptionField("hand_size", "Cards each", (13, 15, 19), 13),
         OptionField("poker_and_pinnacola", "Closing needs a poker and a pinnacola", BOOL, False),
         OptionField("swap_must_meld", "A matta taken is melded at once", BOOL, False)),
        (("simple", "Normal"), ("random", "Random")),
        {"simple": _simple(SimplePinnacolaBot), "random": _random}, ("hand",), points(25).__getitem__,
        fr.parse, "draw", fr.names)


def _machiavelli() -> GameView:
    from tavolo.bots.machiavelli import SolverMachiavelliBot

    return GameView(
        "machiavelli", "Machiavelli", "machiavelli",
        (_players((2, 3, 4, 5, 6, 7, 8), 4), OptionField("hands", "Hands (0: one deal each)", (0, 1, 2, 4), 0)),
        (("solver", "Normal"), ("random", "Random")),
        {"solver": _simple(SolverMachiavelliBot), "random": _random}, ("hand",), None, fr.parse, None, fr.names,
        turn_pace=0.15)


def _canasta() -> GameView:
    from tavolo.bots.canasta import SimpleCanastaBot
    from tavolo.games.canasta.melds import card_value

    return GameView(
        "canasta", "Canasta", "canasta",
        (_players((4, 2, 3), 4), OptionField("target", "Points to win (none: one hand)", (15000, 5000, None), 15000)),
        (("simple", "Normal"), ("random", "Random")),
        {"simple": _simple(SimpleCanastaBot), "random": _random}, ("hand",), card_value, fr.parse, "draw", fr.names)


def _bridge() -> GameView:
    from tavolo.bots.bridge import BridgeBot
    from tavolo.games.bridge import cards

    return GameView(
        "bridge", "Bridge", "bridge",
        (OptionField("scoring", "Scoring", ("duplicate", "rubber"), "duplicate"),
         OptionField("boards", "Boards (duplicate)", (4, 1, 8, 16), 4),
         OptionField("analyse", "Double-dummy result and par after each board", BOOL, True), _players((4,), 4)),
        (("dd", "Normal"), ("random", "Random")),
        {"dd": lambda game, seat, seed: BridgeBot(seed=seed, samples=4), "random": _random}, ("hand",), None,
        cards.parse, None, cards.names)


CATALOG: dict[str, Callable[[], GameView]] = {
    "burraco": _burraco, "scala40": _scala40, "briscola": _briscola, "tressette": _tressette, "peppa": _peppa,
    "tarocchi": _tarocchi, "petrangola": _petrangola, "perlina": _perlina, "mercante": _mercante,
    "ramino": _ramino, "pinnacola": _pinnacola, "machiavelli": _machiavelli, "canasta": _canasta, "bridge": _bridge,
}
"""The games offered online, by name, in the lobby's order: each builds its view (and so loads
its rules and bots) the first time the game is used, never at start-up."""

_built: dict[str, GameView] = {}


class GameUnavailable(OptionError):
    """A game this server cannot offer: a package it needs is not installed (``missing``)."""

    def __init__(self, game: str, missing: str) -> None:
        super().__init__("game", f"{game} is not available on this server: it needs the Python package "
                                 f"{missing!r} (pip install {missing})")
        self.game = game
        self.missing = missing


def view_of(game: str) -> GameView:
    """The view of ``game``, built on first use; ``OptionError`` on field ``game`` when Tavolo
    does not offer it online, :class:`GameUnavailable` when a package it needs is missing (that
    game alone: every other game is served)."""
    view = _built.get(game)
    if view is not None:
        return view
    build = CATALOG.get(game)
    if build is None:
        raise OptionError("game", f"{game!r} is not one of {', '.join(CATALOG)}")
    try:
        view = _built[game] = build()
    except ImportError as exc:
        raise GameUnavailable(game, (exc.name or str(exc)).split(".")[0]) from exc
    return view


def offered(game: str) -> bool:
    """Whether this server offers ``game`` online (an empty name: not known, so yes); a game of the
    catalog it cannot offer is remembered as such, not tried again each time another process
    speaks of one of its tables.

        >>> offered("briscola"), offered("solitario"), offered("")
        (True, False, True)
    """
    if not game or game in _built:
        return True
    if game in _not_offered or game not in CATALOG:
        return False
    try:
        view_of(game)
    except OptionError:
        _not_offered.add(game)
        return False
    return True


_not_offered: set[str] = set()
"""Games of the catalog this server cannot offer (a package missing)."""


class _Views(Mapping[str, GameView]):
    """Every game offered online as a read-only mapping, each view built when first read."""

    def __getitem__(self, game: str) -> GameView:
        try:
            return view_of(game)
        except GameUnavailable:
            raise
        except OptionError:
            raise KeyError(game) from None

    def __iter__(self) -> Iterator[str]:
        return iter(CATALOG)

    def __len__(self) -> int:
        return len(CATALOG)


VIEWS: Mapping[str, GameView] = _Views()
"""The games offered online, by name (read lazily: see :func:`view_of`)."""


def available_views() -> list[GameView]:
    """Every game this server can offer now, in the lobby's order; a game whose package is
    missing is left out (and logged once), the others are served."""
    views = []
    for game in CATALOG:
        try:
            views.append(view_of(game))
        except GameUnavailable as exc:
            if game not in _unavailable_logged:
                _unavailable_logged.add(game)
                log.warning("%s", exc)
    return views


_unavailable_logged: set[str] = set()
