"""Petrangola's moves in the players' words (the ``moves`` catalog): the dealer "accetta" or
"rifiuta il monte", then each player "scambia" cards with the three face up or "bussa"
(raccolta, Petrangola: «commerciare», «bussa»). Every card of a trade is seen by all (the
cards given go face up on the monte), so the words hide nothing.

    >>> import random
    >>> from tavolo.games.petrangola import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=3).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.apply_chance(state.sample_chance(random.Random(2)))
    >>> [say(state.action_words(a).to_json(), "it") for a in state.legal_actions()]
    ['rifiuta il monte', 'accetta il monte']
"""

from __future__ import annotations

from tavolo.engine.words import Words
from tavolo.games.petrangola.state import PetrangolaState, trade_words

SIMPLE = {64: "knock (bussa)", 65: "keep the monte", 66: "refuse the monte"}
"""KNOCK, KEEP, REFUSE (tavolo.games.petrangola.state)."""


def action_words(state: PetrangolaState, action: int) -> Words:
    """``action`` by the seat to act, in words: "scambia fante di coppe con 3 di spade", "bussa"."""
    if action in SIMPLE:
        return Words.of(SIMPLE[action])
    give, take = action >> 3, action & 7
    hand, monte = state._hands[state._turn], state._monte
    given = [c for i, c in enumerate(hand) if give >> i & 1]
    taken = [c for i, c in enumerate(monte) if take >> i & 1]
    return trade_words(given, taken, state.game.words_deck)

