"""Deviations: a bot that plays like a base bot except for one habit.

To show that a bot has no cheap exploit, play it against itself with one
habit changed: if "the same player, but always taking the discard pile" beats
it, the bot leaves points on the table that anyone could pick up. Each habit,
as a club player says it:

``always-take`` (raccoglie sempre)
    takes the discard pile (monte degli scarti) whenever the rules allow it
    (fedibur-1985 art. 4: draw from the stock or take the whole pile).
``never-take`` (non raccoglie mai)
    always draws from the stock (tallone), never takes the pile.
``always-close`` (chiude appena può)
    with the side's pozzetto taken, goes down and closes (chiusura,
    fedibur-1985 art. 6) whenever the hand can be emptied this turn, melding
    what it must and discarding the last card.
``keep-wilds`` (le matte non si toccano)
    never discards a wild (jolly or pinella used as one) and never lays one
    on a meld, unless nothing else is legal.
``discard-highest`` (scarta la più alta)
    when it discards, throws the card worth the most points.
``meld-everything`` (cala tutto)
    opens or attaches whenever it can before discarding.
``hold`` (tiene in mano)
    opens no meld until its side has taken the pozzetto, unless the hand can
    go out this turn (to the pozzetto al volo or by a discard, art. 6).

The spec is ``deviant:HABIT`` (base ``heuristic:strong``) or
``deviant:HABIT,base=SPEC``; the base bot and the deviation's own search are
seeded from the bot's seed, so the same seed gives the same play.

    >>> import random
    >>> from tavolo.games.burraco import make_game
    >>> game = make_game(players=2, target=None)
    >>> state = game.new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(4)))
    >>> state.legal_actions()
    [0, 1]
    >>> make_deviant(game, 0, 1, "always-take").choose(state.observation(0), state.legal_actions())
    1
    >>> make_deviant(game, 0, 1, "never-take").choose(state.observation(0), state.legal_actions())
    0
    >>> make_deviant(game, 0, 1, "always-lie")
    Traceback (most recent call last):
    ...
    ValueError: deviation 'always-lie': choose one of always-take, never-take, always-close, keep-wilds, discard-highest, meld-everything, hold
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tavolo.bots.reading import attach_result, took_pozzetto
from tavolo.engine.agent import Agent
from tavolo.engine.errors import Text
from tavolo.engine.game import Game
from tavolo.games.burraco.actions import ATTACH_BASE, DISCARD_BASE, DRAW, NUM_ACTIONS, OPEN_BASE, TAKE, TEMPLATES
from tavolo.games.burraco.cards import NUM_TYPES, POINTS, WILD
from tavolo.games.burraco.hidden import sample_hidden_state
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.state import BurracoState

HABITS = ("always-take", "never-take", "always-close", "keep-wilds", "discard-highest", "meld-everything", "hold")
DEFAULT_BASE = "heuristic:strong"
SEARCH_NODES = 200
"""Positions tried, within one turn, to find how to empty the hand."""

BaseMaker = Callable[[str, Game, int, "int | None"], Agent]


def make_deviant(game: Game, seat: int, seed: int | None, habit: str, base: str = DEFAULT_BASE,
                 make_base: BaseMaker | None = None) -> DeviantBot:
    """The ``habit`` deviation of the ``base`` bot spec for ``seat``; bad habits refused with the list.

    ``make_base`` builds the base bot (the registry's ``make_bot`` by default)."""
    if habit not in HABITS:
        raise ValueError(Text("deviation {habit}: choose one of {habits}", habit=repr(habit), habits=", ".join(HABITS)))
    if make_base is None:
        from tavolo.bots.registry import make_bot as make_base
    return DeviantBot(habit, make_base(base, game, seat, seed), game, seed)


class DeviantBot:
    """Plays as ``base`` except for ``habit`` (see the module docstring)."""

    def __init__(self, habit: str, base: Agent, game: Game, seed: int | None = None) -> None:
        self.habit = habit
        self.base = base
        self._game = game
        self._rng = random.Random(seed)

    def choose(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "draw":
            return self._draw(obs, legal)
        play = {"always-close": self._always_close, "keep-wilds": self._keep_wilds,
                "discard-highest": self._discard_highest, "meld-everything": self._meld_everything,
                "hold": self._hold}.get(self.habit, self.base.choose)  # the take habits play on as the base
        return play(obs, legal)

    # --- the draw ------------------------------------------------------------------

    def _draw(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        if self.habit == "always-take" and TAKE in legal:
            return TAKE
        if self.habit == "never-take":
            return DRAW
        return self.base.choose(obs, legal)

    # --- the play phase, one method per habit -----------------------------------------

    def _always_close(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        if took_pozzetto(obs, obs.my_side) and obs.turn_number >= obs.players:
            line = self._line(obs, legal, lambda s: s.closed_by == obs.seat)
            if line:
                return line[0]
        return self.base.choose(obs, legal)

    def _keep_wilds(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        tame = [a for a in legal if not (discards_wild(a) or lays_wild(obs, a))]
        return self.base.choose(obs, tame or legal)

    def _discard_highest(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        choice = self.base.choose(obs, legal)
        if not DISCARD_BASE <= choice < OPEN_BASE:
            return choice
        discards = [a for a in legal if DISCARD_BASE <= a < OPEN_BASE]
        top = max(POINTS[a - DISCARD_BASE] for a in discards)
        highest = [a for a in discards if POINTS[a - DISCARD_BASE] == top]
        return choice if choice in highest else self._rng.choice(highest)

    def _meld_everything(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        melds = [a for a in legal if a >= OPEN_BASE]
        return self.base.choose(obs, melds or legal)

    def _hold(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        side = obs.my_side
        if took_pozzetto(obs, side):
            return self.base.choose(obs, legal)
        line = self._line(obs, legal, lambda s: s.side_took_pozzetto(s.side_of(obs.seat)))
        if line:
            return line[0]
        closed = [a for a in legal if not OPEN_BASE <= a < ATTACH_BASE]
        return self.base.choose(obs, closed or legal)

    # --- emptying the hand ---------------------------------------------------------

    def _line(self, obs: BurracoObservation, legal: Sequence[int],
              goal: Callable[[BurracoState], bool]) -> list[int] | None:
        """Melds and a last discard, this turn, that reach ``goal``; ``None`` when
        the hand cannot be emptied (or not within :data:`SEARCH_NODES`)."""
        if stuck_cards(obs, legal) > 1:
            return None  # more than the one card a discard gets rid of fits no meld
        state = sample_hidden_state(self._game, obs, self._rng)  # only our hand and melds matter here
        return find_line(state, obs.seat, goal, [SEARCH_NODES])


def find_line(state: BurracoState, seat: int, goal: Callable[[BurracoState], bool],
              budget: list[int], seen: set | None = None) -> list[int] | None:
    """A depth-first search over this turn's melds (and the discard of a last
    card) for a sequence of actions after which ``goal`` holds; ``budget[0]``
    counts down the positions tried."""
    seen = set() if seen is None else seen
    hand = state.hand_cards(seat)
    for action in state.legal_actions():
        if budget[0] <= 0:
            return None
        if action < OPEN_BASE and len(hand) > 1:
            continue  # a discard with cards left ends the turn without emptying the hand
        budget[0] -= 1
        child = state.clone()
        child.apply(action)
        if goal(child):
            return [action]
        if child.current_player() != seat or action < OPEN_BASE:
            continue
        key = (tuple(child.hand_cards(seat)), tuple(child.side_melds(child.side_of(seat))))
        if key in seen:
            continue
        seen.add(key)
        rest = find_line(child, seat, goal, budget, seen)
        if rest is not None:
            return [action, *rest]
    return None


def stuck_cards(obs: BurracoObservation, legal: Sequence[int]) -> int:
    """Cards of the hand that no legal open or attach uses (a lower bound on
    what stays in hand after melding everything possible now).

        >>> from types import SimpleNamespace
        >>> stuck_cards(SimpleNamespace(hand=(0, 1, 2, 30)), [OPEN_BASE])  # A-2-3 of hearts opens
        1
    """
    used: set[int] = set()
    for action in legal:
        if action >= ATTACH_BASE:
            used.add((action - ATTACH_BASE) // 2 % NUM_TYPES)
        elif action >= OPEN_BASE:
            used.update(TEMPLATES[action - OPEN_BASE].cards)
    return sum(1 for card in obs.hand if card not in used)


def discards_wild(action: int) -> bool:
    """Whether ``action`` discards a jolly or a 2.

        >>> discards_wild(DISCARD_BASE + 52), discards_wild(DISCARD_BASE + 3)
        (True, False)
    """
    return DISCARD_BASE <= action < OPEN_BASE and WILD[action - DISCARD_BASE]


def lays_wild(obs: BurracoObservation, action: int) -> bool:
    """Whether ``action`` puts a card on the table as a wild (matta): an opening
    with a wild, or a jolly or 2 attached where it stands for another card (a 2
    attached in its natural place, in a run of its suit, is no wild).

        >>> from types import SimpleNamespace
        >>> lays_wild(SimpleNamespace(), OPEN_BASE), TEMPLATES[0].meld  # A-2-3 of hearts: the 2 is natural
        (False, Run(suit=0, lo=1, hi=3, wild=-1, gap=0))
    """
    if OPEN_BASE <= action < ATTACH_BASE:
        return TEMPLATES[action - OPEN_BASE].meld.wild >= 0
    if not ATTACH_BASE <= action < NUM_ACTIONS:
        return False
    slot, rest = divmod(action - ATTACH_BASE, NUM_TYPES * 2)
    card, variant = divmod(rest, 2)
    if not WILD[card]:
        return False
    before = obs.melds[obs.my_side][slot]
    after = attach_result(before, card, variant)
    return after.wild >= 0 and (before.wild < 0 or after.wild != before.wild)
