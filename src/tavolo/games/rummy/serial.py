"""What the rummy games' JSON states share (Scala 40, Ramino, Pinnacola,
Canasta, Machiavelli): cards written as their names, hands kept as counts,
the check of the game named, and the last step of every reading: the hands'
results, the history and the proof that every card of the deck is there once.

>>> from tavolo.cards import french as fr
>>> card_names(fr.parse_many("Ah Ts"))
['Ah', 'Ts']
>>> parse_cards(["Ah", "Ts"]) == fr.parse_many("Ah Ts")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from tavolo.cards import french as fr


class _Result(Protocol):
    @classmethod
    def from_json(cls, data: Any) -> Any: ...


def card_names(cards: Iterable[int]) -> list[str]:
    """The cards' names, in order: ``["Ah", "Ts"]``."""
    return fr.names(cards).split()


def parse_cards(names: list[str]) -> list[int]:
    """The cards named, in order; a ``ValueError`` names a card that is not one."""
    return fr.parse_many(" ".join(names))


def hands_to_json(state: Any) -> list[list[str]]:
    """Every seat's hand as card names (hidden information: a saved game holds it all)."""
    return [card_names(state.hand_cards(seat)) for seat in range(state._n)]


def hands_from_json(state: Any, hands: list[list[str]]) -> None:
    """Put back every seat's hand, kept as counts in ``state._hands``."""
    for seat, names in enumerate(hands):
        for card in parse_cards(names):
            state._hands[seat][card] += 1


def check_game(data: dict[str, Any], game: str, title: str) -> None:
    """Refuse the JSON of another game's state, naming the game it is.

    >>> check_game({"game": "ramino"}, "scala40", "Scala 40")
    Traceback (most recent call last):
    ...
    ValueError: not a Scala 40 state: game is 'ramino'
    """
    if data.get("game") != game:
        raise ValueError(f"not a {title} state: game is {data.get('game')!r}")


def finish_from_json(state: Any, game: Any, data: dict[str, Any], result: type[_Result], deal: int) -> Any:
    """Read the hands' results and the history into ``state`` and check that it holds
    exactly the deck's cards (none at all before the first deal, phase ``deal``)."""
    state._results = [result.from_json(r) for r in data["results"]]
    state.history = list(data["history"])
    cards = state.all_cards()
    if (state._phase != deal or cards) and cards != game.deck_counts:
        raise ValueError("the state's cards are not exactly the deck's")
    return state
