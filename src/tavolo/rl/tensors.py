"""Burraco observations as fixed-size tensors, filled in place.

:class:`ObservationEncoder` writes one seat's
:class:`~tavolo.games.burraco.observation.BurracoObservation` into a
preallocated ``float32`` vector: it reads nothing but the observation, so the
tensor holds only what that seat may know (its own hand, never the others'
hands, the pozzetti or the order of the stock, the tallone). :func:`fill_action_mask`
writes the legal actions into a preallocated ``int8`` mask over
:data:`~tavolo.games.burraco.actions.NUM_ACTIONS` ids.

This module is the reference. On the compiled engine the core writes the same tensor and
mask itself (``NativeBurracoState.encode_observation``, docs/compiled-engine.md), held equal
to :class:`ObservationEncoder` value for value by ``tests/rl/test_core_encoder.py``: a change
to the layout or to a field's value here must be made in ``_core.cpp`` too.

Seats and sides are *relative* to the observing seat, so one policy plays
every chair: relative seat ``r`` is the seat ``r`` places after it in the order
of play (0 = itself, 1 = the next player, whom its discard feeds); relative
side 0 is its own side, the others follow in the order their first player
comes after it. With ``P`` players a hand has at most ``S`` sides: 2 for 2, 4
and 6 players, ``P`` for 3 and 5 (everyone alone, or before the lone player
takes the pozzetto of 18).

The vector is a sequence of named fields, each ``rows x width`` in row-major
order (:meth:`Layout.view` gives the 2-D view); card planes are 53 wide, one
column per card type (``suit * 13 + rank - 1``, the joker (jolly) 52, as in
:mod:`tavolo.cards.french`). In order:

================== ======== =====================================================
field              shape    value
================== ======== =====================================================
hand               1 x 53   copies of each card in the seat's hand
pile               1 x 53   copies in the discard pile (monte degli scarti)
pile_top           1 x 53   1 on the pile's top card
single_pile_card   1 x 53   1 on the one-card pile just taken (may not be discarded)
unseen             1 x 53   copies the seat has not seen: the deck less its hand,
                            the pile, the melds and the cards others took from the pile
known              P-1 x 53 cards relative seat 1..P-1 took from the pile and still holds
melded             S x 53   copies in relative side k's melds
fits               S x 53   1 where the card attaches to one of side k's melds
phase              1 x 2    1 in draw / play (both 0 once the hand is over)
to_act             1 x P    1 on the relative seat to act
hand_sizes         1 x P    cards in each relative seat's hand / 11
pending_pozzetto   1 x P    cards of a pozzetto taken with the discard, not yet seen / 11
seat_side          P x S    1 on the relative side of each relative seat
pozzetto_taken     1 x S    1 when relative side k has taken its pozzetto
free_pozzetti      1 x 1    pozzetti not yet assigned to a side (3 and 5 players)
side_melds         S x 5    per side: melds / 10; clean (pulito), semiclean
                            (semipulito, by shape), dirty (sporco) burraci / 4;
                            longest meld not yet a burraco / 7
stock              1 x 1    cards in the stock (tallone) / 100
flags              1 x 4    must meld the taken pile; last turn; time-out called;
                            everyone alone (3 and 5 players)
stall              1 x 1    one-card-pile streak / (2 P), at most 1
time_out_left      1 x 1    turns left after a time-out / (2 P), at most 1
turn               1 x 1    turn number / 200, at most 1
rule_set           1 x 3    1 on fibur, fedibur1985, internazionale
scores             1 x P    each relative seat's match score / 1000, within [-5, 5]
================== ======== =====================================================

With four players (``S = 2``) that is 686 numbers:

    >>> layout = Layout(4)
    >>> layout.size, layout.fields["melded"].offset, layout.fields["phase"].offset
    (686, 424, 636)
    >>> [(f.name, f.rows, f.width) for f in layout.fields.values()][5:8]
    [('known', 3, 53), ('melded', 2, 53), ('fits', 2, 53)]

Encoding a position (the seat's hand appears in the ``hand`` plane)::

    >>> import random
    >>> from tavolo.games.burraco import make_game
    >>> state = make_game(players=4, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> encoder = ObservationEncoder(4)
    >>> out = encoder.new_tensor()
    >>> tensor = encoder.encode(state.observation(0), out)
    >>> tensor is out, int(layout.view(out, "hand").sum()), round(float(layout.view(out, "stock")[0, 0]), 2)
    (True, 11, 0.41)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import zip_longest

import numpy as np

from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.games.burraco.cards import NUM_TYPES
from tavolo.games.burraco.melds import (
    BURRACO_SIZE, CLEAN, DIRTY, NOT_BURRACO, SEMICLEAN, Meld, attachments, burraco_kind, meld_cards, meld_size,
)
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.rules import HAND_SIZE, RULE_SETS

JOKER = NUM_TYPES - 1
RULE_SET_NAMES = tuple(RULE_SETS)
MAX_TURN = 200
SCORE_UNIT = 1000.0
MAX_SCORE = 5.0


@dataclass(frozen=True)
class Field:
    """One named block of the tensor: ``rows x width`` numbers from ``offset``,
    each within ``[low, high]``."""

    name: str
    offset: int
    rows: int
    width: int
    low: float
    high: float

    @property
    def size(self) -> int:
        return self.rows * self.width

    @property
    def end(self) -> int:
        return self.offset + self.size


def max_sides(players: int) -> int:
    """Most sides a hand of ``players`` can have: 2 with partners (2, 4, 6 players),
    everyone alone otherwise.

    >>> [max_sides(n) for n in range(2, 7)]
    [2, 3, 2, 5, 2]
    """
    return 2 if players % 2 == 0 else players


class Layout:
    """The fields of the tensor for a table of ``players`` (see the module docstring)."""

    def __init__(self, players: int) -> None:
        if players not in range(2, 7):
            raise ValueError(f"Burraco is played by 2 to 6 players, not {players}")
        self.players = p = players
        self.sides = s = max_sides(players)
        copies = 2 * (3 if players >= 5 else 2)  # most copies of one card type: the jokers
        deck_over_hand = copies * 27 / HAND_SIZE
        shapes = [
            ("hand", 1, NUM_TYPES, copies), ("pile", 1, NUM_TYPES, copies), ("pile_top", 1, NUM_TYPES, 1),
            ("single_pile_card", 1, NUM_TYPES, 1), ("unseen", 1, NUM_TYPES, copies),
            ("known", p - 1, NUM_TYPES, copies), ("melded", s, NUM_TYPES, copies), ("fits", s, NUM_TYPES, 1),
            ("phase", 1, 2, 1), ("to_act", 1, p, 1), ("hand_sizes", 1, p, deck_over_hand),
            ("pending_pozzetto", 1, p, 18 / HAND_SIZE), ("seat_side", p, s, 1), ("pozzetto_taken", 1, s, 1),
            ("free_pozzetti", 1, 1, 3), ("side_melds", s, 5, 6), ("stock", 1, 1, 2), ("flags", 1, 4, 1),
            ("stall", 1, 1, 1), ("time_out_left", 1, 1, 1), ("turn", 1, 1, 1),
            ("rule_set", 1, len(RULE_SET_NAMES), 1), ("scores", 1, p, MAX_SCORE),
        ]
        self.fields: dict[str, Field] = {}
        offset = 0
        for name, rows, width, high in shapes:
            low = -MAX_SCORE if name == "scores" else 0.0
            self.fields[name] = Field(name, offset, rows, width, low, float(high))
            offset += rows * width
        self.size = offset

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest value of every position, for a ``Box`` space."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for f in self.fields.values():
            low[f.offset:f.end] = f.low
            high[f.offset:f.end] = f.high
        return low, high

    def runs(self, *names: str) -> tuple[slice, ...]:
        """The slice of each field named, or of each run ``"first:last"`` of fields.

        >>> Layout(4).runs("phase", "melded:fits")
        (slice(636, 638, None), slice(424, 636, None))
        """
        fields = self.fields
        return tuple(slice(fields[name.partition(":")[0]].offset, fields[name.rpartition(":")[2]].end)
                     for name in names)

    def view(self, tensor: np.ndarray, name: str) -> np.ndarray:
        """Field ``name`` of ``tensor`` as a ``rows x width`` view (no copy)."""
        f = self.fields[name]
        return tensor[f.offset:f.end].reshape(f.rows, f.width)


class _Kept:
    """One seat's tensor as last encoded, its values as a ``float32`` memoryview
    (item writes at a fraction of a numpy call's cost), and the parts of the
    observation it was encoded from."""

    __slots__ = ("tensor", "values", "sides", "side_of", "order", "scores", "pozzetti", "hand", "pile", "known",
                 "melds", "side_melds", "fits", "kinds", "open_sizes", "ones", "hand_sizes", "pending", "stock",
                 "turn", "flags")

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, dtype=np.float32)
        self.values = memoryview(self.tensor)
        self.sides: object = None  # no sides yet: the first encode starts over, setting the other parts
        self.side_of: object = None

    def __getstate__(self) -> dict[str, object]:
        """The parts set, less the memoryview (which cannot be pickled or copied)."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "values" and hasattr(self, name)}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.values = memoryview(self.tensor)


class ObservationEncoder:
    """Writes observations of a ``players`` table into tensors of :attr:`layout`.

    Incremental: the encoder keeps each seat's last tensor with the parts of
    the observation it came from, and writes only what changed since that
    seat's previous observation: the hand, the pile, the known cards, the melds
    changed slot by slot (each card moved in or out of a plane also moves in
    ``unseen``), what fits the changed sides, the scores, the pozzetti, then
    the single-valued fields (pile top, phase, seat to act, ...) and the scaled
    counts. A part is compared by identity first (``BurracoState.observation``
    keeps each part the same object until it changes) and its change found by
    value, so observations of any states, in any order, encode as from
    scratch; new sides (a new encoder, the lone player's sides at 3 and 5
    players) start the seat's tensor over. ``out`` gets a copy: writing into it
    never reaches the kept tensor.
    """

    def __init__(self, players: int) -> None:
        self.layout = layout = Layout(players)
        decks = 3 if players >= 5 else 2
        self._deck = np.full(NUM_TYPES, decks, dtype=np.float32)
        self._deck[JOKER] = 2 * decks
        at = {name: f.offset for name, f in layout.fields.items()}
        self._unseen = layout.runs("unseen")[0]
        self._side_at = [(at["melded"] + k * NUM_TYPES, at["fits"] + k * NUM_TYPES, at["side_melds"] + k * 5)
                         for k in range(layout.sides)]
        """Where relative side ``k``'s ``melded``, ``fits`` and ``side_melds`` rows start."""
        self._stock_at, self._turn_at = at["stock"], at["turn"]
        self._flags = layout.runs("flags:time_out_left")[0]
        """Where ``flags``, ``stall`` and ``time_out_left`` go (:func:`_flags`)."""
        self._order = [[(me + r) % players for r in range(players)] for me in range(players)]
        """Seats in relative order, for each observing seat."""
        self._known_rows = [[(seat, at["known"] + r * NUM_TYPES) for r, seat in enumerate(seats[1:])]
                            for seats in self._order]
        """The other seats and where their ``known`` row starts, for each observing seat."""
        self._to_act = [[at["to_act"] + (current - me) % players for current in range(players)]
                        for me in range(players)]
        """Where the ``to_act`` 1 goes, for each observing seat and seat to act."""
        (self._pile_at, self._pile_top_at, self._single_at, self._unseen_at, self._seat_side_at, self._scores_at,
         self._sizes_at, self._pending_at) = (at[name] for name in (
            "pile", "pile_top", "single_pile_card", "unseen", "seat_side", "scores", "hand_sizes", "pending_pozzetto"))
        self._pozzetti_at = layout.runs("pozzetto_taken:free_pozzetti")[0]
        self._phase_at = {"draw": at["phase"], "play": at["phase"] + 1}
        self._rule_set_at = {name: at["rule_set"] + k for k, name in enumerate(RULE_SET_NAMES)}
        self._kept = [_Kept(layout.size) for _ in range(players)]

    def new_tensor(self) -> np.ndarray:
        """A zero tensor of the right size, to be filled by :meth:`encode`."""
        return np.zeros(self.layout.size, dtype=np.float32)

    def encode(self, obs: BurracoObservation, out: np.ndarray) -> np.ndarray:
        """Fill ``out`` (``float32``, ``layout.size``) with ``obs`` and return it."""
        if obs.players != self.layout.players:
            raise ValueError(f"an observation of {obs.players} players does not fit a {self.layout.players}-player layout")
        kept = self._kept[obs.seat]
        if kept.sides is not obs.sides or kept.side_of is not obs.side_of:
            self._start_over(kept, obs)
        values = kept.values
        if obs.scores is not kept.scores:
            self._write_scores(kept, obs)
        if obs.pozzetti is not kept.pozzetti:
            self._write_pozzetti(kept, obs)
        if obs.hand is not kept.hand:
            _move(values, kept.hand, obs.hand, 0, self._unseen_at)  # hand is the first field
            kept.hand = obs.hand
        if obs.pile is not kept.pile:
            self._write_pile(kept, obs.pile)
        if obs.known is not kept.known:
            self._write_known(kept, obs)
        if obs.melds is not kept.melds:
            self._write_melds(kept, obs.melds)
        self._write_ones(kept, obs)
        self._write_counts(kept, obs)
        out[:] = kept.tensor
        return out

    def _start_over(self, kept: _Kept, obs: BurracoObservation) -> None:
        """Zero the seat's tensor but for the deck in ``unseen`` and the
        ``seat_side`` block of ``obs``'s sides, and forget every other part."""
        kept.tensor.fill(0.0)
        kept.tensor[self._unseen] = self._deck
        seats, sides = self._order[obs.seat], self.layout.sides
        kept.order = order = _relative_sides(obs.sides, obs.seat, obs.players)
        for r, seat in enumerate(seats):
            kept.values[self._seat_side_at + r * sides + order.index(obs.side_of[seat])] = 1.0
        kept.sides, kept.side_of = obs.sides, obs.side_of
        kept.scores = kept.pozzetti = kept.melds = None
        kept.hand = kept.pile = ()
        kept.known = ((),) * obs.players
        kept.side_melds = [()] * sides
        kept.fits = [[0] * NUM_TYPES for _ in range(sides)]
        kept.kinds = [[] for _ in range(sides)]
        kept.open_sizes = [[] for _ in range(sides)]
        kept.ones = []
        kept.hand_sizes = kept.pending = kept.stock = kept.turn = kept.flags = None

    def _write_scores(self, kept: _Kept, obs: BurracoObservation) -> None:
        """Each relative seat's match score / 1000, within [-5, 5]."""
        values, at, scores = kept.values, self._scores_at, obs.scores
        for r, seat in enumerate(self._order[obs.seat]):
            values[at + r] = min(MAX_SCORE, max(-MAX_SCORE, scores[seat] / SCORE_UNIT))
        kept.scores = scores

    def _write_pozzetti(self, kept: _Kept, obs: BurracoObservation) -> None:
        """``pozzetto_taken`` by relative side and ``free_pozzetti``."""
        values, run, order = kept.values, self._pozzetti_at, kept.order
        kept.tensor[run] = 0.0
        for pozzetto in obs.pozzetti:
            if pozzetto.side < 0:
                values[run.stop - 1] += 1.0
            elif pozzetto.taken:
                values[run.start + order.index(pozzetto.side)] = 1.0
        kept.pozzetti = obs.pozzetti

    def _write_pile(self, kept: _Kept, pile: tuple[int, ...]) -> None:
        """The pile's cards: only those discarded since, while the old pile is still its bottom."""
        old = kept.pile
        if pile[:len(old)] == old:
            _move(kept.values, (), pile[len(old):], self._pile_at, self._unseen_at)
        else:
            _move(kept.values, old, pile, self._pile_at, self._unseen_at)
        kept.pile = pile

    def _write_known(self, kept: _Kept, obs: BurracoObservation) -> None:
        """The other seats' known cards, the rows whose cards changed."""
        old, known = kept.known, obs.known
        for seat, row in self._known_rows[obs.seat]:
            if known[seat] is not old[seat]:
                _move(kept.values, old[seat], known[seat], row, self._unseen_at)
        kept.known = known

    def _write_melds(self, kept: _Kept, melds: tuple[tuple[Meld, ...], ...]) -> None:
        """The sides whose melds changed, slot by slot: the cards each changed
        meld gained or lost and the cards that fit it (a ``fits`` card is 1
        while one meld of the side or more takes it, kept as a count per card),
        and the side's ``side_melds`` row from its melds' kinds and sizes, kept per slot."""
        values, unseen_at = kept.values, self._unseen_at
        for k, side in enumerate(kept.order):
            old, new = kept.side_melds[k], melds[side]
            if old == new:
                continue
            melded_at, fits_at, summary_at = self._side_at[k]
            fits, kinds, open_sizes = kept.fits[k], kept.kinds[k], kept.open_sizes[k]
            for slot, (was, now) in enumerate(zip_longest(old, new)):
                if was is not now:
                    lost, gained, unfit, fit, kind, open_size = _meld_change(was, now)
                    _move(values, lost, gained, melded_at, unseen_at)
                    for card in unfit:
                        fits[card] -= 1
                        if not fits[card]:
                            values[fits_at + card] = 0.0
                    for card in fit:
                        if not fits[card]:
                            values[fits_at + card] = 1.0
                        fits[card] += 1
                    if slot < len(kinds):
                        kinds[slot], open_sizes[slot] = kind, open_size
                    else:
                        kinds.append(kind)
                        open_sizes.append(open_size)
            del kinds[len(new):], open_sizes[len(new):]
            values[summary_at:summary_at + 5] = _side_row(len(new), kinds, open_sizes)
            kept.side_melds[k] = new
        kept.melds = melds

    def _write_ones(self, kept: _Kept, obs: BurracoObservation) -> None:
        """The single-valued fields: 1 on ``pile_top``, ``single_pile_card``,
        ``phase``, ``to_act`` and ``rule_set``, where they apply."""
        ones = [self._rule_set_at[obs.rule_set]]
        if obs.pile:
            ones.append(self._pile_top_at + obs.pile[-1])
        if obs.single_pile_card >= 0:
            ones.append(self._single_at + obs.single_pile_card)
        phase = self._phase_at.get(obs.phase)
        if phase is not None:
            ones.append(phase)
        if 0 <= obs.current_player < obs.players:
            ones.append(self._to_act[obs.seat][obs.current_player])
        if ones != kept.ones:
            values = kept.values
            for at in kept.ones:
                values[at] = 0.0
            for at in ones:
                values[at] = 1.0
            kept.ones = ones

    def _write_counts(self, kept: _Kept, obs: BurracoObservation) -> None:
        """``hand_sizes`` and ``pending_pozzetto`` / 11, seats in relative order,
        ``stock``, ``turn``, and ``flags`` to ``time_out_left``: each group where
        its values changed."""
        values, seats = kept.values, self._order[obs.seat]
        if obs.hand_sizes != kept.hand_sizes:
            _write_over_hand_size(values, self._sizes_at, obs.hand_sizes, seats)
            kept.hand_sizes = obs.hand_sizes
        if obs.pending_pozzetto != kept.pending:
            _write_over_hand_size(values, self._pending_at, obs.pending_pozzetto, seats)
            kept.pending = obs.pending_pozzetto
        if obs.stock_size != kept.stock:
            kept.stock = obs.stock_size
            values[self._stock_at] = obs.stock_size / 100
        if obs.turn_number != kept.turn:
            kept.turn = obs.turn_number
            values[self._turn_at] = min(obs.turn_number, MAX_TURN) / MAX_TURN
        flags = (obs.must_meld, obs.last_turn, obs.time_out_plays_left, obs.everyone_alone, obs.stall_streak)
        if flags != kept.flags:
            kept.flags = flags
            for at, value in enumerate(_flags(obs), self._flags.start):
                values[at] = value


def _move(values: memoryview, out: Sequence[int], into: Sequence[int], plane_at: int, unseen_at: int) -> None:
    """Take the cards ``out`` from the card plane at ``plane_at`` and put the
    cards ``into`` in it, each one back in / out of ``unseen``; the start and
    the end the two have in common stay (a hand and a seat's known cards are
    shown in one order: most changes are a few cards inside, and most of those
    one card, found without a loop: :func:`_one_card_apart`)."""
    if out and into:
        card = _one_card_apart(out, into)
        if card is not None:
            step = 1.0 if len(into) > len(out) else -1.0
            values[plane_at + card] += step
            values[unseen_at + card] -= step
            return
        start = 0
        for was, now in zip(out, into):
            if was != now:
                break
            start += 1
        out, into = out[start:], into[start:]
        end = 0
        for was, now in zip(reversed(out), reversed(into)):
            if was != now:
                break
            end += 1
        out, into = out[:len(out) - end], into[:len(into) - end]
    for card in out:
        values[plane_at + card] -= 1.0
        values[unseen_at + card] += 1.0
    for card in into:
        values[plane_at + card] += 1.0
        values[unseen_at + card] -= 1.0


def _one_card_apart(a: Sequence[int], b: Sequence[int]) -> int | None:
    """The card that one of ``a``, ``b`` holds and the other lacks, when the
    longer is the shorter with that one card inserted, else ``None``. Every step
    runs in C (sums, ``index``, slice compares): a draw, a discard or an
    attachment changes a hand by one card.

        >>> _one_card_apart((3, 5, 9), (3, 9)), _one_card_apart((3, 9), (3, 5, 5, 9))
        (5, None)
        >>> _one_card_apart((3, 4, 9), (3, 5, 7))  # the same length: not one card apart
    """
    if len(a) == len(b) + 1:
        short, long = b, a
    elif len(b) == len(a) + 1:
        short, long = a, b
    else:
        return None
    card = sum(long) - sum(short)
    try:
        i = long.index(card)
    except ValueError:
        return None
    return card if long[:i] == short[:i] and long[i + 1:] == short[i:] else None


def _write_over_hand_size(values: memoryview, at: int, counts: tuple[int, ...], seats: list[int]) -> None:
    """Each seat's count / 11 from ``at``, ``seats`` in relative order."""
    for r, seat in enumerate(seats):
        values[at + r] = counts[seat] / HAND_SIZE


def _flags(obs: BurracoObservation) -> list[float]:
    """The values of ``flags``, ``stall`` and ``time_out_left``."""
    p = obs.players
    time_out_left = obs.time_out_plays_left
    return [float(obs.must_meld), float(obs.last_turn), float(time_out_left is not None), float(obs.everyone_alone),
            min(1.0, obs.stall_streak / (2 * p)), min(1.0, (time_out_left or 0) / (2 * p))]


def _side_row(melds: int, kinds: list[int], open_sizes: list[int]) -> array:
    """A side's ``side_melds`` row from its number of melds, each meld's burraco
    kind and each size of a meld not yet a burraco (0 for a burraco)."""
    return array("f", (melds / 10, kinds.count(CLEAN) / 4, kinds.count(SEMICLEAN) / 4, kinds.count(DIRTY) / 4,
                       max(open_sizes, default=0) / BURRACO_SIZE))


@lru_cache(maxsize=1 << 14)
def _meld_change(was: Meld | None, now: Meld | None) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                                                              tuple[int, ...], int, int]:
    """What a slot going from meld (gioco) ``was`` to ``now`` (``None``: no meld)
    changes: the cards it lost and gained, the fitting cards it lost and gained,
    ``now``'s burraco kind (by shape) and its size while not a burraco (else 0).
    Cached: the same changes come again and again (and once per observing seat);
    a pair not seen yet reads each meld's parts from their own cache."""
    was_cards, was_fits, _, _ = _meld_parts(was)
    now_cards, now_fits, kind, open_size = _meld_parts(now)
    return (_less(was_cards, now_cards), _less(now_cards, was_cards), _less(was_fits, now_fits),
            _less(now_fits, was_fits), kind, open_size)


@lru_cache(maxsize=1 << 13)
def _meld_parts(meld: Meld | None) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """One meld's cards, the cards that attach to it (each once), its burraco
    kind and its size while not a burraco (else 0); nothing for no meld."""
    if meld is None:
        return (), (), NOT_BURRACO, 0
    kind = burraco_kind(meld)
    return (tuple(meld_cards(meld)), tuple(dict.fromkeys(card for card, _, _ in attachments(meld))), kind,
            meld_size(meld) if kind == NOT_BURRACO else 0)


def _less(cards: tuple[int, ...], other: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of ``cards`` left once those of ``other`` are taken out (multisets)."""
    if not other:
        return cards
    rest = list(cards)
    for card in other:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


@lru_cache(maxsize=1 << 10)
def _relative_sides(sides: tuple[tuple[int, ...], ...], me: int, players: int) -> tuple[int, ...]:
    """The side indices, own side first, then by their first seat after the
    observing seat ``me`` in the order of play."""
    return tuple(sorted(range(len(sides)), key=lambda side: min((seat - me) % players for seat in sides[side])))


def fill_action_mask(legal: Sequence[int], out: np.ndarray) -> np.ndarray:
    """Fill ``out`` (``int8``, ``NUM_ACTIONS``) with 1 on the ``legal`` ids, 0 elsewhere.

    >>> mask = np.ones(NUM_ACTIONS, dtype=np.int8)
    >>> np.flatnonzero(fill_action_mask([0, 1], mask)).tolist()
    [0, 1]
    """
    out.fill(0)
    out.put(legal, 1)  # a list's ids by put: 1.4 us, by fancy indexing 2.6 (the list made an index array first)
    return out
