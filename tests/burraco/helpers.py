"""Building exact Burraco positions for rule tests.

``position`` lays out the cards a test names (hands, melds, pile) and puts
every other card of the deck in the other hands, the pozzetti and the stock,
so that the position is a legal state with all the deck's cards.
"""

from __future__ import annotations

from collections import Counter

from tavolo.cards import french as fr
from tavolo.games.burraco import BurracoState, make_game
from tavolo.games.burraco.melds import cards_of
from tavolo.games.burraco.notation import parse_meld
from tavolo.games.burraco.serial import meld_to_json


def position(
    rules: str = "fibur",
    players: int = 4,
    *,
    hands: dict[int, str] | None = None,
    melds: dict[int, list[str]] | None = None,
    pile: str = "",
    turn: int = 0,
    phase: str = "play",
    turn_number: int = 8,
    taken: dict[int, bool] | None = None,
    stock_size: int = 20,
    single: str | None = None,
    stall: int = 0,
    last_turn: bool = False,
    scores: list[float] | None = None,
    **options,
) -> BurracoState:
    """A position with ``turn`` to act. ``hands`` and ``melds`` are by seat and
    by side; ``taken`` says which sides took their pozzetto (default none).
    The stock holds ``stock_size`` cards, more when every hand is named."""
    game = make_game(rules, players=players, target=options.pop("target", None), **options)
    hands = hands or {}
    melds = melds or {}
    taken = taken or {}
    pool = game.deck_counts.copy()
    hand_cards = {seat: fr.parse_many(text) for seat, text in hands.items()}
    meld_values = {side: [parse_meld(t) for t in texts] for side, texts in melds.items()}
    pile_cards = fr.parse_many(pile)
    for cards in [*hand_cards.values(), cards_of(m for ms in meld_values.values() for m in ms), pile_cards]:
        pool.subtract(cards)
    if min(pool.values()) < 0:
        raise ValueError(f"the position uses more cards than the deck has: {-pool}")
    rest = sorted(pool.elements(), key=lambda c: (c * 7919) % 163)  # a fixed, mixed order
    for seat in range(players):
        if seat not in hand_cards:
            hand_cards[seat], rest = rest[:11], rest[11:]
    sides = [[0, 2], [1, 3]] if players == 4 else [[s] for s in range(players)]
    pozzetti = []
    for side in range(len(sides)):
        if taken.get(side):
            pozzetti.append({"cards": [], "side": side, "taken": True})
        else:
            pozzetti.append({"cards": fr.names(rest[:11]).split(), "side": side, "taken": False})
            rest = rest[11:]
    stock, rest = rest[:stock_size], rest[stock_size:]
    free = [s for s in range(players) if s not in hands]
    if free:  # park what is left in the hands the test did not name
        for i, card in enumerate(rest):
            hand_cards[free[i % len(free)]].append(card)
    else:  # or under the stock
        stock = rest + stock
    data = {
        "game": "burraco", "options": game.options_json(), "phase": phase, "turn": turn,
        "turn_number": turn_number, "dealer": (turn - turn_number - 1) % players, "hand_number": 0,
        "scores": scores or [0] * players, "everyone_alone": False,
        "hands": [fr.names(hand_cards[s]).split() for s in range(players)],
        "pending": [[] for _ in range(players)], "known": [[] for _ in range(players)],
        "stock": fr.names(stock).split(), "pile": fr.names(pile_cards).split(), "pozzetti": pozzetti,
        "sides": sides, "sides_formed": True,
        "melds": [[meld_to_json(m) for m in meld_values.get(side, [])] for side in range(len(sides))],
        "single_pile_card": fr.parse(single) if single else -1, "must_meld": False, "stall_streak": stall,
        "last_turn": last_turn, "closed_by": -1, "time_out": False, "plays_left": 0, "results": [], "history": [],
    }
    assert Counter(game.deck) == game.deck_counts
    return game.state_from_json(data)


def texts(state: BurracoState) -> list[str]:
    """The legal actions in notation."""
    return [state.action_to_string(a) for a in state.legal_actions()]
