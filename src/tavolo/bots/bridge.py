"""A bridge player: a simple natural bidding system, and card play by
double-dummy search over sampled deals (the method of GIB and of most strong
programs: deal the unseen cards many ways consistent with what is known, solve
each deal with every card seen, play the card that does best on average).

The bidding system (sistema naturale), written down:

* Points: high-card points (A 4, K 3, Q 2, J 1) plus one for each card over
  four in a suit. Balanced: no singleton or void, at most one doubleton.
* Openings: 1NT with 15-17 HCP balanced, 2NT with 20-21 balanced; otherwise
  with 12+ points one of the longer major if it has five cards (spades with
  5-5), else one of the longer minor (diamonds with 4-4, clubs with 3-3).
* Overcalls, when the opponents opened and partner has not bid: 1NT with 15-18
  HCP balanced; a five-card suit with 8-16 points at the cheapest level, up to
  two.
* After that, every call places the contract: the side's values are the
  bidder's points plus the least partner has shown (an opening 12, 1NT 15,
  2NT 20, an overcall 8, a response 6, a jump raise 10, 3NT 13); a fit is
  eight cards between the two hands, counting the lengths partner has shown
  (an opening or overcall in a major five, in a minor three, a response
  four). With 33 the side bids a slam (six of the fit, else 6NT), with 25 a
  game (four of a major fit, else 3NT; five of a minor fit with 29),
  with 18 a part score (two of the fit or 1NT), and it never bids past
  that target. A raise of partner's major shows 3-card support: 2 with
  6-9, 3 with 10-12, 4 with 13+.
* Doubles are for penalty: the opponents' bid is doubled when their share of
  the 40 HCP, as a share of the 13 tricks, is three or more below their
  contract, or when the side holds 20 HCP and they bid at the three level.

Card play: ``samples`` deals of the hidden cards, consistent with the play (a
player who did not follow suit has none left) and with the auction (each
player's hand has the points and lengths his calls showed: the deal is drawn
again, up to 50 times, until it fits), each solved double-dummy by ``endplay``
(DDS).

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.bridge import make_game
    >>> bots = [BridgeBot(seed=s, samples=2) for s in range(4)]
    >>> record = play(make_game(board=1), bots, seed=3)
    >>> record.actions[:4]
    ['1S', 'pass', '2S', 'pass']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from endplay.dds import solve_board
from endplay.types import Deal, Player

from tavolo.games.bridge import calls as cl
from tavolo.games.bridge import make_game
from tavolo.games.bridge.cards import NOTRUMP, hcp, pbn_deal, suit_lengths
from tavolo.games.bridge.endplay_types import from_card, to_card, to_denom
from tavolo.games.bridge.hidden import sample_hidden_state
from tavolo.games.bridge.observation import BridgeObservation
from tavolo.games.bridge.state import BridgeState

BRIDGE = make_game()
"""The rules the sampled deals are played by (the options do not change the play)."""
MAJORS = (3, 2)
"""Spades, hearts: the order a major is chosen in."""


@dataclass
class Shown:
    """What one player's calls have shown: at least ``points``, at least ``lengths`` per suit."""

    points: int = 0
    lengths: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    balanced: bool = False

    def show(self, points: int, suit: int = -1, length: int = 0, balanced: bool = False) -> None:
        self.points = max(self.points, points)
        if suit >= 0:
            self.lengths[suit] = max(self.lengths[suit], length)
        self.balanced = self.balanced or balanced


def points(hand: Sequence[int]) -> int:
    """High-card points plus one a card over four in a suit."""
    return hcp(hand) + sum(max(0, n - 4) for n in suit_lengths(hand))


def is_balanced(hand: Sequence[int]) -> bool:
    lengths = suit_lengths(hand)
    return min(lengths) >= 2 and sorted(lengths).count(2) <= 1


def read_auction(calls: Sequence[int], dealer: int) -> list[Shown]:
    """What each seat's calls showed, by this system."""
    shown = [Shown() for _ in range(4)]
    for i, call in enumerate(calls):
        if not cl.is_bid(call):
            continue
        seat = (dealer + i) % 4
        level, denom = cl.level_of(call), cl.denomination_of(call)
        earlier = [c for c in calls[:i] if cl.is_bid(c)]
        partner_bid = any(cl.is_bid(c) and (dealer + k) % 4 == (seat + 2) % 4 for k, c in enumerate(calls[:i]))
        if denom == NOTRUMP:
            shown[seat].show({1: 15, 2: 20, 3: 13}.get(level, 13) if not earlier or level > 1 else 8,
                             balanced=True)
        elif not earlier:
            shown[seat].show(12, denom, 5 if denom in MAJORS else 3)
        elif partner_bid and shown[(seat + 2) % 4].lengths[denom]:
            shown[seat].show({2: 6, 3: 10}.get(level, 13), denom, 3)
        else:
            shown[seat].show(6 if partner_bid else 8, denom, 4 if partner_bid else 5)
    return shown


def fits(obs: BridgeObservation, partner: Shown) -> list[int]:
    """The suits where the two hands hold eight cards or more, longest first."""
    mine = suit_lengths(obs.hand)
    total = [mine[s] + partner.lengths[s] for s in range(4)]
    return sorted((s for s in range(4) if total[s] >= 8), key=lambda s: (-total[s], -s))


def opening(hand: Sequence[int]) -> int:
    """The opening bid of a hand, or PASS."""
    high, value, lengths = hcp(hand), points(hand), suit_lengths(hand)
    if is_balanced(hand) and 15 <= high <= 17:
        return cl.bid(1, NOTRUMP)
    if is_balanced(hand) and 20 <= high <= 21:
        return cl.bid(2, NOTRUMP)
    if value < 12:
        return cl.PASS
    major = max(MAJORS, key=lambda s: (lengths[s], s))
    if lengths[major] >= 5:
        return cl.bid(1, major)
    diamonds = lengths[1] > lengths[0] or lengths[1] == lengths[0] >= 4
    return cl.bid(1, 1 if diamonds else 0)


def overcall(hand: Sequence[int], legal: Sequence[int]) -> int:
    """An overcall over the opponents' opening, or PASS."""
    high, value, lengths = hcp(hand), points(hand), suit_lengths(hand)
    if is_balanced(hand) and 15 <= high <= 18 and cl.bid(1, NOTRUMP) in legal:
        return cl.bid(1, NOTRUMP)
    if not 8 <= value <= 16:
        return cl.PASS
    for suit in sorted(range(4), key=lambda s: (-lengths[s], -s)):
        if lengths[suit] < 5:
            break
        for level in (1, 2):
            if cl.bid(level, suit) in legal:
                return cl.bid(level, suit)
    return cl.PASS


def target(obs: BridgeObservation, shown: list[Shown]) -> int:
    """The contract the side should reach (a bid id), or -1 for none."""
    partner = shown[(obs.seat + 2) % 4]
    values = points(obs.hand) + partner.points
    fit = fits(obs, partner)
    if values >= 33:
        return cl.bid(6, fit[0] if fit else NOTRUMP)
    if values >= 25:
        major = [s for s in fit if s in MAJORS]
        if major:
            return cl.bid(4, major[0])
        if fit and values >= 29:
            return cl.bid(5, fit[0])
        return cl.bid(3, NOTRUMP)
    if values >= 18:
        return cl.bid(2, fit[0]) if fit else cl.bid(1, NOTRUMP)
    return -1


def should_double(obs: BridgeObservation, shown: list[Shown], legal: Sequence[int]) -> bool:
    """Penalty double: the opponents' share of the points is two tricks short of their contract."""
    if cl.DOUBLE not in legal:
        return False
    top, _ = cl.last_bid(obs.calls)
    level = cl.level_of(top)
    ours = hcp(obs.hand) + shown[(obs.seat + 2) % 4].points
    their_tricks = 13 * (40 - ours) / 40
    return their_tricks <= level + 3 or (ours >= 20 and level >= 3)


def choose_call(obs: BridgeObservation, legal: Sequence[int]) -> int:
    """The call this system makes."""
    shown = read_auction(obs.calls, obs.dealer)
    if should_double(obs, shown, legal):
        return cl.DOUBLE
    bids_before = [(obs.dealer + k) % 4 for k, c in enumerate(obs.calls) if cl.is_bid(c)]
    partner = (obs.seat + 2) % 4
    ours = [s for s in bids_before if s in (obs.seat, partner)]
    if not bids_before:
        return opening(obs.hand)
    if not ours:
        return overcall(obs.hand, legal)
    goal = target(obs, shown)
    top, at = cl.last_bid(obs.calls)
    if goal < 0 or goal <= top:
        return cl.PASS
    partner_suits = [s for s in range(4) if shown[partner].lengths[s] >= 3]
    if obs.seat in ours or not partner_suits or cl.denomination_of(goal) == NOTRUMP:
        return goal
    first_step = min((b for b in legal if cl.is_bid(b) and cl.denomination_of(b) == cl.denomination_of(goal)),
                     default=goal)
    return goal if points(obs.hand) >= 13 or first_step > goal else first_step


class BridgeBot:
    """Bidding by the natural system above, card play by double-dummy search
    over ``samples`` deals; ``seed`` makes it reproducible."""

    def __init__(self, seed: int | None = None, samples: int = 8) -> None:
        self._rng = random.Random(seed)
        self.samples = int(samples)

    def choose(self, obs: BridgeObservation, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "auction":
            call = choose_call(obs, legal)
            return call if call in legal else cl.PASS
        return self._choose_card(obs, legal)

    def _choose_card(self, obs: BridgeObservation, legal: Sequence[int]) -> int:
        totals: Counter[int] = Counter()
        shown = read_auction(obs.calls, obs.dealer)
        for _ in range(self.samples):
            for card, tricks in solve(self._deal(obs, shown)).items():
                totals[card] += tricks
        return max(legal, key=lambda c: (totals[c], -(c % 13)))

    def _deal(self, obs: BridgeObservation, shown: list[Shown]) -> BridgeState:
        """A deal of the hidden cards that fits the play and, if one is found in 50 draws, the auction."""
        for _ in range(50):
            state = sample_hidden_state(BRIDGE, obs, self._rng)
            if all(_fits_shown(state.hand_cards(s) + _played_by(obs, s), shown[s])
                   for s in range(4) if s != obs.seat):
                break
        return state


def _played_by(obs: BridgeObservation, seat: int) -> list[int]:
    return [c for leader, cards, _ in [*obs.tricks, (obs.leader, obs.trick, -1)]
            for i, c in enumerate(cards) if (leader + i) % 4 == seat]


def _fits_shown(hand: list[int], shown: Shown) -> bool:
    lengths = suit_lengths(hand)
    return hcp(hand) >= shown.points - 2 and all(lengths[s] >= shown.lengths[s] for s in range(4))


def solve(state: BridgeState) -> dict[int, int]:
    """Double-dummy tricks for the side to play, per card it may play, in ``state``'s position."""
    hands = [state.hand_cards(s) for s in range(4)]
    for i, card in enumerate(state._trick):
        hands[(state._leader + i) % 4].append(card)
    deal = Deal.from_pbn(pbn_deal(hands))
    deal.first = Player(state._leader)
    deal.trump = to_denom(state.contract.denomination)
    for card in state._trick:
        deal.play(to_card(card))
    return {from_card(card): tricks for card, tricks in solve_board(deal)}
