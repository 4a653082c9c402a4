"""The state of a Burraco match: hands, stock (tallone), discard pile (monte
degli scarti), pozzetti, melds and scores, played by integer actions.

Each hand (smazzata) starts at a chance node, the shuffle; the player left of
the dealer starts and play is clockwise (fedibur-1985 art. 2-4). A hand ends
when a player closes (chiusura), when the player who drew the third-to-last
card of the stock has discarded, or when the rounds after a time-out are
played; the match ends when a seat reaches the target (estratto, "Fine
partita") or after a time-out.

    >>> import random
    >>> from tavolo.games.burraco import make_game
    >>> state = make_game(players=4, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> state.current_player(), len(state.observation(0).hand), state.observation(0).stock_size
    (0, 11, 41)
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, compress
from typing import TYPE_CHECKING, Any

from tavolo.engine.errors import IllegalActionError
from tavolo.engine.game import CHANCE, TERMINAL, DealtState
from tavolo.games.burraco import rulebook
from tavolo.games.burraco.actions import (
    ATTACH_BASE, DISCARD_BASE, DRAW, GROUP_RANKS, OPEN_BASE, TAKE, TEMPLATES, TIME_OUT,
)
from tavolo.games.burraco.cards import JOKER, NUM_TYPES, WILD, with_card, without_card
from tavolo.games.burraco.melds import (
    NOT_BURRACO, CLEAN, Meld, attachments, burraco_kind, cards_of,
)
from tavolo.games.burraco.observation import observe
from tavolo.games.burraco.opens import RUN_BITS, grouped_ranks, hand_opens, pair_ranks, suit_masks
from tavolo.games.burraco.rules import HAND_SIZE, lone_and_pairs, table_setup
from tavolo.games.burraco.scoring import HandResult, score_side

if TYPE_CHECKING:
    from tavolo.engine.game import CardGame
    from tavolo.games.burraco.observation import BurracoObservation

DEAL, DRAW_PHASE, PLAY, OVER = range(4)
PHASE_NAMES = ("deal", "draw", "play", "over")

_SUIT = [c // 13 if c != JOKER else -1 for c in range(NUM_TYPES)]
_RANK = [c % 13 + 1 if c != JOKER else 0 for c in range(NUM_TYPES)]
_DISCARDS = range(DISCARD_BASE, DISCARD_BASE + NUM_TYPES)
"""The discard action of each card type."""


def _rank_counts(h: list[int]) -> list[int]:
    """The naturals of each rank (index 1..13) in the hand ``h`` (counts per card type)."""
    ranks = [0] * 14
    for card in range(JOKER):
        ranks[_RANK[card]] += h[card]
    return ranks


class BurracoState(DealtState):
    """A Burraco match in progress. ``apply`` changes it; ``clone`` copies it."""

    __slots__ = (
        "game", "_opts", "_n", "_phase", "_turn", "_turn_no", "_dealer", "_hand_no", "_scores", "_alone",
        "_hands", "_sizes", "_masks", "_ranks", "_pairs", "_known", "_shunned", "_pending", "_stock", "_pile",
        "_pozzetti", "_pozz_owner", "_pozz_taken", "_side_of", "_sides", "_formed", "_melds", "_side_pozz", "_single", "_must_meld",
        "_stall", "_last_turn", "_closed_by", "_timeout", "_plays_left", "_results", "history", "_legal",
        "_views", "_hand_views", "_known_views", "_obs_views",
    )

    phase_names = PHASE_NAMES

    def __init__(self, game: CardGame) -> None:
        self.game = game
        self._opts = game.options
        self._n = n = game.options.players
        self._phase = DEAL
        self._turn = 0
        self._turn_no = 0
        self._dealer = n - 1
        self._hand_no = 0
        self._scores: list[float] = [0] * n
        self._alone = False
        self._hands = [[0] * NUM_TYPES for _ in range(n)]
        self._sizes = [0] * n
        self._masks = [[0, 0, 0, 0] for _ in range(n)]
        self._ranks = [[0] * 14 for _ in range(n)]
        self._pairs = [0] * n
        self._known = [[0] * NUM_TYPES for _ in range(n)]
        self._shunned = [0] * n
        """Per seat, a bit per card type it let go this hand (public): discarded, or left in the
        discard pile when it drew from the stock instead (the observation's ``shunned``)."""
        self._pending: list[list[int]] = [[] for _ in range(n)]
        self._stock: list[int] = []
        self._pile: list[int] = []
        self._pozzetti: list[list[int]] = []
        self._pozz_owner: list[int] = []
        self._pozz_taken: list[bool] = []
        self._side_of = list(range(n))
        self._sides: list[tuple[int, ...]] = [(s,) for s in range(n)]
        self._formed = True
        self._melds: list[list[Meld]] = [[] for _ in range(n)]
        self._side_pozz: list[int] = []
        self._single = -1
        self._must_meld = False
        self._stall = 0
        self._last_turn = False
        self._closed_by = -1
        self._timeout = False
        self._plays_left = 0
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None
        self._new_views()

    def _new_views(self) -> None:
        """Forget every part kept for the observations (see :meth:`observation`)."""
        self._views: dict[str, Any] = {}
        self._hand_views: list[tuple[int, ...] | None] = [None] * self._n
        self._known_views: list[tuple[int, ...] | None] = [None] * self._n
        self._obs_views: dict[int, BurracoObservation] = {}

    # --- protocol -----------------------------------------------------------

    def current_player(self) -> int:
        phase = self._phase
        if phase == DEAL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self._turn

    def _legal_now(self) -> list[int]:
        phase = self._phase
        if phase == PLAY:
            return self._legal_play()
        if phase == DRAW_PHASE:
            return self._legal_draw()
        return []

    def _not_legal(self, action: int) -> None:
        """The arbiter's time-out is never a player's legal action: applying it announces it."""
        if action == TIME_OUT:
            self.announce_time_out()
        else:
            super()._not_legal(action)

    def apply_legal(self, action: int) -> None:
        """Play ``action`` where it is legal (a look-up in the kept legal actions), refuse it
        as :meth:`apply` does where it is not: a researcher's unmasked action cannot corrupt the
        state. The callers that pass an action of :meth:`legal_actions` (bots, search, the
        arena, the RL env) play through the unchecked ``_apply_unchecked``."""
        self.apply(action)

    def _play_action(self, action: int) -> None:
        self._obs_views.clear()
        if action >= ATTACH_BASE:
            self._attach(action)
        elif action >= OPEN_BASE:
            self._open(action - OPEN_BASE)
        elif action >= DISCARD_BASE:
            self._discard(action - DISCARD_BASE)
        elif action == DRAW:
            self._draw()
        else:
            self._take()

    def returns(self) -> list[float]:
        if self._opts.target is None and self._opts.hands is None:
            return list(self._results[-1].credited) if self._results else [0.0] * self._n
        return [float(s) for s in self._scores]

    def observation(self, seat: int) -> BurracoObservation:
        """What ``seat`` may know, built once per position and seat.

        Its parts are immutable and kept until the state changes them: every
        method that changes a part drops it (``_views`` for the public parts,
        ``_hand_views`` and ``_known_views`` per seat, ``_obs_views`` for whole observations, emptied
        by every action); a clone starts with none.
        """
        return observe(self, seat)

    def clone(self) -> BurracoState:
        other = BurracoState.__new__(BurracoState)
        other.game = self.game
        other._opts = self._opts
        other._n = self._n
        other._phase = self._phase
        other._turn = self._turn
        other._turn_no = self._turn_no
        other._dealer = self._dealer
        other._hand_no = self._hand_no
        other._scores = self._scores[:]
        other._alone = self._alone
        other._hands = [h[:] for h in self._hands]
        other._sizes = self._sizes[:]
        other._masks = [m[:] for m in self._masks]
        other._ranks = [r[:] for r in self._ranks]
        other._pairs = self._pairs[:]
        other._known = [k[:] for k in self._known]
        other._shunned = self._shunned[:]
        other._pending = [p[:] for p in self._pending]
        other._stock = self._stock[:]
        other._pile = self._pile[:]
        other._pozzetti = [p[:] for p in self._pozzetti]
        other._pozz_owner = self._pozz_owner[:]
        other._pozz_taken = self._pozz_taken[:]
        other._side_of = self._side_of[:]
        other._sides = self._sides[:]
        other._formed = self._formed
        other._melds = [m[:] for m in self._melds]
        other._side_pozz = self._side_pozz[:]
        other._single = self._single
        other._must_meld = self._must_meld
        other._stall = self._stall
        other._last_turn = self._last_turn
        other._closed_by = self._closed_by
        other._timeout = self._timeout
        other._plays_left = self._plays_left
        other._results = self._results[:]
        other.history = self.history[:]
        other._legal = self._legal
        other._new_views()
        return other

    # --- read-only views used by observation, notation and scoring ------------

    @property
    def turn_number(self) -> int:
        """Turns begun in this hand, the current one included, minus one."""
        return self._turn_no

    @property
    def closed_by(self) -> int:
        """The seat that closed the hand just ended (chiusura), or -1."""
        return self._closed_by

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._results)

    @property
    def hands_played(self) -> int:
        """Hands (smazzate) ended so far: ``len(hand_results)`` without the copy."""
        return len(self._results)

    def last_hand_credited(self) -> tuple[float, ...]:
        """The points each seat was credited at the end of the last hand (smazzata):
        ``hand_results[-1].credited`` without the copy. An error before any hand ended."""
        if not self._results:
            raise ValueError("no hand has ended yet")
        return self._results[-1].credited

    def hand_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` holds (not a pozzetto taken with the discard and
        not yet seen); hidden information: use ``observation`` for a player."""
        return [c for c, k in enumerate(self._hands[seat]) if k for _ in range(k)]

    def cards_left(self, seat: int) -> list[int]:
        """What ``seat`` holds, a pozzetto taken and not yet seen included: the
        cards that count against the side when the hand ends (hidden information)."""
        return self.hand_cards(seat) + self._pending[seat]

    def side_melds(self, side: int) -> list[Meld]:
        return list(self._melds[side])

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    @property
    def sides(self) -> list[tuple[int, ...]]:
        return list(self._sides)

    def all_cards(self) -> Counter[int]:
        """Every card in play, wherever it is: for conservation checks."""
        counts = Counter(chain(*self._pending, self._stock, self._pile, *self._pozzetti, cards_of(chain(*self._melds))))
        for card, held in enumerate(map(sum, zip(*self._hands))):
            if held:
                counts[card] += held
        return counts

    # --- the deal -----------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        n = self._n
        opts = self._opts
        if opts.players in (3, 5) and opts.lone_vs_pairs and not self._alone:
            self._alone = max(self._scores) >= opts.alone_threshold
        setup = table_setup(opts, self._alone)
        sizes = setup.pozzetti
        pozzetti: list[list[int]] = [[] for _ in sizes]
        i = 0
        while i < setup.pozzetto_cards:  # from the bottom, one card to each in turn (art. 3)
            for k, size in enumerate(sizes):
                if len(pozzetti[k]) < size:
                    pozzetti[k].append(order[i])
                    i += 1
        top = len(order)
        hands = [[0] * NUM_TYPES for _ in range(n)]
        for _ in range(HAND_SIZE):  # from the top, one at a time, clockwise from the dealer's left
            for k in range(1, n + 1):
                top -= 1
                hands[(self._dealer + k) % n][order[top]] += 1
        top -= 1
        self._pile = [order[top]]
        self._stock = order[i:top]
        self._hands = hands
        self._sizes = [HAND_SIZE] * n
        self._masks = [suit_masks(h) for h in hands]
        self._ranks = [_rank_counts(h) for h in hands]
        self._pairs = [pair_ranks(h) for h in hands]
        self._known = [[0] * NUM_TYPES for _ in range(n)]
        self._shunned = [0] * n
        self._pending = [[] for _ in range(n)]
        self._pozzetti = pozzetti
        self._pozz_taken = [False] * len(sizes)
        self._formed = setup.sides is not None
        self._sides = list(setup.sides) if setup.sides is not None else [(s,) for s in range(n)]
        self._pozz_owner = list(range(len(sizes))) if self._formed else [-1] * len(sizes)
        self._side_of = [0] * n
        for side, seats in enumerate(self._sides):
            for seat in seats:
                self._side_of[seat] = side
        self._melds = [[] for _ in self._sides]
        self._refresh_side_pozzetti()
        self._turn = (self._dealer + 1) % n
        self._turn_no = 0
        self._phase = DRAW_PHASE
        self._single = -1
        self._must_meld = False
        self._stall = 0
        self._last_turn = False
        self._closed_by = -1
        self._legal = None
        self._new_views()

    def _refresh_side_pozzetti(self) -> None:
        """Which pozzetto each side would take now (-1: none left for it)."""
        if not self._formed:
            self._side_pozz = [0] * len(self._sides)
            return
        side_pozz = [-1] * len(self._sides)
        for k, owner in enumerate(self._pozz_owner):
            if not self._pozz_taken[k]:
                side_pozz[owner] = k
        self._side_pozz = side_pozz

    def side_took_pozzetto(self, side: int) -> bool:
        return self._formed and any(
            taken and owner == side for owner, taken in zip(self._pozz_owner, self._pozz_taken))

    # --- hand bookkeeping -------------------------------------------------------

    def _add(self, seat: int, card: int) -> None:
        h = self._hands[seat]
        h[card] += 1
        self._sizes[seat] += 1
        shown = self._hand_views[seat]
        if shown is not None:  # kept as shown, a card put in its place: cheaper than building it again
            self._hand_views[seat] = with_card(shown, card)
        if card != JOKER:
            if h[card] == 1:
                self._masks[seat][_SUIT[card]] |= RUN_BITS[card]
            ranks, rank = self._ranks[seat], _RANK[card]
            ranks[rank] += 1
            if ranks[rank] == 2:
                self._pairs[seat] |= 1 << rank

    def _remove(self, seat: int, card: int) -> None:
        h = self._hands[seat]
        h[card] -= 1
        self._sizes[seat] -= 1
        shown = self._hand_views[seat]
        if shown is not None:
            self._hand_views[seat] = without_card(shown, card)
        if card != JOKER:
            if not h[card]:
                self._masks[seat][_SUIT[card]] &= ~RUN_BITS[card]
            ranks, rank = self._ranks[seat], _RANK[card]
            ranks[rank] -= 1
            if ranks[rank] == 1:
                self._pairs[seat] &= ~(1 << rank)
        known = self._known[seat]
        if known[card]:
            known[card] -= 1
            self._views.pop("known", None)
            self._known_views[seat] = None

    # --- legal actions ------------------------------------------------------------

    def _legal_draw(self) -> list[int]:
        legal = [DRAW]
        pile = self._pile
        if len(self._stock) <= 2:
            return legal  # the pile is not taken when the stock holds 2 (fedibur-1985 art. 5)
        if len(pile) == 1 and self._stall >= 2 * self._n:
            return legal  # anti-stall (fedibur-1985 art. 5)
        if self._opts.take_needs_meld and not self._take_would_meld():
            return legal
        legal.append(TAKE)
        return legal

    def _take_would_meld(self) -> bool:
        """International Burraco: whether, with the pile in hand, some card could be
        melded or attached at once (codice art. 8)."""
        probe = self.clone()
        seat = probe._turn
        for card in probe._pile:
            probe._add(seat, card)
        probe._single = probe._pile[0] if len(probe._pile) == 1 else -1
        probe._pile = []
        out: list[int] = []
        probe._legal_melds(out)
        return bool(out)

    def _legal_play(self) -> list[int]:
        out: list[int] = []
        if not self._must_meld:
            self._legal_discards(out)
        self._legal_melds(out)
        return out

    def _legal_discards(self, out: list[int]) -> None:
        seat = self._turn
        h = self._hands[seat]
        single = self._single
        if self._sizes[seat] > 1:
            out += compress(_DISCARDS, h)
            if single >= 0 and h[single] == 1:
                out.remove(DISCARD_BASE + single)
            return
        card = h.index(1)
        side = self._side_of[seat]
        if card == single:
            return
        if self._side_pozz[side] >= 0 or (not WILD[card] and self._can_close(side, self._melds[side])):
            out.append(DISCARD_BASE + card)

    def _legal_melds(self, out: list[int]) -> None:
        seat = self._turn
        h = self._hands[seat]
        size = self._sizes[seat]
        side = self._side_of[seat]
        melds = self._melds[side]
        if size >= 3:
            self._legal_opens(out, seat, h, size, side, melds)
        careful = size <= 2
        for slot, meld in enumerate(melds):
            base = ATTACH_BASE + slot * NUM_TYPES * 2
            for card, variant, after in attachments(meld):
                if h[card] and (not careful or self._attach_ok(side, slot, card, after)):
                    out.append(base + card * 2 + variant)

    def _legal_opens(self, out: list[int], seat: int, h: list[int], size: int, side: int,
                     melds: list[Meld]) -> None:
        found = hand_opens(h, self._masks[seat], grouped_ranks(melds), self._opts.group_ranks or GROUP_RANKS,
                           self._pairs[seat])
        if size > 4:
            out.extend(OPEN_BASE + t for t in found)
        else:
            out.extend(OPEN_BASE + t for t in found if self._open_ok(seat, side, t))

    # --- will the player still be able to end the turn? ---------------------------------

    def _open_ok(self, seat: int, side: int, template: int) -> bool:
        meld, cards = TEMPLATES[template]
        rest = Counter({c: k for c, k in enumerate(self._hands[seat]) if k})
        rest.subtract(cards)
        if min(rest.values()) < 0:
            return False  # e.g. a pinella wanted both as natural 2 and as the wild
        left = list(rest.elements())
        return self._rest_ok(side, left, [*self._melds[side], meld])

    def _attach_ok(self, side: int, slot: int, card: int, after: Meld) -> bool:
        h = self._hands[self._turn]
        left = [c for c in range(NUM_TYPES) for _ in range(h[c] - (c == card))]
        melds = self._melds[side][:]
        melds[slot] = after
        return self._rest_ok(side, left, melds)

    def _rest_ok(self, side: int, left: list[int], melds: list[Meld]) -> bool:
        """Whether a player left holding ``left`` with his side's melds ``melds``
        can still end the turn (DECISIONS.md: no move may leave him without one)."""
        if len(left) > 1:
            return True
        has_pozzetto = self._side_pozz[side] >= 0
        if not left:
            return has_pozzetto  # al volo; otherwise he could not discard (art. 6)
        card = left[0]
        if has_pozzetto:
            if card != self._single:
                return True
            return any(c == card for m in melds for c, _, _ in attachments(m))
        return card != self._single and not WILD[card] and self._can_close(side, melds)

    def _can_close(self, side: int, melds: list[Meld]) -> bool:
        """Closing needs the pozzetto taken, a burraco (clean in International
        Burraco) and every player to have played once (fedibur-1985 art. 5, 8)."""
        if self._turn_no < self._n or not self.side_took_pozzetto(side):
            return False
        semiclean = self._opts.semiclean
        need_clean = self._opts.clean_to_close
        for meld in melds:
            kind = burraco_kind(meld, semiclean)
            if kind == CLEAN or (kind != NOT_BURRACO and not need_clean):
                return True
        return False

    # --- applying ---------------------------------------------------------------------

    def _draw(self) -> None:
        seat = self._turn
        if self._pile:
            for card in self._pile:
                self._shunned[seat] |= 1 << card
            self._views.pop("shunned", None)
        self._add(seat, self._stock.pop())
        self._stall = 0
        self._single = -1
        if len(self._stock) <= 2:
            self._last_turn = True  # the two last cards are not played (art. 8)
        self._phase = PLAY

    def _take(self) -> None:
        seat = self._turn
        pile = self._pile
        known = self._known[seat]
        for card in pile:
            self._add(seat, card)
            known[card] += 1
        if len(pile) == 1:
            self._single = pile[0]
            self._stall += 1
        else:
            self._single = -1
            self._stall = 0
        self._pile = []
        self._views.pop("known", None)
        self._known_views[seat] = None
        self._views.pop("pile", None)
        self._must_meld = self._opts.take_needs_meld
        self._phase = PLAY

    def _open(self, template: int) -> None:
        seat = self._turn
        meld, cards = TEMPLATES[template]
        for card in cards:
            self._remove(seat, card)
        self._melds[self._side_of[seat]].append(meld)
        self._views.pop("melds", None)
        self._after_meld(seat)

    def _attach(self, action: int) -> None:
        seat = self._turn
        slot, rest = divmod(action - ATTACH_BASE, NUM_TYPES * 2)
        card, variant = divmod(rest, 2)
        melds = self._melds[self._side_of[seat]]
        for c, v, after in attachments(melds[slot]):
            if c == card and v == variant:
                melds[slot] = after
                break
        self._remove(seat, card)
        self._views.pop("melds", None)
        self._after_meld(seat)

    def _after_meld(self, seat: int) -> None:
        self._must_meld = False
        if not self._sizes[seat]:
            for card in self._take_pozzetto(seat):  # al volo: played at once (art. 6)
                self._add(seat, card)

    def _take_pozzetto(self, seat: int) -> list[int]:
        side = self._side_of[seat]
        k = self._side_pozz[side]
        if not self._formed:
            self._form_sides(seat)
        self._pozz_taken[k] = True
        self._views.pop("pozzetti", None)
        self._refresh_side_pozzetti()
        cards, self._pozzetti[k] = self._pozzetti[k], []
        return cards

    def _form_sides(self, lone: int) -> None:
        """3 and 5 players: the first to a pozzetto takes the 18 and plays alone
        (estratto, "Il gioco in 3", "Il gioco in 5")."""
        sides = lone_and_pairs(lone, self._n)
        melds = [[m for seat in seats for m in self._melds[self._side_of[seat]]] for seats in sides]
        self._sides = list(sides)
        for side, seats in enumerate(sides):
            for seat in seats:
                self._side_of[seat] = side
        self._melds = melds
        self._pozz_owner = list(range(len(self._pozzetti)))
        self._formed = True
        self._views.clear()

    def _discard(self, card: int) -> None:
        seat = self._turn
        self._remove(seat, card)
        self._pile.append(card)
        self._shunned[seat] |= 1 << card
        self._views.pop("pile", None)
        self._views.pop("shunned", None)
        if not self._sizes[seat]:
            if self._side_pozz[self._side_of[seat]] >= 0:
                self._pending[seat] = self._take_pozzetto(seat)  # seen after the partner plays
            else:
                self._closed_by = seat
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        side = self._side_of[seat]
        for mate in self._sides[side]:
            if mate != seat and self._pending[mate]:
                self._reveal_pending(mate)
        if self._plays_left:
            self._plays_left -= 1
        if self._closed_by >= 0:
            self._finish_hand("closing")
        elif self._last_turn:
            self._finish_hand("stock")
        elif self._timeout and not self._plays_left:
            self._finish_hand("time-out")
        else:
            self._turn = nxt = (seat + 1) % self._n
            self._turn_no += 1
            self._phase = DRAW_PHASE
            self._single = -1
            self._must_meld = False
            if self._pending[nxt]:
                self._reveal_pending(nxt)

    def _reveal_pending(self, seat: int) -> None:
        for card in self._pending[seat]:
            self._add(seat, card)
        self._pending[seat] = []

    # --- end of a hand and of the match -----------------------------------------------

    def _finish_hand(self, ended_by: str) -> None:
        opts = self._opts
        sides = []
        for side, seats in enumerate(self._sides):
            in_hand = [c for seat in seats for c in self.cards_left(seat)]
            sides.append(score_side(seats, self._melds[side], in_hand,
                                    took_pozzetto=self.side_took_pozzetto(side),
                                    closed=self._closed_by in seats, semiclean=opts.semiclean))
        credited = [0.0] * self._n
        for score in sides:
            share = 0.5 if len(score.seats) == 2 and self._n in (3, 5) and opts.pair_share == "half" else 1
            for seat in score.seats:
                credited[seat] = score.total * share
        for seat, points in enumerate(credited):
            self._scores[seat] += points
        self._views.pop("scores", None)
        self._results.append(HandResult(self._hand_no, ended_by, tuple(sides), tuple(credited)))
        self._hand_no += 1
        if self._timeout or self._match_over():
            self._phase = OVER
        else:
            self._dealer = (self._dealer + 1) % self._n
            self._phase = DEAL
        self._legal = None

    def _match_over(self) -> bool:
        """The last smazzata of the match has been played: the single hand, the
        number of hands asked for, or a hand after which a seat won the target."""
        opts = self._opts
        if opts.target is None:
            return opts.hands is None or len(self._results) >= opts.hands
        return self._match_won()

    def _match_won(self) -> bool:
        """A seat reached the target and the lead is not shared with an opponent."""
        best = max(self._scores)
        if best < self._opts.target:
            return False
        leaders = {seat for seat, score in enumerate(self._scores) if score == best}
        if self._n in (2, 4, 6):
            return len({seat % 2 if self._n > 2 else seat for seat in leaders}) == 1
        return len(leaders) == 1

    # --- the arbiter's time-out ---------------------------------------------------------

    def announce_time_out(self) -> None:
        """The arbiter calls time (fedibur-1985 art. 10; codice art. 15).

        ``codice``: a full round starting from the partner of the player on turn
        (generalised: from the seat opposite), after the current turn; before the
        first draw of a hand, one full round. ``fedibur1985``: the round is
        completed up to the dealer, then one more full round; before the first
        draw, no new hand. The match ends with that hand.
        """
        rule = self._opts.time_out
        if rule is None:
            raise IllegalActionError("time-out", rulebook.TIME_OUT_OFF)
        if self._timeout:
            raise IllegalActionError("time-out", rulebook.TIME_OUT_TWICE)
        if self._phase == OVER:
            raise IllegalActionError("time-out", rulebook.GAME_OVER)
        self._timeout = True
        self.history.append(TIME_OUT)
        self._legal = None
        self._obs_views.clear()
        n = self._n
        before_first_draw = self._phase == DEAL or (self._phase == DRAW_PHASE and self._turn_no == 0)
        if before_first_draw:
            if rule == "fedibur1985":
                self._phase = OVER  # no new hand: the hands already played stand
            else:
                self._plays_left = n
        elif rule == "fedibur1985":
            self._plays_left = 1 + (self._dealer - self._turn) % n + n
        else:
            self._plays_left = 1 + n // 2 - 1 + n

    @property
    def time_out_plays_left(self) -> int | None:
        """Turns still to play after a time-out (the current one included)."""
        return self._plays_left if self._timeout else None

