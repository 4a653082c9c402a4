"""What one seat may know of a Perlina game.

Public: every purse and the pot, the three in the middle and what the ace
counts, what each player chose (stand, change, extra card) and how many cards he
dropped, the bets and folds, and the hands shown at each showdown. Private: the
seat's own hand (hidden from the dealer while he values an ace in the middle)
and the cards he dropped face down. Never shown: the other hands, their
dropped cards and the deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tavolo.cards import french, italian

if TYPE_CHECKING:
    from tavolo.games.perlina.state import HandResult, PerlinaState


@dataclass(frozen=True)
class PerlinaObservation:
    game: str
    seat: int
    players: int
    deck: str
    stake: int
    phase: str
    current_player: int
    dealer: int
    hand_number: int
    tokens: tuple[int, ...]
    pot: int
    hand: tuple[int, ...]
    middle: tuple[int, ...]
    ace: int
    """What an ace in the middle counts (1 or 11); 0 until the dealer says."""
    choices: tuple[int, ...]
    """Per seat this hand: -1 not yet, 0 stood, 1 changed a card, 4 took an extra card."""
    dropped: tuple[int, ...]
    """Per seat, how many cards he dropped face down this hand."""
    my_dropped: tuple[int, ...]
    dealt_in: tuple[int, ...]
    queue: tuple[int, ...]
    """The seats still to act in this round of choices or bets, the one on turn first."""
    bet: int
    bettor: int
    folded: tuple[int, ...]
    sitting_out: tuple[int, ...]
    """The seats that folded before a tie and chose to sit out until the pot is won."""
    stock_size: int
    results: tuple[HandResult, ...]

    def to_json(self) -> dict[str, Any]:
        """JSON data, cards in notation."""
        names = (french if self.deck == "french" else italian).names
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data = {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}
        for key in ("hand", "middle", "my_dropped"):
            data[key] = names(data[key]).split()
        data["results"] = [r.to_json() for r in self.results]
        return data


def observe(state: PerlinaState, seat: int) -> PerlinaObservation:
    if not 0 <= seat < state._n:
        raise ValueError(f"seat {seat} is not at this table (0..{state._n - 1})")
    blind = state.phase == "ace" and seat == state._dealer
    return PerlinaObservation(
        game=state.game.name, seat=seat, players=state._n, deck=state.game.options.deck,
        stake=state.game.options.stake, phase=state.phase, current_player=state.current_player(),
        dealer=state._dealer, hand_number=state._hand_no, tokens=tuple(state._tokens), pot=state._pot,
        hand=() if blind else state._hands[seat], middle=state._middle, ace=state._ace,
        choices=tuple(state._choices), dropped=tuple(len(d) for d in state._discards),
        my_dropped=state._discards[seat], dealt_in=state._dealt_in, queue=state._queue, bet=state._bet,
        bettor=state._bettor, folded=state._folded, sitting_out=state._out, stock_size=len(state._stock),
        results=tuple(state._results),
    )
