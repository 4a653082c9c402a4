"""Trick-taking games on any deck in the terminal (Peppa, Hearts, Tarocchi), drawn with Rich.

The person sees only what their seat may know: their hand by suit, the trick on
the table and who played each card, each trick as it is taken, the cards put out
of play in public, the cards of others' hands they were shown, the points so far
and the match score.
"""

from __future__ import annotations

from collections.abc import Sequence

from tavolo.games.trick_taking.anydeck import DeckObservation, DeckTrickState
from tavolo.games.trick_taking.scoring import RoundResult
from tavolo.terminal.table import TerminalTable


class TerminalDeckTricks(TerminalTable):
    """The table of a game on :class:`DeckTrickState`; each game names its cards and suits."""

    suit_names: tuple[str, ...]
    """Per suit of following, its name, in the order the hand is shown."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._tricks_seen = (-1, 0)

    def card_names(self, cards) -> str:
        return " ".join(self.state.cards.name(c) for c in cards)

    def results(self, state: DeckTrickState) -> list[RoundResult]:
        return state.round_results

    def after_chance(self, state: DeckTrickState) -> None:
        self.console.rule(self.hand_title(len(state.round_results) + 1) + ": "
                          + self.subject(state.dealer, "you deal", "{name} deals"))

    def hand_title(self, number: int) -> str:
        """The hand's title, "Hand 1": at these games the players' *mano* (the web's word, and the Tarocchi
        seed's "almeno tre mani"), not the rummy games' *smazzata* ("Hand {number}" in the catalog)."""
        return self.words("Hand {hand}", hand=number)

    def after_step(self, state: DeckTrickState) -> None:
        obs = state.observation(self.seat)
        seen_round, seen = self._tricks_seen
        if seen_round != obs.round_number:
            seen = 0
        for cards, winner in obs.tricks[seen:]:
            took = self.subject(winner, "you take", "{name} takes")
            self.console.print(f"  [magenta]{took}[/] ({self._played(cards)})")
        self._tricks_seen = (obs.round_number, len(obs.tricks))
        super().after_step(state)

    def _played(self, cards) -> str:
        return ", ".join(f"{self.names[seat]} {self.state.cards.name(c)}" for seat, c in cards)

    def show(self, obs: DeckObservation) -> None:
        c = self.console
        points = " · ".join(f"{self._side_name(obs, side)} {p}" for side, p in enumerate(obs.round_points))
        scores = " · ".join(f"{self._side_name(obs, side)} {s}" for side, s in enumerate(obs.scores))
        c.print(self.words("[dim]Hand {hand} · points this hand {points} · match {scores}[/]",
                           hand=obs.round_number + 1, points=points, scores=scores))
        for line in self.game_lines(obs):
            c.print(f"  {line}")
        for seat, known in enumerate(obs.known):
            if known:
                c.print(self.words("  You know {name} holds {cards}", name=self.names[seat],
                                   cards=self.card_names(known)))
        if obs.trick:
            c.print(self.words("  On the table: [bold]{cards}[/]", cards=self._played(obs.trick)))
        elif obs.phase == "play":
            c.print("  " + self.words("You lead."))
        c.print(self.words("  [bold]Your hand[/]: {cards}", cards=self.hand_text(obs.hand)))

    def hand_text(self, hand: Sequence[int]) -> str:
        """The hand by suit: ``Ah 9h | Kd | ...``."""
        suit_of = self.state.suit_of
        groups = [[c for c in hand if suit_of[c] == s] for s in range(len(self.suit_names))]
        return " | ".join(self.card_names(g) for g in groups if g)

    def _side_name(self, obs: DeckObservation, side: int) -> str:
        return " & ".join(self.names[s] for s in obs.sides[side])

    def show_result(self, result: RoundResult) -> None:
        obs = self.state.observation(self.seat)
        title = self.hand_title(result.number + 1) + (f" ({self.words(result.note)})" if result.note else "")
        table = self.score_table(title, (self._side_name(obs, side) for side in range(len(result.points))))
        table.add_row(self.words("cards"), *map(str, result.points))
        if any(result.bonus):
            table.add_row(self.words(self.bonus_label), *map(str, result.bonus))
            table.add_row(self.words("total"), *map(str, result.total))
        table.add_row(self.words("match score"), *(str(s) for s in obs.scores))
        self.console.print(table)

    bonus_label = "bonus"
    """The msgid of the result's row of points beyond the cards."""

    def game_lines(self, obs: DeckObservation) -> list[str]:
        """Lines of the table particular to the game."""
        return []
