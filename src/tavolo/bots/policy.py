"""A trained Burraco policy as a bot: a linear score of each legal action.

The score of a legal action is ``theta . phi(action) + W[kind] . context``:
``phi`` are :data:`FEATURES` of the action read from the seat's observation
(is it a draw, a take of the discard pile (raccogliere), a discard (scarto),
an opening (calare), an attachment (attaccare); is the card a wild (matta);
its points; does it go with the hand, fit our melds or feed the next
opponent's ...), and ``context`` (:data:`CONTEXT`) the state of the hand
(stock, pile, pozzetti, who can close) that lets each kind of action be
worth more or less as the hand goes. The bot plays the highest score
(greedy) or samples the softmax of the scores (for training, see
:mod:`tavolo.rl.reinforce`).

Everything is read from a :class:`BurracoObservation`, so a policy plays
from what its seat may know, at any table size. The spec is
``policy:path=FILE`` (a file written by :meth:`Policy.save`).

A policy with a ``base`` bot spec chooses only at the draw, whether to take
the discard pile or draw from the stock (fedibur-1985 art. 4), and the base
bot plays the rest of the turn: a best response learned on top of the bot it
answers, which finds a bad habit of the draw in minutes where a whole policy
learned from nothing would still be learning to meld.

    >>> import random
    >>> from tavolo.games.burraco import make_game
    >>> state = make_game(players=2, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(4)))
    >>> policy = Policy.zeros()
    >>> policy.theta[FEATURES.index("take")] = 1.0  # a policy that likes taking the pile
    >>> PolicyBot(policy).choose(state.observation(0), state.legal_actions())
    1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from tavolo.bots.reading import (
    can_close_soon, copies, feeds, fits, my_turns_left, near_taken, next_opponent,
    seen_counts, took_pozzetto,
)
from tavolo.engine.agent import Agent
from tavolo.engine.errors import Text
from tavolo.games.burraco.actions import NUM_ACTIONS, OPEN_BASE, TAKE, TEMPLATES, decode
from tavolo.games.burraco.cards import NUM_TYPES, POINTS, RUN_NEAR, SAME_RANK, WILD
from tavolo.games.burraco.melds import Run
from tavolo.games.burraco.observation import BurracoObservation

KINDS = ("draw", "take", "discard", "open", "attach")
FEATURES = (
    "draw", "take", "discard", "open", "attach",
    "wild", "points", "pair in hand", "same rank in hand", "same suit near in hand",
    "fits our melds", "fits next opponent's melds", "copies unseen", "goes with what the next player took",
    "take: pile size", "take: pile cards fitting our melds", "take: pile cards going with the hand",
    "take: pile cards feeding the next opponent", "wild laid late in the hand", "meld after our pozzetto",
    "open: a run", "discard: a loner",
)
CONTEXT = (
    "bias", "stock", "hand size", "pile size", "our pozzetto taken", "their pozzetto taken", "we can close",
    "they can close", "our melds", "their melds", "lateness", "smallest opponent hand",
)


def _action_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per action id: its kind (index in KINDS), its card (-1 for draw, take,
    open), whether it uses a wild, its card points / 30, whether it opens a run."""
    kind = np.zeros(NUM_ACTIONS, dtype=np.intp)
    card = np.full(NUM_ACTIONS, -1, dtype=np.intp)
    wild, points, run = np.zeros(NUM_ACTIONS), np.zeros(NUM_ACTIONS), np.zeros(NUM_ACTIONS)
    for action in range(NUM_ACTIONS):
        name, *rest = decode(action)
        kind[action] = KINDS.index(name)
        if name in ("discard", "attach"):
            card[action] = rest[-2] if name == "attach" else rest[0]
            wild[action], points[action] = WILD[card[action]], POINTS[card[action]] / 30
        elif name == "open":
            meld, cards = TEMPLATES[rest[0]]
            wild[action], points[action] = meld.wild >= 0, sum(POINTS[c] for c in cards) / 30
            run[action] = type(meld) is Run
    return kind, card, wild, points, run


KIND, CARD, USES_WILD, CARD_POINTS, OPENS_RUN = _action_tables()


@dataclass
class Policy:
    """``theta`` over :data:`FEATURES` and ``w`` (:data:`KINDS` x :data:`CONTEXT`).

        >>> Policy.zeros().w.shape
        (5, 12)
    """

    theta: np.ndarray
    w: np.ndarray
    hands: int = 0
    """Hands it was trained on."""
    base: str = ""
    """The bot spec that plays all but the draw ("": the policy plays every action)."""

    @classmethod
    def zeros(cls) -> Policy:
        return cls(np.zeros(len(FEATURES)), np.zeros((len(KINDS), len(CONTEXT))))

    def scores(self, phi: np.ndarray, legal: np.ndarray, context: np.ndarray) -> np.ndarray:
        """The score of each legal action (rows of ``phi``)."""
        return phi @ self.theta + (self.w @ context)[KIND[legal]]

    def save(self, path: str | Path) -> None:
        """Write the weights and the names of the features (``.npz``)."""
        with open(path, "wb") as out:
            np.savez(out, theta=self.theta, w=self.w, features=np.array(FEATURES), kinds=np.array(KINDS),
                     context=np.array(CONTEXT), hands=self.hands, base=np.array(self.base))

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """The policy saved at ``path``; a clear error for a missing or foreign file."""
        path = Path(path)
        if not path.is_file():
            raise ValueError(Text("no policy file at {path}", path=repr(str(path))))
        return _load(str(path.resolve()), path.stat().st_mtime_ns)


@lru_cache(maxsize=16)
def _load(path: str, mtime: int) -> Policy:
    try:
        data = np.load(path)
        names = tuple(data["features"]), tuple(data["kinds"]), tuple(data["context"])
        theta, w, hands, base = data["theta"], data["w"], int(data["hands"]), str(data["base"])
    except (OSError, ValueError, KeyError) as exc:
        raise ValueError(Text("{path} is not a policy file: {reason}", path=repr(path), reason=str(exc))) from None
    if names != (FEATURES, KINDS, CONTEXT):
        raise ValueError(Text("{path} was trained on other features than this version's", path=repr(path)))
    return Policy(theta.astype(float), w.astype(float), hands, base)


def softmax(z: np.ndarray) -> np.ndarray:
    """Probabilities from scores.

        >>> softmax(np.array([0.0, 0.0])).tolist()
        [0.5, 0.5]
    """
    e = np.exp(z - z.max())
    return e / e.sum()


class PolicyBot:
    """Plays ``policy``: the best-scoring legal action, or a draw from the
    softmax when not ``greedy`` (reproducible from ``seed``); with a ``base``
    agent, only at the draw, the base playing the rest."""

    def __init__(self, policy: Policy, greedy: bool = True, seed: int | None = None, base: Agent | None = None) -> None:
        self.policy = policy
        self.greedy = greedy
        self.base = base
        self._rng = np.random.default_rng(seed)

    @classmethod
    def from_settings(cls, settings: dict[str, str], seed: int | None,
                      make_base: Callable[[str], Agent]) -> PolicyBot:
        """The bot of the spec ``policy:path=FILE``; ``make_base`` builds the policy's base bot."""
        path = settings.pop("path", None)
        if settings or path is None:
            raise ValueError(Text("bot 'policy' takes one setting, path=FILE (a policy saved by training)"))
        try:
            policy = Policy.load(path)
        except ValueError as exc:
            raise ValueError(Text("bot 'policy': {reason}", reason=exc.args[0])) from None
        return cls(policy, greedy=True, seed=seed, base=make_base(policy.base) if policy.base else None)

    def choose(self, obs: BurracoObservation, legal: Sequence[int]) -> int:
        if self.base is not None and obs.phase != "draw":
            return self.base.choose(obs, legal)
        actions = np.asarray(legal, dtype=np.intp)
        z = self.policy.scores(features(obs, actions), actions, context(obs))
        if self.greedy:
            return int(actions[int(np.argmax(z))])
        return int(actions[int(self._rng.choice(len(actions), p=softmax(z)))])


def context(obs: BurracoObservation) -> np.ndarray:
    """The :data:`CONTEXT` of the observation (each about 0 to 1)."""
    side = obs.my_side
    others = [s for s in range(len(obs.melds)) if s != side]
    opponents = [seat for seat in range(obs.players) if obs.side_of[seat] != side]
    return np.array([
        1.0, obs.stock_size / 100, len(obs.hand) / 11, len(obs.pile) / 10,
        took_pozzetto(obs, side), any(took_pozzetto(obs, s) for s in others),
        can_close_soon(obs, side), any(can_close_soon(obs, s) for s in others),
        len(obs.melds[side]) / 10, max((len(obs.melds[s]) for s in others), default=0) / 10,
        lateness(obs), min((obs.hand_sizes[s] for s in opponents), default=11) / 11,
    ], dtype=float)


def lateness(obs: BurracoObservation) -> float:
    """0 early in the hand, 1 when this seat has at most one more turn.

        >>> from types import SimpleNamespace
        >>> lateness(SimpleNamespace(stock_size=40, players=2)), lateness(SimpleNamespace(stock_size=4, players=2))
        (0.0, 1.0)
    """
    turns = my_turns_left(obs)
    return 1.0 if turns <= 1 else max(0.0, 1 - turns / 6)


def features(obs: BurracoObservation, legal: np.ndarray) -> np.ndarray:
    """The :data:`FEATURES` of each legal action (one row each)."""
    kind, card = KIND[legal], CARD[legal]
    phi = np.zeros((len(legal), len(FEATURES)))
    phi[np.arange(len(legal)), kind] = 1.0
    phi[:, 5], phi[:, 6] = USES_WILD[legal], CARD_POINTS[legal]
    has_card = card >= 0
    if has_card.any():
        phi[has_card, 7:14] = card_context(obs)[:, card[has_card]].T
    takes = legal == TAKE
    if takes.any():
        phi[takes, 14:18] = pile_features(obs)
    melds = legal >= OPEN_BASE  # openings and attachments
    phi[:, 18] = phi[:, 5] * melds * lateness(obs)
    phi[:, 19] = melds * took_pozzetto(obs, obs.my_side)
    phi[:, 20] = OPENS_RUN[legal]
    phi[:, 21] = (kind == KINDS.index("discard")) * (phi[:, 7] == 0) * (phi[:, 8] == 0) * (phi[:, 9] == 0)
    return phi


def card_context(obs: BurracoObservation) -> np.ndarray:
    """Per card type (53 columns), rows: pair in hand, same rank in hand / 3,
    same suit within two places in hand / 4, fits our melds, fits the next
    opponent's, share of copies unseen, goes with what the next player took."""
    h = [0] * NUM_TYPES
    for c in obs.hand:
        h[c] += 1
    nxt = next_opponent(obs)
    mine, theirs = fits(obs.melds[obs.my_side]), feeds(obs, nxt) if nxt >= 0 else frozenset()
    taken = near_taken(obs.known[nxt]) if nxt >= 0 else set()
    seen = seen_counts(obs)
    out = np.zeros((7, NUM_TYPES))
    for c in range(NUM_TYPES):
        out[:, c] = (h[c] >= 2, sum(h[o] > 0 for o in SAME_RANK[c]) / 3, sum(h[o] > 0 for o, _ in RUN_NEAR[c]) / 4,
                     c in mine, c in theirs, max(0, copies(obs, c) - seen[c]) / copies(obs, c), c in taken)
    return out


def pile_features(obs: BurracoObservation) -> list[float]:
    """Taking the pile: its size / 10, and / 5 its cards that fit our melds,
    go with the hand (a pair or a neighbour) and feed the next opponent."""
    hand = set(obs.hand)
    mine = fits(obs.melds[obs.my_side])
    nxt = next_opponent(obs)
    theirs = feeds(obs, nxt) if nxt >= 0 else frozenset()
    goes = sum(1 for c in obs.pile if not WILD[c] and (c in hand or any(o in hand for o in SAME_RANK[c])
                                                        or any(o in hand for o, d in RUN_NEAR[c] if d == 1)))
    return [len(obs.pile) / 10, sum(c in mine for c in obs.pile) / 5, goes / 5,
            sum(c in theirs for c in obs.pile) / 5]
