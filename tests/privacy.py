"""Which cards a seat (or a spectator) cannot see right now, and which cards a move's text
names: what the privacy tests share (the games' action texts here, the web frames there).

:func:`hidden_from` reads each game's state the way its observation does (the observations'
docstrings say what is public, private and never shown): the cards lying in a zone the
viewer cannot see right now, as a multiset of card ids. The zones are the state's own:
between hands, where a game gathers the cards (the parlour games), none is counted. A
spectator (``None``) sees only what every seat sees.

:func:`named_cards` reads a text with the game's own card parser, word by word, and skips
every word that is not a card (verbs, numbers, meld numbers, ``for``, ``a card``).

    >>> import random
    >>> from tavolo.games import make_game
    >>> state = make_game("peppa", rules="hearts", players=4, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(3)))
    >>> hand = state.hand_cards(0)
    >>> hidden_from(state, 1)[hand[0]], hidden_from(state, 0)[hand[0]]
    (1, 0)
    >>> sum(hidden_from(state, None).values())
    52
    >>> named_cards(state, "pass Qs 10h, then a card") == Counter([50, 9])
    True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from tavolo.cards import CardNotationError, french, italian, tarocchi
from tavolo.games.bridge import cards as bridge_cards
from tavolo.games.burraco.native import NativeBurracoState
from tavolo.games.mercante import figures
from tavolo.games.trick_taking.tricks import cards_of

_DECLARED = re.compile(r"^(.+?)\(\w*\)$")
"""A wild that says what it stands for: ``*(Q)``, ``2c(K)``, ``2h(w)``."""


def hidden_from(state: Any, viewer: int | None) -> Counter[int]:
    """The multiset of card ids ``viewer`` (a seat, or ``None`` for a spectator) cannot see
    right now: other seats' hands but what they have shown, the stock and every hidden zone
    of the game (passes in flight, the Tarocchi scarto, Perlina's dropped cards, pozzetti
    not yet taken, a monte face down ...)."""
    return +_ZONES[state.game.name](state, viewer)


_RANK_WORDS = {"ace": "A", "asso": "A", "10": "T", "jack": "J", "fante": "J", "knight": "C", "cavallo": "C",
               "queen": "Q", "donna": "Q", "king": "K", "re": "K"}
_SUIT_WORDS = {"cups": "c", "coppe": "c", "coins": "d", "denari": "d", "batons": "b", "bastoni": "b",
               "swords": "s", "spade": "s", "hearts": "h", "cuori": "h", "diamonds": "d", "quadri": "d",
               "clubs": "c", "fiori": "c", "spades": "s", "picche": "s"}
_SYMBOLS = {"♥": "h", "♦": "d", "♣": "c", "♠": "s"}
_NAMED = re.compile(r"\b(\w+) (?:of|di) (\w+)\b")
_SHORT = re.compile(r"\b(10|[2-9AJQKRCDF])([♥♦♣♠])")


def in_notation(text: str) -> str:
    """``text`` with the cards a move's words name ("10 di bastoni", "fante of cups", "10♥") put
    back in notation ("Tb", "Jc", "Th"), so that the game's parser reads them as the cards they
    are (a bare "10" is a tarot trump to it).

    >>> in_notation("gioca 10 di bastoni, scarta 10♥ e re di coppe")
    'gioca Tb, scarta Th e Kc'
    """
    def named(match: re.Match[str]) -> str:
        rank, suit = _RANK_WORDS.get(match.group(1), match.group(1)), _SUIT_WORDS.get(match.group(2))
        return f"{rank}{suit}" if suit and len(rank) == 1 else match.group(0)

    text = _NAMED.sub(named, text)
    return _SHORT.sub(lambda m: f"{_RANK_WORDS.get(m.group(1), m.group(1))}{_SYMBOLS[m.group(2)]}", text)


def named_cards(state: Any, text: str) -> Counter[int]:
    """The cards ``text`` names, read with ``state``'s game's card parser (cards said in words
    put back in notation first, :func:`in_notation`); words that are not cards are skipped."""
    parse = _parser(state)
    named: Counter[int] = Counter()
    for word in in_notation(text).replace(",", " ").split():
        match = _DECLARED.match(word)
        try:
            named[parse(match.group(1) if match else word)] += 1
        except (CardNotationError, ValueError):
            continue
    return named


def _parser(state: Any) -> Callable[[str], int]:
    name = state.game.name
    if name == "perlina":
        return french.parse if state.game.options.deck == "french" else italian.parse
    return _PARSERS.get(name, french.parse)


_PARSERS: dict[str, Callable[[str], int]] = {
    "bridge": bridge_cards.parse, "briscola": italian.parse, "tressette": italian.parse,
    "petrangola": italian.parse, "tarocchi": tarocchi.parse, "mercante": figures.parse,
}


# --- helpers ---------------------------------------------------------------------------------


def _others(state: Any, viewer: int | None) -> list[int]:
    """Every seat but ``viewer`` (every seat for a spectator)."""
    return [s for s in range(state.game.num_players) if s != viewer]


def _counts(cards: Iterable[int]) -> Counter[int]:
    return Counter(cards)


def _hand_counts(counts: list[int]) -> Counter[int]:
    """A rummy hand kept as a count per card."""
    return Counter({c: k for c, k in enumerate(counts) if k})


# --- trick-taking games ------------------------------------------------------------------------


def _italian_tricks(state: Any, viewer: int | None) -> Counter[int]:
    """Briscola and Tressette: the stock but the trump card turned under it (Briscola: "sarà
    sempre visibile ai Giocatori"), the other hands but the cards shown (a trump card drawn,
    Tressette's draws at two and accusi) and, Briscola at four once the stock is finished,
    the partner's hand ("i Giocatori in coppia si mostrano le carte")."""
    hidden = _counts(c for c in state._stock if c != state._trump_card)
    shown_partner = state._partner_hand_for(viewer) if viewer is not None else 0
    for seat in _others(state, viewer):
        hidden.update(cards_of(state._hands[seat] & ~state._known[seat] & ~shown_partner))
    return hidden


def _bridge(state: Any, viewer: int | None) -> Counter[int]:
    """The other hands; the dummy's lies face up once the opening lead is made (raccolta,
    Bridge: "calerà invece le sue carte")."""
    dummy = state.dummy
    shown = dummy >= 0 and state.phase == "play" and bool(state._trick or state._tricks)
    return _counts(c for seat in _others(state, viewer) if not (shown and seat == dummy)
                   for c in cards_of(state._hands[seat]))


def _deck_tricks(state: Any, viewer: int | None) -> Counter[int]:
    """Peppa, Hearts and Tarocchi: the other hands but the cards of them the viewer was told
    of (a card he passed or that was drawn from him; Tarocchi's honours shown at the accuso;
    a spectator: only what every other seat was told), and every other seat's cards out of
    play unseen (Hearts' passes in flight, the Tarocchi dealer's scarto). Pairs discarded
    and tricks lie face up."""
    hidden: Counter[int] = Counter()
    n = state.game.num_players
    for seat in _others(state, viewer):
        if viewer is not None:
            told = state._told[viewer][seat]
        else:
            told = ~0
            for other in range(n):
                if other != seat:
                    told &= state._told[other][seat]
        hidden.update(cards_of(state._hands[seat] & ~told))
        hidden.update(cards_of(state._secret[seat]))
    return hidden


# --- rummy games ----------------------------------------------------------------------------------


def _other_hands(state: Any, viewer: int | None) -> Counter[int]:
    hidden: Counter[int] = Counter()
    for seat in _others(state, viewer):
        hidden += _hand_counts(state._hands[seat])
    return hidden


def _burraco(state: Any, viewer: int | None) -> Counter[int]:
    """The stock, the pozzetti not yet taken, a pozzetto taken with the discard and not yet
    looked at (hidden from its taker too, codice art. 21.4), the other hands but the cards
    taken from the discard pile and not played since (the pile is in view). A compiled state
    (a web table's, ``tavolo.games.burraco.native``) is read through its reference state."""
    if isinstance(state, NativeBurracoState):
        state = state.to_python()
    hidden = _counts(state._stock)
    for cards in (*state._pozzetti, *state._pending):
        hidden.update(cards)
    for seat in _others(state, viewer):
        hidden += _hand_counts(state._hands[seat]) - _hand_counts(state._known[seat])
    return hidden


def _canasta(state: Any, viewer: int | None) -> Counter[int]:
    """The stock, the other hands and the cards put face down under the pozzo's first card
    (raccolta, Canasta: "mette sotto di essa, coperte, tante carte")."""
    return _counts(state._stock) + _counts(state._pozzo[:state._down]) + _other_hands(state, viewer)


def _pinnacola(state: Any, viewer: int | None) -> Counter[int]:
    """The stock and the other hands but the cards the player on turn took from the pozzo and
    must meld; the pozzo lies in a row, every card in view (raccolta, Pinnacola)."""
    hidden = _counts(state._stock) + _other_hands(state, viewer)
    return hidden - _shown_by_turn(state, viewer, state._owed)


def _covered_pile(state: Any, viewer: int | None, shown: Iterable[int]) -> Counter[int]:
    """Ramino and Scala 40: the stock, the discards under the top one (Scala 40 art. 5.4: "ben
    impilate"), the other hands but what the player on turn took in view this turn."""
    hidden = _counts(state._stock) + _counts(state._pile[:-1]) + _other_hands(state, viewer)
    return hidden - _shown_by_turn(state, viewer, shown)


def _ramino(state: Any, viewer: int | None) -> Counter[int]:
    return _covered_pile(state, viewer, [state._taken] if state._taken >= 0 else [])


def _scala40(state: Any, viewer: int | None) -> Counter[int]:
    return _covered_pile(state, viewer, state._owed)


def _shown_by_turn(state: Any, viewer: int | None, cards: Iterable[int]) -> Counter[int]:
    """Cards in the hand of the player on turn that everyone saw him take."""
    if state.is_chance_node() or state.is_terminal() or state._turn == viewer:
        return Counter()
    return _counts(cards) & _hand_counts(state._hands[state._turn])


def _machiavelli(state: Any, viewer: int | None) -> Counter[int]:
    """The stock and the other hands; the table and every move on it are in view."""
    return _counts(state._stock) + _other_hands(state, viewer)


# --- parlour games ---------------------------------------------------------------------------------


def _perlina(state: Any, viewer: int | None) -> Counter[int]:
    """The deck, the other hands and every card dropped or changed (face down: the seed never
    shows them), and the dealer's own hand while he values an ace in the middle ("prima che
    questi guardi le sue carte"). The middle lies face up."""
    hidden = _counts(state._stock)
    for seat in _others(state, viewer):
        hidden.update(state._hands[seat])
        hidden.update(state._discards[seat])
    if viewer is not None and state.phase == "ace" and viewer == state._dealer:
        hidden.update(state._hands[viewer])
    return hidden


def _petrangola(state: Any, viewer: int | None) -> Counter[int]:
    """The deck, the other hands but the cards their holders took from the three face up
    (everyone saw them taken), and while the dealer decides, the monte (he alone looks at it)
    and his own hand (he has not seen it: "senza aver visto la sua dotazione")."""
    hidden = _counts(state._stock)
    for seat in _others(state, viewer):
        hidden.update(c for c in state._hands[seat] if c not in state._known[seat])
    if state.phase == "choice":
        if viewer != state._dealer:
            hidden.update(state._monte)
        elif viewer is not None:
            hidden.update(state._hands[viewer])
    return hidden


def _mercante(state: Any, viewer: int | None) -> Counter[int]:
    """The red cards not yet turned (raccolta, Mercante in fiera: laid "coperte"). The
    players' cards lie face up ("le posizionerà avanti a sé scoperte"), and the lots still
    to sell are known as a set (each figure is once in the blue deck, the dealt ones face
    up): only their order is hidden, as the observation says."""
    return _counts(figures.NUM_FIGURES + f for f in state._red[state._turned:])


_ZONES: dict[str, Callable[[Any, int | None], Counter[int]]] = {
    "bridge": _bridge, "briscola": _italian_tricks, "tressette": _italian_tricks,
    "peppa": _deck_tricks, "tarocchi": _deck_tricks,
    "burraco": _burraco, "canasta": _canasta, "pinnacola": _pinnacola, "ramino": _ramino,
    "scala40": _scala40, "machiavelli": _machiavelli,
    "perlina": _perlina, "petrangola": _petrangola, "mercante": _mercante,
}
