"""Building exact Pinnacola positions for rule tests: the hands, table melds and
pozzo a test names, every other card in the other hands and the stock."""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.pinnacola import PinnacolaState, make_game
from tavolo.games.pinnacola.melds import Run, cards_of, meld_text
from tavolo.games.pinnacola.notation import parse_meld
from tests.positions import cards_left


def position(*, held: dict[int, str], table: list[tuple[str, int]] = (), pozzo: str = "Qc", turn: int = 0,
             phase: str = "play", opened: list[int] = (), played: list[int] | None = None, owed: str = "",
             players: int = 2, stock_size: int = 20, scores: list[int] | None = None, **options) -> PinnacolaState:
    """A position with ``turn`` to act; ``table`` lists ``(meld, owner seat)``."""
    options.setdefault("target", None)
    game = make_game(players=players, **options)
    named = {seat: fr.parse_many(text) for seat, text in held.items()}
    melds = [parse_meld(text) for text, _ in table]
    pozzo_cards = fr.parse_many(pozzo)
    rest = cards_left(game, [*named.values(), cards_of(melds), pozzo_cards])
    stock, rest = rest[:stock_size], rest[stock_size:]
    free = [s for s in range(players) if s not in named]
    for seat in free:
        named[seat] = []
    for i, card in enumerate(rest):
        if free:
            named[free[i % len(free)]].append(card)
        else:
            stock.insert(0, card)
    data = {
        "game": "pinnacola", "options": game.options_json(), "phase": phase, "turn": turn,
        "dealer": (turn - 1) % players, "hand_number": 0, "scores": scores or [0] * game.options.sides,
        "hands": [fr.names(named[s]).split() for s in range(players)], "stock": fr.names(stock).split(),
        "pozzo": fr.names(pozzo_cards).split(),
        "table": [[("run" if type(m) is Run else "group"), *m, meld_text(m)] for m in melds],
        "owners": [owner for _, owner in table], "opened": [s in opened for s in range(players)],
        "played": [s in (played if played is not None else range(players)) for s in range(players)],
        "owed": fr.names(fr.parse_many(owed)).split() if owed else [], "shifted": False, "winner": -1, "results": [], "history": [],
    }
    return game.state_from_json(data)
