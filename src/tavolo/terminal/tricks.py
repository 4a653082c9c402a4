"""Trick-taking games in the terminal (Briscola, Tressette), drawn with Rich.

The person sees only what their seat may know: their hand, sorted by suit;
the trick on the table and who played each card; each trick as it is taken;
the cards others have shown; the points so far and the match score. A card
is played by typing it (``3c`` or ``play 3c``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from tavolo.cards import italian as it
from tavolo.games.trick_taking.observation import TrickObservation
from tavolo.games.trick_taking.scoring import RoundResult
from tavolo.games.trick_taking.state import TrickState
from tavolo.terminal.table import TerminalTable

CARDS_HELP = ("Cards: ranks A 2-7 J C K (fante, cavallo, re), suits c d b s (coppe, denari, bastoni, spade); "
              "type a card to play it, e.g. 3c, play 3c or play the 3 of cups (gioca il tre di coppe).")


class TerminalTricks(TerminalTable):
    """The table of a trick-taking game; each game adds its own lines."""

    card_names = staticmethod(it.names)
    move_words = ("play", "declare")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._tricks_seen = (-1, 0)

    def results(self, state: TrickState) -> list[RoundResult]:
        return state.round_results

    def after_chance(self, state: TrickState) -> None:
        self.console.rule(self.words("Round {number}", number=len(state.round_results) + 1) + ": "
                          + self.subject(state.dealer, "you deal", "{name} deals"))

    def after_step(self, state: TrickState) -> None:
        obs = state.observation(self.seat)
        seen_round, seen = self._tricks_seen
        if seen_round != obs.round_number:
            seen = 0
        for leader, cards, winner in obs.tricks[seen:]:
            played = ", ".join(f"{self.names[(leader + i) % obs.players]} {it.name(c)}" for i, c in enumerate(cards))
            took = self.subject(winner, "you take", "{name} takes")
            self.console.print(f"  [magenta]{took}[/] ({played})")
        self._tricks_seen = (obs.round_number, len(obs.tricks))
        super().after_step(state)

    def show(self, obs: TrickObservation) -> None:
        c = self.console
        c.print(self._status_line(obs))
        for line in self.game_lines(obs):
            c.print(f"  {line}")
        for seat, known in enumerate(obs.known):
            if known and seat != obs.seat:
                c.print("  " + self.words("{name} has shown {cards}", name=self.names[seat], cards=it.names(known)))
        if obs.trick:
            played = ", ".join(f"{self.names[(obs.leader + i) % obs.players]} {it.name(card)}"
                               for i, card in enumerate(obs.trick))
            c.print("  " + self.words("On the table: {cards}", cards=f"[bold]{played}[/]"))
        else:
            c.print("  " + self.words("You lead."))
        c.print("  " + self.words("[bold]Your hand[/]: {cards}", cards=self.hand_text(obs.hand)))

    def _status_line(self, obs: TrickObservation) -> str:
        points = " · ".join(f"{self._side_name(obs, side)} {self.points_text(p)}"
                            for side, p in enumerate(obs.round_points))
        stock = self.words("stock (tallone) {stock}", stock=obs.stock_size) + " · " if obs.stock_size else ""
        line = self.words("Round {number}", number=obs.round_number + 1)
        return f"[dim]{line} · {stock}{self.words('points {points}', points=points)} · {self.match_text(obs)}[/]"

    def _side_name(self, obs: TrickObservation, side: int) -> str:
        return " & ".join(self.names[s] for s in obs.sides[side])

    @staticmethod
    def hand_text(hand: Sequence[int]) -> str:
        """The hand by suit: ``3c Kc | 5d | ...``."""
        return " | ".join(it.names(c for c in hand if c // 10 == suit) for suit in it.SUITS
                          if any(c // 10 == suit for c in hand))

    def show_result(self, result: RoundResult) -> None:
        obs = self.state.observation(self.seat)
        table = Table(title=self.words("Round {number}", number=result.number + 1)
                      + (f" ({self.words(result.note)})" if result.note else ""))
        table.add_column("")
        for side in range(len(result.points)):
            table.add_column(self._side_name(obs, side), justify="right")
        table.add_row(self.words("cards"), *map(str, result.points))
        if any(result.bonus):
            table.add_row(self.words("accusi"), *map(str, result.bonus))
            table.add_row(self.words("total"), *map(str, result.total))
        table.add_row(self.words("match"), *(str(s) for s in obs.scores))
        self.console.print(table)

    # --- what each game adds -----------------------------------------------------------------------

    def game_lines(self, obs: TrickObservation) -> list[str]:
        """Lines of the table particular to the game."""
        return []

    def points_text(self, units: int) -> str:
        """The points of a round so far, from the game's unit."""
        return str(units)

    def match_text(self, obs: TrickObservation) -> str:
        return self.words("match {scores}", scores=" · ".join(f"{self._side_name(obs, side)} {score}"
                                                              for side, score in enumerate(obs.scores)))
