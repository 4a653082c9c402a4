"""An open auction (asta) of one lot at a time, called round the table.

The auctioneer starts a lot at a price; the seats are asked in turn, counter-
clockwise from ``opener``, to raise (rilanciare) by one of the allowed steps or to
pass. After a bid, the lot is called (the seed's "ripetere il bando per tre volte")
while the other bidders pass one after another: once every other seat has passed
since the last bid, the lot is sold to the last bidder at his price; a lot on
which everyone passes without a bid stays unsold. A seat that passed may raise
again when his turn comes back, and no one bids more tokens than he holds.

    >>> lot = Auction.open(lot=7, price=1, opener=1, bidders=(0, 1, 2))
    >>> lot = lot.raised(by=2)           # seat 1 bids 2: a first bid of 1 takes the opening price
    >>> lot = lot.passed().passed()      # seats 2 and 0 pass: sold
    >>> lot.sold, lot.leader, lot.price
    (True, 1, 2)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Auction:
    """One lot on sale: ``price`` is the last bid (or the opening price before any bid),
    ``leader`` the seat that bid it (-1 before any bid), ``turn`` the seat asked now,
    ``passes`` the passes since the last bid (or since the opening)."""

    lot: int
    price: int
    leader: int
    turn: int
    passes: int
    bidders: tuple[int, ...]

    @classmethod
    def open(cls, lot: int, price: int, opener: int, bidders: tuple[int, ...]) -> Auction:
        if opener not in bidders:
            raise ValueError(f"seat {opener} is not bidding")
        return cls(lot, price, -1, opener, 0, tuple(bidders))

    @property
    def sold(self) -> bool:
        return self.leader >= 0 and self.passes >= len(self.bidders) - 1

    @property
    def unsold(self) -> bool:
        return self.leader < 0 and self.passes >= len(self.bidders)

    @property
    def over(self) -> bool:
        return self.sold or self.unsold

    def bid_for(self, by: int) -> int:
        """The price a raise of ``by`` bids: the opening price itself is the first bid."""
        return self.price + by if self.leader >= 0 else self.price + by - 1

    def raised(self, by: int) -> Auction:
        """The seat on turn bids ``by`` more (the first bid of a step of 1 is the opening price)."""
        return replace(self, price=self.bid_for(by), leader=self.turn, passes=0, turn=self._next())

    def passed(self) -> Auction:
        return replace(self, passes=self.passes + 1, turn=self._next())

    def _next(self) -> int:
        return self.bidders[(self.bidders.index(self.turn) + 1) % len(self.bidders)]

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "bidders": list(self.bidders)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Auction:
        return cls(**{**data, "bidders": tuple(data["bidders"])})
