"""Bridge's moves in words, as Italian bridge players say them: bids by level and strain with
the suit's symbol ("1♣", "4♥") and "SA" for senza atout ("3 SA"), "Passo", "Contro",
"Surcontro"; a card played ("gioca 5♠", "gioca 5♠ dal morto" when the declarer plays the
dummy's card); a contract "4♥ contrate da Sud". Seats are Nord, Est, Sud, Ovest.

    >>> from tavolo.games.bridge import calls as cl
    >>> from tavolo.i18n.moves import say
    >>> [say(call_words(c).to_json(), "it") for c in (cl.bid(1, 0), cl.bid(3, 4), cl.PASS, cl.DOUBLE, cl.REDOUBLE)]
    ['1♣', '3 SA', 'Passo', 'Contro', 'Surcontro']
    >>> say(contract_words(cl.Contract(4, 2, 1, 2)).to_json(), "it")
    '4♥ contrate da Sud'
"""

from __future__ import annotations

from typing import Any

from tavolo.engine.words import Words
from tavolo.games.bridge import calls as cl
from tavolo.games.bridge.cards import NOTRUMP, NUM_CARDS, name
from tavolo.games.bridge.state import PLAY
from tavolo.games.trick_taking.words import play_words

STRAIN_SYMBOLS = ("♣", "♦", "♥", "♠")
SUIT_WORDS = tuple(Words.of(suit) for suit in ("clubs", "diamonds", "hearts", "spades"))
"""Fiori, quadri, cuori, picche: the suits by name, as a refusal says them ("Est ha carte di fiori")."""
SEAT_WORDS = ("North", "East", "South", "West")
"""Nord, Est, Sud, Ovest: the ``moves`` catalog's names of the four bridge seats."""
CALL_WORDS = {cl.PASS: "Pass", cl.DOUBLE: "Double", cl.REDOUBLE: "Redouble"}
CONTRACT_KEYS = ("{bid} by {seat}", "{bid} doubled by {seat}", "{bid} redoubled by {seat}")


def french_token(card: int) -> str:
    """A bridge card (``SA``, suit first) as the French token the words name (``As``)."""
    text = name(card)
    return text[1:] + text[0].lower()


def card_words(card: int, from_dummy: bool) -> Words:
    """A card played, from the dummy's hand when ``from_dummy``."""
    if from_dummy:
        return Words.of("play {card} from dummy", card=play_words(french_token(card), "french").param("card"))
    return play_words(french_token(card), "french")


def bid_words(level: int, denomination: int) -> Words:
    """A bid: "1♣", "4♥", "3 SA"."""
    if denomination == NOTRUMP:
        return Words.of("{level} NT", level=level)
    return Words.of("{level}{strain}", level=level, strain=STRAIN_SYMBOLS[denomination])


def call_words(call: int) -> Words:
    """A call of the auction: a bid, "Passo", "Contro", "Surcontro"."""
    if call in CALL_WORDS:
        return Words.of(CALL_WORDS[call])
    return bid_words(cl.level_of(call), cl.denomination_of(call))


def seat_words(seat: int) -> Words:
    """A bridge seat by its compass name: "Nord"."""
    return Words.of(SEAT_WORDS[seat])


def contract_words(contract: cl.Contract) -> Words:
    """A contract and its declarer: "4♥ da Sud", "4♥ contrate da Sud", "3 SA surcontrate da Nord"."""
    return Words.of(CONTRACT_KEYS[contract.doubled], bid=bid_words(contract.level, contract.denomination),
                    seat=seat_words(contract.declarer))


def action_words(state: Any, action: int) -> Words:
    """A call ("1♣", "3 SA", "Passo", "Contro") or a card ("gioca 5♠", "... dal morto")."""
    if 0 <= action < NUM_CARDS:
        return card_words(action, from_dummy=state._phase == PLAY and state._turn == state.dummy)
    return call_words(action)
