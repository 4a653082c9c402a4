"""Building exact Ramino positions for rule tests: the hands a test names, the
discards, every other card of the deck in the other hands and the stock."""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.ramino import RaminoState, make_game
from tests.positions import cards_left


def position(*, held: dict[int, str], pile: str = "Qc", turn: int = 0, phase: str = "play",
             turn_number: int = 5, taken: str | None = None, scores: list[int] | None = None,
             players: int = 2, stock_size: int = 20, **options) -> RaminoState:
    """A position with ``turn`` to act (after his draw when ``phase`` is ``play``)."""
    options.setdefault("match", None)
    game = make_game(players=players, **options)
    size = game.options.hand_size
    named = {seat: fr.parse_many(text) for seat, text in held.items()}
    pile_cards = fr.parse_many(pile)
    rest = cards_left(game, [*named.values(), pile_cards])
    for seat in range(players):
        if seat not in named:
            need = size + (seat == turn and phase == "play")
            named[seat], rest = rest[:need], rest[need:]
    stock, under = rest[:stock_size], rest[stock_size:]
    data = {
        "game": "ramino", "options": game.options_json(), "phase": phase, "turn": turn,
        "turn_number": turn_number, "dealer": (turn - turn_number - 1) % players, "hand_number": 0,
        "scores": scores or [0] * players, "out": [False] * players, "reentered": [False] * players,
        "fiches": [0] * players, "hands": [fr.names(named[s]).split() for s in range(players)],
        "stock": fr.names(stock).split(), "pile": fr.names(under + pile_cards).split(),
        "taken": taken, "reshuffled": False, "results": [], "history": [],
    }
    return game.state_from_json(data)
