"""Tavolo's bridge cards, calls and seats as ``endplay``'s types, and back.

``endplay`` (the Python face of Bo Haglund's DDS) numbers suits spades first
and vulnerability none, both, NS, EW; Tavolo numbers suits clubs first and
vulnerability none, NS, EW, both::

    >>> from tavolo.games.bridge.cards import parse
    >>> from_card(to_card(parse("HQ"))) == parse("HQ"), str(to_card(parse("HQ")))
    (True, '♥Q')
    >>> [from_bid(to_bid(c)) for c in (52, 53, 54, 55, 89)]
    [52, 53, 54, 55, 89]
"""

from __future__ import annotations

from endplay.types import Bid, Card, ContractBid, Denom, Penalty, Rank, Vul

from tavolo.games.bridge import calls as cl

VULS = (Vul.none, Vul.ns, Vul.ew, Vul.both)


def to_card(card: int) -> Card:
    return Card(suit=Denom(3 - card // 13), rank=Rank(1 << (card % 13 + 2)))


def from_card(card: Card) -> int:
    return (3 - int(card.suit)) * 13 + int(card.rank).bit_length() - 3


def to_denom(denomination: int) -> Denom:
    return Denom.nt if denomination == 4 else Denom(3 - denomination)


def from_denom(denom: Denom) -> int:
    return 4 if denom == Denom.nt else 3 - int(denom)


def to_bid(call: int) -> Bid:
    if call == cl.PASS:
        return Bid("p")
    if call == cl.DOUBLE:
        return Bid("x")
    if call == cl.REDOUBLE:
        return Bid("xx")
    return ContractBid(cl.level_of(call), to_denom(cl.denomination_of(call)))


def from_bid(bid: Bid) -> int:
    if isinstance(bid, ContractBid):
        return cl.bid(bid.level, from_denom(bid.denom))
    return {Penalty.passed: cl.PASS, Penalty.doubled: cl.DOUBLE, Penalty.redoubled: cl.REDOUBLE}[bid.penalty]
