"""Trick-taking on any deck, every player for himself or in partnerships, hands
that may differ in size: the machinery Peppa (French cards) and Tarocchi (the
78-card tarot pack) share.

Unlike :class:`~tavolo.games.trick_taking.state.TrickState` (the 40-card
Italian games with a stock), a :class:`DeckTrickState` keeps each trick as the
``(seat, card)`` pairs played, so a seat with an empty hand simply sits a trick
out (Peppa's hands differ after the pairs are discarded); each seat's taken
cards stay in its own pile (presa), and a game may keep cards out of play, in
public (Peppa's pairs) or known only to one seat (the Tarocchi dealer's
discard). Who knows which card of another's hand (a card passed or drawn) is
kept per pair of seats, so that observations show it to that seat only.

A game subclasses it with its card module (``name``/``parse``), a suit per
card (``suit_of``), its phases and rules; action ids ``0..deck size - 1`` name a
card (to play, pass or discard it, by phase), ids above are the game's own.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, cast

from tavolo.cards import CardNotationError
from tavolo.engine.errors import NotationError, Rule, Sentence, Text, unreadable_card
from tavolo.engine.game import CHANCE, TERMINAL, CardGame, DealtState
from tavolo.engine.hidden import deal_unseen
from tavolo.games.trick_taking.rulebook import TrickRulebook
from tavolo.games.trick_taking.scoring import RoundResult, side_margins
from tavolo.games.trick_taking.tricks import bits, cards_of

if TYPE_CHECKING:
    from tavolo.engine.game import Game

Played = tuple[tuple[int, int], ...]
"""A trick as played: ``(seat, card)`` pairs in order."""
Taken = tuple[Played, int]
"""A completed trick and the seat that took it."""


@dataclass(frozen=True)
class DeckObservation:
    """What one seat may know: its hand, every trick, the public discards, the
    cards of other hands it was shown, the sizes of every hand and hidden pile;
    never another hand or a hidden discard. ``extra`` holds the game's own
    public facts (e.g. whether hearts are broken)."""

    game: str
    seat: int
    players: int
    phase: str
    current_player: int
    round_number: int
    dealer: int
    sides: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    leader: int
    trick: Played
    tricks: tuple[Taken, ...]
    out: tuple[int, ...]
    """Cards put out of play in public this round (Peppa's pairs)."""
    secret: tuple[int, ...]
    """Cards this seat put out of play unseen (the dealer's discard, scarto)."""
    secret_sizes: tuple[int, ...]
    """Per seat, how many cards it holds out of play unseen."""
    known: tuple[tuple[int, ...], ...]
    """Per seat, the cards of its hand this seat knows of (passed to it, drawn from this seat)."""
    round_points: tuple[int, ...]
    """Per side, the points of the tricks taken so far this round."""
    scores: tuple[int, ...]
    extra: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)
    card_name: Any = field(default=str, compare=False, repr=False)

    @property
    def my_side(self) -> int:
        return next(i for i, side in enumerate(self.sides) if self.seat in side)

    def played_cards(self) -> list[int]:
        """Every card played this round, the trick on the table included."""
        return [c for cards, _ in self.tricks for _, c in cards] + [c for _, c in self.trick]

    def to_json(self) -> dict[str, Any]:
        """JSON in the shape of the Italian trick games' observations (``trick`` the cards,
        ``tricks`` as ``[leader, cards, winner, seats]``), with the seats that played each card,
        since a seat out of cards is skipped."""
        def names(cards) -> list[str]:
            return [self.card_name(c) for c in cards]

        def taken(cards: Played, winner: int) -> list[Any]:
            return [cards[0][0], names(c for _, c in cards), winner, [seat for seat, _ in cards]]

        return {
            "game": self.game, "seat": self.seat, "players": self.players, "phase": self.phase,
            "current_player": self.current_player, "round_number": self.round_number, "dealer": self.dealer,
            "sides": [list(s) for s in self.sides], "hand": names(self.hand), "hand_sizes": list(self.hand_sizes),
            "leader": self.leader, "trick": names(c for _, c in self.trick), "trick_seats": [s for s, _ in self.trick],
            "tricks": [taken(cards, winner) for cards, winner in self.tricks], "out_of_play": names(self.out),
            "secret": names(self.secret), "secret_sizes": list(self.secret_sizes),
            "known": [names(k) for k in self.known], "round_points": list(self.round_points),
            "scores": list(self.scores), "extra": self.extra,
        }


class DeckTrickState(DealtState):
    """A trick-taking match on any deck; see the module docstring."""

    __slots__ = (
        "game", "_opts", "_n", "_sides", "_side_of", "_phase", "_dealer", "_round_no", "_turn", "_leader",
        "_hands", "_trick", "_tricks", "_piles", "_out", "_secret", "_told", "_scores", "_results",
        "history", "_legal",
    )

    cards: ClassVar[Any]
    """The card module: ``name(card)``, ``parse(text)``."""
    suit_of: ClassVar[tuple[int, ...]]
    """Per card, its suit for following suit (trumps are a suit of their own)."""
    strength: ClassVar[tuple[int, ...]]
    """Per card, how high it takes within its suit."""
    rules: ClassVar[TrickRulebook]
    play_phase: ClassVar[int]
    over_phase: ClassVar[int]
    moves_help: ClassVar[Text]

    def __init__(self, game: Game) -> None:
        self.game = game
        self._opts = game.options
        self._n = n = game.num_players
        self._sides = self._make_sides()
        self._side_of = [next(i for i, side in enumerate(self._sides) if seat in side) for seat in range(n)]
        self._phase = 0
        self._dealer = n - 1
        self._round_no = 0
        self._turn = self._leader = 0
        self._hands = [0] * n
        self._trick: list[tuple[int, int]] = []
        self._tricks: list[Taken] = []
        self._piles = [0] * n
        self._out = 0
        self._secret = [0] * n
        self._told = [[0] * n for _ in range(n)]
        self._scores = [0] * len(self._sides)
        self._results: list[RoundResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    def _make_sides(self) -> tuple[tuple[int, ...], ...]:
        """Everyone alone by default."""
        return tuple((seat,) for seat in range(self._n))

    # --- protocol -------------------------------------------------------------------------

    def current_player(self) -> int:
        if self._phase == 0:
            return CHANCE
        if self._phase == self.over_phase:
            return TERMINAL
        return self._turn

    def _play_action(self, action: int) -> None:
        if self._phase == self.play_phase:
            self._play(action)
        else:
            self._apply_other(action)

    def _legal_now(self) -> list[int]:
        if self._phase == self.play_phase:
            return cards_of(self._playable())
        return self._other_legal() if 0 < self._phase < self.over_phase else []

    def returns(self) -> list[float]:
        """Each seat's side's match score (the game may say otherwise)."""
        return [float(self._scores[side]) for side in self._side_of]

    def clone(self) -> DeckTrickState:
        other = cast(DeckTrickState, super().clone())
        other._told = [row[:] for row in self._told]
        return other

    def all_cards(self) -> Counter[int]:
        """Every card: hands, the trick on the table, the piles taken, the cards out of play."""
        masks = [*self._hands, *self._piles, *self._secret, self._out]
        cards = [c for mask in masks for c in cards_of(mask)] + [c for _, c in self._trick]
        return Counter(cards)

    @property
    def round_results(self) -> list[RoundResult]:
        return list(self._results)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self._sides

    def hand_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` holds; hidden information: use ``observation`` for a player."""
        return cards_of(self._hands[seat])

    # --- what each game decides -----------------------------------------------------------------

    @abstractmethod
    def _playable(self) -> int:
        """The mask of cards the seat on turn may play to the trick."""

    @abstractmethod
    def _trick_winner(self, trick: list[tuple[int, int]]) -> int:
        """The seat that takes the complete ``trick``."""

    @abstractmethod
    def _end_round(self) -> None:
        """Score the round (every hand is empty), then :meth:`_next_round` or :meth:`_finish`."""

    def _other_legal(self) -> list[int]:
        """Legal actions of the game's own phases (passing, drawing, discarding)."""
        return []

    def _apply_other(self, action: int) -> None:
        raise ValueError(f"{action} is not an action of {self.game.name}")

    def _take(self, trick: list[tuple[int, int]], winner: int) -> None:
        """The winner puts the trick's cards on his pile."""
        self._piles[winner] |= bits(c for _, c in trick)

    def _card_points(self, card: int) -> int:
        """What a card taken in a trick is worth, for ``round_points`` (0 by default)."""
        return 0

    def _extra_public(self) -> dict[str, Any]:
        """The game's own public facts, for observations."""
        return {}

    def _extra_to_json(self) -> dict[str, Any]:
        return {}

    def _extra_from_json(self, data: dict[str, Any]) -> None:
        """Restore what :meth:`_extra_to_json` wrote."""

    def _other_text(self, action: int) -> str:
        raise ValueError(f"{action} is not an action id of {self.game.name}")

    def _parse_other(self, text: str, verb: str, args: list[str]) -> int | None:
        """The action of the game's own phase that ``verb args`` names, else ``None``."""
        return None

    def _why_other_illegal(self, action: int) -> tuple[Rule, Sentence]:
        return self.rules.no_such_action, self._no_such_action(action)

    def _no_such_action(self, action: int) -> Text:
        return Text("{action} is not an action id of {game}", action=action, game=self.game.name)

    def _why_card_illegal(self, card: int) -> tuple[Rule, Sentence]:
        """Why a card the seat on turn holds may not be played to the trick now."""
        return self.rules.not_in_hand, ""

    def _after_sample(self, rng: random.Random) -> None:
        """Rebuild hidden orders after :meth:`sample_hidden_state` dealt the hands."""

    # --- the trick -------------------------------------------------------------------------------

    def _start_play(self, leader: int) -> None:
        self._phase = self.play_phase
        self._leader = self._turn = self._next_holder(leader - 1)

    def _next_holder(self, seat: int) -> int:
        """The first seat after ``seat`` (in turn order) that holds cards, ``seat`` itself last."""
        for k in range(1, self._n + 1):
            s = (seat + k) % self._n
            if self._hands[s]:
                return s
        return seat

    def _play(self, card: int) -> None:
        seat = self._turn
        self._hands[seat] &= ~(1 << card)
        self._trick.append((seat, card))
        for k in range(1, self._n):
            nxt = (seat + k) % self._n
            if nxt == self._leader:
                break
            if self._hands[nxt]:
                self._turn = nxt
                return
        self._collect()

    def _collect(self) -> None:
        trick = self._trick
        winner = self._trick_winner(trick)
        self._tricks.append((tuple(trick), winner))
        self._take(trick, winner)
        self._trick = []
        if not any(self._hands):
            self._end_round()
            return
        self._leader = self._turn = winner if self._hands[winner] else self._next_holder(winner)

    def _next_round(self) -> None:
        self._round_no += 1
        self._dealer = (self._dealer + 1) % self._n
        self._phase = 0

    def _finish(self) -> None:
        self._phase = self.over_phase

    def _reset_round(self) -> None:
        n = self._n
        self._trick, self._tricks = [], []
        self._piles, self._secret, self._out = [0] * n, [0] * n, 0
        self._told = [[0] * n for _ in range(n)]
        self._legal = None

    def pile_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` has taken this round (its hidden discard included)."""
        return cards_of(self._piles[seat] | self._secret[seat])

    # --- observation, notation, JSON -------------------------------------------------------------------

    def observation(self, seat: int) -> DeckObservation:
        n = self._n
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at this table (0..{n - 1})")
        points = [0] * len(self._sides)
        for cards, winner in self._tricks:
            points[self._side_of[winner]] += sum(self._card_points(c) for _, c in cards)
        return DeckObservation(
            game=self.game.name, seat=seat, players=n, phase=self.phase, current_player=self.current_player(),
            round_number=self._round_no, dealer=self._dealer, sides=self._sides,
            hand=tuple(cards_of(self._hands[seat])), hand_sizes=tuple(h.bit_count() for h in self._hands),
            leader=self._leader, trick=tuple(self._trick), tricks=tuple(self._tricks), out=tuple(cards_of(self._out)),
            secret=tuple(cards_of(self._secret[seat])), secret_sizes=tuple(s.bit_count() for s in self._secret),
            known=tuple(tuple(cards_of(self._told[seat][other] & self._hands[other]) if other != seat else ())
                        for other in range(n)),
            round_points=tuple(points), scores=tuple(self._scores), extra=self._extra_public(),
            card_name=self.cards.name,
        )

    def action_to_string(self, action: int) -> str:
        if self._phase == self.play_phase and 0 <= action < len(self.suit_of):
            return f"play {self.cards.name(action)}"
        return self._other_text(action)

    def is_play_phase(self) -> bool:
        """Whether cards are being played to tricks (not passed, discarded or drawn)."""
        return self._phase == self.play_phase

    def parse_action(self, text: str) -> int:
        """The one action ``text`` names; a bare card plays it."""
        words = text.replace(",", " ").split()
        if not words:
            raise NotationError(text, Text("empty move; {moves}", moves=self.moves_help))
        verb, args = words[0].lower(), words[1:]
        action = self._parse_other(text, verb, args)
        if action is None:
            if verb in ("play", "p", "gioca"):
                words = args
            if len(words) != 1 or (words is not args and len(words[0]) != 2 and not self._is_card(words[0])):
                raise NotationError(text, Text("unknown move {verb}; {moves}", verb=repr(text.split()[0]),
                                               moves=self.moves_help))
            action = self.card_id(text, words[0])
        if action in self.legal_actions():
            return action
        raise self.refusal(text, action, *self._why_illegal(action))

    def _is_card(self, token: str) -> bool:
        try:
            self.cards.parse(token)
        except CardNotationError:
            return False
        return True

    def card_id(self, text: str, token: str) -> int:
        """The card ``token`` names, or a :class:`NotationError` about ``text``."""
        try:
            return self.cards.parse(token)
        except CardNotationError as exc:
            raise unreadable_card(text, exc) from None

    def _why_illegal(self, action: int) -> tuple[Rule, Sentence]:
        if self._phase == self.over_phase:
            return self.rules.game_over, ""
        if self._phase == 0:
            return self.rules.deal_first, ""
        if self._phase != self.play_phase or not 0 <= action < len(self.suit_of):
            return self._why_other_illegal(action)
        if not self._hands[self._turn] >> action & 1:
            return self.rules.not_in_hand, Text("you do not hold {cards}", cards=self.cards.name(action))
        return self._why_card_illegal(action)

    def to_json(self) -> dict[str, Any]:
        names = self._names
        return {
            "game": self.game.name, "options": self.game.options_json(), "phase": self.phase,
            "dealer": self._dealer, "round_number": self._round_no, "turn": self._turn, "leader": self._leader,
            "hands": [names(h) for h in self._hands], "trick": [[s, self.cards.name(c)] for s, c in self._trick],
            "tricks": [[[[s, self.cards.name(c)] for s, c in cards], winner] for cards, winner in self._tricks],
            "piles": [names(p) for p in self._piles], "out": names(self._out),
            "secret": [names(s) for s in self._secret], "told": [[names(m) for m in row] for row in self._told],
            "scores": list(self._scores), "results": [r.to_json() for r in self._results],
            "extra": self._extra_to_json(), "history": list(self.history),
        }

    def _names(self, mask: int) -> list[str]:
        return [self.cards.name(c) for c in cards_of(mask)]

    def _mask(self, names: list[str]) -> int:
        return bits(self.cards.parse(t) for t in names)

    def load_json(self, data: dict[str, Any]) -> None:
        """Fill this fresh state from :meth:`to_json` data."""
        if data.get("game") != self.game.name:
            raise ValueError(f"not a {self.game.name} state: game is {data.get('game')!r}")
        parse, mask = self.cards.parse, self._mask
        self._phase = self.phase_names.index(data["phase"])
        self._dealer, self._round_no, self._turn, self._leader = (
            data["dealer"], data["round_number"], data["turn"], data["leader"])
        self._hands = [mask(h) for h in data["hands"]]
        self._trick = [(s, parse(c)) for s, c in data["trick"]]
        self._tricks = [(tuple((s, parse(c)) for s, c in cards), winner) for cards, winner in data["tricks"]]
        self._piles, self._out = [mask(p) for p in data["piles"]], mask(data["out"])
        self._secret = [mask(s) for s in data["secret"]]
        self._told = [[mask(m) for m in row] for row in data["told"]]
        self._scores = list(data["scores"])
        self._results = [RoundResult.from_json(r) for r in data["results"]]
        self._extra_from_json(data["extra"])
        self.history = list(data["history"])
        cards = self.all_cards()
        if (self._phase != 0 or cards) and cards != self.game.deck_counts:
            raise ValueError("the state's cards are not exactly the deck's")

    # --- hidden cards ----------------------------------------------------------------------------

    def _voids(self, obs: DeckObservation) -> list[int]:
        """Per seat, the suits (a bit each) he has shown he lacks: he did not follow the suit led."""
        lacking = [0] * obs.players
        for cards in [*(c for c, _ in obs.tricks), obs.trick]:
            led = self._led_suit(cards)
            for seat, card in cards:
                if led >= 0 and self.suit_of[card] != led:
                    lacking[seat] |= self._void_mask(led, card)
        return lacking

    def _led_suit(self, trick) -> int:
        """The suit a trick calls for (-1 when none yet)."""
        return self.suit_of[trick[0][1]] if trick else -1

    def _void_mask(self, led: int, card: int) -> int:
        """The suits a player shows he lacks by playing ``card`` to a trick led in ``led``."""
        return 1 << led

    def sample_from(self, obs: DeckObservation, rng: random.Random) -> None:
        """Fill this fresh state with a deal consistent with ``obs`` (see the engine's ``sample_hidden_state``)."""
        n, seat = obs.players, obs.seat
        self._phase = self.phase_names.index(obs.phase)
        self._dealer, self._round_no, self._turn, self._leader = (
            obs.dealer, obs.round_number, obs.current_player, obs.leader)
        self._trick, self._tricks = list(obs.trick), list(obs.tricks)
        for cards, winner in obs.tricks:
            self._take(list(cards), winner)
        self._out, self._scores = bits(obs.out), list(obs.scores)
        self._extra_from_json(obs.extra)
        self._told[seat] = [bits(k) for k in obs.known]
        unseen = self.game.deck_counts.copy()
        unseen.subtract([*obs.hand, *obs.played_cards(), *obs.out, *obs.secret, *(c for k in obs.known for c in k)])
        others = [s for s in range(n) if s != seat]
        needs = [obs.hand_sizes[s] - len(obs.known[s]) for s in others]
        needs += [obs.secret_sizes[s] for s in others]
        lacking = self._voids(obs)
        every = (1 << (max(self.suit_of) + 1)) - 1
        allowed = [every & ~lacking[s] for s in others] + [every] * len(others)
        pool = list((+unseen).elements())
        dealt = deal_unseen(pool, needs, rng, suit_of=self.suit_of.__getitem__, allowed=allowed)
        self._hands[seat], self._secret[seat] = bits(obs.hand), bits(obs.secret)
        for i, s in enumerate(others):
            self._hands[s] = bits(dealt[i]) | bits(obs.known[s])
            self._secret[s] = bits(dealt[len(others) + i])
        self._legal = None
        self._after_sample(rng)


class DeckTrickGame(CardGame):
    """A game played on :class:`DeckTrickState`: states loaded from JSON and hidden cards
    sampled through the state; subclasses set ``name``, ``state_type``, ``options_type``,
    ``deck`` and ``num_actions``."""

    num_actions: ClassVar[int]

    def num_distinct_actions(self) -> int:
        return self.num_actions

    def state_from_json(self, data: dict[str, Any]) -> DeckTrickState:
        state = cast(DeckTrickState, self.new_initial_state())
        state.load_json(data)
        return state

    def sample_hidden_state(self, observation: DeckObservation, rng: random.Random) -> DeckTrickState:
        if observation.phase in ("deal", "over"):
            raise ValueError(f"hidden cards are sampled during a hand, not in phase {observation.phase!r}")
        state = cast(DeckTrickState, self.new_initial_state())
        state.sample_from(observation, rng)
        return state

    def position_value(self, state: DeckTrickState) -> list[float] | None:
        """Search cuts its play-out once the hand is scored (or the match over): each seat's
        side's return less the other sides' mean."""
        if 0 < state._phase < state.over_phase:
            return None
        returns = state.returns()
        return side_margins([returns[side[0]] for side in state.sides], state._side_of)
