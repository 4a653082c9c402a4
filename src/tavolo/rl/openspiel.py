"""Every Tavolo game as an OpenSpiel Python game (needs the ``research`` extra: ``open-spiel``).

Importing this module (or :mod:`tavolo.openspiel`) registers each game of
:func:`tavolo.games.game_names` as ``tavolo_<game>`` with ``pyspiel.register_game``, and Hearts,
Peppa's ``rules="hearts"``, as ``tavolo_hearts`` beside ``tavolo_peppa``. Everything goes through
the game protocol (:mod:`tavolo.engine.game`), nothing per game:

* **GameType**: sequential, explicit stochastic chance, imperfect information, rewarded at the
  end; the utility is the one the game declares under its options (``Game.utility``: Bridge's
  duplicate is ``ZERO_SUM``, a Hearts match ``CONSTANT_SUM`` with ``utility_sum`` 1, a Burraco
  match ``GENERAL_SUM``), so a loaded game's ``get_type()`` and ``utility_sum()`` follow its
  parameters; the registered type carries the default options' utility.
* **Parameters**: the game's options with the defaults of its options class. An option that may
  be ``None`` or is not a number, flag or word (``target``, ``group_ranks``) is a string
  parameter holding its JSON: ``pyspiel.load_game("tavolo_burraco", {"players": 2,
  "target": "null"})`` plays one hand. The game is made by its ``make_game`` with the options
  that differ from those defaults, so it picks the others as it does for a player (a rule set's
  own rules, a hand size by the table).
* **Chance** is dealt card by card: where Tavolo shuffles (the deal, a reshuffle of the discards),
  each chance node's outcomes are the card ids still to place, each with its share of the cards
  left; once every card is placed, their order (bottom card first) is Tavolo's chance outcome.
  ``max_chance_outcomes`` is the largest card id + 1.
* **Actions** are Tavolo's stable action ids (``num_distinct_actions``), legal ones ascending.
* **Observations**: the observation string is the seat's observation as JSON
  (``state.observation(seat)``, never another seat's hidden card); the information-state string
  adds every move so far as that seat learnt it (``action_to_string_for``: a card passed face
  down reads ``pass a card``, a deal reads ``deal``). Both tensors are
  :class:`~tavolo.rl.observation.ObservationTensor`'s.
* **Serialization** is OpenSpiel's own (the actions so far, chance included), which replays
  exactly; ``str(state)`` is Tavolo's full JSON state.
* ``resample_from_infostate`` deals the cards the seat cannot see with the game's own
  ``sample_hidden_state``, so OpenSpiel's IS-MCTS runs unchanged.

    >>> import pyspiel
    >>> game = pyspiel.load_game("tavolo_briscola", {"players": 2})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 40)
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
    (0, ['play 6s', 'play Js', 'play Ks'])
    >>> len(state.observation_tensor(0)) == game.observation_tensor_size()
    True
"""

from __future__ import annotations

import json
import random
import typing
from collections import Counter
from dataclasses import MISSING, fields
from functools import cache, lru_cache
from typing import Any

import numpy as np
import pyspiel

from tavolo.engine.game import Game, State, Utility, UtilityKind
from tavolo.games import make_game_from_json
from tavolo.rl.catalog import GAMES, base, make, table_sizes
from tavolo.rl.observation import ObservationTensor, card_name

__all__ = ["GAMES", "TavoloGame", "TavoloState", "short_name"]

MAX_GAME_LENGTH = 100_000
"""Actions (chance included) that bound any game's length: OpenSpiel asks for one."""
UTILITY_BOUND = 1e6
"""What bounds any game's returns, either sign (a game's own scale: a match's points)."""


def short_name(name: str) -> str:
    """The OpenSpiel name of Tavolo's game ``name``.

    >>> short_name("hearts")
    'tavolo_hearts'
    """
    return f"tavolo_{name}"


def _defaults(game: Game) -> dict[str, Any]:
    """``game``'s options as its options class leaves them unsaid (``hand_size=0``: by the table)."""
    return {f.name: f.default if f.default is not MISSING else f.default_factory() for f in fields(game.options)}


def _native(game: Game, key: str) -> bool:
    """Whether option ``key`` is an OpenSpiel parameter of its own type (else its JSON)."""
    hint = typing.get_type_hints(type(game.options))[key]
    return type(_defaults(game)[key]) in (bool, int, float, str) and type(None) not in typing.get_args(hint)


def _parameters(name: str) -> dict[str, Any]:
    """``name``'s OpenSpiel parameters with their defaults: its options but the fixed ones."""
    fixed = base(name)[1]
    game = make(name)
    return {key: value if _native(game, key) else json.dumps(value)
            for key, value in _defaults(game).items() if key not in fixed}


def _tavolo_game(name: str, params: dict[str, Any]) -> Game:
    """The Tavolo game that ``name`` plays with OpenSpiel ``params``: made by its ``make_game`` with
    the options that differ from their defaults, so that it picks the others as it does for a
    player (a rule set's own rules, a hand size by the table)."""
    game = make(name)
    defaults = _defaults(game)
    options = {key: value if _native(game, key) else _json_parameter(key, value) for key, value in params.items()}
    return make(name, **{k: v for k, v in options.items() if v != defaults[k]})


def _json_parameter(key: str, value: str) -> Any:
    """The option that string parameter ``key`` writes as JSON.

    >>> _json_parameter("target", "null"), _json_parameter("group_ranks", "[1, 3]")
    (None, [1, 3])
    >>> _json_parameter("target", "none")
    Traceback (most recent call last):
    ...
    ValueError: parameter target: 'none' is not JSON (write null, a number or a list)
    """
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        raise ValueError(f"parameter {key}: {value!r} is not JSON (write null, a number or a list)") from None


def _deal_labels(game: Game) -> dict[int, str]:
    """Each card id's chance action, ``deal <card>``; the id added where two cards share a name
    (Mercante's two decks)."""
    name = card_name(game)
    cards = sorted(set(game.deck))
    shared = len({name(c) for c in cards}) < len(cards)
    return {c: f"deal {name(c)}" + (f" #{c}" if shared else "") for c in cards}


@lru_cache(maxsize=64)
def _game_of(name: str, options: str) -> Game:
    """The Tavolo game ``name`` with ``options`` (JSON), made once."""
    return make_game_from_json(name, json.loads(options))


class _Held:
    """What a :class:`TavoloState` holds, as OpenSpiel copies it (``copy.deepcopy``) and serializes
    it (pickling): copied with the Tavolo state's own ``clone``, pickled as its game and JSON,
    which every state writes, whatever objects it holds."""

    __slots__ = ("state", "moves", "placed", "to_place", "seen", "tensors")

    def __init__(self, state: State, moves: list[tuple[int, str, str]], placed: list[int],
                 to_place: Counter[int] | None) -> None:
        self.state = state
        self.moves = moves
        """Every move so far as (seat, its notation, the notation the others learn)."""
        self.placed = placed
        """The cards placed so far at this chance node, bottom first."""
        self.to_place = to_place
        """All the cards this chance node places, once asked."""
        self.seen: dict[int, dict[str, Any]] = {}
        """Each seat's observation (JSON) of this position, once asked."""
        self.tensors: dict[int, np.ndarray] = {}
        """Each seat's observation tensor of this position, once asked."""

    def moved(self) -> None:
        """The position changed: forget its observations."""
        self.seen, self.tensors = {}, {}

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.state.game
        return _held, (game.name, json.dumps(game.options_json(), sort_keys=True), self.state.to_json(),
                       self.moves, self.placed, self.to_place)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), self.moves[:], self.placed[:], self.to_place)


def _held(name: str, options: str, state: dict[str, Any], *rest: Any) -> _Held:
    return _Held(_game_of(name, options).state_from_json(state), *rest)


_UTILITIES = {UtilityKind.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
              UtilityKind.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
              UtilityKind.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM}
"""OpenSpiel's name of each utility a game declares."""


@cache
def _game_type(name: str, utility: UtilityKind | None = None) -> pyspiel.GameType:
    """``name``'s OpenSpiel game type (see the module docstring) with ``utility`` (by default the
    one its default options declare), made once."""
    players = table_sizes(name)
    utility = make(name).utility().kind if utility is None else utility
    return pyspiel.GameType(
        short_name=short_name(name), long_name=f"Tavolo {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITIES[utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[-1], min_num_players=players[0],
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(name))


class TavoloGame(pyspiel.Game):
    """Tavolo's game ``name`` (see :data:`GAMES`) under OpenSpiel ``params``."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        self.tavolo = _tavolo_game(name, params or {})
        utility: Utility = self.tavolo.utility()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.tavolo.num_distinct_actions(), max_chance_outcomes=max(self.tavolo.deck) + 1,
            num_players=self.tavolo.num_players, min_utility=-UTILITY_BOUND, max_utility=UTILITY_BOUND,
            utility_sum=utility.total, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(name, utility.kind), info, params or {})
        self.encoder = ObservationTensor(self.tavolo)
        self.deal_labels = _deal_labels(self.tavolo)

    def new_initial_state(self) -> TavoloState:
        return TavoloState(self, self.tavolo.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TavoloObserver:
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TavoloObserver(self.encoder, perfect_recall)


class TavoloState(pyspiel.State):
    """A Tavolo state under OpenSpiel; ``tavolo`` is the state itself."""

    def __init__(self, game: TavoloGame, tavolo: State, moves: list[tuple[int, str, str]] | None = None) -> None:
        super().__init__(game)
        self.held = _Held(tavolo, moves or [], [], None)

    @property
    def tavolo(self) -> State:
        """The Tavolo state played."""
        return self.held.state

    @property
    def moves(self) -> list[tuple[int, str, str]]:
        """Every move so far as (seat, its notation, the notation the others learn)."""
        return self.held.moves

    def observation_json(self, seat: int) -> dict[str, Any]:
        """``seat``'s observation of this position as JSON (kept until the next move)."""
        seen = self.held.seen.get(seat)
        if seen is None:
            seen = self.held.seen[seat] = self.tavolo.observation(seat).to_json()
        return seen

    def observation_tensor_of(self, seat: int, encoder: ObservationTensor) -> np.ndarray:
        """``seat``'s observation of this position as ``encoder``'s tensor (kept like the JSON)."""
        tensor = self.held.tensors.get(seat)
        if tensor is None:
            tensor = self.held.tensors[seat] = encoder.encode(self.observation_json(seat))
        return tensor

    def current_player(self) -> int:
        return self.tavolo.current_player()

    def is_terminal(self) -> bool:
        return self.tavolo.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.tavolo.legal_actions())

    def _cards_left(self) -> Counter[int]:
        """The cards this chance node has yet to place."""
        held = self.held
        if held.to_place is None:
            held.to_place = Counter(held.state.sample_chance(random.Random(0)))
        return held.to_place - Counter(held.placed)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._cards_left()
        total = left.total()
        return [(card, count / total) for card, count in sorted(left.items())]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._place(action)
            return
        tavolo = self.tavolo
        self.moves.append((tavolo.current_player(), tavolo.action_to_string(action),
                           tavolo.public_action_string(action)))
        tavolo.apply(action)
        self.held.moved()

    def _place(self, card: int) -> None:
        """Place ``card`` next in the shuffle; the last card resolves the chance node."""
        left = self._cards_left()
        if left[card] <= 0:
            raise ValueError(f"card {card} is not left to deal here")
        held = self.held
        held.placed.append(card)
        if left.total() == 1:
            held.state.apply_chance(held.placed)
            held.moves.append((pyspiel.PlayerId.CHANCE, "deal", "deal"))
            held.placed, held.to_place = [], None
            held.moved()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.get_game().deal_labels[action]
        return self.tavolo.action_to_string(action)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.get_game().num_players()
        return [float(r) for r in self.tavolo.returns()]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> TavoloState:
        """A state ``player`` cannot tell from this one, the cards it cannot see dealt with the
        game's ``sample_hidden_state`` (seeded by ``probability_sampler``); the others' moves
        read as ``player`` learnt them."""
        rng = random.Random(int(probability_sampler() * 2**53))
        game = self.get_game()
        tavolo = game.tavolo.sample_hidden_state(self.tavolo.observation(player), rng)
        moves = [(seat, mine if seat == player else public, public) for seat, mine, public in self.moves]
        return TavoloState(game, tavolo, moves)

    def __str__(self) -> str:
        return json.dumps(self.tavolo.to_json())


class TavoloObserver:
    """OpenSpiel's observer: the seat's observation as JSON and as a tensor; with
    ``perfect_recall`` (the information state) the string adds the moves as the seat learnt them."""

    def __init__(self, encoder: ObservationTensor, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {b.key: self.tensor[b.offset:b.offset + b.size].reshape(b.rows, b.width) for b in encoder.blocks}

    def set_from(self, state: TavoloState, player: int) -> None:
        self.tensor[:] = state.observation_tensor_of(player, self.encoder)

    def string_from(self, state: TavoloState, player: int) -> str:
        text = json.dumps(state.observation_json(player))
        if not self.perfect_recall:
            return text
        moves = [mine if seat == player else public for seat, mine, public in state.moves]
        return f"{text}\n{' | '.join(moves)}"


def _register(name: str) -> None:
    """Register ``name`` as a class of its own (what ``pyspiel.register_game`` takes)."""
    def __init__(self: TavoloGame, params: dict[str, Any] | None = None) -> None:
        TavoloGame.__init__(self, name, params)

    pyspiel.register_game(_game_type(name), type(f"Tavolo_{name}", (TavoloGame,), {"__init__": __init__}))


for _name in GAMES:
    _register(_name)
