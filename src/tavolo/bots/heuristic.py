"""A club player's Burraco, written down as rules; three levels of how many it uses.

Every level (``easy``, ``normal``, ``strong``) plays by the rules of the one
below and adds its own; the numbers behind them are :mod:`tavolo.bots.weights`, per player
count, and a spec may change any of them (``heuristic:strong,pile=1.5``). The rules, as a
club player says them:

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

normal (+ judgment and the whole turn)
    * Il turno si pensa intero (think the turn through): the melds, the
      attachments and the discard are chosen together, as one plan
      (:mod:`tavolo.bots.planner`), not one action at a time.
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
      burraco, lay down all you can, keep a natural and close; the plan looks
      for the closing line first (``Kh Kh Ts 2d``: open Kh Kh 2d, discard Ts).
    * Il monte si gioca prima di prenderlo (play the pile before taking it):
      the turn is planned with the pile in hand and weighed against a card
      from the stock.
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

This module is the reference. When the observation comes from the compiled state
(``tavolo.games.burraco.native``), ``strong`` plays in the compiled core instead
(``_strong.cpp``: the same reading, planner and draw, ported function by function), with the
same choices at every decision (``tests/bots/test_strong_core.py``) and about 13 times faster;
so does ``normal`` (the same code with its rules: ``tests/bots/test_normal_core.py``), and
``easy`` (``_easy.cpp``, ``tests/bots/test_easy_core.py``), its exact ties broken by the
same numbers: the core has CPython's generator (``random.Random``'s Mersenne Twister), and the
bot hands its generator's state over (see :meth:`HeuristicBurracoBot._generator`).

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
from dataclasses import fields, replace
from functools import lru_cache
from itertools import compress
from typing import Any

from tavolo.bots.planner import Plan, attaches, counts, opens, plan_turn
from tavolo.bots.reading import (
    BETWEEN, attach_result, can_close_soon, closing_burraco, copies, feeds, fits,
    my_turns_left, near_taken, next_opponent, seen_counts, took_pozzetto,
)
from tavolo.bots.weights import Weights, weights_for
from tavolo.engine.errors import Text
from tavolo.games.burraco.actions import ATTACH_BASE, DISCARD_BASE, DRAW, GROUP_RANKS, OPEN_BASE, TAKE, TEMPLATES
from tavolo.games.burraco.cards import NUM_TYPES, POINTS, RUN_NEAR, SAME_RANK, WILD
from tavolo.games.burraco.melds import BURRACO_SIZE, KIND_BONUS, Meld, Run, burraco_kind, meld_size
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.rules import RULE_SETS


NORMAL = frozenset({"weigh_pile", "clean", "dead", "guard", "plan"})
STRONG = NORMAL | {"out", "hang", "ending", "partner", "deny", "plan_pile", "close"}
LEVELS: dict[str, frozenset[str]] = {"easy": frozenset(), "normal": NORMAL, "strong": STRONG}
"""The rules each level adds to the basics (see the module docstring): ``weigh_pile`` (il monte
si pesa), ``clean`` (verso il pulito), ``dead`` (carte morte), ``guard`` (non dare da mangiare),
``plan`` (il turno si pensa intero), ``out`` (al pozzetto), ``close`` (chiudi quando puoi),
``hang`` (non restare appeso), ``ending`` (scendi, la mano finisce), ``partner`` (scendi se il
compagno chiude), ``deny`` (togli il monte), ``plan_pile`` (il monte si gioca prima di prenderlo)."""

COUNTED_TAKE_AT = {"easy": 0.0, "normal": 8.0}
"""The highest ``take_at`` of the levels that count the pile's cards instead of planning the
turn with it (easy: the pile's help outweighs its loners; normal: the base weights'). The
4-player 16.5 was tuned for strong's planned turn: with it easy lost to ``simple`` by 323
points a deal and normal beat it by 77 (4 players, 300 duplicate deals, ``bench/levels.py``)."""

CORE_LEVELS = ("easy", "normal", "strong")
"""The levels the compiled core plays (``_strong.cpp``: normal and strong; ``_easy.cpp``)."""
NEVER = float("-inf")
CARDS = range(NUM_TYPES)
HANG = -100.0  # a meld that leaves the hand hanging on one card without a burraco (restare appeso)


class HeuristicBurracoBot:
    """Burraco by a club player's rules at ``level``; ``seed`` breaks exact ties; ``settings``
    override weights by name (:class:`tavolo.bots.weights.Weights`), numbers as text."""

    def __init__(self, level: str = "strong", seed: int | None = None, **settings: object) -> None:
        if level not in LEVELS:
            raise ValueError(Text("heuristic level {level}: choose one of {levels}", level=repr(level),
                                   levels=", ".join(LEVELS)))
        self._overrides = {name: str(value) for name, value in settings.items()}
        weights_for(4).override(self._overrides)  # refuse a bad setting now, not mid-game
        self.level = level
        self._rules = LEVELS[level]
        self._rng = random.Random(seed)
        self._weights: dict[int, Weights] = {}
        self._plan: tuple[tuple[int, int, int], Plan, int] | None = None
        self._pile_plan: tuple[tuple[int, int, int], _Table, Plan] | None = None
        self._core_bots: dict[tuple[int, str], Any] = {}
        self._rng_holder: Any = None

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle. Easy's core twins hold nothing but the generator, which comes home
        first: they are left out and made again when a compiled observation comes. Normal's and
        strong's keep the turn's plans and go as they are (the core's ``StrongBot`` cannot be
        copied)."""
        if self.level != "easy":
            return self.__dict__
        self._generator()
        return {**self.__dict__, "_core_bots": {}, "_rng_holder": None}

    def weights(self, players: int) -> Weights:
        """The weights this bot plays with at a table of ``players``: the defaults for that
        player count, ``take_at`` at most :data:`COUNTED_TAKE_AT` below strong, with the spec's
        overrides.

            >>> [HeuristicBurracoBot(level).weights(4).take_at for level in ("easy", "normal", "strong")]
            [0.0, 8.0, 16.49]
        """
        if players not in self._weights:
            w = weights_for(players)
            if self.level in COUNTED_TAKE_AT:
                w = replace(w, take_at=min(w.take_at, COUNTED_TAKE_AT[self.level]))
            self._weights[players] = w.override(self._overrides)
        return self._weights[players]

    def choose(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        w = self.weights(obs.players)
        view = obs.__dict__.get("_core_view") if self.level in CORE_LEVELS else None
        if view is not None:  # an observation of the compiled core: every level plays there
            action = self._in_core(obs, w).choose(view, legal)
            if action >= 0:
                return action
            if action == -1:  # no plan applies (easy: no meld and no discard): as below
                return self._unplanned(legal, _Table(obs, self._rules, legal, w))
        if obs.phase == "draw":
            self._plan = self._pile_plan = None
            if TAKE not in legal:
                return DRAW
            take = self._take_by_plan(obs, w) if "plan_pile" in self._rules else self._take_pile(obs, w)
            return TAKE if take else DRAW
        table = _Table(obs, self._rules, legal, w)
        if "plan" in self._rules:
            action = self._planned(obs, legal, table)
            if action >= 0:
                return action
        return self._unplanned(legal, table)

    def _unplanned(self, legal: Sequence[int], table: _Table) -> int:
        """The play without a plan: the most valuable meld, else the discard worth least kept."""
        best, value = self._best(legal, table)
        if best >= 0 and (value > 0 or not table.discards):
            return best
        return min(table.discards, key=lambda a: table.keep_value(a - DISCARD_BASE, table.h, table.mine))

    def _compiled(self, obs: BurracoObservation, w: Weights) -> Any:
        """This bot's twin in the core for ``obs``'s table, made once (:meth:`core_twin`)."""
        key = (obs.players, obs.rule_set)
        bot = self._core_bots.get(key)
        if bot is None:
            bot = self._core_bots[key] = self.core_twin(obs, w)
        return bot

    def core_twin(self, obs: BurracoObservation, w: Weights) -> Any:
        """A new bot of the core at this level (``_core.EasyBot``, or ``_core.StrongBot`` at normal
        and strong) with the weights ``w`` and ``obs``'s rule set: it chooses as this class does,
        from the compiled state the observation was made from (normal and strong keep the turn's
        plans themselves; easy's generator starts as ``random.Random(0)``;
        docs/compiled-engine.md)."""
        core = _strong_core()
        rule_set = RULE_SETS[obs.rule_set]
        args = (tuple(getattr(w, f.name) for f in fields(w)), rule_set.get("semiclean", True),
                rule_set.get("clean_to_close", False), rule_set.get("group_ranks") or GROUP_RANKS)
        if self.level == "easy":
            return core.EasyBot(*args)
        return core.StrongBot(*args, self.level == "normal")

    def _in_core(self, obs: BurracoObservation, w: Weights) -> Any:
        """The core twin that chooses for ``obs``: easy's holds the tie-breaks' generator from now
        on."""
        bot = self._compiled(obs, w)
        if self.level == "easy" and self._rng_holder is not bot:
            bot.setstate(self._generator().getstate()[1])
            self._rng_holder = bot
        return bot

    def _generator(self) -> random.Random:
        """The generator of the exact ties, ``self._rng``, with the state the core's easy bot
        left in it.

        One stream of numbers breaks this bot's ties, whichever engine reads the table: before the
        core's easy bot first chooses, it takes the generator's state (the 624 words and the index of
        ``random.Random.getstate``); before the Python code next breaks a tie, the state comes back
        (``setstate``). So a bot and its twin seeded alike draw the same numbers on either engine,
        ``seed=None`` (the OS's entropy) included, where a seed handed to the core would not exist;
        and the state crosses only when the engine changes, not at every decision."""
        holder = self._rng_holder
        if holder is not None:
            version, _, gauss = self._rng.getstate()
            self._rng.setstate((version, holder.getstate(), gauss))
            self._rng_holder = None
        return self._rng

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

    # --- the whole turn as one plan ------------------------------------------------

    def _planned(self, obs: BurracoObservation, legal: Sequence[int], table: _Table) -> int:
        """The next action of this turn's plan, planned now or kept from the turn's first
        call while the hand is the one the plan expects; -1 when no plan applies."""
        key = (obs.seat, obs.hand_number, obs.turn_number)
        hand = tuple(table.h)
        if self._plan is not None and self._plan[0] == key:
            _, plan, i = self._plan
            if i < len(plan.actions) and plan.hands[i] == hand and plan.actions[i] in legal:
                self._plan = (key, plan, i + 1)
                return plan.actions[i]
        plan = self._pile_plan_for(key, table) or plan_turn(table.h, table.mine, table, group_ranks=table.group_ranks)
        if not plan.actions or plan.value == NEVER or plan.actions[0] not in legal:
            self._plan = None
            return -1
        self._plan = (key, plan, 1)
        return plan.actions[0]

    def _pile_plan_for(self, key: tuple[int, int, int], table: _Table) -> Plan | None:
        """The plan made at the draw with the pile in hand (il monte si gioca prima di
        prenderlo) when the pile was taken and ``table`` scores every line as it did then, and
        that search was whole (its smaller budget did not cut it); else None. Used once."""
        kept, self._pile_plan = self._pile_plan, None
        if kept is None or kept[0] != key or not kept[2].whole or not kept[1].evaluates_as(table):
            return None
        return kept[2]

    def _best(self, legal: Sequence[int], table: _Table) -> tuple[int, float]:
        """The most valuable meld action (open or attach) and its value; (-1, 0) when none."""
        best, best_value, ties = -1, float("-inf"), 0
        rng = self._generator()
        for action in legal:
            if action < OPEN_BASE:
                continue
            value = table.meld_value(action, table.h, table.mine)
            if value > best_value:
                best, best_value, ties = action, value, 1
            elif value == best_value:
                ties += 1
                if rng.random() * ties < 1:
                    best = action
        return best, (best_value if best >= 0 else 0.0)

    # --- the draw: stock or discard pile -------------------------------------------

    def _take_pile(self, obs: BurracoObservation, w: Weights) -> bool:
        """Raccogliere (take the pile) when it is worth more than a card from the stock."""
        h = counts(obs.hand)
        mine = fits(obs.melds[obs.my_side])
        rules = self._rules
        late = _lateness(obs) if "weigh_pile" in rules else 0.0
        value = 0.0
        for card in obs.pile:
            if WILD[card]:
                value += w.pile_wild
            elif card in mine:
                value += w.pile_fit
            else:
                mates = _mates(h, card)
                h[card] += 1
                if mates >= 2:
                    value += w.pile_pair
                elif mates == 1:
                    value += w.pile_mate
                else:
                    value -= w.pile_loner + late * POINTS[card]
        if "weigh_pile" in rules:
            value += len(obs.pile) * (1 - late) * w.pile
        return value + self._deny(obs, w) >= w.take_at

    def _deny(self, obs: BurracoObservation, w: Weights) -> float:
        """Togli il monte: the pile's cards that feed the next opponent, worth taking away."""
        nxt = next_opponent(obs) if "deny" in self._rules else -1
        if nxt < 0:
            return 0.0
        theirs = feeds(obs, nxt)
        return w.deny * sum(1 for card in obs.pile if card in theirs)

    def _take_by_plan(self, obs: BurracoObservation, w: Weights) -> bool:
        """Il monte si gioca prima di prenderlo: plan the turn with the pile in hand, against
        the turn with a card from the stock (the plan of today's hand and ``w.draw``)."""
        late = _lateness(obs)
        if "ending" in self._rules and late >= 1 and len(obs.pile) > 3:
            return False  # the hand is ending: a pile is only points in hand
        without = self._plan_value(obs, list(obs.hand), -1, w)[1].value
        single = obs.pile[0] if len(obs.pile) == 1 else -1
        table, plan = self._plan_value(obs, list(obs.hand) + list(obs.pile), single, w)
        self._pile_plan = ((obs.seat, obs.hand_number, obs.turn_number), table, plan)
        value = plan.value - without - w.draw + len(obs.pile) * (1 - late) * w.pile
        for card in obs.pile:
            value += w.pile_wild if WILD[card] else -late * POINTS[card]
        return value + self._deny(obs, w) >= w.take_at

    def _plan_value(self, obs: BurracoObservation, hand: list[int], single: int, w: Weights) -> tuple[_Table, Plan]:
        """The turn planned from ``hand`` (``single``: the one-card pile in it, or -1), with the
        table that scored it."""
        h = counts(hand)
        melds = obs.melds[obs.my_side]
        group_ranks = RULE_SETS[obs.rule_set].get("group_ranks")
        moves = opens(h, melds, group_ranks) + attaches(h, melds)
        table = _Table(obs, self._rules, moves, w, h=h, single=single)
        return table, plan_turn(h, melds, table, group_ranks=group_ranks, budget=40)


_EVALUATION = ("single", "dead", "semiclean", "group_ranks", "danger", "taken", "pozzetto_open", "may_close",
               "out_value", "close_value", "floor", "spend_wilds", "points_weight")
"""What a :class:`_Table` reads when it scores a move or an ending, besides the hand, the melds and
the danger's weight (:meth:`_Table.evaluates_as`)."""


class _Table:
    """One play-phase decision's reading of the table, computed once per call; the planner's
    evaluator (:class:`tavolo.bots.planner.Evaluator`) on the hands and melds it tries."""

    __slots__ = ("obs", "rules", "w", "h", "mine", "danger", "danger_weight", "taken", "single", "dead",
                 "spend_wilds", "points_weight", "discards", "semiclean", "floor", "_seen", "group_ranks",
                 "pozzetto_open", "may_close", "out_value", "close_value")

    def __init__(self, obs: BurracoObservation, rules: frozenset[str], legal: Sequence[int], w: Weights,
                 h: list[int] | None = None, single: int | None = None) -> None:
        self.obs = obs
        self.rules = rules
        self.w = w
        self.h = h = counts(obs.hand) if h is None else h
        self.single = obs.single_pile_card if single is None else single
        side = obs.my_side
        self.mine = obs.melds[side]
        self._seen: list[int] | None = None
        self.dead = "dead" in rules
        self.discards = [a for a in legal if DISCARD_BASE <= a < OPEN_BASE]
        rule_set = RULE_SETS[obs.rule_set]
        self.semiclean = rule_set.get("semiclean", True)
        self.group_ranks = rule_set.get("group_ranks")
        nxt = next_opponent(obs)
        self.danger = feeds(obs, nxt) if nxt >= 0 else frozenset()
        self.danger_weight = w.danger + (w.danger_pile * len(obs.pile) if "guard" in rules else 0)
        self.taken = near_taken(obs.known[nxt]) if "guard" in rules and nxt >= 0 else frozenset()
        pozzetto = took_pozzetto(obs, side)
        self.pozzetto_open = any(not p.taken and p.side in (side, -1) for p in obs.pozzetti)
        self.may_close = pozzetto and obs.turn_number >= obs.players
        self.out_value = w.pozzetto if "close" in rules else 0.0
        self.close_value = w.close if "close" in rules else 0.0
        closable = can_close_soon(obs, side)
        need_burraco = pozzetto and not closable
        stuck = sum(h) - _meldable(h, legal)
        hand_ends = "ending" in rules and _hand_ends_soon(obs, side, closable and "partner" in rules)
        self.floor = w.keep if "hang" in rules and need_burraco and not hand_ends else 0
        if hand_ends:
            self.spend_wilds, self.points_weight = True, w.ending_points
        elif "out" in rules and stuck <= 1 and (not pozzetto or closable):
            self.spend_wilds, self.points_weight = True, w.points  # al pozzetto / closing: empty the hand
        elif "ending" not in rules and (sum(h) <= 3 or obs.stock_size < 6):
            self.spend_wilds, self.points_weight = True, 0.5  # late: the beginner's "end of hand"
        else:
            self.spend_wilds, self.points_weight = False, w.points

    def evaluates_as(self, other: _Table) -> bool:
        """Whether ``other`` scores every meld and every ending of the turn as this table does:
        the same hand, melds and readings; the danger's weight may differ (it counts the pile,
        gone once taken) where no card of the hand feeds the next opponent."""
        if self.h != other.h or self.mine != other.mine or self.w is not other.w or self.rules != other.rules:
            return False
        if any(getattr(self, name) != getattr(other, name) for name in _EVALUATION):
            return False
        if self.obs.must_meld != other.obs.must_meld or self.obs.rule_set != other.obs.rule_set:
            return False
        if self.danger_weight != other.danger_weight and not self.danger.isdisjoint(compress(CARDS, self.h)):
            return False
        return not self.dead or self._seen_counts() == other._seen_counts()

    # --- melding -----------------------------------------------------------------------

    def meld_value(self, action: int, h: list[int], melds: Sequence[Meld]) -> float:
        """The value of an open or attach with hand ``h`` and the side's ``melds``."""
        if action >= ATTACH_BASE:
            return self.attach_value(action, h, melds)
        return self.open_value(action, h)

    def attach_value(self, action: int, h: list[int], melds: Sequence[Meld]) -> float:
        slot, rest = divmod(action - ATTACH_BASE, NUM_TYPES * 2)
        card, variant = divmod(rest, 2)
        before = melds[slot]
        after, gain, size = _attach_gain(before, card, variant, self.semiclean)
        if self.floor and sum(h) <= self.floor and size < BURRACO_SIZE:  # the card attached is in h
            return HANG
        if after.wild >= 0 and before.wild != after.wild:
            value = gain - self._keep(card)
            if value > 0 and "clean" in self.rules and before.wild < 0 and meld_size(before) >= 4:
                value /= meld_size(before)  # worth it, but a clean meld is the last place for the wild
            return value
        if "clean" in self.rules and before.wild >= 0 and after.wild < 0:
            gain += 40  # the pinella back in its natural place: the meld is clean again
        return 20 + gain

    def open_value(self, action: int, h: list[int]) -> float:
        t = action - OPEN_BASE
        if self.floor and sum(h) - 2 <= self.floor:  # h holds the three cards
            return HANG
        wild = OPEN_WILD[t]
        if wild >= 0:  # never clean; a wild goes down for a burraco, to go out or at the end
            return OPEN_GAIN[t] - 20 if self.spend_wilds else -self._keep(wild)
        return 10 + OPEN_GAIN[t]

    def _keep(self, wild: int) -> float:
        """What a wild is worth kept in hand: nothing when the hand is to be
        emptied; otherwise more than its points on the table, so that it goes
        down only for a burraco (or an uncommonly long meld)."""
        return 0 if self.spend_wilds else 2 * POINTS[wild] + self.w.wild_keep

    # --- ending the turn ---------------------------------------------------------------

    def finish(self, h: list[int], melds: list[Meld], melded: bool) -> tuple[int, float]:
        """The discard that ends the turn from ``h`` and its value (the card's keep value
        against it; going out to the pozzetto or closing for), ``-inf`` when it cannot end."""
        if self.obs.must_meld and not melded:
            return -1, NEVER
        left = sum(h)
        if not left:
            return -1, (self.out_value if self.pozzetto_open else NEVER)
        if left == 1:
            card = h.index(1)
            if card == self.single:
                return -1, NEVER
            if self.pozzetto_open:
                return DISCARD_BASE + card, self.out_value
            if not WILD[card] and self.may_close and closing_burraco(tuple(melds), self.obs.rule_set):
                return DISCARD_BASE + card, self.close_value
            return -1, NEVER
        single = self.single
        fit = fits(tuple(melds))
        best, best_keep = -1, NEVER
        for card in compress(range(NUM_TYPES), h):
            if card != single or h[card] > 1:
                keep = self._keep_value(card, h, fit)
                if best < 0 or keep < best_keep:
                    best, best_keep = card, keep
        return DISCARD_BASE + best, -best_keep

    # --- discarding --------------------------------------------------------------------

    def keep_value(self, card: int, h: list[int], melds: Sequence[Meld]) -> float:
        """How much the card is worth keeping: the lowest is discarded."""
        return self._keep_value(card, h, fits(tuple(melds)))

    def _keep_value(self, card: int, h: list[int], fit: frozenset[int]) -> float:
        """:meth:`keep_value` with ``fit`` the cards that attach to the side's melds."""
        if WILD[card]:
            return 500.0
        value = 0  # whole points until the weights: the same sums as adding them one by one
        for other in SAME_RANK[card]:
            if h[other]:
                value += 12
        if h[card] > 1:
            value += 10
        dead = self.dead
        for other, distance in RUN_NEAR[card]:
            if h[other]:
                if distance == 1:
                    value += 14
                elif not dead or not self._dead(card, other):
                    value += 9
        if card in fit:
            value += 25
        if card in self.danger:
            value += self.danger_weight
        if card in self.taken:
            value += self.w.taken_near
        return value - POINTS[card] * self.points_weight

    def _dead(self, card: int, other: int) -> bool:
        """Whether the card between ``card`` and ``other`` (two apart in a suit) is all in view."""
        gap = BETWEEN[card, other]
        if gap < 0 or self.h[gap]:
            return False
        return self._seen_counts()[gap] >= copies(self.obs, gap)

    def _seen_counts(self) -> list[int]:
        """The copies of each card in view (:func:`~tavolo.bots.reading.seen_counts`), once."""
        if self._seen is None:
            self._seen = seen_counts(self.obs)
        return self._seen


OPEN_GAIN = tuple(sum(POINTS[c] for c in cards) * 2 + (5 if type(meld) is Run else 0) for meld, cards in TEMPLATES)
"""For each template, what opening it is worth on the score sheet: twice its cards' points, 5 more
for a sequence (a longer meld to come)."""
OPEN_WILD = tuple(meld.wild for meld, _ in TEMPLATES)
"""For each template, its wild (matta), or -1."""


@lru_cache(maxsize=4096)
def _attach_gain(before: Meld, card: int, variant: int, semiclean: bool) -> tuple[Meld, int, int]:
    """The meld ``before`` becomes when ``card`` joins it the ``variant`` way, what that is
    worth on the score sheet (twice the card's points, the burraco bonus it adds, the meld's
    length) and the meld's new length."""
    after = attach_result(before, card, variant)
    bonus = KIND_BONUS[burraco_kind(after, semiclean)] - KIND_BONUS[burraco_kind(before, semiclean)]
    size = meld_size(after)
    return after, 2 * POINTS[card] + bonus + size, size


@lru_cache(maxsize=1)
def _strong_core() -> Any:
    """The compiled core, given the reading's tables once (``_core.setup_strong``): only an
    observation the core made reaches it, so the core is built."""
    from tavolo.games.burraco import native

    native._core.setup_strong(SAME_RANK, RUN_NEAR, BETWEEN)
    return native._core


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
