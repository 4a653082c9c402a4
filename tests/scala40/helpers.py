"""Building exact Scala 40 positions for rule tests.

``position`` lays out the cards a test names (hands, table melds, pozzo) and puts every
other card of the deck in the other hands and the stock, so that the position is a legal
state holding all the deck's cards."""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.scala40 import Scala40State, make_game
from tavolo.games.scala40.melds import Run, cards_of, meld_text
from tavolo.games.scala40.notation import parse_meld
from tests.positions import cards_left


def position(*, hands: dict[int, str] | None = None, table: list[str] = (), owners: list[int] | None = None,
             pile: str = "Qc", turn: int = 0, phase: str = "play", turn_number: int = 8,
             opened: list[int] = (), stock_size: int = 20, owed: str = "", meld_only: str | None = None,
             opening: int = 0, scores: list[int] | None = None, players: int = 4, rest_to_pile: bool = False,
             **options) -> Scala40State:
    """A position with ``turn`` to act; ``opened`` lists the seats that have opened. The
    cards no one names go to the hands not named, else under the stock (or the pozzo)."""
    game = make_game(players=players, elimination=options.pop("elimination", None), **options)
    hands = hands or {}
    named = {seat: fr.parse_many(text) for seat, text in hands.items()}
    melds = [parse_meld(t) for t in table]
    pile_cards = fr.parse_many(pile)
    rest = cards_left(game, [*named.values(), cards_of(melds), pile_cards])
    for seat in range(players):
        if seat not in named:
            named[seat], rest = rest[:13], rest[13:]
    stock, rest = rest[:stock_size], rest[stock_size:]
    free = [s for s in range(players) if s not in hands]
    if rest_to_pile:
        pile_cards, rest = rest + pile_cards, []
    for i, card in enumerate(rest):
        if free:
            named[free[i % len(free)]].append(card)
        else:
            stock.insert(0, card)
    data = {
        "game": "scala40", "options": game.options_json(), "phase": phase, "turn": turn,
        "turn_number": turn_number, "dealer": (turn - turn_number - 1) % players, "hand_number": 0,
        "scores": scores or [0] * players, "out": [False] * players,
        "hands": [fr.names(named[s]).split() for s in range(players)],
        "stock": fr.names(stock).split(), "pile": fr.names(pile_cards).split(),
        "table": [[("run" if type(m) is Run else "group"), *m, meld_text(m)] for m in melds],
        "owners": list(owners) if owners is not None else [0] * len(melds),
        "opened": [s in opened for s in range(players)], "opening": opening, "opened_now": False,
        "owed": fr.parse_many(owed) and fr.names(fr.parse_many(owed)).split(),
        "meld_only": fr.parse(meld_only) if meld_only else -1, "results": [], "history": [],
    }
    return game.state_from_json(data)


def texts(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]
