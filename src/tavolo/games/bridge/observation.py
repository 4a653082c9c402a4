"""What one seat may know of a bridge hand.

Public: the board (number, dealer, vulnerability), every call, the contract,
every card played (the trick on the table and the tricks taken), the tricks
each side has won, the dummy's hand once the opening lead is made, the
scores and the hands already played (their deals are shown once all 52
cards are on the table; a hand thrown in is never shown). Private: the
seat's own hand. Never shown: the other hands and the order of the deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.games.bridge import calls as cl
from tavolo.games.bridge.cards import names
from tavolo.games.bridge.results import HandResult
from tavolo.games.trick_taking.tricks import cards_of

if TYPE_CHECKING:
    from tavolo.games.bridge.state import BridgeState, Trick


@dataclass(frozen=True)
class BridgeObservation:
    game: str
    seat: int
    phase: str
    current_player: int
    board: int
    dealer: int
    vulnerability: int
    calls: tuple[int, ...]
    contract: cl.Contract | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    dummy_hand: tuple[int, ...]
    """The dummy's cards, face up once the opening lead is made; empty before."""
    to_play: int
    """The hand the next card comes from (the dummy's when the declarer plays it)."""
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    """Tricks taken this hand by North-South and by East-West."""
    scores: tuple[int, int]
    sheet: tuple[tuple[int, int], ...]
    """Rubber scoring: below the line, above it, games, everything below (NS, EW each)."""
    results: tuple[HandResult, ...]

    @property
    def dummy(self) -> int:
        return -1 if self.contract is None else (self.contract.declarer + 2) % 4

    @property
    def declarer(self) -> int:
        return -1 if self.contract is None else self.contract.declarer

    def played_cards(self) -> list[int]:
        """Every card played this hand, the trick on the table included."""
        return [c for _, cards, _ in self.tricks for c in cards] + list(self.trick)

    def playing_hand(self) -> tuple[int, ...]:
        """The cards the seat on turn chooses from: its own, or the dummy's for the declarer."""
        return self.dummy_hand if self.to_play == self.dummy and self.seat != self.dummy else self.hand

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "seat": self.seat, "phase": self.phase, "current_player": self.current_player,
            "board": self.board, "dealer": self.dealer, "vulnerability": self.vulnerability,
            "calls": [cl.call_name(c) for c in self.calls],
            "contract": None if self.contract is None else str(self.contract),
            "hand": names(self.hand).split(), "hand_sizes": list(self.hand_sizes),
            "dummy_hand": names(self.dummy_hand).split(), "to_play": self.to_play, "leader": self.leader,
            "trick": names(self.trick).split(),
            "tricks": [[leader, names(cards).split(), winner] for leader, cards, winner in self.tricks],
            "tricks_won": list(self.tricks_won), "scores": list(self.scores),
            "sheet": [list(p) for p in self.sheet], "results": [r.to_json() for r in self.results],
        }


def observe(state: BridgeState, seat: int) -> BridgeObservation:
    """The observation of ``seat``; reads the state's internals on its behalf."""
    if not 0 <= seat < 4:
        raise ValueError(f"seat {seat} is not at this table (0..3: N E S W)")
    dummy = state.dummy
    shown = dummy >= 0 and state.phase == "play" and bool(state._trick or state._tricks)
    sheet = state._sheet
    return BridgeObservation(
        game=state.game.name, seat=seat, phase=state.phase, current_player=state.current_player(),
        board=state.board, dealer=state._dealer, vulnerability=state.vulnerability, calls=tuple(state._calls),
        contract=state._contract, hand=tuple(cards_of(state._hands[seat])),
        hand_sizes=tuple(bin(h).count("1") for h in state._hands),
        dummy_hand=tuple(cards_of(state._hands[dummy])) if shown else (), to_play=state._turn,
        leader=state._leader, trick=tuple(state._trick), tricks=tuple(state._tricks),
        tricks_won=(state._won[0], state._won[1]), scores=(state._scores[0], state._scores[1]),
        sheet=(sheet.below, sheet.above, sheet.games, sheet.below_total), results=tuple(state._results),
    )
