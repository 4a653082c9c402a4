"""The state of a Petrangola game (raccolta, Petrangola, "Regole del gioco" and
"Regole aggiuntive").

The first chance node draws the dealer: cards dealt face up one at a time, from
seat 0 on, until the ace of denari. Each hand is then a chance node (the
shuffle): three cards each, the monte of three on top of the deck. The dealer,
without seeing his hand, looks at the monte and keeps it (his own three go face
up, and that counts as his knock) or refuses it (the monte goes face up). From
the player after him, each in turn trades one, two or three cards with the
three face up, or knocks (bussa) by not trading; trading all three is a knock
too. After a knock the three travel one last round and stop after the player
before the knocker. The lowest hand pays a token to the table (two or more
equal lowest each pay, "ognuno di questi perde un gettone", everyone when
everyone ties; at two players the one who did not deal); the Petrangolone
takes one from the table; a player whose tokens are gone is out; the last one
left takes the table. Where everyone ties on his last token, paying would put
every player out and leave no winner: then no one pays (our reading; the seed
does not meet the case).

The monte goes round at most ``max_rounds`` times (5 by default) before the
comparison is called: a limit of Tavolo's own, the seed's monte travels "anche
per più giri completi del tavolo" until someone knocks, and a hand where no one
knocks would never end.

Action ids: a trade is ``give * 8 + take``, two 3-bit masks over the positions
of the hand and of the face-up three (sorted), with as many bits each; then
knock, keep, refuse.

    >>> import random
    >>> from tavolo.games.petrangola import make_game
    >>> state = make_game(players=4).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))   # the ace of denari
    >>> state.apply_chance(state.sample_chance(random.Random(2)))   # the deal
    >>> state.phase, state.current_player() == state.dealer, state.legal_action_strings()
    ('choice', True, ['refuse', 'keep'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import italian as it
from tavolo.engine.errors import IllegalActionError, NotationError, Rule, Text
from tavolo.engine.game import CHANCE, TERMINAL
from tavolo.engine.words import Cards, Words
from tavolo.games.parlour.state import ParlourState, cards_named
from tavolo.games.parlour.tokens import lowest, next_seat, previous_seat, seats_in
from tavolo.games.petrangola.observation import observe
from tavolo.games.petrangola.ranking import PETRANGOLONE, describe_parts, hand_key
from tavolo.games.petrangola.rules import DEALER_CHOOSES, RULES, TRADE_OWN

if TYPE_CHECKING:
    from tavolo.engine.game import Game

SEATING, DEAL, CHOICE, TRADE, OVER = range(5)
PHASE_NAMES = ("seating", "deal", "choice", "trade", "over")
KNOCK, KEEP, REFUSE = 64, 65, 66
NUM_ACTIONS = 67
TRADES = tuple(g * 8 + t for g in range(1, 8) for t in range(1, 8) if g.bit_count() == t.bit_count())
ACE_OF_DENARI = it.card(it.ACE, it.DENARI)


def trade_words(given: list[int], taken: list[int], deck: str | None) -> Words:
    """A trade of the cards ``given`` for those ``taken`` in words ("scambia fante di coppe con 3 di
    spade"), as played (words.py) or as refused here."""
    return Words.of("trade {given} for {taken}", given=Cards(tuple(it.name(c) for c in given), deck),
                    taken=Cards(tuple(it.name(c) for c in taken), deck))


@dataclass(frozen=True)
class HandResult:
    """One comparison: the hands shown, who paid the table and who took the
    Petrangolone's token (-1 for no one)."""

    dealer: int
    knocker: int
    hands: tuple[tuple[int, ...], ...]
    payers: tuple[int, ...]
    bonus: int

    def to_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "knocker": self.knocker, "hands": [it.names(h).split() for h in self.hands],
                "payers": list(self.payers), "bonus": self.bonus,
                "named": [list(describe_parts(hand_key(h))) if h else None for h in self.hands]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        return cls(data["dealer"], data["knocker"], tuple(tuple(it.parse_many(" ".join(h))) for h in data["hands"]),
                   tuple(data["payers"]), data["bonus"])


class PetrangolaState(ParlourState):
    """A Petrangola game in progress; see the module docstring."""

    __slots__ = ("game", "_n", "_phase", "_dealer", "_turn", "_tokens", "_table", "_hands", "_monte", "_stock",
                 "_known", "_knocker", "_last", "_turns", "_results", "history", "_legal")
    phase_names = PHASE_NAMES
    rules = RULES
    moves_help = Text("moves are keep, refuse, knock, or trade <your cards> for <cards face up>, "
                      "e.g. 'trade the 3 of cups for the king of coins'")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._n = n = game.num_players
        self._phase = SEATING
        self._dealer = self._turn = 0
        self._tokens = [game.options.tokens] * n
        self._table = 0
        self._hands: list[tuple[int, ...]] = [()] * n
        self._monte: tuple[int, ...] = ()
        self._stock: tuple[int, ...] = ()
        self._known: list[tuple[int, ...]] = [()] * n
        self._knocker = self._last = -1
        self._turns = 0
        self._results: list[HandResult] = []
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol -----------------------------------------------------------------------

    def current_player(self) -> int:
        if self._phase in (SEATING, DEAL):
            return CHANCE
        return TERMINAL if self._phase == OVER else self._turn

    def _legal_now(self) -> list[int]:
        if self._phase == CHOICE:
            return [REFUSE, KEEP]
        return [KNOCK, *TRADES] if self._phase == TRADE else []

    def _deal(self, order: list[int]) -> None:
        top_first = order[::-1]
        if self._phase == SEATING:
            self._dealer = top_first.index(ACE_OF_DENARI) % self._n
            self._phase = DEAL
            return
        seats = [(self._dealer + k) % self._n for k in range(1, self._n + 1)]
        for seat in seats:
            if self._tokens[seat] > 0:
                self._hands[seat], top_first = tuple(sorted(top_first[:3])), top_first[3:]
        self._monte, self._stock = tuple(sorted(top_first[:3])), tuple(top_first[3:])
        self._phase, self._turn = CHOICE, self._dealer

    def _play_action(self, action: int) -> None:
        seat = self._turn
        if action in (KEEP, REFUSE):
            if action == KEEP:
                self._hands[seat], self._monte = self._monte, self._hands[seat]
                self._knock(seat)
            self._phase, self._turn = TRADE, next_seat(seat, self._tokens)
            return
        if action == KNOCK:
            self._knock(seat)
        else:
            self._trade(seat, action >> 3, action & 7)
        self._turns += 1
        self._end_turn(seat)

    def _trade(self, seat: int, give: int, take: int) -> None:
        hand, monte = self._hands[seat], self._monte
        given = [c for i, c in enumerate(hand) if give >> i & 1]
        taken = [c for i, c in enumerate(monte) if take >> i & 1]
        self._hands[seat] = tuple(sorted(set(hand) - set(given) | set(taken)))
        self._monte = tuple(sorted(set(monte) - set(taken) | set(given)))
        self._known[seat] = tuple(sorted(set(self._known[seat]) - set(given) | set(taken)))
        if len(taken) == 3:
            self._knock(seat)

    def _knock(self, seat: int) -> None:
        if self._knocker < 0:
            self._knocker, self._last = seat, previous_seat(seat, self._tokens)

    def _end_turn(self, seat: int) -> None:
        rounds_over = self._knocker < 0 and self._turns >= self.game.options.max_rounds * len(seats_in(self._tokens))
        if seat == self._last or rounds_over:
            self._compare()
        else:
            self._turn = next_seat(seat, self._tokens)

    def _compare(self) -> None:
        """The comparison ("tutti i giocatori scoprono il proprio gioco") and its payments."""
        playing = seats_in(self._tokens)
        keys = {s: hand_key(self._hands[s]) for s in playing}
        payers = lowest(keys)
        if len(payers) == 2 == len(playing):
            payers = [s for s in payers if s != self._dealer]
        elif len(payers) == len(playing) and all(self._tokens[s] == 1 for s in payers):
            payers = []
        for s in payers:
            self._tokens[s] -= 1
            self._table += 1
        bonus = next((s for s, k in keys.items() if k == PETRANGOLONE), -1)
        if bonus >= 0 and self._table:
            self._tokens[bonus] += 1
            self._table -= 1
        self._results.append(HandResult(self._dealer, self._knocker, tuple(self._hands), tuple(payers), bonus))
        self._new_hand()

    def _new_hand(self) -> None:
        playing = seats_in(self._tokens)
        self._hands, self._monte, self._stock = [()] * self._n, (), ()
        self._known, self._knocker, self._last, self._turns = [()] * self._n, -1, -1, 0
        if len(playing) == 1:
            self._tokens[playing[0]] += self._table
            self._table = 0
            self._phase = OVER
            return
        self._dealer = next_seat(self._dealer, self._tokens)
        self._phase = DEAL

    # --- notation -------------------------------------------------------------------------

    def _text(self, action: int) -> str:
        if action >= KNOCK:
            return ("knock", "keep", "refuse")[action - KNOCK]
        give, take = action >> 3, action & 7
        if not give or give.bit_count() != take.bit_count() or not self._hands[self._turn]:
            raise ValueError(f"{action} is not a trade here")
        given = [c for i, c in enumerate(self._hands[self._turn]) if give >> i & 1]
        taken = [c for i, c in enumerate(self._monte) if take >> i & 1]
        return f"trade {it.names(given)} for {it.names(taken)}"

    def _parse(self, text: str, verb: str, args: list[str]) -> int | None:
        simple = {"knock": KNOCK, "bussa": KNOCK, "busso": KNOCK, "keep": KEEP, "tengo": KEEP, "tieni": KEEP,
                  "refuse": REFUSE, "rifiuto": REFUSE, "rifiuta": REFUSE}
        if verb in simple:
            if args:
                raise NotationError(text, Text("{verb} takes no cards", verb=repr(verb)))
            return simple[verb]
        if verb not in ("trade", "scambia", "commercia", "t"):
            return None
        split = next((i for i, w in enumerate(args) if w in ("for", "con", "per")), -1)
        if split < 0:
            raise NotationError(text, Text("say which cards you give and which you take, e.g. "
                                           "'trade the 3 of cups for the king of coins'"))
        given = cards_named(text, args[:split], it.parse)
        taken = cards_named(text, args[split + 1:], it.parse)
        return self._trade_id(text, given, taken)

    def _trade_id(self, text: str, given: list[int], taken: list[int]) -> int:
        if self._phase != TRADE:
            raise self._trade_refused(text, given, taken, self._why_game_illegal(TRADES[0])[0])
        hand = self._hands[self._turn]
        foreign = [c for c in given if c not in hand] + [c for c in taken if c not in self._monte]
        if foreign or len(given) != len(taken) or len(set(given)) != len(given) or len(set(taken)) != len(taken):
            why = (Text("{cards} not where you said", cards=it.names(foreign)) if foreign
                   else Text("as many cards given as taken"))
            raise self._trade_refused(text, given, taken, TRADE_OWN, why)
        return sum(1 << hand.index(c) for c in given) * 8 + sum(1 << self._monte.index(c) for c in taken)

    def _trade_refused(self, text: str, given: list[int], taken: list[int], rule: Rule,
                       why: Text | str = "") -> IllegalActionError:
        """The refusal of a trade no action names (out of turn, cards not where they were said),
        the trade said in words ("scambia asso di coppe con 5 di denari"), its cards too."""
        refused = IllegalActionError(text, rule, why)
        refused.words = trade_words(given, taken, self.game.words_deck).to_json()
        refused.deck = self.game.words_deck
        return refused

    def _why_game_illegal(self, action: int) -> tuple[Rule, Text]:
        if self._phase == CHOICE:
            return DEALER_CHOOSES, ""
        if action in (KEEP, REFUSE):
            return self.rules.not_now, Text("only the dealer keeps or refuses the monte, before the first trade")
        return TRADE_OWN, Text("give cards of your hand for as many of the three face up")

    # --- the rest of the protocol ------------------------------------------------------------

    observation = observe

    def _tokens_in_play(self) -> int:
        return sum(self._tokens) + self._table

    def all_cards(self) -> Counter[int]:
        if self._phase in (SEATING, DEAL, OVER):
            return Counter(self.game.deck)
        return Counter([c for h in self._hands for c in h] + list(self._monte) + list(self._stock))

    def to_json(self) -> dict[str, Any]:
        def names(cards) -> list[str]:
            return it.names(cards).split()

        return {"game": self.game.name, "options": self.game.options_json(), "phase": self.phase,
                "dealer": self._dealer, "turn": self._turn, "tokens": list(self._tokens), "table": self._table,
                "hands": [names(h) for h in self._hands], "monte": names(self._monte), "stock": names(self._stock),
                "known": [names(k) for k in self._known], "knocker": self._knocker, "last": self._last,
                "turns": self._turns, "results": [r.to_json() for r in self._results], "history": list(self.history)}

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._results)

    def hand_cards(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds: hidden information, use ``observation`` for a player."""
        return self._hands[seat]


def state_from_json(game: Game, data: dict[str, Any]) -> PetrangolaState:
    s = PetrangolaState.blank(game, data)

    def cards(names: list[str]) -> tuple[int, ...]:
        return tuple(it.parse_many(" ".join(names)))

    s._phase = PHASE_NAMES.index(data["phase"])
    s._dealer, s._turn, s._tokens, s._table = data["dealer"], data["turn"], list(data["tokens"]), data["table"]
    s._hands = [cards(h) for h in data["hands"]]
    s._monte, s._stock = cards(data["monte"]), cards(data["stock"])
    s._known = [cards(k) for k in data["known"]]
    s._knocker, s._last, s._turns = data["knocker"], data["last"], data["turns"]
    s._results = [HandResult.from_json(r) for r in data["results"]]
    s.history = list(data["history"])
    s.check_whole()
    return s
