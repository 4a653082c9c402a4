"""The state of a Perlina game (raccolta, Perlina, "Distribuzione delle carte",
"Valori delle carte", "Giocata").

Each hand everyone still in pays the stake into the pot and the shuffle (a
chance node) deals three cards each, counter-clockwise from the player after
the dealer, and three face up in the middle. With an ace in the middle the
dealer first says whether it counts 1 or 11, before seeing his cards. Then from
the player after the dealer each one stands (servito), changes a card for one
from the deck paying the stake again, or takes an extra card paying twice the
stake. Then the bet (puntata), never above the pot: in turn each player checks
or bets; after a bet the others call or fold. One who took an extra card holds
four until his first turn to bet, and drops one then, before he bets ("Al
momento della puntata bisognerà decidere quale carta scartare"). The
best hand among those left takes the pot; a tie leaves it for the next hand, and
whoever folded then matches the bet to be dealt in again or sits out until the
pot is won ("dovranno pareggiare la stessa ... oppure potranno decidere di passare
e restare fuori dai giochi fino all'assegnazione del piatto").

Action ids: stand 0, change a card 1-3 (its place in the sorted hand), extra
card 4, drop 5-8, ace 1 or 11 9-10, check 11, call 12, fold 13, bet 14 on (one
per amount of ``BETS``), then sit out and match (after a tie). The move that does
nothing is listed first (stand, fold, sit out), which is what a table's timer plays.

    >>> import random
    >>> from tavolo.games.perlina import make_game
    >>> state = make_game(players=3).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> state.phase, state.legal_action_strings()[:3]
    ('draw', ['stand', 'change 2c', 'change 6d'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import french, italian
from tavolo.engine.errors import IllegalActionError, NotationError, Rule, Text
from tavolo.engine.game import CHANCE, TERMINAL
from tavolo.games.parlour.state import ParlourState, expect, number
from tavolo.games.parlour.tokens import highest, next_seat, share_evenly, tokens_held
from tavolo.games.perlina.observation import observe
from tavolo.games.perlina.ranking import describe_parts, hand_key, rank_function
from tavolo.games.perlina.rules import BET_LIMIT, OWN_CARD, PAY, RULES

if TYPE_CHECKING:
    from tavolo.engine.game import Game

DEAL, ACE, DRAW, DROP, BET, REJOIN, OVER = range(7)
PHASE_NAMES = ("deal", "ace", "draw", "drop", "bet", "rejoin", "over")
STAND, CHANGE, EXTRA, DROP_CARD, ACE_LOW, ACE_HIGH, CHECK, CALL, FOLD, BET_FIRST = 0, 1, 4, 5, 9, 10, 11, 12, 13, 14
BETS = (1, 2, 3, 5, 8, 13, 20, 30, 50)
SIT_OUT = BET_FIRST + len(BETS)
MATCH = SIT_OUT + 1
NUM_ACTIONS = MATCH + 1
SIMPLE = {STAND: "stand", EXTRA: "extra", ACE_LOW: "ace 1", ACE_HIGH: "ace 11", CHECK: "check", CALL: "call",
          FOLD: "fold", SIT_OUT: "sit out", MATCH: "match"}
VERBS = {"stand": STAND, "servito": STAND, "extra": EXTRA, "gestire": EXTRA, "check": CHECK, "parola": CHECK,
         "call": CALL, "vedo": CALL, "fold": FOLD, "passo": FOLD, "match": MATCH, "pareggio": MATCH}


@dataclass(frozen=True)
class HandResult:
    """One hand's end: the middle and the ace's value, the hands shown (seat -> cards) by
    those who stayed to the end, the winner (-1 when a tie left the pot) and the pot;
    ``deck`` names the cards ('french' or 'italian')."""

    deck: str
    dealer: int
    middle: tuple[int, ...]
    ace: int
    shown: tuple[tuple[int, tuple[int, ...]], ...]
    winner: int
    pot: int

    def to_json(self) -> dict[str, Any]:
        names = _deck_module(self.deck).names
        return {"deck": self.deck, "dealer": self.dealer, "middle": names(self.middle).split(), "ace": self.ace,
                "shown": [[s, names(c).split()] for s, c in self.shown], "winner": self.winner, "pot": self.pot,
                "named": [list(describe_parts(hand_key(c, self.middle, self.ace or 1, rank_function(self.deck))))
                          for _, c in self.shown]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        parse = _deck_module(data["deck"]).parse_many
        return cls(data["deck"], data["dealer"], tuple(parse(" ".join(data["middle"]))), data["ace"],
                   tuple((s, tuple(parse(" ".join(c)))) for s, c in data["shown"]), data["winner"], data["pot"])


def _deck_module(deck: str):
    return french if deck == "french" else italian


class PerlinaState(ParlourState):
    """A Perlina game in progress; see the module docstring."""

    __slots__ = ("game", "_n", "_cards", "_phase", "_dealer", "_turn", "_queue", "_tokens", "_pot", "_hands",
                 "_middle", "_stock", "_discards", "_ace", "_choices", "_bet", "_bettor", "_dealt_in", "_folded",
                 "_out",
                 "_hand_no", "_results", "history", "_legal")
    phase_names = PHASE_NAMES
    rules = RULES
    moves_help = Text("moves are stand, change <card>, extra then drop <card>, ace 1 / ace 11, check, bet <tokens>, "
                      "call, fold, match, sit out")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._n = n = game.num_players
        self._cards = _deck_module(game.options.deck)
        self._phase, self._dealer, self._turn = DEAL, n - 1, 0
        self._queue: tuple[int, ...] = ()
        self._tokens = [game.options.tokens] * n
        self._pot = 0
        self._hands: list[tuple[int, ...]] = [()] * n
        self._middle: tuple[int, ...] = ()
        self._stock: tuple[int, ...] = ()
        self._discards: list[tuple[int, ...]] = [()] * n
        self._ace = 0
        self._choices = [-1] * n
        self._bet = 0
        self._bettor = -1
        self._dealt_in: tuple[int, ...] = ()
        self._folded: tuple[int, ...] = ()
        self._out: tuple[int, ...] = ()
        """The seats sitting out until the pot is won."""
        self._hand_no = 0
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol ------------------------------------------------------------------------

    def current_player(self) -> int:
        return CHANCE if self._phase == DEAL else TERMINAL if self._phase == OVER else self._turn

    def _legal_now(self) -> list[int]:
        stake, purse = self.game.options.stake, self._tokens[self._turn]
        if self._phase == ACE:
            return [ACE_LOW, ACE_HIGH]
        if self._phase == DRAW:
            return [STAND] + [CHANGE + i for i in range(3) if purse >= stake] + [EXTRA] * (purse >= 2 * stake)
        if self._phase == DROP:
            return [DROP_CARD + i for i in range(4)]
        if self._phase == BET and self._bet:
            return [FOLD] + [CALL] * (purse >= self._bet)
        if self._phase == BET:
            return [CHECK] + [BET_FIRST + i for i, b in enumerate(BETS) if b <= min(self._pot, purse)]
        return [SIT_OUT, MATCH] if self._phase == REJOIN else []

    def _deal(self, order: list[int]) -> None:
        stake = self.game.options.stake
        if len([s for s in range(self._n) if self._tokens[s] >= stake and s not in self._out]) < 2:
            self._out = ()
        self._dealt_in = tuple(self._in_order(lambda s: self._tokens[s] >= stake and s not in self._out))
        top_first = order[::-1]
        for seat in self._dealt_in:
            self._tokens[seat] -= stake
            self._pot += stake
            self._hands[seat], top_first = self._sorted(top_first[:3]), top_first[3:]
        self._middle, self._stock = self._sorted(top_first[:3]), tuple(top_first[3:][::-1])
        has_ace = any(self._cards.rank(c) == 1 for c in self._middle)
        self._ace = 0 if has_ace else 1
        self._phase, self._turn = (ACE, self._dealer) if has_ace else (DRAW, self._dealt_in[0])
        self._queue = self._dealt_in

    def _play_action(self, action: int) -> None:
        seat, stake = self._turn, self.game.options.stake
        if action in (ACE_LOW, ACE_HIGH):
            self._ace = 1 if action == ACE_LOW else 11
            self._phase, self._turn = DRAW, self._queue[0]
            return
        if self._phase == DRAW:
            self._choices[seat] = CHANGE if CHANGE <= action < EXTRA else action
            if action == STAND:
                return self._next_turn()
            self._pay(seat, stake if action != EXTRA else 2 * stake)
            hand, self._stock = list(self._hands[seat]) + [self._stock[-1]], self._stock[:-1]
            if action != EXTRA:
                self._discards[seat] += (hand.pop(action - CHANGE),)
            self._hands[seat] = self._sorted(hand)
            return self._next_turn()
        if action >= DROP_CARD and self._phase == DROP:
            hand = list(self._hands[seat])
            self._discards[seat] += (hand.pop(action - DROP_CARD),)
            self._hands[seat], self._phase = tuple(hand), BET
            return
        if self._phase == REJOIN:
            return self._rejoin(seat, action)
        self._bet_action(seat, action)

    def _bet_action(self, seat: int, action: int) -> None:
        if action >= BET_FIRST:
            self._bet, self._bettor = BETS[action - BET_FIRST], seat
            self._pay(seat, self._bet)
            self._queue = (seat, *(s for s in self._in_order(lambda s: s in self._dealt_in, after=seat)
                                   if s != seat and s not in self._folded))
        elif action == CALL:
            self._pay(seat, self._bet)
        elif action == FOLD:
            self._folded += (seat,)
        self._next_turn()

    def _next_turn(self) -> None:
        self._queue = self._queue[1:]
        if self._queue:
            self._turn = self._queue[0]
        elif self._phase == DRAW:
            self._phase = BET
            self._queue = self._dealt_in
            self._turn = self._queue[0]
        else:
            return self._showdown()
        if self._phase == BET and len(self._hands[self._turn]) == 4:
            self._phase = DROP

    def _showdown(self) -> None:
        left = [s for s in self._dealt_in if s not in self._folded]
        rank_of = self._rank_of()
        keys = {s: hand_key(self._hands[s], self._middle, self._ace, rank_of) for s in left}
        best = highest(keys)
        pot = self._pot
        winner = best[0] if len(best) == 1 else -1
        if winner >= 0:
            self._tokens[winner] += pot
            self._pot, self._out = 0, ()
        shown = tuple((s, self._hands[s]) for s in left) if len(left) > 1 else ()
        self._results.append(HandResult(self.game.options.deck, self._dealer, self._middle, self._ace, shown, winner,
                                        pot))
        self._hand_no += 1
        if self._game_ends():
            return self._finish()
        stake = self.game.options.stake
        folded = [] if winner >= 0 else self._in_order(lambda s: s in self._folded)
        may_match = tuple(s for s in folded if self._tokens[s] >= self._bet + stake)
        self._out += tuple(s for s in folded if s not in may_match)
        if may_match:
            self._phase, self._queue, self._turn = REJOIN, may_match, may_match[0]
        else:
            self._next_hand()

    def _rejoin(self, seat: int, action: int) -> None:
        """After a tie, one who folded matches the bet to play on, or sits out until the pot is won."""
        if action == MATCH:
            self._pay(seat, self._bet)
        else:
            self._out += (seat,)
        self._queue = self._queue[1:]
        if self._queue:
            self._turn = self._queue[0]
        else:
            self._next_hand()

    def _game_ends(self) -> bool:
        opts = self.game.options
        can_ante = [s for s in range(self._n) if self._tokens[s] >= opts.stake]
        done = self._hand_no >= opts.hands and not self._pot
        return done or self._hand_no >= 2 * opts.hands or len(can_ante) < 2

    def _finish(self) -> None:
        for seat, share in share_evenly(self._pot, list(self._dealt_in)).items():
            self._tokens[seat] += share
        self._pot, self._phase = 0, OVER
        self._clear_hand()

    def _next_hand(self) -> None:
        self._clear_hand()
        self._dealer = next_seat(self._dealer, [t >= self.game.options.stake for t in self._tokens])
        self._phase = DEAL

    def _clear_hand(self) -> None:
        self._hands, self._discards = [()] * self._n, [()] * self._n
        self._middle, self._stock, self._choices = (), (), [-1] * self._n
        self._bet, self._bettor, self._folded, self._ace = 0, -1, (), 0

    def _pay(self, seat: int, amount: int) -> None:
        self._tokens[seat] -= amount
        self._pot += amount

    def _in_order(self, keep, after: int | None = None) -> list[int]:
        start = self._dealer if after is None else after
        return [s for s in ((start + k) % self._n for k in range(1, self._n + 1)) if keep(s)]

    def _sorted(self, cards) -> tuple[int, ...]:
        return tuple(sorted(cards, key=lambda c: (self._rank_of()(c), c)))

    def _rank_of(self):
        return rank_function(self.game.options.deck)

    # --- notation -------------------------------------------------------------------------

    def _text(self, action: int) -> str:
        if action in SIMPLE:
            return SIMPLE[action]
        if action >= BET_FIRST:
            return f"bet {BETS[action - BET_FIRST]}"
        place, verb, size = (action - CHANGE, "change", 3) if action < EXTRA else (action - DROP_CARD, "drop", 4)
        hand = self._hands[self._turn]
        if len(hand) != size:
            raise ValueError(f"{action} is not a move here")
        return f"{verb} {self._cards.name(hand[place])}"

    def public_action_string(self, action: int) -> str:
        """A card changed ("Scartare una carta e sostituirla con una dal mazzo") or dropped
        after an extra card goes out face down, and the seed never shows it: the others learn
        only that a card was changed or dropped (what each chose is public, see the observation)."""
        text = self.action_to_string(action)
        if CHANGE <= action < EXTRA:
            return "change a card"
        return "drop a card" if DROP_CARD <= action < ACE_LOW else text

    def _parse(self, text: str, verb: str, args: list[str]) -> int | None:
        if verb in VERBS:
            expect(text, args, 0, verb)
            return VERBS[verb]
        if verb in ("sit", "resto"):
            expect(text, args, 1, "sit out")
            return SIT_OUT
        if verb in ("ace", "asso"):
            value = number(text, expect(text, args, 1, "ace 11")[0], Text("the ace's value"))
            if value not in (1, 11):
                raise NotationError(text, Text("the ace counts 1 or 11"))
            return ACE_LOW if value == 1 else ACE_HIGH
        if verb in ("bet", "punto", "punta"):
            amount = number(text, expect(text, args, 1, "bet 5")[0], Text("a bet"))
            if amount not in BETS:
                raise NotationError(text, Text("bets are {amounts}", amounts=" ".join(map(str, BETS))))
            return BET_FIRST + BETS.index(amount)
        if verb in ("change", "cambio", "drop", "scarto"):
            card = self._cards.parse(expect(text, args, 1, f"{verb} {self._cards.name(0)}")[0])
            hand = self._hands[self._turn] if self._phase in (DRAW, DROP) else ()
            if card not in hand:
                why = Text("{card} is not in your hand", card=self._cards.name(card))
                raise IllegalActionError(text, OWN_CARD, why)
            return (CHANGE if verb in ("change", "cambio") else DROP_CARD) + hand.index(card)
        return None

    def _why_game_illegal(self, action: int) -> tuple[Rule, Text]:
        expected = {ACE: Text("the dealer says what the ace in the middle counts"),
                    DRAW: Text("stand, change a card or ask for an extra one"),
                    DROP: Text("drop one of your four cards"), BET: Text("check, bet, call or fold"),
                    REJOIN: Text("match the bet to play the next hand, or sit out until the pot is won")}[self._phase]
        if self._phase == DRAW and action in (CHANGE, CHANGE + 1, CHANGE + 2, EXTRA):
            return PAY, tokens_held(self._tokens[self._turn])
        if self._phase == BET and action >= BET_FIRST and not self._bet:
            return BET_LIMIT, Text("the pot holds {pot}", pot=self._pot)
        return self.rules.not_now, expected

    # --- the rest of the protocol ------------------------------------------------------------

    observation = observe

    def _tokens_in_play(self) -> int:
        return sum(self._tokens) + self._pot

    def all_cards(self) -> Counter[int]:
        if self._phase in (DEAL, OVER):
            return Counter(self.game.deck)
        held = [c for h in self._hands for c in h] + [c for d in self._discards for c in d]
        return Counter(held + list(self._middle) + list(self._stock))

    def to_json(self) -> dict[str, Any]:
        names = self._card_names
        return {"game": self.game.name, "options": self.game.options_json(), "phase": self.phase,
                "dealer": self._dealer, "turn": self._turn, "queue": list(self._queue), "tokens": list(self._tokens),
                "pot": self._pot, "hands": [names(h) for h in self._hands], "middle": names(self._middle),
                "stock": names(self._stock), "discards": [names(d) for d in self._discards], "ace": self._ace,
                "choices": list(self._choices), "bet": self._bet, "bettor": self._bettor,
                "dealt_in": list(self._dealt_in), "folded": list(self._folded), "sitting_out": list(self._out),
                "hand_number": self._hand_no,
                "results": [r.to_json() for r in self._results], "history": list(self.history)}

    def _card_names(self, cards) -> list[str]:
        return [self._cards.name(c) for c in cards]

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._results)

    def hand_cards(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds: hidden information, use ``observation`` for a player."""
        return self._hands[seat]


def state_from_json(game: Game, data: dict[str, Any]) -> PerlinaState:
    s = PerlinaState.blank(game, data)

    def cards(names: list[str]) -> tuple[int, ...]:
        return tuple(s._cards.parse(n) for n in names)

    s._phase = PHASE_NAMES.index(data["phase"])
    s._dealer, s._turn, s._queue = data["dealer"], data["turn"], tuple(data["queue"])
    s._tokens, s._pot = list(data["tokens"]), data["pot"]
    s._hands, s._discards = [cards(h) for h in data["hands"]], [cards(d) for d in data["discards"]]
    s._middle, s._stock = cards(data["middle"]), cards(data["stock"])
    s._ace, s._choices, s._bet, s._bettor = data["ace"], list(data["choices"]), data["bet"], data["bettor"]
    s._dealt_in, s._folded, s._hand_no = tuple(data["dealt_in"]), tuple(data["folded"]), data["hand_number"]
    s._out = tuple(data["sitting_out"])
    s._results = [HandResult.from_json(r) for r in data["results"]]
    s.history = list(data["history"])
    s.check_whole()
    return s
