"""Building exact Canasta positions for rule tests: the hands, pozzo and combinations a test
names, every other card of the 162 in the other hands and the stock."""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.canasta import CanastaState, make_game
from tavolo.games.canasta.melds import KEYS, key_of_meld
from tests.positions import cards_left


def position(*, held: dict[int, str], pozzo: str = "Kc", melds: dict[int, tuple[str, ...]] | None = None,
             turn: int = 0, phase: str = "start", players: int = 2, opened: tuple[bool, ...] = (),
             scores: tuple[int, ...] = (), stock_size: int = 30, red_threes: dict[int, str] | None = None,
             **options) -> CanastaState:
    options.setdefault("target", None)
    game = make_game(players=players, **options)
    sides = game.options.sides
    named = {seat: fr.parse_many(text) for seat, text in held.items()}
    pozzo_cards = fr.parse_many(pozzo)
    side_melds = [[[] for _ in KEYS] for _ in range(sides)]
    for side, texts in (melds or {}).items():
        for text in texts:
            cards = fr.parse_many(text)
            side_melds[side][KEYS.index(key_of_meld(cards))] = cards
    reds = [fr.parse_many((red_threes or {}).get(side, "")) for side in range(sides)]
    red3 = {fr.parse("3h"), fr.parse("3d")}
    rest = cards_left(game, [*named.values(), pozzo_cards, *reds, *(m for side in side_melds for m in side)],
                      key=lambda c: (c in red3, (c * 7919) % 163))
    for seat in range(players):
        if seat not in named:
            named[seat], rest = rest[:11], rest[11:]
    stock, extra = rest[:stock_size], rest[stock_size:]
    other = (turn + 1) % players
    named[other] = named[other] + extra
    data = {
        "game": "canasta", "options": game.options_json(), "phase": phase, "turn": turn, "dealer": (turn - 1) % players,
        "hand_number": 0, "scores": list(scores or [0] * sides), "hands": [fr.names(named[s]).split() for s in range(players)],
        "stock": fr.names(stock).split(), "pozzo": fr.names(pozzo_cards).split(), "pozzo_down": 0,
        "melds": [[fr.names(m).split() for m in side] for side in side_melds],
        "red_threes": [fr.names(r).split() for r in reds], "opened": list(opened or [False] * sides),
        "pending": [], "retracted": False, "results": [], "history": [],
    }
    return game.state_from_json(data)


def play(state: CanastaState, *moves: str) -> CanastaState:
    for move in moves:
        state.apply_text(move)
    return state
