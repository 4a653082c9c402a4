"""Deals played through the Burraco engine by bots, and the seeds of deals and bots.

Every seed of a simulation (a deal's shuffle, each bot at each seat) is
derived by :func:`derive_seed`, a hash of tagged numbers: reproducible, and no
bot can work the shuffle out of its own seed, as it could if its seed were the
deal's seed shifted left with the seat in the low bits.

Tournament simulations use :func:`deal_scorer` to play every deal of every table::

    >>> ns, ew = deal_scorer(7)
    >>> ns % 5 == ew % 5 == 0
    True
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from tavolo.bots.heuristic import HeuristicBurracoBot
from tavolo.engine.play import play
from tavolo.games.burraco import BurracoGame, make_game


def derive_seed(tag: str, *numbers: int) -> int:
    """A 64-bit seed from ``tag`` and ``numbers``: the first 8 bytes of the BLAKE2b
    hash of their text, so the same inputs always give the same seed, different
    inputs seeds that look unrelated, and the inputs cannot be read back from it.
    The tag keeps seeds of different uses apart ("deal", "bot", ...).

        >>> derive_seed("bot", 5, 1) == derive_seed("bot", 5, 1) != derive_seed("bot", 5, 2)
        True
        >>> derive_seed("deal", 0, 3) != derive_seed("bot", 0, 3)
        True
        >>> 0 <= derive_seed("deal", 0, 0) < 2 ** 64
        True
    """
    text = ":".join((tag, *(str(int(n)) for n in numbers)))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@lru_cache(maxsize=1)
def _game() -> BurracoGame:
    return make_game("fibur", players=4, target=None)


def deal_scorer(seed: int) -> tuple[int, int]:
    """One hand of four heuristic bots (strong, a club player's rules) dealt from
    ``seed``: (N/S points, E/W points), N/S being seats 0 and 2. Each bot's seed
    is derived from the deal's and its seat (:func:`derive_seed`)."""
    bots = [HeuristicBurracoBot("strong", seed=derive_seed("bot", seed, seat)) for seat in range(4)]
    result = play(_game(), bots, seed=seed).result
    return int(result[0]), int(result[1])
