"""What one seat may know of a game of Mercante in fiera.

Everything is face up but two things: the order in which the mercante will
auction the cards he kept (the set of them is known: the figures not dealt), and
the red deck, the prize cards among it and the order it is turned in (the
figures not yet turned are known). So a seat sees every player's cards, tokens
and offers, the lot on sale, the prizes' values and the cards turned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.games.mercante.figures import FIGURES, NUM_FIGURES

if TYPE_CHECKING:
    from tavolo.games.mercante.state import MercanteState, Prize
    from tavolo.games.parlour.auction import Auction


@dataclass(frozen=True)
class MercanteObservation:
    game: str
    seat: int
    players: int
    mercante: int
    """The mercante's seat, -1 for the house."""
    phase: str
    current_player: int
    tokens: tuple[int, ...]
    pot: int
    house: int
    """Tokens the house (the mercante) took back: prizes on figures it kept."""
    held: tuple[tuple[int, ...], ...]
    """Per seat, the live figures he holds."""
    house_cards: tuple[int, ...]
    lots: tuple[int, ...]
    """The figures still to be auctioned, as a set (sorted): their order is hidden."""
    auction: Auction | None
    prizes: tuple[int, ...]
    """The prizes' values, lowest first (set once the auction is over)."""
    dead: tuple[int, ...]
    """The figures killed so far, in the order their red cards were turned."""
    won: tuple[Prize, ...]
    unturned: int
    offer: tuple[int, int, int] | None
    queue: tuple[int, ...]
    rounds: int
    refused: tuple[tuple[int, int, int], ...] = ()
    """(buyer, figure, price): the highest offer each buyer had refused for a figure, not made again."""

    @property
    def hand(self) -> tuple[int, ...]:
        """The seat's own live figures."""
        return self.held[self.seat]

    @property
    def live(self) -> list[int]:
        """The figures that may still win a prize, whoever holds them."""
        return sorted(set(range(NUM_FIGURES)) - set(self.dead) - {p.figure for p in self.won} - set(self.lots))

    def to_json(self) -> dict[str, Any]:
        def names(cards) -> list[str]:
            return [FIGURES[f] for f in cards]

        return {"game": self.game, "seat": self.seat, "players": self.players, "mercante": self.mercante,
                "phase": self.phase,
                "current_player": self.current_player, "tokens": list(self.tokens), "pot": self.pot,
                "house": self.house, "held": [names(h) for h in self.held], "house_cards": names(self.house_cards),
                "lots": names(self.lots),
                "auction": {**self.auction.to_json(), "lot": FIGURES[self.auction.lot]} if self.auction else None,
                "prizes": list(self.prizes), "dead": names(self.dead), "won": [p.to_json() for p in self.won],
                "unturned": self.unturned,
                "offer": [self.offer[0], FIGURES[self.offer[1]], self.offer[2]] if self.offer else None,
                "queue": list(self.queue), "rounds": self.rounds,
                "refused": [[b, FIGURES[f], p] for b, f, p in self.refused]}


def observe(state: MercanteState, seat: int) -> MercanteObservation:
    if not 0 <= seat < state._n:
        raise ValueError(f"seat {seat} is not at this table (0..{state._n - 1})")
    return MercanteObservation(
        game=state.game.name, seat=seat, players=state._n, mercante=state.game.options.mercante_seat,
        phase=state.phase, current_player=state.current_player(),
        tokens=tuple(state._tokens), pot=state._pot, house=state._house, held=tuple(state._held),
        house_cards=state._house_cards, lots=tuple(sorted(state._lots)), auction=state._auction,
        prizes=state._prizes, dead=tuple(state.dead), won=tuple(state._won), unturned=NUM_FIGURES - state._turned,
        offer=state._offer, queue=state._queue, rounds=state._rounds,
        refused=tuple((b, f, p) for (b, f), p in sorted(state._refused.items())),
    )
