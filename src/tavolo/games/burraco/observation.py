"""What one seat may know of a Burraco state.

Public: the melds, the whole discard pile (its cards are in view, fedibur-1985
art. 4), how many cards each player, the stock and each pozzetto hold, who
took which pozzetto, which cards each player took from the discard pile
and has not played since, and which cards each player let go this hand (it
discarded them, or left them in the pile when it drew from the stock). Private: the seat's own hand. Never shown: other
hands, the pozzetti's cards, the order of the stock, and a pozzetto taken with
the discard before its player may look at it (codice art. 21.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tavolo.cards import french as fr
from tavolo.games.burraco.cards import HAND_ORDER, NUM_TYPES
from tavolo.games.burraco.melds import Meld, meld_cards, meld_text

if TYPE_CHECKING:
    from tavolo.games.burraco.state import BurracoState


@dataclass(frozen=True)
class PozzettoView:
    size: int
    side: int
    """The side it belongs to, -1 while not yet assigned (3 and 5 players)."""
    taken: bool


@dataclass(frozen=True)
class BurracoObservation:
    seat: int
    players: int
    rule_set: str
    phase: str
    current_player: int
    hand_number: int
    dealer: int
    turn_number: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pending_pozzetto: tuple[int, ...]
    """Cards of a pozzetto taken with the discard and not yet looked at, per seat."""
    side_of: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    pile: tuple[int, ...]
    stock_size: int
    pozzetti: tuple[PozzettoView, ...]
    known: tuple[tuple[int, ...], ...]
    """Cards each seat took from the discard pile and still holds (public)."""
    shunned: tuple[tuple[int, ...], ...]
    """Card types each seat let go this hand, each once, by type (public: everyone saw them): those
    it discarded, and those of the discard pile it left when it drew from the stock instead. A
    player seldom lets go a card that goes with his hand (a search's determinization may read it,
    ``hidden.HiddenSampler``'s ``infer``)."""
    single_pile_card: int
    """The one-card pile the player on turn took (may not be discarded), or -1."""
    must_meld: bool
    stall_streak: int
    last_turn: bool
    time_out_plays_left: int | None
    scores: tuple[float, ...]
    everyone_alone: bool
    """3 and 5 players: a player has reached the threshold, everyone plays alone."""

    @property
    def my_side(self) -> int:
        return self.side_of[self.seat]

    def visible_cards(self) -> list[int]:
        """Every card this observation shows, for hidden-information checks."""
        cards = list(self.hand) + list(self.pile)
        for side in self.melds:
            for meld in side:
                cards += meld_cards(meld)
        for seat, known in enumerate(self.known):
            if seat != self.seat:
                cards += known
        return cards

    def to_json(self) -> dict[str, Any]:
        """What a table's page shows: every field but ``shunned``, which the bots read (the page
        shows the pile and the moves)."""
        return {
            "seat": self.seat, "players": self.players, "rule_set": self.rule_set, "phase": self.phase,
            "current_player": self.current_player, "hand_number": self.hand_number, "dealer": self.dealer,
            "turn_number": self.turn_number, "hand": fr.names(self.hand).split(),
            "hand_sizes": list(self.hand_sizes), "pending_pozzetto": list(self.pending_pozzetto),
            "side_of": list(self.side_of), "sides": [list(s) for s in self.sides],
            "melds": [[meld_text(m) for m in side] for side in self.melds],
            "pile": fr.names(self.pile).split(), "stock_size": self.stock_size,
            "pozzetti": [vars(p) for p in self.pozzetti],
            "known": [fr.names(k).split() for k in self.known],
            "single_pile_card": fr.name(self.single_pile_card) if self.single_pile_card >= 0 else None,
            "must_meld": self.must_meld, "stall_streak": self.stall_streak, "last_turn": self.last_turn,
            "time_out_plays_left": self.time_out_plays_left, "scores": list(self.scores),
            "everyone_alone": self.everyone_alone,
        }


_COPIES = tuple(tuple((card,) * k for k in range(8)) for card in range(NUM_TYPES))


def observe(state: BurracoState, seat: int) -> BurracoObservation:
    """The observation of ``seat``; reads the state's internals on its behalf.

    Built once per seat and position: the state drops it when it changes, and
    the parts that change seldom (melds, pile, pozzetti, known cards, sides,
    scores, each seat's hand) are kept as immutable tuples until the state
    says they changed (see ``BurracoState._views``), so a caller cannot alter
    what another caller reads.

        >>> import random
        >>> from tavolo.games.burraco import make_game
        >>> state = make_game(players=2, target=None).new_initial_state()
        >>> state.apply_chance(state.sample_chance(random.Random(4)))
        >>> observe(state, 0) is observe(state, 0), observe(state, 0).melds is observe(state, 1).melds
        (True, True)
    """
    cached = state._obs_views.get(seat)
    if cached is not None:
        return cached
    n = state._n
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not at this table (0..{n - 1})")
    views = state._views
    _public_views(state, views)
    hand = state._hand_views[seat]
    if hand is None:
        hand = state._hand_views[seat] = _hand_view(state._hands[seat])
    obs = state._obs_views[seat] = object.__new__(BurracoObservation)
    obs.__dict__.update(  # what the frozen __init__ does field by field, at once (a quarter of the cost)
        seat=seat, players=n, rule_set=state._opts.rule_set, phase=state.phase,
        current_player=state.current_player(), hand_number=state._hand_no, dealer=state._dealer,
        turn_number=state._turn_no, hand=hand, hand_sizes=tuple(state._sizes),
        pending_pozzetto=tuple(map(len, state._pending)), side_of=views["side_of"], sides=views["sides"],
        melds=views["melds"], pile=views["pile"], stock_size=len(state._stock), pozzetti=views["pozzetti"],
        known=views["known"], shunned=views["shunned"], single_pile_card=state._single,
        must_meld=state._must_meld, stall_streak=state._stall, last_turn=state._last_turn,
        time_out_plays_left=state._plays_left if state._timeout else None, scores=views["scores"],
        everyone_alone=state._alone,
    )
    return obs


def _public_views(state: BurracoState, views: dict[str, Any]) -> None:
    """Fill the public parts missing from ``views`` (the state empties it, or
    drops one part, when that part changes)."""
    if "melds" not in views:
        views["melds"] = tuple(map(tuple, state._melds))
    if "pile" not in views:
        views["pile"] = tuple(state._pile)
    if "known" not in views:
        kept = state._known_views
        for seat, view in enumerate(kept):
            if view is None:
                counts = state._known[seat]
                kept[seat] = _known_view(counts) if any(counts) else ()
        views["known"] = tuple(kept)
    if "shunned" not in views:
        views["shunned"] = tuple(map(mask_cards, state._shunned))
    if "pozzetti" not in views:
        views["pozzetti"] = tuple(PozzettoView(len(cards), owner, taken) for cards, owner, taken
                                  in zip(state._pozzetti, state._pozz_owner, state._pozz_taken))
    if "sides" not in views:
        views["sides"], views["side_of"] = tuple(state._sides), tuple(state._side_of)
    if "scores" not in views:
        views["scores"] = tuple(state._scores)


def _hand_view(counts: list[int]) -> tuple[int, ...]:
    """A hand's cards, from its counts per card type, in the order it is shown."""
    cards: list[int] = []
    for card in HAND_ORDER:
        k = counts[card]
        if k:
            cards += _COPIES[card][k]
    return tuple(cards)


@lru_cache(maxsize=4096)
def mask_cards(mask: int) -> tuple[int, ...]:
    """The card types whose bits ``mask`` sets (bit ``c``: card type ``c``), by type; the same
    tuple for the same mask (cached), as the observation's parts that did not change are.

        >>> fr.names(mask_cards(1 << fr.parse("5h") | 1 << fr.parse("*")))
        '5h *'
    """
    return tuple(card for card in range(NUM_TYPES) if mask >> card & 1)


def _known_view(counts: list[int]) -> tuple[int, ...]:
    """Cards a seat took from the pile and still holds, by card type."""
    cards: list[int] = []
    for card, k in enumerate(counts):
        if k:
            cards += _COPIES[card][k]
    return tuple(cards)
