"""Any game's observation as a fixed-size tensor, built from the observation's JSON alone.

Every Tavolo game gives ``state.observation(seat)``, what that seat may know, and every
observation writes itself as JSON (``to_json()``): its keys are fixed for a game (a value may be
``null``, a list may grow). :class:`ObservationTensor` reads only that JSON, so the tensor never
holds a card the seat cannot see. Its layout is worked out once per game from the observation at
the first decision (after the seeded deal), one block per key, in the JSON's order:

* a key whose value is a number or a flag, or a list of numbers (tokens, scores, hand sizes, a
  score sheet), gives those numbers, as many as that first observation shows (a list that grows
  later keeps its first ones; a missing one reads 0);
* a key whose value is a word that names no card (the game, the phase) gives nothing;
* any other key (a hand, a pile, the melds, a trick, a trump card that may be ``null``) gives a
  *card plane*: one column per card name of the game's deck, holding the copies of that card
  named anywhere in the value (a meld written ``"2c(w) Ac 2c"`` names 2c twice and Ac once).
  A value that is a list of lists (per seat, per side) gives one plane per item of the first
  observation, the later items counting in the last plane.

Numbers inside a card value (a trick's leader) and words that name no card (a phase) are not
encoded; the observation string (the JSON itself) holds everything. Cards are named as the game
names them in its JSON: :func:`card_name` (a game may declare ``card_name``; else its
``words_deck``'s names).

    >>> from tavolo.games import make_game
    >>> encoder = ObservationTensor(make_game("briscola", players=2))
    >>> encoder.size, encoder.blocks[6]
    (335, Block(key='hand', offset=7, width=40, rows=1, cards=True))
    >>> import random
    >>> from tavolo.engine.game import resolve_chance
    >>> state = encoder.game.new_initial_state()
    >>> resolve_chance(state, random.Random(1))
    >>> tensor = encoder.encode(state.observation(0).to_json())
    >>> int(tensor[7:47].sum()), tensor.shape
    (3, (335,))
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from tavolo.cards import french, italian, tarocchi
from tavolo.engine.game import Game, resolve_chance

__all__ = ["Block", "ObservationTensor", "card_name", "layout_observation"]

_DECK_NAMES: dict[str, Callable[[int], str]] = {"french": french.name, "italian": italian.name, "tarot": tarocchi.name}
_MARK = re.compile(r"\(.*?\)")
"""What a meld's card carries after its name: the card a joker stands for, ``(w)``."""
LAYOUT_SEED = 0
"""The seed of the deal whose first observation lays the tensor out."""


def card_name(game: Game) -> Callable[[int], str]:
    """How ``game`` names a card id in its JSON: its own ``card_name`` where it declares one,
    else the names of its ``words_deck``."""
    declared = getattr(game, "card_name", None)
    if declared is not None:
        return declared
    if game.words_deck not in _DECK_NAMES:
        raise ValueError(f"{game.name}: declare card_name (no deck names its cards)")
    return _DECK_NAMES[game.words_deck]


@dataclass(frozen=True)
class Block:
    """The numbers of one observation key: ``rows x width`` from ``offset``; card planes when
    ``cards``, else the key's numbers."""

    key: str
    offset: int
    width: int
    rows: int
    cards: bool

    @property
    def size(self) -> int:
        return self.width * self.rows


def layout_observation(game: Game) -> dict[str, Any]:
    """The observation (JSON) that lays ``game``'s tensor out: seat 0's at the first decision of
    the deal seeded :data:`LAYOUT_SEED`."""
    state = game.new_initial_state()
    resolve_chance(state, random.Random(LAYOUT_SEED))
    return state.observation(0).to_json()


def _numbers(value: Any) -> list[float] | None:
    """``value``'s numbers when it is a number, a flag, or a non-empty list holding only numbers
    (at any depth: a score sheet), else None."""
    if isinstance(value, bool | int | float):
        return [float(value)]
    if not isinstance(value, list) or not value:
        return None
    out: list[float] = []
    for item in value:
        numbers = _numbers(item)
        if numbers is None:
            return None
        out += numbers
    return out


def _words(value: Any) -> Iterator[str]:
    """Every word of every string in ``value``, marks such as ``(w)`` taken off."""
    if isinstance(value, str):
        yield from _MARK.sub("", value).split()
    elif isinstance(value, list):
        for item in value:
            yield from _words(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _words(item)


class ObservationTensor:
    """``game``'s observations as ``float32`` vectors of :attr:`size` (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        namer = card_name(game)
        self.columns = {name: i for i, name in enumerate(sorted({namer(c) for c in set(game.deck)}))}
        """Card name -> its column in a card plane."""
        self.blocks: list[Block] = []
        offset = 0
        for key, value in layout_observation(game).items():
            block = self._block(key, value, offset)
            if block is not None:
                self.blocks.append(block)
                offset += block.size
        self.size = offset

    def _block(self, key: str, value: Any, offset: int) -> Block | None:
        """The block that ``value`` (of the first observation) lays out for ``key``; None for a
        word that names no card (a phase)."""
        numbers = _numbers(value)
        if numbers is not None:
            return Block(key, offset, len(numbers), 1, False)
        if isinstance(value, str) and not any(word in self.columns for word in _words(value)):
            return None
        rows = len(value) if isinstance(value, list) and all(isinstance(v, list) for v in value) and value else 1
        return Block(key, offset, len(self.columns), rows, True)

    def encode(self, observation: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """``observation`` (an observation's JSON) written into ``out`` (a new vector if None)."""
        out = np.zeros(self.size, np.float32) if out is None else out
        out.fill(0)
        for block in self.blocks:
            value = observation.get(block.key)
            if block.cards:
                self._cards(block, value, out)
            else:
                numbers = (_numbers(value) or [])[:block.width]
                out[block.offset:block.offset + len(numbers)] = numbers
        return out

    def _cards(self, block: Block, value: Any, out: np.ndarray) -> None:
        """Count the cards ``value`` names into ``block``'s planes."""
        items = value if block.rows > 1 and isinstance(value, list) else [value]
        columns = self.columns
        for row, item in enumerate(items):
            start = block.offset + min(row, block.rows - 1) * block.width
            for word in _words(item):
                column = columns.get(word)
                if column is not None:
                    out[start + column] += 1
