"""Scala 40 in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: their hand, sorted; the melds on
the table, numbered, with who laid them; the top card of the pozzo; how many
cards each player holds and who has opened; the scores and who is out.
"""

from __future__ import annotations

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
    move_words = ("draw", "take", "meld", "attach", "swap", "discard", "to", "on")
    draw_action = DRAW
    card_names = staticmethod(fr.names)

    def title(self) -> str:
        o = self.game.options
        w = self.words
        out = w("out at {points}", points=o.elimination) if o.elimination else w("one hand")
        variants = [w(name) for name, on in (("opening with the discard", o.open_with_discard),
                                             ("closing in hand", o.closing_in_hand),
                                             ("opening without joker", o.open_without_joker)) if on]
        return w("[bold]Scala 40[/], {players} players, {out}", players=o.players, out=out) + \
            (f", {', '.join(variants)}" if variants else "") + "."

    def after_chance(self, state: Scala40State) -> None:
        if state.observation(self.seat).turn_number == 0:
            self.console.rule(self.words("Hand {number}", number=len(state.hand_results) + 1) + ": "
                              + self.subject(state.dealer, "you deal", "{name} deals"))
        else:
            self.console.print(f"[yellow]{self.words('The stock is finished: the pozzo is shuffled into a new stock.')}[/]")

    def results(self, state: Scala40State) -> list[HandResult]:
        return state.hand_results

    def show(self, obs: Scala40Observation) -> None:
        c = self.console
        w = self.words
        scores = " · ".join(f"{self.names[s]} {obs.scores[s]}" + (f" ({w('out')})" if obs.out[s] else "")
                            for s in range(obs.players))
        first = " · " + w("first round: no closing") if obs.first_round else ""
        c.print("[dim]" + w("Stock (tallone) {stock} · pozzo {pile} · points {scores}", stock=obs.stock_size,
                            pile=obs.pile_size, scores=scores) + f"{first}[/]")
        if obs.table:
            for i, (meld, owner) in enumerate(zip(obs.table, obs.owners), start=1):
                c.print(f"  [bold]{i}[/]) {meld_text(meld)}  [dim]({self.names[owner]})[/]")
        else:
            c.print(f"  [dim]{w('No melds on the table yet.')}[/]")
        players = [f"{self.names[s]} {obs.hand_sizes[s]}" + (" " + w("opened") if obs.opened[s] else "")
                   for s in range(obs.players) if s != obs.seat and not obs.out[s]]
        c.print("  " + w("Cards in hand: {counts}", counts=", ".join(players)))
        top = fr.name(obs.pile_top) if obs.pile_top >= 0 else w("empty")
        c.print("  " + w("Pozzo (discards), top: {card}", card=f"[bold]{top}[/]"))
        c.print("  " + w("[bold]Your hand[/]: {cards}", cards=fr.names(obs.hand)) + self._notes(obs))

    def _notes(self, obs: Scala40Observation) -> str:
        notes = []
        if not obs.opened[obs.seat]:
            notes.append(self.words("not opened: melds worth 40 to open ({points} laid)", points=obs.opening_points)
                         if obs.opening_points else self.words("not opened yet: 40 points to open"))
        if obs.owed:
            notes.append(self.words("use {cards} before discarding", cards=fr.names(obs.owed)))
        return f"  [yellow]({'; '.join(notes)})[/]" if notes else ""

    def show_result(self, result: HandResult) -> None:
        closed = self.subject(result.closer, "you closed", "{name} closed") if result.closer >= 0 else ""
        table = self.score_table(self.words("Hand {number} ended by {how}", number=result.number + 1,
                                            how=self.words(result.ended_by)) + (f": {closed}" if closed else ""),
                                 self.names)
        table.add_row(self.words("points of the hand"), *map(str, result.points))
        table.add_row(self.words("total"), *(f"[bold]{-v + 0:g}[/]" for v in self.state.returns()))
        self.console.print(table)
        for seat in result.eliminated:
            self.console.print(self.subject(seat, "You are out.", "{name} is out."))

    def show_final(self, state: Scala40State) -> None:
        points = ", ".join(f"{self.names[s]} {-v + 0:g}" for s, v in enumerate(state.returns()))
        left = state.active_seats()
        winner = self.names[left[0]] if len(left) == 1 else " & ".join(
            self.names[s] for s, v in enumerate(state.returns()) if v == max(state.returns()))
        self.console.print(self.words("[bold]Final[/] points: {points}. Winner: {winner}.", points=points,
                                      winner=winner))
