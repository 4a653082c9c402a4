"""The compiled Burraco core (issue 27), and which engine plays.

``_core`` is a C++ extension built from ``_core.cpp`` by ``pip install -e .`` (setup.py).
It holds the whole state of a match in one fixed-size struct and does, in native code, what
random play and search need: the legal actions (in the reference engine's order), ``apply``,
the meld checks, the end of a hand and its scores, and whole random playouts. The observation of a seat is built
from the core's fields too (:func:`observation_of`). Everything else
(JSON, notation, words, the rule an illegal move breaks) is read from the
reference :class:`~tavolo.games.burraco.state.BurracoState`, built from the compiled state
(:meth:`NativeBurracoState.to_python`; the faces read one kept a position): the pure-Python
engine stays the reference, and ``tests/burraco/test_native_differential.py`` plays both side
by side. The web server's tables and the terminal play on it (``BurracoGame.new_table_state``).

``TAVOLO_ENGINE`` chooses: ``python`` (the reference only), ``native`` (the compiled core,
an error where it is not built), or unset / ``auto`` (the compiled core where it is built;
where it is not, a warning once and the Python engine).

    >>> import random
    >>> from tavolo.games.burraco import make_game
    >>> game = make_game(players=4, target=None)
    >>> state = new_state(game)
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> ref = game.new_initial_state()
    >>> ref.apply_chance(ref.sample_chance(random.Random(3)))
    >>> state.legal_actions() == ref.legal_actions() and state.to_json() == ref.to_json()
    True
"""

from __future__ import annotations

import os
import random
import warnings
from collections import Counter
from typing import TYPE_CHECKING, Any

from tavolo.engine.errors import IllegalActionError
from tavolo.engine.game import DeckDeal, State
from tavolo.games.burraco import rulebook
from tavolo.games.burraco.actions import ATTACH_BASE, GROUP_RANKS, NUM_ACTIONS, TEMPLATES, TIME_OUT
from tavolo.games.burraco.cards import HAND_ORDER, MATES
from tavolo.games.burraco.integrity import ENDED_BY, check_raw, pack_meld, raw_of, unpack_meld
from tavolo.games.burraco.melds import KIND_NAMES, Meld
from tavolo.games.burraco.observation import BurracoObservation, PozzettoView, mask_cards
from tavolo.games.burraco.opens import pair_ranks, suit_masks
from tavolo.games.burraco.rules import RULE_SETS
from tavolo.games.burraco.scoring import HandResult, SideScore
from tavolo.games.burraco.state import OVER, PHASE_NAMES, BurracoState, _rank_counts

if TYPE_CHECKING:
    from tavolo.games.burraco.game import BurracoGame

try:
    from tavolo.games.burraco import _core  # type: ignore[attr-defined]
except ImportError as error:  # not built: no compiler, or a failed build
    _core = None
    BUILD_ERROR: str | None = str(error)
else:
    BUILD_ERROR = None

ENGINES = ("auto", "native", "python")
TIME_OUT_RULES = {None: 0, "codice": 1, "fedibur1985": 2}
RULE_SET_INDEX = {name: k for k, name in enumerate(RULE_SETS)}
"""A rule set's index, as the core keeps it (the RL tensor's ``rule_set`` field)."""
_warned = False


# --- which engine ----------------------------------------------------------------------------

def available() -> bool:
    """Whether the compiled core was built and imports."""
    return _core is not None


def engine() -> str:
    """The engine that plays: ``"native"`` or ``"python"`` (see the module docstring)."""
    global _warned
    wanted = os.environ.get("TAVOLO_ENGINE", "auto").strip().lower() or "auto"
    if wanted not in ENGINES:
        raise ValueError(f"TAVOLO_ENGINE={wanted!r}: choose one of {', '.join(ENGINES)}")
    if wanted == "python":
        return "python"
    if _core is None:
        if wanted == "native":
            raise RuntimeError(f"TAVOLO_ENGINE=native but the compiled Burraco core is not built: {BUILD_ERROR}")
        if not _warned:
            _warned = True
            warnings.warn("the compiled Burraco core is not built (no C++ compiler, or its build failed); "
                          "the Python engine plays. Reinstall with `pip install -e .` to build it.",
                          RuntimeWarning, stacklevel=3)
        return "python"
    return "native"


def new_state(game: BurracoGame) -> State:
    """A new match of ``game`` in the engine :func:`engine` names."""
    if engine() == "native":
        return NativeBurracoState(game)
    return game.new_initial_state()


def compiled_observation(game: BurracoGame, obs: BurracoObservation, rng: random.Random) -> BurracoObservation | None:
    """``obs`` as the observation of a compiled state, which a search in the core reads (its
    ``_core_view``): the observation of a determinization of ``obs``
    (:func:`~tavolo.games.burraco.hidden.sample_hidden_state`: what ``obs.seat`` cannot see dealt
    at random) copied into the core. It equals ``obs`` field for field, since only what the seat
    cannot see differs, and a search in the core reads only what the seat sees. ``None`` where
    the core is not built or ``obs`` is not of a hand being played. A table on the Python state
    (``TAVOLO_ENGINE=python``, the engine's ``play``) gives such observations, and a kept
    observation's state may have moved on: this is how a core search plays there.

        >>> import random
        >>> from tavolo.games.burraco import make_game
        >>> game = make_game("fibur", players=2, target=None)
        >>> state = game.new_initial_state()
        >>> state.apply_chance(state.sample_chance(random.Random(3)))
        >>> seen = compiled_observation(game, state.observation(1), random.Random(1))
        >>> seen == state.observation(1), "_core_view" in seen.__dict__
        (True, True)
    """
    if _core is None or obs.phase not in ("draw", "play"):
        return None
    from tavolo.games.burraco.hidden import sample_hidden_state

    return NativeBurracoState.from_python(sample_hidden_state(game, obs, rng)).observation(obs.seat)


# --- the compiled state ----------------------------------------------------------------------

if _core is not None:
    _core.setup([(pack_meld(t.meld), *t.cards) for t in TEMPLATES], ATTACH_BASE, NUM_ACTIONS,
                 [sum(1 << mate for mate in mates) for mates in MATES])
    _core.set_hand_order(HAND_ORDER)
    _Base: Any = _core.Core
else:  # pragma: no cover - only where the build failed
    class _Base:
        """Stands in for the compiled type where it is not built: it cannot be made."""

        def __new__(cls, *args: Any) -> Any:
            raise RuntimeError(f"the compiled Burraco core is not built: {BUILD_ERROR}")


class NativeBurracoState(_Base, DeckDeal, State):
    """A Burraco match in the compiled core, played like :class:`BurracoState`.

    In native code: ``legal_actions``, ``apply`` and ``apply_legal`` (both check the action
    against the kept legal actions and refuse one that is not legal; ``_apply_unchecked`` is the
    unchecked fast path of the callers that pass a legal action), ``current_player``,
    ``is_terminal``, ``is_chance_node``, ``clone``, ``returns``, ``hands_played``,
    ``turn_number``, :meth:`playout`, the fields of :meth:`observation` (built in Python from
    them, no copy of the state) and ``encode_observation(seat, tensor, mask)``, a seat's RL
    tensor (:mod:`tavolo.rl.tensors`, ``float32``) and action mask (``int8``, or ``None``)
    written in place from the core's fields. Everything else is answered by the reference state
    :meth:`to_python` builds (exact, and slower: for the server and people, use
    :class:`BurracoState`).
    """

    phase_names = PHASE_NAMES

    def __init__(self, game: BurracoGame) -> None:
        o = game.options
        super().__init__(game, o.players, o.semiclean, o.clean_to_close, o.take_needs_meld,
                         tuple(o.group_ranks or GROUP_RANKS), -1 if o.target is None else o.target,
                         -1 if o.hands is None else o.hands, o.lone_vs_pairs, o.alone_threshold,
                         1 if o.pair_share == "half" else 0, TIME_OUT_RULES[o.time_out], RULE_SET_INDEX[o.rule_set])

    # --- chance: a deal of the whole deck (DeckDeal, as the Python engine's) -------------------

    # --- refusals and the arbiter ----------------------------------------------------------

    def _not_legal(self, action: int) -> None:
        """Called by ``apply`` for an action that is not legal: the time-out is announced,
        anything else refused with the rule the reference engine names."""
        if action == TIME_OUT:
            self.announce_time_out()
            return
        self._reference()._not_legal(action)
        raise AssertionError("the reference engine accepted an action the core refused")  # pragma: no cover

    def announce_time_out(self) -> None:
        """The arbiter calls time (see :meth:`BurracoState.announce_time_out`)."""
        rule = self.game.options.time_out
        if rule is None:
            raise IllegalActionError("time-out", rulebook.TIME_OUT_OFF)
        if self._timeout:
            raise IllegalActionError("time-out", rulebook.TIME_OUT_TWICE)
        if self._phase == OVER:
            raise IllegalActionError("time-out", rulebook.GAME_OVER)
        self._time_out()

    # --- the reference state ---------------------------------------------------------------

    def to_python(self) -> BurracoState:
        """The same position as a :class:`BurracoState`: every field copied."""
        return _python_state(self.game, self._raw(), None)

    def _reference(self) -> BurracoState:
        """The reference state of this position, which the faces read (notation, words, JSON,
        refusals, the hands' results): built once a position and kept until an action, a deal
        or a time-out moves the state on (its history's length, phase, hands played, turn and
        time-out mark it, as they mark a ``_core_view``), so that a table's move, which reads
        it for the move's words, its notation, the legal moves and their words, builds it
        once, not once a reading. Only read, never played (the faces try moves on clones), so
        the next one shares what did not change with it (:func:`_python_state`). A clone or a
        pickle starts without it."""
        stamp = (self._history_len, self._phase, self.hands_played, self.turn_number, self._timeout)
        kept = self.__dict__.get("_reference_kept")
        if kept is not None and kept[0] == stamp:
            return kept[1]
        reference = _python_state(self.game, self._raw(), kept[1] if kept is not None else None)
        self.__dict__["_reference_kept"] = (stamp, reference)
        return reference

    def _load(self, raw: dict[str, Any]) -> None:
        """Set every field (``_raw``'s form: what unpickling and ``copy.deepcopy`` give), checked
        first as the reference's ``state_from_json`` checks a saved state
        (:func:`~tavolo.games.burraco.integrity.check_raw`: a ``ValueError`` naming the field),
        so a state loads on both engines or on neither; the kept reference state dropped."""
        check_raw(self.game, raw)
        self._load_trusted(raw)

    def _load_trusted(self, raw: dict[str, Any]) -> None:
        """:meth:`_load` unchecked, for the fields of a reference state (:meth:`from_python`)."""
        super()._load(raw)
        self.__dict__.pop("_reference_kept", None)

    @classmethod
    def from_python(cls, state: BurracoState) -> NativeBurracoState:
        """The same position in the core: every field of a reference state copied (a search
        hands its determinizations, ``game.sample_hidden_state``, to the core this way)."""
        native = cls(state.game)
        native._load_trusted(raw_of(state))
        return native

    def determinize(self, seat: int, seed: int, infer: float = 0.0) -> NativeBurracoState:
        """A determinization of what ``seat`` sees, dealt in the core (``_search.cpp``): the
        cards it has not seen dealt at random into the other hands, the unseen pozzetti
        (pozzetto), the pozzetti and the stock (tallone), each card others took from the pile kept
        in their hand, dealt again until the player on turn has a legal action: the distribution of
        :class:`~tavolo.games.burraco.hidden.HiddenSampler` (the reference) with the same
        ``infer`` (0: uniform; above, the other hands weighted by what each let go), from the
        core's generator seeded with ``seed``. Like the reference's, it has no history and no
        hand results of its own; it reads only what ``seat`` may see."""
        return self._determinize(seat, seed, infer)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its game and every field (``_raw``, loaded back by
        ``_load``): an environment or a search that copies its state keeps the compiled one."""
        return _restore, (type(self), self.game, self._raw())

    def to_json(self) -> dict[str, Any]:
        return self._reference().to_json()

    @property
    def history(self) -> list[int]:
        return self._raw()["history"]

    def observation(self, seat: int) -> BurracoObservation:
        """What ``seat`` may know: the same :class:`BurracoObservation` as the reference
        engine's, built from the core's fields (``_observe``) with no Python state between."""
        return observation_of(self, seat)

    def action_to_string(self, action: int) -> str:
        return self._reference().action_to_string(action)

    def public_action_string(self, action: int) -> str:
        return self._reference().public_action_string(action)

    def action_words(self, action: int) -> Any:
        return self._reference().action_words(action)

    def public_action_words(self, action: int) -> Any:
        return self._reference().public_action_words(action)

    def legal_action_words(self) -> list[Any]:
        return self._reference().legal_action_words()

    def legal_action_strings(self) -> list[str]:
        return self._reference().legal_action_strings()

    def parse_action(self, text: str) -> int:
        return self._reference().parse_action(text)

    def move_reader(self) -> Any:
        return self._reference().move_reader()

    def move_words(self, text: str) -> Any:
        return self._reference().move_words(text)

    def all_cards(self) -> Counter[int]:
        return self._reference().all_cards()

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._phase]

    @property
    def hand_results(self) -> list[HandResult]:
        return self._reference().hand_results

    @property
    def closed_by(self) -> int:
        return self._reference().closed_by

    @property
    def dealer(self) -> int:
        return self._raw()["dealer"]

    @property
    def sides(self) -> list[tuple[int, ...]]:
        return self._reference().sides

    @property
    def time_out_plays_left(self) -> int | None:
        return self._reference().time_out_plays_left

    def side_of(self, seat: int) -> int:
        return self._reference().side_of(seat)

    def side_melds(self, side: int) -> list[Meld]:
        return self._reference().side_melds(side)

    def hand_cards(self, seat: int) -> list[int]:
        return self._reference().hand_cards(seat)

    def cards_left(self, seat: int) -> list[int]:
        return self._reference().cards_left(seat)

    def side_took_pozzetto(self, side: int) -> bool:
        return self._reference().side_took_pozzetto(side)

    def __repr__(self) -> str:
        return f"NativeBurracoState({self.game!r}, phase={self.phase}, history={self._history_len} actions)"


# --- the observation, from the core's fields ---------------------------------------------------

_MELDS: dict[int, Meld] = {}
"""Packed meld word -> its (immutable) meld: a few thousand words at most."""
_POZZETTI: dict[tuple[int, int, bool], PozzettoView] = {}
"""(size, side, taken) -> its (immutable) view."""


def _meld(word: int) -> Meld:
    meld = _MELDS.get(word)
    if meld is None:
        meld = _MELDS[word] = unpack_meld(word)
    return meld


def _pozzetto(raw: tuple[int, int, bool]) -> PozzettoView:
    view = _POZZETTI.get(raw)
    if view is None:
        view = _POZZETTI[raw] = PozzettoView(*raw)
    return view


def observation_of(state: NativeBurracoState, seat: int) -> BurracoObservation:
    """``seat``'s :class:`BurracoObservation` of a compiled state, field for field what
    :func:`tavolo.games.burraco.observation.observe` reads from a reference state (the
    differential test compares their JSON after every decision).

    As the reference does, a part that has not changed since the state's previous observation
    is the same object (the hand per seat, the pile, the melds and each side's, the known
    cards and each seat's, the cards let go, the pozzetti, the sides, the scores): the RL encoder compares parts
    by identity first and rewrites only what changed. The parts kept are immutable tuples, in
    the state's instance dict (a clone or a pickle starts without them)."""
    (phase, current, hand_no, dealer, turn_no, hand, sizes, pending, side_of, sides, melds, pile, stock,
     pozzetti, known, shunned, single, must_meld, stall, last_turn, plays_left, scores, alone) = state._observe(seat)
    kept = state.__dict__.get("_kept")
    if kept is None:
        kept = state.__dict__["_kept"] = {"hands": {}}
    hands = kept["hands"]
    old = hands.get(seat)
    if old is not None and old == hand:
        hand = old
    else:
        hands[seat] = hand
    side_of, sides, pile, scores, pozzetti = (_same(kept, "side_of", side_of), _same(kept, "sides", sides),
                                              _same(kept, "pile", pile), _same_scores(kept, scores),
                                              _same(kept, "pozzetti", pozzetti))
    shunned = _same(kept, "shunned", tuple(map(mask_cards, shunned)))
    if pozzetti is not kept.get("pozzetti_views"):
        kept["pozzetti_views"] = pozzetti
        kept["pozzetti_made"] = tuple(map(_pozzetto, pozzetti))
    if kept.get("melds_raw") != melds:
        kept["melds_raw"] = melds
        was = kept.get("melds", ())
        kept["melds"] = tuple(was[side] if side < len(was) and kept["melds_words"][side] == words
                              else tuple(map(_meld, words)) for side, words in enumerate(melds))
        kept["melds_words"] = melds
    old_known = kept.get("known")
    if old_known != known:
        kept["known"] = known = (known if old_known is None or len(old_known) != len(known)
                                 else tuple(o if o == k else k for o, k in zip(old_known, known)))
    else:
        known = old_known
    obs = object.__new__(BurracoObservation)
    obs.__dict__.update(  # as observe() does: the frozen __init__'s work at once
        seat=seat, players=len(sizes), rule_set=state.game.options.rule_set, phase=PHASE_NAMES[phase],
        current_player=current, hand_number=hand_no, dealer=dealer, turn_number=turn_no, hand=hand,
        hand_sizes=sizes, pending_pozzetto=pending, side_of=side_of, sides=sides, melds=kept["melds"], pile=pile,
        stock_size=stock, pozzetti=kept["pozzetti_made"], known=known, shunned=shunned, single_pile_card=single,
        must_meld=must_meld, stall_streak=stall, last_turn=last_turn, time_out_plays_left=plays_left,
        scores=scores, everyone_alone=alone,
        _core_view=state._seat_view(seat),  # not a field: the core's strong bot reads the seat's view through it
    )
    return obs


def _same_scores(kept: dict[str, Any], scores: tuple[float, ...]) -> tuple[float, ...]:
    """:func:`_same` for the scores, where ``0 == 0.0`` is not enough: an int and a float are
    written differently in JSON, so the kept scores must match in type as well."""
    old = kept.get("scores")
    if old is not None and old == scores and list(map(type, old)) == list(map(type, scores)):
        return old
    kept["scores"] = scores
    return scores


def _same(kept: dict[str, Any], name: str, value: Any) -> Any:
    """The part kept under ``name`` where it equals ``value`` (the same object), else ``value``,
    kept from now on."""
    old = kept.get(name)
    if old is not None and old == value:
        return old
    kept[name] = value
    return value


def _restore(cls: type[NativeBurracoState], game: BurracoGame, raw: dict[str, Any]) -> NativeBurracoState:
    """A compiled state from its game and its fields (``NativeBurracoState.__reduce__``)."""
    state = cls(game)
    state._load(raw)
    return state


def _python_state(game: BurracoGame, raw: dict[str, Any], like: BurracoState | None) -> BurracoState:
    """The :class:`BurracoState` of a compiled state's fields (``_raw``'s form). ``like``: a
    reference state that neither it nor the new one will ever be played (both only read), whose
    readings of a hand that did not change (its size, suits, ranks, pairs) and whose hand
    results, where no hand ended since, the new one shares instead of reading them again."""
    s = BurracoState(game)
    s._phase, s._turn, s._turn_no = raw["phase"], raw["turn"], raw["turn_number"]
    s._dealer, s._hand_no, s._scores, s._alone = raw["dealer"], raw["hand_number"], raw["scores"], raw["alone"]
    hands = raw["hands"]
    s._hands = hands
    for seat, hand in enumerate(hands):
        if like is not None and like._hands[seat] == hand:
            s._sizes[seat], s._masks[seat] = like._sizes[seat], like._masks[seat]
            s._ranks[seat], s._pairs[seat] = like._ranks[seat], like._pairs[seat]
        else:
            s._sizes[seat], s._masks[seat] = sum(hand), suit_masks(hand)
            s._ranks[seat], s._pairs[seat] = _rank_counts(hand), pair_ranks(hand)
    s._known = raw["known"]
    s._shunned = raw["shunned"]
    s._pending = raw["pending"]
    s._stock, s._pile = raw["stock"], raw["pile"]
    s._pozzetti = [cards for cards, _, _ in raw["pozzetti"]]
    s._pozz_owner = [owner for _, owner, _ in raw["pozzetti"]]
    s._pozz_taken = [taken for _, _, taken in raw["pozzetti"]]
    s._sides = [tuple(seats) for seats in raw["sides"]]
    s._side_of = [0] * len(hands)
    for side, seats in enumerate(s._sides):
        for seat in seats:
            s._side_of[seat] = side
    s._formed = raw["formed"]
    s._melds = [[_meld(word) for word in side] for side in raw["melds"]]
    s._refresh_side_pozzetti()
    s._single, s._must_meld, s._stall = raw["single"], raw["must_meld"], raw["stall"]
    s._last_turn, s._closed_by = raw["last_turn"], raw["closed_by"]
    s._timeout, s._plays_left = raw["time_out"], raw["plays_left"]
    results = raw["results"]
    s._results = (like._results if like is not None and len(like._results) == len(results)
                  else [_hand_result(r) for r in results])
    s.history = raw["history"]
    s._legal = None
    return s


def _hand_result(raw: tuple) -> HandResult:
    number, ended_by, sides, credited = raw
    scores = []
    for seats, (clean, semiclean, dirty), closing, bonus, melded, in_hand, pozzetto in sides:
        burraci = (KIND_NAMES[3],) * clean + (KIND_NAMES[2],) * semiclean + (KIND_NAMES[1],) * dirty
        scores.append(SideScore(tuple(seats), closing, burraci, bonus, melded, in_hand, pozzetto))
    return HandResult(number, ENDED_BY[ended_by], tuple(scores), tuple(credited))


def bench_playouts(players: int, hands: int, seed: int) -> int:
    """Deal and play ``hands`` hands of uniformly random play inside the core (fibur, one hand
    a match); the decisions made. For ``make bench``."""
    if _core is None:
        raise RuntimeError(f"the compiled Burraco core is not built: {BUILD_ERROR}")
    return _core.bench_playouts(players, hands, seed)


def vec_core(game: BurracoGame, tables: int, margin: bool = False) -> Any:
    """``tables`` matches of ``game`` stepped together in the core (``_core.Vec``, issue 42): the
    engine of :class:`tavolo.rl.vector.BurracoVectorEnv`, which makes its buffers and is the way
    to use it. ``margin``: rewards less the opponents' mean (else the points credited)."""
    if _core is None:
        raise RuntimeError(f"the compiled Burraco core is not built: {BUILD_ERROR}")
    vec = _core.Vec(NativeBurracoState(game), tables, margin)
    if _core.MAX_LEGAL != MAX_LEGAL:
        raise RuntimeError(f"the core lists up to {_core.MAX_LEGAL} legal actions, this module {MAX_LEGAL}: rebuild it")
    return vec


MAX_LEGAL = 4096
"""The most legal actions the core lists at one position (``_core.MAX_LEGAL``)."""

__all__ = ["BUILD_ERROR", "MAX_LEGAL", "NativeBurracoState", "available", "bench_playouts", "engine", "new_state",
           "observation_of", "pack_meld", "raw_of", "unpack_meld", "vec_core"]
