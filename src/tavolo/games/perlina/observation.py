"""What one seat may know of a Perlina game, and hidden-state sampling.

Public: every purse and the pot, the three in the middle and what the ace
counts, what each player chose (stand, change, extra card) and how many cards he
dropped, the bets and folds, and the hands shown at each showdown. Private: the
seat's own hand (hidden from the dealer while he values an ace in the middle)
and the cards he dropped face down. Never shown: the other hands, their
dropped cards and the deck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from tavolo.cards import french, italian
from tavolo.engine.game import shuffled
from tavolo.engine.hidden import deal_unseen

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


def sample_hidden_state(game, obs: PerlinaObservation, rng: random.Random) -> PerlinaState:
    """A state whose observation for ``obs.seat`` is exactly ``obs``, the cards it has not
    seen dealt at random to the other hands, their dropped cards and the deck."""
    from tavolo.games.perlina.state import PHASE_NAMES, PerlinaState

    if obs.phase in ("deal", "over"):
        raise ValueError(f"hidden cards are sampled during a hand, not in phase {obs.phase!r}")
    s = cast(PerlinaState, game.new_initial_state())
    s._phase, s._dealer, s._turn, s._queue = PHASE_NAMES.index(obs.phase), obs.dealer, obs.current_player, obs.queue
    s._tokens, s._pot, s._middle, s._ace = list(obs.tokens), obs.pot, obs.middle, obs.ace
    s._choices, s._bet, s._bettor = list(obs.choices), obs.bet, obs.bettor
    s._folded, s._out = obs.folded, obs.sitting_out
    s._dealt_in, s._hand_no, s._results = obs.dealt_in, obs.hand_number, list(obs.results)
    unseen = game.deck_counts.copy()
    unseen.subtract(obs.hand + obs.middle + obs.my_dropped)
    hidden = [seat for seat in obs.dealt_in if seat != obs.seat or not obs.hand]
    needs = [_hand_size(obs, seat) for seat in hidden]
    needs += [obs.dropped[seat] for seat in hidden if seat != obs.seat] + [obs.stock_size]
    dealt = deal_unseen(list(unseen.elements()), needs, rng)
    for seat, cards in zip(hidden, dealt):
        s._hands[seat] = s._sorted(cards)
    if obs.hand:
        s._hands[obs.seat] = obs.hand
    others = [seat for seat in hidden if seat != obs.seat]
    for seat, cards in zip(others, dealt[len(hidden):]):
        s._discards[seat] = tuple(shuffled(cards, rng))
    s._discards[obs.seat] = obs.my_dropped
    s._stock = tuple(shuffled(dealt[-1], rng))
    return s


def _hand_size(obs: PerlinaObservation, seat: int) -> int:
    """Four cards for one who took an extra card and has not dropped yet (he drops at his
    turn to bet), three for the others."""
    from tavolo.games.perlina.state import EXTRA

    return 4 if obs.choices[seat] == EXTRA and not obs.dropped[seat] else 3
