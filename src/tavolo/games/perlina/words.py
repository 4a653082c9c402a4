"""Perlina's moves in the players' words (the ``moves`` catalog), as they are said at the table
(raccolta, Perlina, "Giocata": «servito», a card changed, «una carta da gestire», the
«puntata»): "servito", "cambia 7♥", "carta da gestire", "scarta 7♥", "l'asso vale 11",
"parola", "punto 5", "vedo 5", "lascio", "pareggio 5", "resto fuori".

A card changed or dropped goes out face down: the words the others read say only that a
card was changed or dropped, as :meth:`PerlinaState.public_action_string` does.

    >>> import random
    >>> from tavolo.games.perlina import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=3).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> [say(state.action_words(a).to_json(), "it") for a in state.legal_actions()][:3]
    ['servito', 'cambia 2♣', 'cambia 6♦']
    >>> say(state.public_action_words(state.legal_actions()[1]).to_json(), "it")
    'cambia una carta'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.engine.words import Cards, Words

if TYPE_CHECKING:
    from tavolo.games.perlina.state import PerlinaState


def action_words(state: PerlinaState, action: int) -> Words:
    """``action`` by the seat to act, in words, naming its card."""
    from tavolo.games.perlina import state as s

    deck = state.game.words_deck
    if s.CHANGE <= action < s.EXTRA or s.DROP_CARD <= action < s.ACE_LOW:
        place, key = (action - s.CHANGE, "change {card}") if action < s.EXTRA else (action - s.DROP_CARD,
                                                                                     "drop {card}")
        return Words.of(key, card=Cards((state._cards.name(state._hands[state._turn][place]),), deck))
    return _plain(state, action)


def public_action_words(state: PerlinaState, action: int) -> Words:
    """``action`` as the others learn it: a card changed or dropped, never which."""
    from tavolo.games.perlina import state as s

    if s.CHANGE <= action < s.EXTRA:
        return Words.of("change a card")
    if s.DROP_CARD <= action < s.ACE_LOW:
        return Words.of("drop a card")
    return _plain(state, action)


def _plain(state: PerlinaState, action: int) -> Words:
    from tavolo.games.perlina import state as s

    if action >= s.BET_FIRST and action < s.SIT_OUT:
        return Words.of("bet {amount} tokens", amount=s.BETS[action - s.BET_FIRST])
    if action in (s.ACE_LOW, s.ACE_HIGH):
        return Words.of("the ace counts {value}", value=1 if action == s.ACE_LOW else 11)
    if action in (s.CALL, s.MATCH):
        return Words.of("call {amount} tokens" if action == s.CALL else "match the bet of {amount}",
                        amount=state._bet)
    return Words.of({s.STAND: "stand pat (servito)", s.EXTRA: "take an extra card", s.CHECK: "check, no bet",
                     s.FOLD: "fold the hand", s.SIT_OUT: "sit out until the pot is won"}[action])
