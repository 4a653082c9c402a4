"""Burraco observations as fixed-size tensors, filled in place.

:class:`ObservationEncoder` writes one seat's
:class:`~tavolo.games.burraco.observation.BurracoObservation` into a
preallocated ``float32`` vector: it reads nothing but the observation, so the
tensor holds only what that seat may know (its own hand, never the others'
hands, the pozzetti or the order of the stock, the tallone). :func:`fill_action_mask`
writes the legal actions into a preallocated ``int8`` mask over
:data:`~tavolo.games.burraco.actions.NUM_ACTIONS` ids.

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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.games.burraco.cards import NUM_TYPES
from tavolo.games.burraco.melds import (
    BURRACO_SIZE, CLEAN, DIRTY, SEMICLEAN, Meld, attachments, burraco_kind, meld_cards, meld_size,
)
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.rules import HAND_SIZE, RULE_SETS

JOKER = NUM_TYPES - 1
RULE_SET_NAMES = tuple(RULE_SETS)
MAX_TURN = 200
SCORE_UNIT = 1000.0
MAX_SCORE = 5.0
_OVER_HAND_SIZE = float(HAND_SIZE).__rtruediv__
"""``k / HAND_SIZE`` of a count ``k``."""


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


class ObservationEncoder:
    """Writes observations of a ``players`` table into tensors of :attr:`layout`.

    Each tensor is the sum of three vectors: one weighted ``bincount`` of what
    changes from one action to the next, the seat's base and the melds' vector.
    The count adds 1 at every card of the hand, the pile and the known cards and
    at the single-valued fields (pile top, phase, seat to act, ...), -1 in
    ``unseen`` for every card the seat sees, and the scaled counts at their
    places. The base (kept per seat) holds the seats' sides, the scores, the
    pozzetti and the deck in ``unseen``; the melds' vector (kept per order of
    the sides) holds the sides' melds: their cards, what fits them, their
    summary, and -1 in ``unseen`` for each melded card. Each is rebuilt only
    when its parts of the observation are other objects
    (``BurracoState.observation`` keeps them until they change); a side's and a
    meld's parts are also cached by value.
    """

    def __init__(self, players: int) -> None:
        self.layout = layout = Layout(players)
        decks = 3 if players >= 5 else 2
        self._deck = np.full(NUM_TYPES, decks, dtype=np.float32)
        self._deck[JOKER] = 2 * decks
        at = {name: f.offset for name, f in layout.fields.items()}
        self._base_blocks = layout.runs("seat_side", "scores", "pozzetto_taken:free_pozzetti", "unseen")
        """Where the base's blocks go (:meth:`_base`)."""
        self._side_at = [(at["melded"] + k * NUM_TYPES, at["fits"] + k * NUM_TYPES, at["side_melds"] + k * 5,
                          at["unseen"], layout.size) for k in range(layout.sides)]
        """Where relative side ``k``'s ``melded``, ``fits`` and ``side_melds`` rows start, where
        ``unseen`` starts, and the size of the tensor (:func:`_side_vector`'s places)."""
        counts, rest = layout.runs("hand_sizes:pending_pozzetto", "stock:turn")
        self._scalar_at = [*range(counts.start, counts.stop), *range(rest.start, rest.stop)]
        """Where the scaled counts go: ``hand_sizes``, ``pending_pozzetto``, then ``stock`` to ``turn``."""
        self._order = [[(me + r) % players for r in range(players)] for me in range(players)]
        """Seats in relative order, for each observing seat."""
        self._known_rows = [[(seat, at["known"] + r * NUM_TYPES) for r, seat in enumerate(seats[1:])]
                            for seats in self._order]
        """The other seats and where their ``known`` row starts, for each observing seat."""
        self._to_act = [[at["to_act"] + (current - me) % players for current in range(players)]
                        for me in range(players)]
        """Where the ``to_act`` 1 goes, for each observing seat and seat to act."""
        self._pile_at, self._pile_top_at, self._single_at, self._unseen_at = (
            at[name] for name in ("pile", "pile_top", "single_pile_card", "unseen"))
        self._phase_at = {"draw": at["phase"], "play": at["phase"] + 1}
        self._rule_set_at = {name: at["rule_set"] + k for k, name in enumerate(RULE_SET_NAMES)}
        self._bases: list[tuple[tuple[object, ...], tuple[int, ...], np.ndarray] | None] = [None] * players
        self._seats: dict[int, tuple[tuple[object, ...], tuple[tuple[int, ...], np.ndarray, np.ndarray]]] = {}
        self._melds_vectors: dict[tuple[int, ...], tuple[tuple[tuple[Meld, ...], ...], np.ndarray]] = {}
        self._pozzetti: dict[int, tuple[tuple[object, ...], np.ndarray]] = {}

    def new_tensor(self) -> np.ndarray:
        """A zero tensor of the right size, to be filled by :meth:`encode`."""
        return np.zeros(self.layout.size, dtype=np.float32)

    def encode(self, obs: BurracoObservation, out: np.ndarray) -> np.ndarray:
        """Fill ``out`` (``float32``, ``layout.size``) with ``obs`` and return it."""
        if obs.players != self.layout.players:
            raise ValueError(f"an observation of {obs.players} players does not fit a {self.layout.players}-player layout")
        positions, weights = self._changing(obs)
        tensor = np.bincount(positions, weights, self.layout.size)
        order, base = self._base(obs)
        np.add(tensor, base, out=tensor)
        np.add(tensor, self._melds_vector(obs.melds, order), out=tensor)
        out[:] = tensor
        return out

    def _changing(self, obs: BurracoObservation) -> tuple[list[int], list[float]]:
        """Positions and values of the fields that change from one action to the
        next: 1 on the cards of ``hand``, ``pile`` and ``known`` and on ``pile_top``,
        ``single_pile_card``, ``phase``, ``to_act``, ``rule_set``; -1 in ``unseen``
        on each card the seat sees; the counts of ``hand_sizes`` to ``turn``."""
        hand, pile, me = obs.hand, obs.pile, obs.seat
        seen = hand + pile
        ones = [*hand, *map(self._pile_at.__add__, pile)]  # hand is the first field
        if pile:
            ones.append(self._pile_top_at + pile[-1])
        known = obs.known
        for seat, row in self._known_rows[me]:
            cards = known[seat]
            if cards:
                ones += map(row.__add__, cards)
                seen += cards
        if obs.single_pile_card >= 0:
            ones.append(self._single_at + obs.single_pile_card)
        phase = self._phase_at.get(obs.phase)
        if phase is not None:
            ones.append(phase)
        current = obs.current_player
        if 0 <= current < obs.players:
            ones.append(self._to_act[me][current])
        ones.append(self._rule_set_at[obs.rule_set])
        weights = [1.0] * len(ones)
        ones += map(self._unseen_at.__add__, seen)
        ones += self._scalar_at
        weights += [-1.0] * len(seen)
        weights += self._counts(obs)
        return ones, weights

    @staticmethod
    def _counts(obs: BurracoObservation) -> list[float]:
        """The values of ``hand_sizes``, ``pending_pozzetto`` and ``stock`` to ``turn``,
        seats in relative order."""
        me, p = obs.seat, obs.players
        sizes, pending = obs.hand_sizes, obs.pending_pozzetto
        time_out_left = obs.time_out_plays_left
        return [*map(_OVER_HAND_SIZE, sizes[me:] + sizes[:me] + pending[me:] + pending[:me]),
                obs.stock_size / 100, float(obs.must_meld), float(obs.last_turn), float(time_out_left is not None),
                float(obs.everyone_alone), min(1.0, obs.stall_streak / (2 * p)),
                min(1.0, (time_out_left or 0) / (2 * p)), min(obs.turn_number, MAX_TURN) / MAX_TURN]

    def _base(self, obs: BurracoObservation) -> tuple[tuple[int, ...], np.ndarray]:
        """The sides in relative order and the seat's base: ``seat_side``, ``scores``,
        the pozzetti and the deck in ``unseen``, zero elsewhere; kept while the
        sides, scores and pozzetti are the same objects."""
        kept = self._bases[obs.seat]
        if kept is not None:
            (sides, side_of, scores, pozzetti), order, base = kept
            if sides is obs.sides and side_of is obs.side_of and scores is obs.scores and pozzetti is obs.pozzetti:
                return order, base
        base = np.zeros(self.layout.size, dtype=np.float64)
        order, seat_side, scores_row = self._seats_blocks(obs)
        seat_side_at, scores_at, pozzetti_at, unseen_at = self._base_blocks
        base[seat_side_at], base[scores_at] = seat_side, scores_row
        base[pozzetti_at], base[unseen_at] = self._pozzetti_row(obs, order), self._deck
        self._bases[obs.seat] = ((obs.sides, obs.side_of, obs.scores, obs.pozzetti), order, base)
        return order, base

    def _melds_vector(self, melds: tuple[tuple[Meld, ...], ...], order: tuple[int, ...]) -> np.ndarray:
        """The ``melded``, ``fits`` and ``side_melds`` rows of the sides in ``order``,
        and -1 in ``unseen`` for each melded card: the sum of the sides' vectors
        (each cached by value and place); kept while ``melds`` is the same object
        (the observation keeps it until a meld changes)."""
        kept = self._melds_vectors.get(order)
        if kept is not None and kept[0] is melds:
            return kept[1]
        vectors = [_side_vector(melds[side], *at) for at, side in zip(self._side_at, order)]
        vector = np.add(vectors[0], vectors[1])  # every hand has two sides at least
        for other in vectors[2:]:
            np.add(vector, other, out=vector)
        self._melds_vectors[order] = (melds, vector)
        return vector

    def _seats_blocks(self, obs: BurracoObservation) -> tuple[tuple[int, ...], np.ndarray, np.ndarray]:
        """The sides in relative order, the ``seat_side`` block and the ``scores``
        row of ``obs.seat``; kept while the sides and scores are the same objects."""
        key = (obs.sides, obs.side_of, obs.scores)
        kept = self._seats.get(obs.seat)
        if kept is not None and kept[0][0] is key[0] and kept[0][1] is key[1] and kept[0][2] is key[2]:
            return kept[1]
        seats = self._order[obs.seat]
        order = _relative_sides(obs.sides, obs.seat, obs.players)
        rows = np.zeros((obs.players, self.layout.sides), dtype=np.float32)
        for r, seat in enumerate(seats):
            rows[r, order.index(obs.side_of[seat])] = 1.0
        scores = np.array([min(MAX_SCORE, max(-MAX_SCORE, obs.scores[seat] / SCORE_UNIT)) for seat in seats],
                          dtype=np.float32)
        blocks = order, rows.ravel(), scores
        self._seats[obs.seat] = (key, blocks)
        return blocks

    def _pozzetti_row(self, obs: BurracoObservation, order: tuple[int, ...]) -> np.ndarray:
        """The ``pozzetto_taken`` and ``free_pozzetti`` run of ``obs.seat``; kept
        while the pozzetti and the sides' order are the same objects."""
        kept = self._pozzetti.get(obs.seat)
        if kept is not None and kept[0][0] is obs.pozzetti and kept[0][1] is order:
            return kept[1]
        s = self.layout.sides
        row = np.zeros(s + 1, dtype=np.float32)
        for pozzetto in obs.pozzetti:
            if pozzetto.side < 0:
                row[s] += 1.0
            elif pozzetto.taken:
                row[order.index(pozzetto.side)] = 1.0
        self._pozzetti[obs.seat] = ((obs.pozzetti, order), row)
        return row


_KIND_COLUMN = {CLEAN: 1, SEMICLEAN: 2, DIRTY: 3}


@lru_cache(maxsize=256)
def _side_vector(melds: tuple[Meld, ...], melded_at: int, fits_at: int, summary_at: int, unseen_at: int,
                 size: int) -> np.ndarray:
    """A tensor-sized vector of one side's melds placed at the given rows: its
    melded cards, the cards that fit its melds, its ``side_melds`` row, and -1 in
    ``unseen`` for each melded card. Cached: melds are immutable values (the
    vector is read, never written)."""
    cards, fits, summary = _side_parts(melds)
    positions = [*map(melded_at.__add__, cards), *map(unseen_at.__add__, cards), *map(fits_at.__add__, fits),
                 *range(summary_at, summary_at + len(summary))]
    weights = [*[1.0] * len(cards), *[-1.0] * len(cards), *[1.0] * len(fits), *summary]
    vector = np.bincount(positions, weights, size)
    vector.setflags(write=False)
    return vector


@lru_cache(maxsize=1 << 10)
def _side_parts(melds: tuple[Meld, ...]) -> tuple[list[int], list[int], list[float]]:
    """One side's melded cards, the cards that attach to one of its melds, and its
    ``side_melds`` row. Cached: melds are immutable values (the lists are read,
    never written)."""
    cards: list[int] = []
    fits: set[int] = set()
    summary = [len(melds) / 10, 0.0, 0.0, 0.0, 0.0]
    longest = 0
    for meld in melds:
        meld_cards_, attach, kind, size = _meld_parts(meld)
        cards += meld_cards_
        fits.update(attach)
        if kind:
            summary[_KIND_COLUMN[kind]] += 0.25
        else:
            longest = max(longest, size)
    summary[4] = longest / BURRACO_SIZE
    return cards, sorted(fits), summary


@lru_cache(maxsize=1 << 14)
def _meld_parts(meld: Meld) -> tuple[list[int], tuple[int, ...], int, int]:
    """One meld's (gioco's) cards, the cards that attach to it, its burraco kind
    (by shape) and its size. Cached: a side's melds change one at a time (the
    cards are read, never written)."""
    return meld_cards(meld), tuple(card for card, _, _ in attachments(meld)), burraco_kind(meld), meld_size(meld)


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
    if legal:
        out[legal] = 1
    return out
