"""Building exact Machiavelli positions for rule tests: the table and hands a test
names, every other card of the two decks in the other hands and the stock."""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.machiavelli import MachiavelliState, make_game
from tests.positions import cards_left


def position(*, table: tuple[str, ...] = (), held: dict[int, str], turn: int = 0, opened: tuple[bool, ...] = (),
             players: int = 2, stock_size: int = 20, **options) -> MachiavelliState:
    """A position at the start of ``turn``'s turn."""
    options.setdefault("hands", 1)
    game = make_game(players=players, **options)
    named = {seat: fr.parse_many(text) for seat, text in held.items()}
    groups = [fr.parse_many(g) for g in table]
    rest = cards_left(game, [*named.values(), *groups])
    stock, rest = rest[:stock_size], rest[stock_size:]
    for seat in range(players):
        if seat not in named:
            named[seat], rest = rest[:8], rest[8:]
    named[(turn + 1) % players] = named[(turn + 1) % players] + rest
    data = {
        "game": "machiavelli", "options": game.options_json(), "phase": "play", "turn": turn,
        "dealer": (turn - 1) % players, "hand_number": 0, "scores": [0] * players,
        "opened": list(opened or [False] * players), "hands": [fr.names(named[s]).split() for s in range(players)],
        "stock": fr.names(stock).split(), "table": [fr.names(sorted(g)).split() for g in groups],
        "start_table": [fr.names(sorted(g)).split() for g in groups],
        "start_hand": fr.names(named[turn]).split(), "moves": [], "steps": 0,
        "budget": 2 * (sum(map(len, groups)) + len(named[turn])), "passes": 0, "results": [], "history": [],
    }
    return game.state_from_json(data)


def play(state: MachiavelliState, *moves: str) -> MachiavelliState:
    for move in moves:
        for action in state.parse_move(move):
            state.apply(action)
    return state
