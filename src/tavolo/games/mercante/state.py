"""The state of a game of Mercante in fiera (raccolta, "Mercante in fiera", "Regole").

The shuffle of both decks is the one chance node. Every player pays the stake to
the mercante (the house) and is dealt the same number of blue cards face up; the
mercante keeps the rest and auctions them one by one (an open auction, each lot
called round the table, see :mod:`tavolo.games.parlour.auction`); a lot no one
bids on stays with the house. The stakes and the auction money, the pot, become
the prizes, rising in value, on the top red cards laid face down. Then the red
deck is turned one card at a time, the losing cards first: each kills the blue
card of its figure; the prize cards last, the lowest prize first, each paying
its prize to whoever holds that figure (the house keeps a prize on a figure it
holds), the card going out of play with it. Before each prize card is turned (option
``offers="prizes"``, the default) or before every red card (``offers="every"``), every player
in turn may offer to buy a live card from the player who holds it, at a price; the holder
accepts or refuses, and a refused offer is not made again for that card at that price or lower.

Action ids: raise by 1, 2, 5 or 10 (0-3), pass (4), an offer for a figure at a
price (``5 + figure * len(PRICES) + price index``), accept, refuse. The legal
moves list the one that does nothing first (pass, refuse, knock, fold), which is
what a table's timer plays.

    >>> import random
    >>> from tavolo.games.mercante import make_game
    >>> state = make_game(players=8).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> obs = state.observation(0)
    >>> [len(h) for h in obs.held], len(obs.lots), obs.pot, state.legal_action_strings()[:2]
    ([3, 3, 3, 3, 3, 3, 3, 3], 16, 24, ['pass', 'bid 1'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.engine.errors import IllegalActionError, Rule, Text
from tavolo.engine.game import CHANCE, TERMINAL
from tavolo.games.mercante import figures
from tavolo.games.mercante.figures import NUM_FIGURES
from tavolo.games.mercante.observation import observe
from tavolo.games.mercante.rules import AFFORD, NO_REPEAT, RULES, TRADE_LIVE
from tavolo.games.parlour.auction import Auction
from tavolo.games.parlour.state import ParlourState, expect, number
from tavolo.games.parlour.tokens import rising_prizes, tokens_held

if TYPE_CHECKING:
    from tavolo.engine.game import Game

DEAL, AUCTION, OFFER, ANSWER, OVER = range(5)
PHASE_NAMES = ("deal", "auction", "offer", "answer", "over")
RAISES = (1, 2, 5, 10)
PASS = len(RAISES)
PRICES = (1, 2, 3, 5, 8, 12, 20, 30, 50)
OFFER_FIRST = PASS + 1
ACCEPT = OFFER_FIRST + NUM_FIGURES * len(PRICES)
REFUSE = ACCEPT + 1
NUM_ACTIONS = REFUSE + 1
HOUSE = -1
"""The holder of a card the mercante kept, and the taker of a prize on it."""
CALL_PACE = 0.25
"""The share of an online table's pace a bot's pass at the auction is told after (issue 40: a lot is
called round the table, and everyone at a real table hears the calls at once)."""


@dataclass(frozen=True)
class Prize:
    """A prize card turned: its figure, its value and who held the figure (-1 the house)."""

    figure: int
    value: int
    holder: int

    def to_json(self) -> dict[str, Any]:
        return {"figure": figures.FIGURES[self.figure], "value": self.value, "holder": self.holder}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Prize:
        return cls(figures.parse(data["figure"]), data["value"], data["holder"])


@dataclass(frozen=True)
class FairResult:
    """The end of the fair (the one hand of a game): the prizes in the order they were turned,
    each seat's tokens won or lost, and what the house took back."""

    prizes: tuple[Prize, ...]
    returns: tuple[int, ...]
    house: int

    def to_json(self) -> dict[str, Any]:
        return {"prizes": [p.to_json() for p in self.prizes], "returns": list(self.returns), "house": self.house}


class MercanteState(ParlourState):
    """A game of Mercante in fiera in progress; see the module docstring."""

    __slots__ = ("game", "_n", "_phase", "_dealer", "_turn", "_tokens", "_pot", "_house", "_held", "_house_cards",
                 "_lots", "_auction", "_red", "_turned", "_prizes", "_won", "_queue", "_offer", "_rounds", "_refused",
                 "history", "_legal")
    phase_names = PHASE_NAMES
    rules = RULES
    moves_help = Text("moves are bid <1|2|5|10>, pass, offer <price> for <figure>, accept, refuse")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._n = n = game.num_players
        self._phase, self._dealer, self._turn = DEAL, HOUSE, 0
        self._tokens = [game.options.tokens] * n
        self._pot = self._house = 0
        self._held: list[tuple[int, ...]] = [()] * n
        self._house_cards: tuple[int, ...] = ()
        self._lots: tuple[int, ...] = ()
        self._auction: Auction | None = None
        self._red: tuple[int, ...] = ()
        """The red figures in the order they are turned: the losing cards, then the prizes, lowest first."""
        self._turned = 0
        self._prizes: tuple[int, ...] = ()
        self._won: list[Prize] = []
        self._queue: tuple[int, ...] = ()
        self._offer: tuple[int, int, int] | None = None
        """The offer waiting for an answer: (buyer, figure, price)."""
        self._rounds = 0
        self._refused: dict[tuple[int, int], int] = {}
        """(buyer, figure) -> the highest price the holder refused: not offered again at that or lower."""
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- protocol ------------------------------------------------------------------------

    def current_player(self) -> int:
        return CHANCE if self._phase == DEAL else TERMINAL if self._phase == OVER else self._turn

    def _legal_now(self) -> list[int]:
        purse = self._tokens[self._turn]
        if self._phase == AUCTION:
            lot = self._auction
            return [PASS] + [i for i, by in enumerate(RAISES) if lot.bid_for(by) <= purse]
        if self._phase == ANSWER:
            return [REFUSE, ACCEPT]
        if self._phase == OFFER:
            wanted = [f for s, held in enumerate(self._held) if s != self._turn for f in held]
            priced = [i for i, p in enumerate(PRICES) if p <= purse]
            refused = self._refused
            return [PASS] + [OFFER_FIRST + f * len(PRICES) + i for f in sorted(wanted) for i in priced
                             if PRICES[i] > refused.get((self._turn, f), 0)]
        return []

    def _deal(self, order: list[int]) -> None:
        opts = self.game.options
        top_first = order[::-1]
        blue = [c for c in top_first if c < NUM_FIGURES]
        red = [c - NUM_FIGURES for c in top_first if c >= NUM_FIGURES]
        each = opts.dealt_each
        for k, seat in enumerate(self._buyers()):
            self._tokens[seat] -= opts.stake
            self._pot += opts.stake
            self._held[seat] = tuple(sorted(blue[k * each:(k + 1) * each]))
        self._lots = tuple(blue[opts.buyers * each:])
        self._red = tuple(red[opts.prizes:] + red[:opts.prizes])
        self._open_lot(0)

    def _play_action(self, action: int) -> None:
        if self._phase == AUCTION:
            self._bid(action)
        elif self._phase == OFFER:
            if action == PASS:
                self._next_offer()
            else:
                figure, price = divmod(action - OFFER_FIRST, len(PRICES))
                self._offer = (self._turn, figure, PRICES[price])
                self._phase, self._turn = ANSWER, self._holder(figure)
        else:
            self._answer(action == ACCEPT)

    # --- the auction ------------------------------------------------------------------------

    def _buyers(self) -> tuple[int, ...]:
        """The seats dealt cards and bidding: all but a mercante who plays."""
        return tuple(s for s in range(self._n) if s != self.game.options.mercante_seat)

    def _open_lot(self, number: int) -> None:
        """Open the next lot; the ``number``-th lot is called first to the next bidder in turn."""
        bidders = self._buyers()
        opener = bidders[number % len(bidders)]
        self._auction = Auction.open(self._lots[0], self.game.options.opening, opener, bidders)
        self._phase, self._turn = AUCTION, opener

    def _bid(self, action: int) -> None:
        lot = self._auction
        lot = lot.passed() if action == PASS else lot.raised(RAISES[action])
        if not lot.over:
            self._auction, self._turn = lot, lot.turn
            return
        if lot.sold:
            self._tokens[lot.leader] -= lot.price
            self._pot += lot.price
            self._held[lot.leader] = tuple(sorted(self._held[lot.leader] + (lot.lot,)))
        elif self.game.options.mercante_seat >= 0:
            mercante = self.game.options.mercante_seat
            self._held[mercante] = tuple(sorted(self._held[mercante] + (lot.lot,)))
        else:
            self._house_cards = tuple(sorted(self._house_cards + (lot.lot,)))
        self._lots = self._lots[1:]
        if self._lots:
            opts = self.game.options
            self._open_lot(NUM_FIGURES - opts.buyers * opts.dealt_each - len(self._lots))
            return
        self._auction = None
        self._prizes = tuple(rising_prizes(self._pot, self.game.options.prizes))
        self._pot = 0
        self._reveal_on()

    # --- trades and the turning of the red deck -------------------------------------------

    def _reveal_on(self) -> None:
        """Turn red cards until a round of offers opens (when trading is on, the next card is
        one offers open before, and a trade is possible) or the last card is turned."""
        while self._turned < NUM_FIGURES:
            if self.game.options.trading and self._offers_before_next() and self._live_elsewhere():
                start = self._rounds % self._n
                self._queue = tuple((start + k) % self._n for k in range(self._n))
                self._rounds += 1
                self._phase, self._turn = OFFER, self._queue[0]
                return
            self._turn_red()
        self._phase = OVER

    def _offers_before_next(self) -> bool:
        """Whether a round of offers opens before the next red card: every card, or only the prize cards."""
        return self.game.options.offers == "every" or self._turned >= NUM_FIGURES - len(self._prizes)

    def _next_offer(self) -> None:
        self._queue = self._queue[1:]
        if self._queue:
            self._phase, self._turn = OFFER, self._queue[0]
        else:
            self._turn_red()
            self._reveal_on()

    def _answer(self, accepted: bool) -> None:
        buyer, figure, price = self._offer
        if accepted:
            seller = self._turn
            self._tokens[buyer] -= price
            self._tokens[seller] += price
            self._held[seller] = tuple(f for f in self._held[seller] if f != figure)
            self._held[buyer] = tuple(sorted(self._held[buyer] + (figure,)))
        else:
            # a new dict: clone() shares this one between copies
            self._refused = {**self._refused, (buyer, figure): max(price, self._refused.get((buyer, figure), 0))}
        self._offer = None
        self._next_offer()

    def _turn_red(self) -> None:
        """The mercante turns the next red card: a losing one kills its figure, a prize pays it."""
        figure = self._red[self._turned]
        self._turned += 1
        holder = self._holder(figure)
        losers = NUM_FIGURES - len(self._prizes)
        if self._turned <= losers:
            self._take_card(holder, figure)
            return
        value = self._prizes[self._turned - losers - 1]
        self._won.append(Prize(figure, value, holder))
        self._take_card(holder, figure)
        if holder == HOUSE:
            self._house += value
        else:
            self._tokens[holder] += value

    def _live_elsewhere(self) -> bool:
        """Whether a trade is possible: two players hold live cards or one holds some and another tokens."""
        holders = [s for s, h in enumerate(self._held) if h]
        return bool(holders) and any(t for s, t in enumerate(self._tokens) if s != holders[0] or len(holders) > 1)

    def _take_card(self, holder: int, figure: int) -> None:
        if holder == HOUSE:
            self._house_cards = tuple(f for f in self._house_cards if f != figure)
        else:
            self._held[holder] = tuple(f for f in self._held[holder] if f != figure)

    def _holder(self, figure: int) -> int:
        return next((s for s, held in enumerate(self._held) if figure in held), HOUSE)

    # --- notation -------------------------------------------------------------------------

    def _text(self, action: int) -> str:
        if action < PASS:
            return f"bid {RAISES[action]}"
        if action == PASS:
            return "pass"
        if action >= ACCEPT:
            return "accept" if action == ACCEPT else "refuse"
        figure, price = divmod(action - OFFER_FIRST, len(PRICES))
        return f"offer {PRICES[price]} for {figures.FIGURES[figure]}"

    def _parse(self, text: str, verb: str, args: list[str]) -> int | None:
        simple = {"pass": PASS, "passo": PASS, "accept": ACCEPT, "accetto": ACCEPT, "refuse": REFUSE,
                  "rifiuto": REFUSE}
        if verb in simple:
            expect(text, args, 0, verb)
            return simple[verb]
        if verb in ("bid", "rilancio", "offro"):
            step = number(text, expect(text, args, 1, "bid 2")[0], Text("a raise"))
            if step not in RAISES:
                raise IllegalActionError(text, AFFORD, Text("raises are 1, 2, 5 or 10"))
            return RAISES.index(step)
        if verb in ("offer", "compro"):
            words = expect(text, [w for w in args if w not in ("for", "per")], 2, "offer 5 for gallo")
            price = number(text, words[0], Text("a price"))
            if price not in PRICES:
                raise IllegalActionError(text, AFFORD, Text("prices are {prices}",
                                                             prices=" ".join(map(str, PRICES))))
            return OFFER_FIRST + figures.parse(words[1]) * len(PRICES) + PRICES.index(price)
        return None

    def _why_game_illegal(self, action: int) -> tuple[Rule, Text]:
        if self._phase == AUCTION and action < PASS:
            return AFFORD, tokens_held(self._tokens[self._turn])
        if self._phase == OFFER and OFFER_FIRST <= action < ACCEPT:
            figure, price = divmod(action - OFFER_FIRST, len(PRICES))
            if PRICES[price] > self._tokens[self._turn]:
                return AFFORD, tokens_held(self._tokens[self._turn])
            refused = self._refused.get((self._turn, figure), 0)
            if PRICES[price] <= refused and self._holder(figure) not in (HOUSE, self._turn):
                return NO_REPEAT, Text("{price} for {figure} was refused", price=refused,
                                       figure=figures.FIGURES[figure])
            return TRADE_LIVE, Text("no other player holds {figure}", figure=figures.FIGURES[figure])
        expected = {AUCTION: Text("bid or pass on the lot"), OFFER: Text("offer for a card or pass"),
                    ANSWER: Text("accept or refuse the offer")}[self._phase]
        return self.rules.not_now, expected

    # --- the rest of the protocol ------------------------------------------------------------

    observation = observe

    def _tokens_in_play(self) -> int:
        return sum(self._tokens) + self._pot + self._house + sum(self._prizes) - sum(p.value for p in self._won)

    def all_cards(self) -> Counter[int]:
        if self._phase == DEAL:
            return Counter(self.game.deck)
        blue = [f for h in self._held for f in h] + list(self._house_cards) + list(self._lots)
        blue += self.dead + [p.figure for p in self._won]
        return Counter(blue + [NUM_FIGURES + f for f in self._red])

    @property
    def dead(self) -> list[int]:
        """The blue cards killed by the losing red cards turned so far."""
        return list(self._red[:min(self._turned, NUM_FIGURES - len(self._prizes) if self._prizes else 0)])

    def to_json(self) -> dict[str, Any]:
        def names(cards) -> list[str]:
            return [figures.FIGURES[f] for f in cards]

        return {"game": self.game.name, "options": self.game.options_json(), "phase": self.phase,
                "turn": self._turn, "tokens": list(self._tokens), "pot": self._pot, "house": self._house,
                "hands": [names(h) for h in self._held], "house_cards": names(self._house_cards),
                "lots": names(self._lots), "auction": self._auction.to_json() if self._auction else None,
                "red": names(self._red), "turned": self._turned, "prizes": list(self._prizes),
                "won": [p.to_json() for p in self._won], "queue": list(self._queue),
                "offer": list(self._offer) if self._offer else None, "rounds": self._rounds,
                "refused": [[b, figures.FIGURES[f], p] for (b, f), p in sorted(self._refused.items())],
                "history": list(self.history)}

    @property
    def hand_results(self) -> list[FairResult]:
        """The fair's end once the last red card is turned (for the web table's end screen)."""
        if self._phase != OVER:
            return []
        start = self.game.options.tokens
        return [FairResult(tuple(self._won), tuple(t - start for t in self._tokens), self._house)]

    @property
    def prizes_won(self) -> list[Prize]:
        return list(self._won)

    def hand_cards(self, seat: int) -> tuple[int, ...]:
        """The live figures ``seat`` holds (all on the table, face up)."""
        return self._held[seat]


def state_from_json(game: Game, data: dict[str, Any]) -> MercanteState:
    s = MercanteState.blank(game, data)

    def cards(names: list[str]) -> tuple[int, ...]:
        return tuple(figures.parse(n) for n in names)

    s._phase, s._turn = PHASE_NAMES.index(data["phase"]), data["turn"]
    s._tokens, s._pot, s._house = list(data["tokens"]), data["pot"], data["house"]
    s._held = [cards(h) for h in data["hands"]]
    s._house_cards, s._lots = cards(data["house_cards"]), cards(data["lots"])
    s._auction = Auction.from_json(data["auction"]) if data["auction"] else None
    s._red, s._turned, s._prizes = cards(data["red"]), data["turned"], tuple(data["prizes"])
    s._won = [Prize.from_json(p) for p in data["won"]]
    s._queue, s._rounds = tuple(data["queue"]), data["rounds"]
    s._offer = tuple(data["offer"]) if data["offer"] else None
    s._refused = {(b, figures.parse(f)): p for b, f, p in data.get("refused", [])}
    s.history = list(data["history"])
    s.check_whole()
    return s


def pace_share(state: MercanteState, action: int) -> float:
    """The share of an online table's pace a bot's ``action`` takes: :data:`CALL_PACE` for a pass
    at the auction, the whole for any other action.

    >>> import random
    >>> from tavolo.games.mercante import make_game
    >>> state = make_game(players=8).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> pace_share(state, PASS), pace_share(state, 0)
    (0.25, 1.0)
    """
    return CALL_PACE if action == PASS and state.phase == "auction" else 1.0
