"""Bridge cards, seats and denominations, written as bridge players write them.

A card is ``suit * 13 + rank`` with suits in bridge order, lowest first
(clubs, diamonds, hearts, spades: fiori, quadri, cuori, picche) and ranks
``2 .. A`` (index 0 .. 12), so a higher id in a suit takes a lower one. A card
is written suit then rank (``SA``, ``HK``, ``DT``, ``C2``), as in PBN and in
bridge columns; ``10`` is read for ``T``, and Italian suit letters are
accepted too (``P`` picche, ``C`` is clubs, so cuori is written ``H``)::

    >>> name(parse("SA")), name(parse("h10")), name(parse("♦Q"))
    ('SA', 'HT', 'DQ')
    >>> parse("ZA")
    Traceback (most recent call last):
    ...
    tavolo.cards.errors.CardNotationError: 'ZA': unknown suit 'Z' (bridge suits: S H D C)

Seats run clockwise in the order of play: ``N E S W`` = 0 .. 3 (Nord, Est,
Sud, Ovest); North-South and East-West are the two sides (linee).
"""

from __future__ import annotations

from collections.abc import Iterable

from tavolo.cards.errors import CardNotationError

CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP = range(5)
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
DENOMINATIONS = ("C", "D", "H", "S", "NT")
"""The five denominations (denominazioni), lowest first: the order of the bids."""
RANK_LETTERS = "23456789TJQKA"
NUM_CARDS = 52
DECK = tuple(range(NUM_CARDS))
SEATS = "NESW"
SIDES = ((0, 2), (1, 3))
"""North-South (side 0) and East-West (side 1)."""
HONOUR_RANKS = (8, 9, 10, 11, 12)
"""T J Q K A: the five honours (onori) of a suit."""
ACE = 12


def suit(card: int) -> int:
    return card // 13


def rank(card: int) -> int:
    """0 for the two .. 12 for the ace."""
    return card % 13


def name(card: int) -> str:
    if not 0 <= card < NUM_CARDS:
        raise ValueError(f"not a bridge card id: {card}")
    return SUIT_LETTERS[card // 13] + RANK_LETTERS[card % 13]


def names(cards: Iterable[int]) -> str:
    return " ".join(name(c) for c in cards)


def parse(text: str) -> int:
    """One card, suit then rank (``SA``, ``H10``, ``♠K``)."""
    token = text.strip().upper()
    if len(token) < 2:
        raise CardNotationError(text, "a bridge card is a suit and a rank, e.g. 'SA' or 'HT'")
    suit_text, rank_text = token[0], token[1:]
    s = _suit_index(text, suit_text)
    rank_text = "T" if rank_text == "10" else rank_text
    if len(rank_text) != 1 or rank_text not in RANK_LETTERS:
        raise CardNotationError(text, "unknown rank {rank} (bridge ranks: 2-9 T J Q K A)", rank=repr(rank_text))
    return s * 13 + RANK_LETTERS.index(rank_text)


def parse_many(text: str) -> list[int]:
    """Cards separated by spaces or commas.

    >>> names(parse_many("SA, HK D2"))
    'SA HK D2'
    """
    return [parse(t) for t in text.replace(",", " ").split()]


def _suit_index(original: str, letter: str) -> int:
    if letter in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(letter)
    if letter == "P":
        return SPADES
    if letter in SUIT_LETTERS:
        return SUIT_LETTERS.index(letter)
    raise CardNotationError(original, "unknown suit {suit} (bridge suits: S H D C)", suit=repr(letter))


def seat(text: str) -> int:
    """A seat by its letter or Italian/English name.

    >>> seat("N"), seat("sud"), seat("West")
    (0, 2, 3)
    """
    word = text.strip().upper()
    if word[:1] == "O":
        word = "W"
    if not word or word[0] not in SEATS:
        raise ValueError(f"unknown seat {text!r}: use N, E, S or W")
    return SEATS.index(word[0])


def side_of(seat_: int) -> int:
    """0 for North-South, 1 for East-West."""
    return seat_ % 2


def hcp(cards: Iterable[int]) -> int:
    """High-card points (punti onori, Milton Work): A 4, K 3, Q 2, J 1.

    >>> hcp(parse_many("SA SK HQ DJ C2"))
    10
    """
    return sum(max(0, rank(c) - 8) for c in cards)


def suit_lengths(cards: Iterable[int]) -> list[int]:
    """How many cards of each suit, clubs first."""
    lengths = [0, 0, 0, 0]
    for c in cards:
        lengths[c // 13] += 1
    return lengths


def hand_text(cards: Iterable[int]) -> str:
    """A hand by suit, spades first, as bridge columns print it: ``S AKQ H T98 D - C 432``."""
    held = sorted(cards, reverse=True)
    parts = []
    for s in (SPADES, HEARTS, DIAMONDS, CLUBS):
        ranks = "".join(RANK_LETTERS[c % 13] for c in held if c // 13 == s)
        parts.append(f"{SUIT_LETTERS[s]} {ranks or '-'}")
    return " ".join(parts)


def pbn_hand(cards: Iterable[int]) -> str:
    """A hand as PBN writes it: spades, hearts, diamonds, clubs, dot-separated.

    >>> pbn_hand(parse_many("SA SK H9 C2"))
    'AK.9..2'
    """
    held = sorted(cards, reverse=True)
    return ".".join("".join(RANK_LETTERS[c % 13] for c in held if c // 13 == s)
                    for s in (SPADES, HEARTS, DIAMONDS, CLUBS))


def pbn_deal(hands: Iterable[Iterable[int]]) -> str:
    """Four hands (N E S W) as a PBN deal, ``N:`` first."""
    return "N:" + " ".join(pbn_hand(h) for h in hands)


def parse_pbn_deal(text: str) -> list[list[int]]:
    """The four hands (N E S W) of a PBN deal such as ``E:AK.. ...``.

    >>> d = "W:KQT2.AT.J6542.85 9854.K3.AQ.AKQJ2 AJ6.QJ97542.T8.3 73.86.K973.T9764"
    >>> [len(h) for h in parse_pbn_deal(d)], pbn_deal(parse_pbn_deal(d))[:20]
    ([13, 13, 13, 13], 'N:9854.K3.AQ.AKQJ2 A')
    """
    first, colon, rest = text.strip().partition(":")
    hands_text = rest.split()
    if not colon or len(hands_text) != 4:
        raise ValueError(f"{text!r}: a PBN deal is a seat and four hands, e.g. 'N:AKQ.JT9.876.5432 ...'")
    start = seat(first)
    hands: list[list[int]] = [[], [], [], []]
    for k, hand in enumerate(hands_text):
        suits = hand.split(".")
        if len(suits) != 4:
            raise ValueError(f"{hand!r}: a PBN hand is four suits separated by dots (S.H.D.C)")
        for s, ranks in zip((SPADES, HEARTS, DIAMONDS, CLUBS), suits):
            hands[(start + k) % 4] += [parse(SUIT_LETTERS[s] + r) for r in ranks if r != "-"]
    return hands
