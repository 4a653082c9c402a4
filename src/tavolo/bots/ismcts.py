"""A Burraco search bot: single-observer Information-Set MCTS (SO-ISMCTS,
Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 4(2), 2012, algorithm 3) with PUCT selection, a rules-based
bot's prior and quick rules-based rollouts.

Why single-observer: every Burraco action id is public (a draw from the stock
(pescare) is one action whatever card comes; taking the pile (raccogliere),
the openings (calare), the attachments (legare) and the discard (scarto) show
their cards), so the other players' moves are seen as they are and one tree
keyed by the sequence of actions since the root serves every seat.
MO-ISMCTS would only add what a seat cannot see of another's move, which in
Burraco is the card drawn from the stock, a chance outcome that the
determinization already settles.

Each iteration:

1. samples a determinization of the seat's observation
   (:class:`~tavolo.games.burraco.hidden.HiddenSampler`, what
   ``game.sample_hidden_state`` uses): the unseen cards dealt at random, the
   cards the others took from the pile kept in their hands;
2. descends the tree from the root, the seat's own decisions and the other
   players' alike: at a node, the children legal *in this determinization*
   compete (the subset-armed bandit: a child's exploration term counts the
   iterations in which it was available, not the parent's visits) by PUCT,
   ``Q + c * P * sqrt(available) / (1 + visits)``, ``P`` a bot's prior for
   that node's player (its ``prior(observation, legal)`` if it has one, else
   half the mass on its ``choose`` and the rest even): the ``prior`` bot's
   at the root, the rollout bot's below it (a node is met once per
   iteration, the root once per move, so the dearer judgment goes where it
   decides the move);
   a forced move (one legal action) is a node with one child and no choice,
   so that a node's key is the whole action sequence and its player is
   always the same;
3. expands the first child not yet in the tree, then lets the rollout bot play
   every seat up to the horizon;
4. scores each side as if the hand ended there (melds, burraci, cards in hand,
   pozzetto; the hand's score if it did end) and backs up, for each node, the
   value seen by the player who chose it: own side minus the mean of the other
   sides, in units of ``scale`` points.

The move played is the root's most visited child (ties to the higher prior).

**In the compiled core.** When the observation comes from a compiled state (it carries the
core's ``_core_view`` link, :mod:`tavolo.games.burraco.native`), the prior is
``heuristic:strong`` and the rollout ``heuristic:strong`` or ``heuristic:easy``, the search runs
in the core (``_core.Ismcts``, ``_search.cpp``): the same iterations (the core's
determinization, the descent by PUCT with the availability counts, one expansion, the rollout to
the horizon, the cut scored as :meth:`IsmctsBot._values` scores it, the backup) and settings, in
C++, with strong in the core as the root's prior and the rollout level in the core
(``_core.StrongBot`` or ``_core.EasyBot``, the same choices as the Python bots, with the spec's
weight overrides) as the rollout bot and the prior below the root. Its determinizations come
from the core's generator, seeded from this bot's, and so do easy's tie-breaks (each seat's
rollout bot seeded afresh at each search from the search's generator, not from the Python
rollout bots'), so a seed and an iteration budget repeat it, though not this module's
iterations. ``last_root`` is then ``None``. This module's search is the reference
(docs/compiled-engine.md).

A whole turn is not one macro-move: the tree's actions are the game's
(draw or take, each open, each attachment, the discard), so the bot's own
choice now is always a node of the tree, and the prior steers the
openings and attachments to the few that matter. The horizon is counted in
turns from the root, so every iteration is scored at the same point of the
hand and the tree stops growing there; the tree and the rollout share that
budget.

Settings come from a spec as strings (``ismcts:time=1,iterations=200``):
``time`` seconds and/or ``iterations`` per move (at least one; default
``time=1``; the first reached stops), ``clock`` what ``time`` measures (``wall``,
the default; ``cpu``, the searching thread's CPU time, as for ``pimc``), ``c`` the
PUCT exploration constant,
``horizon`` the turns after the root's that an iteration plays (``hand``: to
the end of the hand), ``scale`` the points one unit of value stands for,
``held`` the weight of the cards in hand at a cut before the hand's end (1:
as the hand would score; lower: a card in hand is not yet lost, which makes
the short horizon less eager to lay cards down),
``prior`` the bot spec of the root's prior, ``rollout`` the bot spec of the
rollouts and of the prior below the root. With an
``iterations`` budget and a seed the play is reproducible; a ``time`` budget
depends on the machine's speed. Defaults:
``c=1,horizon=2,scale=100,held=0,prior=heuristic:strong,rollout=heuristic:easy``
(the strong bot plans each turn, and is about 20 times slower than the
easy one per turn: as the rollout it would cut the iterations as much).
``held=0`` because a cut two turns ahead that counts the cards in hand
against the side makes every meld look urgent and every pile look costly:
with easy prior and rollouts, 100 iterations, 2 players, 12 duplicate deals
(seed 1) the search lost to its own policy (``heuristic:easy``) by 174 a deal
with ``held=1`` and beat it by 271 (95% interval 67 to 474) with ``held=0``.
Against ``heuristic:strong`` (its own root prior) at 100 iterations a move
it is not yet better: -38 a deal (95% interval -199 to +123) over 24
duplicate deals at 2 players, -112 (-278 to +55) over 16 at 4 players
(seeds 1 and 2, the heuristic of commit 38c66ae). Against today's tuned ``strong``, 2 players,
seed 0: -60 a deal (-98 to -23) over 400 duplicate deals at 100 iterations; over their first 100,
-38 (-109 to +32) at 400 iterations and -11 (-79 to +57) with ``horizon=6``, neither better than
100 iterations at horizon 2 on the same deals by more than its interval (paired: -18 and +9).
Nor does a better rollout player: ``rollout=heuristic:strong`` at 100 iterations (0.13 s a
move) made -74 a deal (-118 to -31) over 300 of those deals. What holds the search back is the
cut's value (the points as they stand two turns ahead), not the play up to it. Strong's choice
and a few rivals played to the hand's end on the same deals do beat strong
(:mod:`tavolo.bots.pimc`, docs/compiled-engine.md).

    >>> from tavolo.games.burraco import make_game
    >>> import random
    >>> game = make_game("fibur", players=2, target=None)
    >>> state = game.new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> bot = IsmctsBot(game, seat=0, seed=1, iterations="8", rollout="simple", horizon="2")
    >>> state.action_to_string(bot.choose(state.observation(0), state.legal_actions())), bot.last_iterations
    ('draw', 8)
    >>> IsmctsBot(game, seat=0, depth="3")
    Traceback (most recent call last):
    ...
    ValueError: ismcts: unknown setting 'depth'; known: c, clock, held, horizon, iterations, prior, rollout, scale, time
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tavolo.bots.settings import Reader, Unfit, non_negative, one_of, positive, read_settings, seconds, whole
from tavolo.engine.agent import Agent
from tavolo.engine.errors import Text
from tavolo.engine.game import Game
from tavolo.games.burraco.actions import DRAW, TAKE
from tavolo.games.burraco.game import BurracoGame
from tavolo.games.burraco.hidden import HiddenSampler
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.scoring import score_side
from tavolo.games.burraco.state import BurracoState

DEFAULT_PRIOR = "heuristic:strong"
DEFAULT_ROLLOUT = "heuristic:easy"
HAND = 0
"""``horizon`` meaning: play every iteration to the end of the hand."""
CHOICE_PRIOR = 0.5
"""Without a ``prior`` method, the share of the prior on the bot's choice."""


CLOCKS = ("wall", "cpu")
"""What a ``time`` budget measures: the wall clock (the time a person waits), or the CPU time of
the thread that searches (the same search however loaded the machine: an evaluation's budget)."""


@dataclass(frozen=True)
class IsmctsSettings:
    """The typed settings of :class:`IsmctsBot` (see the module docstring)."""

    time: float | None = None
    iterations: int | None = None
    clock: str = "wall"
    c: float = 1.0
    horizon: int = 2
    scale: float = 100.0
    held: float = 0.0
    prior: str = DEFAULT_PRIOR
    rollout: str = DEFAULT_ROLLOUT

    @classmethod
    def parse(cls, settings: dict[str, str]) -> IsmctsSettings:
        """From a spec's strings; ``ValueError`` naming the setting at fault.

            >>> settings = IsmctsSettings.parse({"iterations": "50", "horizon": "hand"})
            >>> settings.iterations, settings.time, settings.horizon == HAND, settings.rollout
            (50, None, True, 'heuristic:easy')
            >>> IsmctsSettings.parse({}).time
            1.0
            >>> IsmctsSettings.parse({"horizon": "0"})
            Traceback (most recent call last):
            ...
            ValueError: ismcts: horizon must be a whole number >= 1, or hand, got '0'
        """
        typed = read_settings("ismcts", settings, _READERS)
        if typed.get("time") is None and typed.get("iterations") is None:
            typed["time"] = 1.0
        return cls(**typed)


def _horizon(value: str) -> int:
    if value == "hand":
        return HAND
    try:
        return whole(value)
    except Unfit:
        raise Unfit(Text("a whole number >= 1, or hand")) from None


def _bot_spec(value: str) -> str:
    from tavolo.bots.registry import parse_spec

    name, _ = parse_spec(value)
    if name == "ismcts":
        raise Unfit(Text("a quicker bot than ismcts itself"))
    return value


_READERS: dict[str, Reader] = {
    "time": seconds, "iterations": whole, "clock": one_of(CLOCKS), "c": non_negative, "horizon": _horizon,
    "scale": positive, "held": non_negative, "prior": _bot_spec, "rollout": _bot_spec,
}


class _Node:
    """An information set of the tree, reached by a sequence of actions.

    ``seat`` is the player who acts here; per child action: ``visits``,
    ``total`` (the value backed up for that player), ``available``
    (iterations in which it was legal here) and ``prior``.
    """

    __slots__ = ("seat", "children", "visits", "total", "available", "prior")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[int, _Node] = {}
        self.visits: dict[int, int] = {}
        self.total: dict[int, float] = {}
        self.available: dict[int, int] = {}
        self.prior: dict[int, float] = {}


class IsmctsBot:
    """Searches each decision with a tree over information sets (see the module docstring).

    ``last_iterations`` is the number of iterations the last ``choose`` ran (0
    when it had one legal action), ``iterations_run`` the total since the bot
    was made, ``last_visits`` the root's visit count per action and
    ``last_root`` the last search's tree (``None`` before the first search).
    """

    def __init__(self, game: Game, seat: int, seed: int | None = None, **settings: str) -> None:
        if not isinstance(game, BurracoGame):
            raise ValueError(Text("{bot} plays Burraco, not {game}", bot="ismcts", game=game.name))
        self.settings = IsmctsSettings.parse(settings)
        self.game = game
        self.seat = seat
        self._rng = random.Random(seed)
        self._bots = self._seat_bots(self.settings.rollout)
        self._prior_bot = self._seat_bot(self.settings.prior, seat)
        self.last_iterations = 0
        self.iterations_run = 0
        self.last_visits: dict[int, int] = {}
        self.last_root: _Node | None = None
        self._core_searches: dict[tuple[int, int], Any] = {}

    def choose(self, observation: BurracoObservation, legal_actions: Sequence[int]) -> int:
        self.last_iterations = 0
        self.last_visits = {}
        if len(legal_actions) == 1:
            return legal_actions[0]
        view = observation.__dict__.get("_core_view")
        search = None if view is None else self._core_search(observation)
        if search is not None:
            action = self._choose_in_core(search, view, legal_actions)
            if action is not None:
                return action
        root = self.last_root = _Node(self.seat)
        self._set_prior(root, observation, legal_actions, self._prior_bot)
        self._search(HiddenSampler(self.game, observation), root)
        self.last_visits = {a: root.visits.get(a, 0) for a in legal_actions}
        return max(legal_actions, key=lambda a: (root.visits.get(a, 0), root.prior[a]))

    def _core_search(self, obs: BurracoObservation) -> Any:
        """The search in the core (``_core.Ismcts``, ``_search.cpp``) for ``obs``'s table, made
        once; ``None`` where it does not apply: the prior must be ``heuristic:strong`` and the
        rollout ``heuristic:strong`` or ``heuristic:easy``, each played there by its twin in the
        core, made for the search (docs/compiled-engine.md)."""
        key = (obs.players, obs.rule_set)
        if key not in self._core_searches:
            self._core_searches[key] = None
            rollout_in_core = all(_is_heuristic(bot, ("strong", "easy")) for bot in self._bots)
            if _is_heuristic(self._prior_bot, ("strong",)) and rollout_in_core:
                from tavolo.games.burraco import native

                s = self.settings
                core_bots = tuple(bot.core_twin(obs, bot.weights(obs.players)) for bot in self._bots)
                prior = self._prior_bot._compiled(obs, self._prior_bot.weights(obs.players))
                self._core_searches[key] = native._core.Ismcts(prior, core_bots, s.c, s.horizon, s.scale, s.held)
        return self._core_searches[key]

    def _choose_in_core(self, search: Any, view: Any, legal_actions: Sequence[int]) -> int | None:
        """One search in the core; ``last_root`` stays ``None`` (the tree is the core's). ``None``
        where the observation's state has moved on since (the Python search reads it then)."""
        s = self.settings
        found = search.search(view, list(legal_actions), s.iterations or 0, s.time or 0.0, self._rng.getrandbits(64),
                              s.clock == "cpu")
        if found is None:
            return None
        self.last_root = None
        action, self.last_iterations, visits = found
        self.iterations_run += self.last_iterations
        self.last_visits = dict(zip(legal_actions, visits))
        return action

    def _search(self, sampler: HiddenSampler, root: _Node) -> None:
        s = self.settings
        now = time.thread_time if s.clock == "cpu" else time.perf_counter
        deadline = None if s.time is None else now() + s.time
        while True:
            if s.iterations is not None and self.last_iterations >= s.iterations:
                break
            if deadline is not None and self.last_iterations and now() >= deadline:
                break
            self._iterate(root, sampler.sample(self._rng))
            self.last_iterations += 1
        self.iterations_run += self.last_iterations

    def _iterate(self, root: _Node, state: BurracoState) -> None:
        """One iteration on one determinization: select, expand, roll out, back up."""
        hand = len(state.hand_results)
        horizon = self.settings.horizon
        turns_left = horizon + (state.phase == "draw") if horizon != HAND else -1  # the root's turn is free
        path: list[tuple[_Node, int]] = []
        node: _Node | None = root
        while not state.is_terminal() and len(state.hand_results) == hand:
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
                if node is not None:  # a forced move keeps its place in the sequence, without a choice
                    node = node.children.setdefault(action, _Node(-1))
            elif node is not None:
                action = self._select(node, state, legal)
                path.append((node, action))
                node = node.children.get(action)
                if node is None:  # expansion: the new node's player acts after this action
                    path[-1][0].children[action] = _Node(-1)
            else:
                seat = state.current_player()
                action = self._bots[seat].choose(state.observation(seat), legal)
            if action in (DRAW, TAKE):
                if turns_left == 0:
                    break
                turns_left -= 1
            state._apply_unchecked(action)  # an action of legal: the unchecked fast path
        values = self._values(state, hand)
        for parent, action in path:
            parent.visits[action] = parent.visits.get(action, 0) + 1
            parent.total[action] = parent.total.get(action, 0.0) + values[parent.seat]

    def _select(self, node: _Node, state: BurracoState, legal: Sequence[int]) -> int:
        """The PUCT choice among the children legal in this determinization."""
        node.seat = state.current_player()
        if any(a not in node.prior for a in legal):
            self._set_prior(node, state.observation(node.seat), legal, self._bots[node.seat])
        c = self.settings.c
        visits, total, available, prior = node.visits, node.total, node.available, node.prior
        seen = sum(visits.get(a, 0) for a in legal)
        mean = sum(total.get(a, 0.0) for a in legal) / seen if seen else 0.0
        best, best_score = legal[0], -math.inf
        for a in legal:
            n = available[a] = available.get(a, 0) + 1
            k = visits.get(a, 0)
            q = total[a] / k if k else mean
            score = q + c * prior[a] * math.sqrt(n) / (1 + k)
            if score > best_score:
                best, best_score = a, score
        return best

    @staticmethod
    def _set_prior(node: _Node, obs: BurracoObservation, legal: Sequence[int], bot: Agent) -> None:
        """``bot``'s prior for the actions of ``legal`` this node has not met."""
        prior_of = getattr(bot, "prior", None)
        if prior_of is not None:
            prior = prior_of(obs, legal)
        else:
            pick = bot.choose(obs, legal)
            even = (1 - CHOICE_PRIOR) / len(legal)
            prior = {a: even + (CHOICE_PRIOR if a == pick else 0.0) for a in legal}
        for a in legal:
            node.prior.setdefault(a, prior[a])

    def _values(self, state: BurracoState, hand: int) -> list[float]:
        """Per seat: own side's points minus the other sides' mean, in ``scale`` units;
        the hand's score if it ended, else the points as they stand (no closing bonus)."""
        if len(state.hand_results) > hand:
            result = state.hand_results[hand].sides
            sides = [next(score.total for score in result if seats[0] in score.seats) for seats in state.sides]
        else:
            held = self.settings.held
            sides = [_standing(state, side, held) for side in range(len(state.sides))]
        total, others = sum(sides), len(sides) - 1
        scale = self.settings.scale
        return [(sides[state.side_of(s)] - (total - sides[state.side_of(s)]) / others) / scale
                for s in range(self.game.num_players)]

    def _seat_bots(self, spec: str) -> list[Agent]:
        """One bot of ``spec`` per seat, seeded from this bot's generator."""
        from tavolo.bots.registry import make_bot

        return [make_bot(spec, self.game, seat, self._rng.getrandbits(64)) for seat in range(self.game.num_players)]

    def _seat_bot(self, spec: str, seat: int) -> Agent:
        """``seat``'s bot of :meth:`_seat_bots`, the others' seeds drawn and no bot made for them."""
        from tavolo.bots.registry import make_bot

        seeds = [self._rng.getrandbits(64) for _ in range(self.game.num_players)]
        return make_bot(spec, self.game, seat, seeds[seat])


def _is_heuristic(bot: Agent, levels: tuple[str, ...]) -> bool:
    from tavolo.bots.heuristic import HeuristicBurracoBot

    return type(bot) is HeuristicBurracoBot and bot.level in levels


def _standing(state: BurracoState, side: int, held: float = 1.0) -> float:
    """A side's points if the hand ended now, without closing, the cards in hand
    counted at ``held`` times their points."""
    seats = state.sides[side]
    score = score_side(seats, state.side_melds(side), [c for seat in seats for c in state.hand_cards(seat)],
                       took_pozzetto=state.side_took_pozzetto(side), closed=False,
                       semiclean=state.game.options.semiclean)
    return score.total - (1 - held) * score.in_hand
