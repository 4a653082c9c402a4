"""Scala 40 in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: their hand, sorted; the melds on
the table, numbered, with who laid them; the top card of the pozzo; how many
cards each player holds and who has opened; the scores and who is out.
"""

from __future__ import annotations

from rich.table import Table

from tavolo.cards import french as fr
from tavolo.games.scala40 import Scala40State
from tavolo.games.scala40.actions import DRAW
from tavolo.games.scala40.melds import meld_text
from tavolo.games.scala40.notation import MOVES_HELP
from tavolo.games.scala40.observation import Scala40Observation
from tavolo.games.scala40.scoring import HandResult
from tavolo.terminal.table import TerminalTable

HELP = f"""[bold]Moves[/] ({MOVES_HELP}):
  draw / take                       draw from the stock (tallone) / take the last discard (once you have opened)
  meld 5h 6h 7h                     lay a whole meld; the joker says its rank (meld 5h *(6) 7h) or goes
                                    where written at an end (meld Qd Kd *); your opening must reach 40
  attach 8h to 1                    attach to meld 1 of the table, anyone's; low/high where both ends fit
  swap 6h on 1                      take the joker of meld 1 for 6h; you must use the joker this turn
  discard Qs                        ends your turn; discarding your last card closes
Cards: ranks A 2-9 T J Q K, suits h d c s (cuori quadri fiori picche), * is the joker (jolly)."""


class TerminalScala40(TerminalTable):
    """One person at ``seat`` against ``bots`` (one per other seat)."""

    help_text = HELP
    draw_action = DRAW
    card_names = staticmethod(fr.names)

    def title(self) -> str:
        o = self.game.options
        out = f"out at {o.elimination}" if o.elimination else "one hand"
        variants = [name for name, on in (("opening with the discard", o.open_with_discard),
                                          ("closing in hand", o.closing_in_hand),
                                          ("opening without joker", o.open_without_joker)) if on]
        return f"[bold]Scala 40[/], {o.players} players, {out}" + (f", {', '.join(variants)}" if variants else "") + "."

    def after_chance(self, state: Scala40State) -> None:
        if state.observation(self.seat).turn_number == 0:
            self.console.rule(f"Hand {len(state.hand_results) + 1}: {self.names[state.dealer]} deals")
        else:
            self.console.print("[yellow]The stock is finished: the pozzo is shuffled into a new stock.[/]")

    def results(self, state: Scala40State) -> list[HandResult]:
        return state.hand_results

    def show(self, obs: Scala40Observation) -> None:
        c = self.console
        scores = " · ".join(f"{self.names[s]} {obs.scores[s]}" + (" (out)" if obs.out[s] else "")
                            for s in range(obs.players))
        first = " · first round: no closing" if obs.first_round else ""
        c.print(f"[dim]Stock (tallone) {obs.stock_size} · pozzo {obs.pile_size} · points {scores}{first}[/]")
        if obs.table:
            for i, (meld, owner) in enumerate(zip(obs.table, obs.owners), start=1):
                c.print(f"  [bold]{i}[/]) {meld_text(meld)}  [dim]({self.names[owner]})[/]")
        else:
            c.print("  [dim]No melds on the table yet.[/]")
        players = [f"{self.names[s]} {obs.hand_sizes[s]}" + (" opened" if obs.opened[s] else "")
                   for s in range(obs.players) if s != obs.seat and not obs.out[s]]
        c.print("  Cards in hand: " + ", ".join(players))
        top = fr.name(obs.pile_top) if obs.pile_top >= 0 else "empty"
        c.print(f"  Pozzo (discards), top: [bold]{top}[/]")
        c.print(f"  [bold]Your hand[/]: {fr.names(obs.hand)}" + self._notes(obs))

    @staticmethod
    def _notes(obs: Scala40Observation) -> str:
        notes = []
        if not obs.opened[obs.seat]:
            notes.append(f"not opened: melds worth 40 to open ({obs.opening_points} laid)"
                         if obs.opening_points else "not opened yet: 40 points to open")
        if obs.owed:
            notes.append(f"use {fr.names(obs.owed)} before discarding")
        return f"  [yellow]({'; '.join(notes)})[/]" if notes else ""

    def show_result(self, result: HandResult) -> None:
        table = Table(title=f"Hand {result.number + 1} ended by {result.ended_by}"
                      + (f": {self.names[result.closer]} closed" if result.closer >= 0 else ""))
        for name in self.names:
            table.add_column(name, justify="right")
        table.add_row(*map(str, result.points))
        table.add_row(*(f"[bold]{-v:g}[/]" for v in self.state.returns()))
        self.console.print(table)
        for seat in result.eliminated:
            self.console.print(f"{self.names[seat]} is out.")

    def show_final(self, state: Scala40State) -> None:
        points = ", ".join(f"{self.names[s]} {-v:g}" for s, v in enumerate(state.returns()))
        left = state.active_seats()
        winner = self.names[left[0]] if len(left) == 1 else " & ".join(
            self.names[s] for s, v in enumerate(state.returns()) if v == max(state.returns()))
        self.console.print(f"[bold]Final[/] points: {points}. Winner: {winner}.")
