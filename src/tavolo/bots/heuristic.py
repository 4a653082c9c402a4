"""A club player's Burraco, written down as rules; three levels of how many it uses.

Every level (``easy``, ``normal``, ``strong``) plays by the rules of the one
below and adds its own. The rules, as a club player says them:

easy (the basics)
    * Cala quello che hai (lay down what you have): attach every natural that
      fits the side's melds (legare), open every natural tris or scala of three.
    * Le matte non si buttano (wilds are kept): a jolly or a pinella goes down
      only to complete a burraco, to go out, or at the very end; it is never
      discarded while another card can be.
    * Scarto sicuro (a safe discard): never throw what attaches to the next
      opponent's melds when another card will do; throw the loner (a card
      with no partner in hand), cheaper cards first.
    * Raccogli se serve (take the pile when it helps): when a card of it fits
      the side's melds or completes a pair or a run in hand.

normal (+ judgment)
    * Il monte si pesa (weigh the discard pile): what fits, what joins the
      hand and the wilds against the loners and, late in the hand, their
      points; a big pile early is worth taking, late it is a weight.
    * Verso il pulito (toward the clean burraco, 200): a wild goes on a clean
      meld of four or more only when no other place takes it; a pinella goes
      back to its natural place when the natural card it stands for comes.
    * Carte morte (dead cards): a run that waits for a card whose every copy
      is in view is no reason to keep a card.
    * Non dare da mangiare (do not feed the next opponent): besides what
      attaches to his melds, not his rank or suit neighbours of the cards he
      took from the pile; the bigger the pile, the more it matters.

strong (+ timing and the partner)
    * Al pozzetto (to the pozzetto): when the hand can be emptied by melding,
      use the wilds and go al volo; a side that has not taken its pozzetto
      loses 100.
    * Chiudi quando puoi (close when you can): with the pozzetto taken and a
      burraco, lay down all you can, keep a natural and close.
    * Non restare appeso (do not hang on one card): with the pozzetto taken
      and no burraco yet, keep three cards before the discard; with one card
      a player can only draw and discard.
    * Scendi, la mano finisce (go down, the hand is ending) when an opponent
      can close with few cards or the stock (tallone) is at its end: meld
      every card you can, wilds included, discard the dearest card; do not
      take a big pile of loners then.
    * Scendi se il compagno chiude (play for the partner): the same when the
      partner, with the side's pozzetto and a burraco, is about to close.
    * Togli il monte (take the pile away): a pile that feeds the next
      opponent is worth more to take.

    >>> import random
    >>> from tavolo.games.burraco import make_game
    >>> state = make_game("fibur", players=4, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> bot = HeuristicBurracoBot("strong", seed=1)
    >>> bot.choose(state.observation(0), state.legal_actions()) in state.legal_actions()
    True
    >>> HeuristicBurracoBot("expert")
    Traceback (most recent call last):
    ...
    ValueError: heuristic level 'expert': choose one of easy, normal, strong
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.bots.reading import (
    BETWEEN, RUN_NEAR, SAME_RANK, attach_result, can_close_soon, copies, feeds, fits, my_turns_left, near_taken,
    next_opponent, seen_counts, took_pozzetto,
)
from tavolo.games.burraco.actions import ATTACH_BASE, DISCARD_BASE, DRAW, OPEN_BASE, TAKE, TEMPLATES
from tavolo.games.burraco.cards import NUM_TYPES, POINTS, WILD
from tavolo.games.burraco.melds import BURRACO_SIZE, KIND_BONUS, Meld, Run, burraco_kind, meld_size
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.rules import RULE_SETS


NORMAL = frozenset({"weigh_pile", "clean", "dead", "guard"})
STRONG = NORMAL | {"out", "hang", "ending", "partner", "deny"}
LEVELS: dict[str, frozenset[str]] = {"easy": frozenset(), "normal": NORMAL, "strong": STRONG}
"""The rules each level adds to the basics (see the module docstring): ``weigh_pile`` (il monte
si pesa), ``clean`` (verso il pulito), ``dead`` (carte morte), ``guard`` (non dare da mangiare),
``out`` (al pozzetto, chiudi quando puoi), ``hang`` (non restare appeso), ``ending`` (scendi,
la mano finisce), ``partner`` (scendi se il compagno chiude), ``deny`` (togli il monte)."""

# Weights, in points of the score sheet; tuned by duplicate deals against the other levels.
WILD_KEEP = 10            # a wild kept in hand while the hand goes on
POINTS_WEIGHT = 0.2       # a card's points against keeping it, ...
ENDING_POINTS_WEIGHT = 1.5  # ... and when the hand is about to end
KEEP_IN_HAND = 3          # cards kept before the discard while hanging is a risk ("hang")
TAKE_AT = 8               # the pile is taken from this value up
PILE_SIZE = 1.5           # per card of the pile, early in the hand ("weigh_pile")
DENY = 20                 # per card of the pile that feeds the next opponent ("deny")
DANGER = 150              # discarding what attaches to the next opponent's melds, ...
DANGER_PER_PILE_CARD = 3  # ... more with every card of the pile ("guard")
TAKEN_NEAR = 25           # discarding what goes with the cards he took from the pile ("guard")


class HeuristicBurracoBot:
    """Burraco by a club player's rules at ``level``; ``seed`` breaks exact ties."""

    def __init__(self, level: str = "strong", seed: int | None = None, **settings: object) -> None:
        if level not in LEVELS:
            raise ValueError(f"heuristic level {level!r}: choose one of {', '.join(LEVELS)}")
        if settings:
            raise ValueError(f"heuristic bot: unknown setting(s) {sorted(settings)}; it takes only a level")
        self.level = level
        self._rules = LEVELS[level]
        self._rng = random.Random(seed)

    def choose(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "draw":
            return TAKE if TAKE in legal and self._take_pile(obs) else DRAW
        table = _Table(obs, self._rules, legal)
        best, value = self._best(legal, table)
        if best >= 0 and (value > 0 or not table.discards):
            return best
        return min(table.discards, key=table.keep_value)

    def prior(self, obs: BurracoObservation, legal: Sequence[int]) -> dict[int, float]:
        """Probabilities over ``legal`` for a search: half on :meth:`choose`'s action, the
        rest spread evenly (a prior and rollout policy for the search bot).

            >>> from tavolo.games.burraco.actions import DRAW, TAKE
            >>> bot = HeuristicBurracoBot("easy", seed=1)
            >>> obs = None  # one legal action: all the mass on it, no reading needed
            >>> bot.prior(obs, [DRAW])
            {0: 1.0}
        """
        if len(legal) == 1:
            return {legal[0]: 1.0}
        chosen = self.choose(obs, legal)
        rest = 0.5 / (len(legal) - 1)
        return {a: (0.5 if a == chosen else rest) for a in legal}

    def _best(self, legal: Sequence[int], table: _Table) -> tuple[int, float]:
        """The most valuable meld action (open or attach) and its value; (-1, 0) when none."""
        best, best_value, ties = -1, float("-inf"), 0
        for action in legal:
            if action < OPEN_BASE:
                continue
            value = table.attach_value(action) if action >= ATTACH_BASE else table.open_value(action)
            if value > best_value:
                best, best_value, ties = action, value, 1
            elif value == best_value:
                ties += 1
                if self._rng.random() * ties < 1:
                    best = action
        return best, (best_value if best >= 0 else 0.0)

    # --- the draw: stock or discard pile -------------------------------------------

    def _take_pile(self, obs: BurracoObservation) -> bool:
        """Raccogliere (take the pile) when it is worth more than a card from the stock."""
        h = _counts(obs.hand)
        mine = fits(obs.melds[obs.my_side])
        rules = self._rules
        late = _lateness(obs) if "weigh_pile" in rules else 0.0
        value = 0.0
        for card in obs.pile:
            if WILD[card]:
                value += 30
            elif card in mine:
                value += 12
            else:
                mates = _mates(h, card)
                h[card] += 1
                if mates >= 2:
                    value += 10
                elif mates == 1:
                    value += 4
                else:
                    value -= 3 + late * POINTS[card]
        if "weigh_pile" in rules:
            value += len(obs.pile) * (1 - late) * PILE_SIZE
        if "deny" in rules:
            nxt = next_opponent(obs)
            if nxt >= 0:
                theirs = feeds(obs, nxt)
                value += DENY * sum(1 for card in obs.pile if card in theirs)
        if "ending" in rules and late >= 1 and len(obs.pile) > 3:
            return False  # the hand is ending: a pile is only points in hand
        return value >= TAKE_AT


class _Table:
    """One play-phase decision's reading of the table, computed once per call."""

    __slots__ = ("obs", "rules", "h", "mine", "mine_fits", "danger", "danger_weight", "taken",
                 "spend_wilds", "points_weight", "discards", "semiclean", "floor", "_seen")

    def __init__(self, obs: BurracoObservation, rules: frozenset[str], legal: Sequence[int]) -> None:
        self.obs = obs
        self.rules = rules
        self.h = h = _counts(obs.hand)
        side = obs.my_side
        self.mine = obs.melds[side]
        self.mine_fits = fits(self.mine)
        self._seen: list[int] | None = None
        self.discards = [a for a in legal if DISCARD_BASE <= a < OPEN_BASE]
        self.semiclean = RULE_SETS[obs.rule_set].get("semiclean", True)
        nxt = next_opponent(obs)
        self.danger = feeds(obs, nxt) if nxt >= 0 else frozenset()
        self.danger_weight = DANGER + (DANGER_PER_PILE_CARD * len(obs.pile) if "guard" in rules else 0)
        self.taken = near_taken(obs.known[nxt]) if "guard" in rules and nxt >= 0 else set()
        pozzetto = took_pozzetto(obs, side)
        closable = can_close_soon(obs, side)
        need_burraco = pozzetto and not closable
        stuck = len(obs.hand) - _meldable(h, legal)
        hand_ends = "ending" in rules and _hand_ends_soon(obs, side, closable and "partner" in rules)
        self.floor = KEEP_IN_HAND if "hang" in rules and need_burraco and not hand_ends else 0
        if hand_ends:
            self.spend_wilds, self.points_weight = True, ENDING_POINTS_WEIGHT
        elif "out" in rules and stuck <= 1 and (not pozzetto or closable):
            self.spend_wilds, self.points_weight = True, POINTS_WEIGHT  # al pozzetto / closing: empty the hand
        elif "ending" not in rules and (len(obs.hand) <= 3 or obs.stock_size < 6):
            self.spend_wilds, self.points_weight = True, 0.5  # late: the beginner's "end of hand"
        else:
            self.spend_wilds, self.points_weight = False, POINTS_WEIGHT

    # --- melding -----------------------------------------------------------------------

    def attach_value(self, action: int) -> float:
        slot, rest = divmod(action - ATTACH_BASE, NUM_TYPES * 2)
        card, variant = divmod(rest, 2)
        before = self.mine[slot]
        after = attach_result(before, card, variant)
        gain = 2 * POINTS[card] + self._bonus(after) - self._bonus(before) + meld_size(after)
        if len(self.obs.hand) <= self.floor and meld_size(after) < BURRACO_SIZE:
            return -100  # do not hang on one card without a burraco (restare appeso)
        if after.wild >= 0 and before.wild != after.wild:
            value = gain - self._keep(card)
            if value > 0 and "clean" in self.rules and before.wild < 0 and meld_size(before) >= 4:
                value /= meld_size(before)  # worth it, but a clean meld is the last place for the wild
            return value
        if "clean" in self.rules and before.wild >= 0 and after.wild < 0:
            gain += 40  # the pinella back in its natural place: the meld is clean again
        return 20 + gain

    def open_value(self, action: int) -> float:
        meld, cards = TEMPLATES[action - OPEN_BASE]
        gain = sum(POINTS[c] for c in cards) * 2 + (5 if type(meld) is Run else 0)
        if len(self.obs.hand) - 2 <= self.floor:
            return -100
        if meld.wild >= 0:
            return gain - self._keep(meld.wild) - 20  # a meld opened with a wild is never clean
        return 10 + gain

    def _keep(self, wild: int) -> float:
        """What a wild is worth kept in hand: nothing when the hand is to be
        emptied; otherwise more than its points on the table, so that it goes
        down only for a burraco (or an uncommonly long meld)."""
        return 0 if self.spend_wilds else 2 * POINTS[wild] + WILD_KEEP

    def _bonus(self, meld: Meld) -> int:
        return KIND_BONUS[burraco_kind(meld, self.semiclean)]

    # --- discarding --------------------------------------------------------------------

    def keep_value(self, action: int) -> float:
        """How much the card is worth keeping: the lowest is discarded."""
        card = action - DISCARD_BASE
        if WILD[card]:
            return 500.0
        h = self.h
        value = 0.0
        dead = self._dead if "dead" in self.rules else None
        for other in SAME_RANK[card]:
            if h[other]:
                value += 12
        if h[card] > 1:
            value += 10
        for other, distance in RUN_NEAR[card]:
            if h[other] and (dead is None or distance == 1 or not dead(card, other)):
                value += 14 if distance == 1 else 9
        if card in self.mine_fits:
            value += 25
        if card in self.danger:
            value += self.danger_weight
        if card in self.taken:
            value += TAKEN_NEAR
        return value - POINTS[card] * self.points_weight

    def _dead(self, card: int, other: int) -> bool:
        """Whether the card between ``card`` and ``other`` (two apart in a suit) is all in view."""
        gap = BETWEEN[card, other]
        if gap < 0 or self.h[gap]:
            return False
        if self._seen is None:
            self._seen = seen_counts(self.obs)
        return self._seen[gap] >= copies(self.obs, gap)


def _counts(cards: Sequence[int]) -> list[int]:
    h = [0] * NUM_TYPES
    for card in cards:
        h[card] += 1
    return h


def _mates(h: list[int], card: int) -> int:
    """Cards of the hand that go with ``card`` in a combination or a close sequence."""
    n = h[card]
    for other in SAME_RANK[card]:
        n += h[other]
    for other, distance in RUN_NEAR[card]:
        if distance == 1 and h[other]:
            n += 1
    return n


def _meldable(h: list[int], legal: Sequence[int]) -> int:
    """How many cards of the hand some legal open or attach would use (an upper bound)."""
    used = set()
    for action in legal:
        if action >= ATTACH_BASE:
            used.add((action - ATTACH_BASE) // 2 % NUM_TYPES)
        elif action >= OPEN_BASE:
            used.update(TEMPLATES[action - OPEN_BASE].cards)
    return sum(h[c] for c in used)


def _lateness(obs: BurracoObservation) -> float:
    """0 early in the hand, 1 when this seat has at most one more turn or an opponent can close."""
    turns = my_turns_left(obs)
    late = 1.0 if turns <= 1 else max(0.0, 1 - turns / 6)
    for seat in range(obs.players):
        side = obs.side_of[seat]
        if side != obs.my_side and obs.hand_sizes[seat] <= 3 and can_close_soon(obs, side):
            return 1.0
    return late


def _hand_ends_soon(obs: BurracoObservation, side: int, closable: bool) -> bool:
    """The hand will likely end before this seat plays again: the stock's last
    turn, an opponent who can close with few cards, or the partner about to close."""
    if my_turns_left(obs) == 0:
        return True
    for seat in range(obs.players):
        if seat == obs.seat or obs.hand_sizes[seat] > 2:
            continue
        other = obs.side_of[seat]
        if (other == side and closable) or (other != side and can_close_soon(obs, other)):
            return True
    return False
