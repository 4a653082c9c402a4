"""The protocol every game implements: a :class:`Game` (immutable rules and
options) makes :class:`State` objects that are played by integer actions.

The split follows OpenSpiel's Game/State: a state knows whose turn it is, the
legal actions, how to apply one, when play is over and what each seat earned;
``observation(seat)`` gives only what that seat may know, and
``Game.sample_hidden_state`` deals the cards that seat cannot see, for search.
Chance is explicit: at a chance node the caller draws an outcome with its own
seeded ``random.Random`` and applies it, so a seed reproduces a game exactly.
A chance node is any shuffle: the deal of each hand, and also one in the
middle of a hand (Scala 40 reshuffles the discard pile when the stock ends).

Every action has a stable integer id (for learning agents and fast search) and
a readable notation (for people and game records)::

    >>> from tavolo.games import make_game
    >>> import random
    >>> game = make_game("burraco", players=2, target=None)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True
    >>> state.apply_chance(state.sample_chance(random.Random(7)))
    >>> state.action_to_string(state.legal_actions()[0])
    'draw'
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any, ClassVar

from tavolo.engine.errors import IllegalActionError, Rule, Sentence
from tavolo.engine.faces import Faces
from tavolo.engine.typed import MoveReader
from tavolo.engine.words import Words

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over."""


class UtilityKind(Enum):
    """What a game's returns add up to at its end, in OpenSpiel's words (``GameType.Utility``):
    a zero-sum game (a somma zero: one seat's gain is the others' loss), a constant-sum one (a
    somma costante: the seats share a fixed total) or a general-sum one (a somma generale: the
    total depends on the play)."""

    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL_SUM = "general_sum"


@dataclass(frozen=True)
class Utility:
    """A game's utility (utilità): its :class:`UtilityKind` and, zero- or constant-sum, the total
    that the returns of every finished game add up to (``None`` for a general-sum game).

    >>> constant_sum(77).holds([30.0, 25.0, 22.0]), ZERO_SUM.holds([1.0, -0.5, -0.25])
    (True, False)
    >>> Utility(UtilityKind.ZERO_SUM, 3.0)
    Traceback (most recent call last):
    ...
    ValueError: a zero-sum utility adds up to 0, not 3.0
    """

    kind: UtilityKind
    total: float | None = None

    def __post_init__(self) -> None:
        if self.kind is UtilityKind.ZERO_SUM and self.total != 0:
            raise ValueError(f"a zero-sum utility adds up to 0, not {self.total}")
        if self.kind is UtilityKind.CONSTANT_SUM and self.total is None:
            raise ValueError("a constant-sum utility names its total")
        if self.kind is UtilityKind.GENERAL_SUM and self.total is not None:
            raise ValueError(f"a general-sum utility has no total, not {self.total}")

    def holds(self, returns: Sequence[float]) -> bool:
        """Whether a finished game's ``returns`` agree with it (always, for a general-sum game)."""
        if self.total is None:
            return True
        return abs(sum(returns) - self.total) <= 1e-9 * max(1.0, abs(self.total), *map(abs, returns))


ZERO_SUM = Utility(UtilityKind.ZERO_SUM, 0.0)
"""The returns of every finished game add up to 0."""
GENERAL_SUM = Utility(UtilityKind.GENERAL_SUM)
"""The returns add up to what the play makes them: every game's default."""


def constant_sum(total: float) -> Utility:
    """The returns of every finished game add up to ``total`` (0: :data:`ZERO_SUM`)."""
    return ZERO_SUM if total == 0 else Utility(UtilityKind.CONSTANT_SUM, float(total))


class Game(ABC):
    """Rules and options of one game: immutable, shared by all its states."""

    name: ClassVar[str]
    faces: ClassVar[Faces] = Faces()
    """What the game says of its states above the rules (see :mod:`tavolo.engine.faces`)."""
    words_deck: ClassVar[str | None] = None
    """The deck whose names a move's words give its cards (``"french"``, ``"italian"``,
    ``"tarot"``: :class:`~tavolo.engine.words.Cards`), so the move box reads them as people say
    them (:mod:`tavolo.engine.typed`); None for a game whose moves name no card."""

    @property
    @abstractmethod
    def options(self) -> Any:
        """The frozen options object (rule set and table settings)."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action-id space: every action id is below this."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """A fresh game, at its first chance node (the shuffle)."""

    def new_table_state(self) -> State:
        """A fresh game as a table plays it (the web server's tables, the terminal's): by
        default :meth:`new_initial_state`. A game with a faster engine whose every answer a
        table reads (notation, words, JSON, observations, refusals, results) is the reference
        state's gives that one instead (Burraco's compiled core, which ``TAVOLO_ENGINE``
        chooses); either way the same actions and shuffles make the same game."""
        return self.new_initial_state()

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> State:
        """Rebuild a state written by :meth:`State.to_json`."""

    @abstractmethod
    def sample_hidden_state(self, observation: Any, rng: random.Random) -> State:
        """A full state whose observation for ``observation``'s seat is exactly
        ``observation``, the cards that seat cannot see dealt at random (for
        search by determinization)."""

    def position_value(self, state: State) -> list[float] | None:
        """What each seat may count on from ``state`` (valore della posizione) where a search may
        cut its play-out, or None where it must play on: by default the returns once the game is
        over, so a search plays every sample to the end; a game may cut sooner (the end of a hand)."""
        return state.returns() if state.is_terminal() else None

    def utility(self) -> Utility:
        """What the returns of every finished game add up to under these options (utilità: a somma
        zero, costante o generale), declared once for every adapter (OpenSpiel's ``GameType``,
        PettingZoo's metadata): :data:`ZERO_SUM` or :func:`constant_sum` only where every end of
        the game under these options adds up so; by default :data:`GENERAL_SUM`."""
        return GENERAL_SUM

    @property
    @abstractmethod
    def deck(self) -> tuple[int, ...]:
        """Every card the game is played with, as a multiset of card ids."""

    @cached_property
    def deck_counts(self) -> Counter[int]:
        """How many of each card the deck holds: every state holds exactly these."""
        return Counter(self.deck)

    def options_json(self) -> dict[str, Any]:
        """The options as JSON data, enough for :func:`tavolo.games.make_game_from_json`."""
        import json
        from dataclasses import asdict

        return json.loads(json.dumps(asdict(self.options)))


class State(ABC):
    """A position in a game. ``apply`` changes it in place; ``clone`` copies."""

    game: Game

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`CHANCE`, or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Every legal action id for the seat to act, and nothing else."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Play ``action``; raises :class:`~tavolo.engine.errors.IllegalActionError`
        with the rule it breaks when it is not legal."""

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Any:
        """Draw the outcome of this chance node (JSON-able) with ``rng``."""

    @abstractmethod
    def apply_chance(self, outcome: Any) -> None:
        """Resolve this chance node with ``outcome``."""

    @abstractmethod
    def returns(self) -> list[float]:
        """What each seat has earned so far (final once terminal)."""

    @abstractmethod
    def observation(self, seat: int) -> Any:
        """What ``seat`` may know: never another seat's hidden cards."""

    def action_to_string(self, action: int) -> str:
        """The readable notation of ``action`` in this position (the game's
        :attr:`Game.faces`)."""
        return self.game.faces.action_text(self, action)

    def public_action_string(self, action: int) -> str:
        """The notation of ``action`` (by the seat to act now) as every *other* seat and a
        spectator may learn it: the full notation by default; a game whose action moves
        cards face down says so without naming them (Hearts' ``pass a card``, the
        Tarocchi dealer's ``discard a card``). Called before the action is applied."""
        return self.action_to_string(action)

    def action_to_string_for(self, action: int, viewer: int | None) -> str:
        """The notation of ``action`` (by the seat to act now) as ``viewer`` may learn it
        (None: a spectator): the acting seat reads its own move whole, every other seat
        and a spectator :meth:`public_action_string`. The one place every face (the web
        log, the frames, the terminal, a record served before the game ends) reads what
        a move tells whom. Called before the action is applied.

            >>> from tavolo.games import make_game
            >>> state = make_game("peppa", rules="hearts", players=4, target=None).new_initial_state()
            >>> state.apply_chance(state.sample_chance(random.Random(3)))
            >>> seat, action = state.current_player(), state.legal_actions()[0]
            >>> state.action_to_string_for(action, seat) == state.action_to_string(action)
            True
            >>> state.action_to_string_for(action, (seat + 1) % 4)
            'pass a card'
        """
        if viewer is not None and viewer == self.current_player():
            return self.action_to_string(action)
        return self.public_action_string(action)

    def action_words(self, action: int) -> Words:
        """``action`` (by the seat to act now) in words, as its player reads it: a key of the
        ``moves`` catalog and its cards, seats and numbers (see :mod:`tavolo.engine.words`):
        ``discard 3h`` is ``Words("discard {cards}", cards=Cards(("3h",)))``, which an Italian
        reader sees as "scarta 3♥". Every game says its own (its :attr:`Game.faces`); by
        default the notation itself. Called before the action is applied."""
        say = self.game.faces.action_words
        return Words.notation(self.action_to_string(action)) if say is None else say(self, action)

    def public_action_words(self, action: int) -> Words:
        """``action`` in words as every *other* seat and a spectator may learn it: what
        :meth:`public_action_string` tells, in words. By default :meth:`action_words` when the
        game hides nothing of it; a game that hides cards says both (its faces'
        ``public_action_words``)."""
        say = self.game.faces.public_action_words
        if say is not None:
            return say(self, action)
        public = self.public_action_string(action)
        if public == self.action_to_string(action):
            return self.action_words(action)
        return Words.notation(public)

    def action_words_for(self, action: int, viewer: int | None) -> Words:
        """``action`` in words as ``viewer`` (None: a spectator) may learn it, like
        :meth:`action_to_string_for`: the one place every face reads what a move says to whom."""
        if viewer is not None and viewer == self.current_player():
            return self.action_words(action)
        return self.public_action_words(action)

    def move_words(self, text: str) -> Words:
        """The move ``text`` names (:meth:`parse_move`) in words, as a choice box offers it; by
        default the words of its one action; a game whose move is several actions says it in
        its faces' ``move_words``. Raises like :meth:`parse_move`."""
        say = self.game.faces.move_words
        actions = self.parse_move(text)
        return self.action_words(actions[0]) if say is None or len(actions) == 1 else say(self, actions)

    def refusal(self, text: str, action: int, rule: Rule, detail: Sentence = "") -> IllegalActionError:
        """The refusal of ``action``, which ``text`` names and ``rule`` forbids here (``detail``: what
        in this position breaks it), with the move in words where the game can say an illegal one:
        a tap on a card that may not be played is refused as "gioca 8♥", never "play 8h"."""
        refused = IllegalActionError(text, rule, detail)
        refused.deck = self.game.words_deck   # the detail's cards said in words too ("4♥ K♥ ... resterebbero")
        try:
            refused.words = self.action_words(action).to_json()
        except Exception:  # noqa: BLE001 (a game whose words read only a legal move: quoted as ``text``)
            refused.words = None
        return refused

    def legal_action_words(self) -> list[Words]:
        """The legal actions in words, in the order of :meth:`legal_actions`."""
        return [self.action_words(a) for a in self.legal_actions()]

    def parse_action(self, text: str) -> int:
        """The action id that ``text`` names here; raises
        :class:`~tavolo.engine.errors.NotationError`,
        :class:`~tavolo.engine.errors.AmbiguousActionError` or
        :class:`~tavolo.engine.errors.IllegalActionError`."""
        return self.game.faces.parse_action(self, text)

    def to_json(self) -> dict[str, Any]:
        """The full state (hidden parts included) as JSON-able data."""
        return self.game.faces.to_json(self)

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def all_cards(self) -> Counter[int]:
        """Every card in play, wherever it is (hands, stock, table, tricks won):
        always ``game.deck_counts``."""

    def legal_action_strings(self) -> list[str]:
        return [self.action_to_string(a) for a in self.legal_actions()]

    def parse_move(self, text: str) -> list[int]:
        """The actions a person's typed move makes: one by default; a game whose
        people say several actions at once (a long Burraco opening) says so in its faces.
        The move may be typed in the notation or in the words the move log says, its cards
        named as people say them (:mod:`tavolo.engine.typed`). Raises like :meth:`parse_action`,
        quoting ``text``."""
        return self.move_reader().read(text)

    def move_reader(self) -> MoveReader:
        """The reader of moves typed in this position (:class:`~tavolo.engine.typed.MoveReader`),
        valid until the state moves on: keep it to read several moves in one position, the words
        of its legal moves said once."""
        return MoveReader(self)

    def apply_text(self, text: str) -> int:
        """Parse ``text`` and apply it; returns the action id."""
        action = self.parse_action(text)
        self.apply(action)
        return action


class DeckDeal:
    """Chance as a deal of the whole deck (mescolata e distribuzione): the outcome is a deck
    order (bottom card first) that the state's ``_deal`` lays out. Shared by :class:`DealtState`
    and the compiled Burraco state, which deal alike."""

    __slots__ = ()

    def sample_chance(self, rng: random.Random) -> Any:
        """A shuffled deck, bottom card first."""
        if not self.is_chance_node():
            raise ValueError("not a chance node: the cards are already dealt")
        return shuffled(self.game.deck, rng)

    def apply_chance(self, outcome: Any) -> None:
        """Deal from ``outcome``, a deck order (bottom card first)."""
        if not self.is_chance_node():
            raise ValueError("not a chance node: the cards are already dealt")
        if Counter(outcome) != self.game.deck_counts:
            raise ValueError("a deal must use exactly the cards of the deck")
        self._deal(list(outcome))


class DealtState(DeckDeal, State):
    """A state whose chance nodes deal the whole deck: the caller's outcome is a
    deck order (bottom card first) that :meth:`_deal` lays out.

    It also holds what every card game's state does alike: the legal actions
    are computed once per position (:meth:`_legal_now`) and kept in ``_legal``
    until the next action; :meth:`apply` refuses an illegal action with the rule
    :meth:`_why_illegal` finds, else records it in ``history`` and plays it
    (:meth:`_play_action`). A subclass
    keeps its phase as ``_phase``, an index into ``phase_names``, and its
    dealer as ``_dealer``; it declares its fields in ``__slots__``, which
    :meth:`clone` copies (lists one level deep).
    """

    phase_names: ClassVar[tuple[str, ...]]
    _slot_names: ClassVar[tuple[str, ...]] = ()
    _phase: int
    _dealer: int
    _legal: list[int] | None
    history: list[int]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._slot_names = tuple(name for k in cls.__mro__ for name in k.__dict__.get("__slots__", ()))

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        return legal

    def apply_chance(self, outcome: Any) -> None:
        """Deal ``outcome``; the legal actions kept from before the deal (none: a chance node,
        asked by a refusal or a view) are read afresh, or the dealt hand would have no move."""
        super().apply_chance(outcome)
        self._legal = None

    def apply(self, action: int) -> None:
        legal = self._legal
        if action in (self.legal_actions() if legal is None else legal):
            self._apply_unchecked(action)
        else:
            self._not_legal(action)

    def _not_legal(self, action: int) -> None:
        """``action`` is not legal here: refuse it with the rule it breaks."""
        raise self.refusal(self._describe(action), action, *self._why_illegal(action))

    def apply_legal(self, action: int) -> None:
        """Apply an action already known to be legal (search and simulation); a game may check
        it (Burraco does: its unchecked path is :meth:`_apply_unchecked`)."""
        self._apply_unchecked(action)

    def _apply_unchecked(self, action: int) -> None:
        """Apply a legal ``action``, unchecked: the fast path of search and simulation."""
        self._legal = None
        self.history.append(action)
        self._play_action(action)

    @abstractmethod
    def _play_action(self, action: int) -> None:
        """Change the state by a legal ``action``."""

    @abstractmethod
    def _legal_now(self) -> list[int]:
        """The legal actions of this position, computed afresh."""

    def _why_illegal(self, action: int) -> tuple[Rule, str]:
        """The rule an illegal ``action`` breaks here, and a sentence of detail (the game's
        ``explain_illegal``)."""
        return self.game.faces.explain_illegal(self, action)

    def _describe(self, action: int) -> str:
        try:
            return self.action_to_string(action)
        except ValueError:
            return str(action)

    @property
    def phase(self) -> str:
        """The part of the game being played, by name (e.g. ``"deal"``, ``"play"``)."""
        return self.phase_names[self._phase]

    @property
    def dealer(self) -> int:
        return self._dealer

    def clone(self) -> DealtState:
        other = type(self).__new__(type(self))
        for name in self._slot_names:
            value = getattr(self, name)
            setattr(other, name, value[:] if type(value) is list else value)
        return other

    @abstractmethod
    def _deal(self, order: list[int]) -> None:
        """Lay out a hand (the hands, the stock ...) from a deck order."""


class CardGame(Game):
    """A game built from one frozen options object that names its ``players``;
    subclasses say which state class plays it (``state_type``) and which
    options class it takes (``options_type``)."""

    state_type: ClassVar[type[State]]
    options_type: ClassVar[type]

    def __init__(self, options: Any = None) -> None:
        self._options = options if options is not None else self.options_type()

    @property
    def options(self) -> Any:
        return self._options

    @property
    def num_players(self) -> int:
        return self._options.players

    def new_initial_state(self) -> State:
        return self.state_type(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._options})"


def resolve_chance(state: State, rng: random.Random) -> None:
    """Resolve chance nodes with ``rng`` until a player (or the end) is to act."""
    while state.is_chance_node():
        state.apply_chance(state.sample_chance(rng))


def shuffled(cards: Sequence[int], rng: random.Random) -> list[int]:
    """A Fisher-Yates shuffle that uses only ``rng.random()``.

    Python guarantees ``random()`` gives the same numbers for the same seed in
    every version, unlike ``shuffle``; game records depend on that.

    >>> shuffled(range(5), random.Random(1)) == shuffled(range(5), random.Random(1))
    True
    """
    out = list(cards)
    rand = rng.random
    for i in range(len(out) - 1, 0, -1):
        j = int(rand() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out
