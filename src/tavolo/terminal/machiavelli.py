"""Machiavelli in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: their hand, sorted by suit;
the table's combinations numbered from 1 (those not valid yet marked while
a turn rearranges them); how many cards each player holds and who has
opened; the stock; the scores; and how many cards the solver says they could
lay now, as a hint.
"""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.machiavelli import MachiavelliState
from tavolo.games.machiavelli.actions import DRAW
from tavolo.games.machiavelli.melds import is_meld
from tavolo.games.machiavelli.observation import MachiavelliObservation
from tavolo.games.machiavelli.scoring import HandResult
from tavolo.games.machiavelli.solver import most_cards
from tavolo.terminal.table import TerminalTable

HELP = """[bold]Moves[/] (combinations numbered from 1, 'new' starts one):
  put 4h 5h 6h to new    lay cards of your hand as a new combination
  put 7h to 2            add a card of your hand to combination 2 (once you have opened)
  move 2h 3h from 1 to new   move cards of the table (once opened): split runs, rearrange
  undo                   take the last move back
  done                   end the turn: every combination must be valid, a card of yours laid
  draw / pass            lay nothing: everything goes back, you draw (pass with the stock empty)
Runs: three or more of one suit in sequence (A-2-3 or Q-K-A); groups: three or four of one
rank in different suits. Cards: ranks A 2-9 T J Q K, suits h d c s."""


class TerminalMachiavelli(TerminalTable):
    """One person at ``seat`` against ``bots`` (one per other seat)."""

    help_text = HELP
    move_words = ("draw", "pass", "put", "move", "undo", "done", "to", "from", "new")
    verbs = ("draw", "pesca", "pass", "passo", "put", "metti", "move", "sposta", "undo", "annulla", "done", "fine")
    draw_action = DRAW
    card_names = staticmethod(fr.names)

    def title(self) -> str:
        o = self.game.options
        return self.words("[bold]Machiavelli[/], {players} players, {cards} cards, {hands} hands.",
                          players=o.players, cards=o.hand_size, hands=o.hands)

    def after_chance(self, state: MachiavelliState) -> None:
        obs = state.observation(self.seat)
        self.console.rule(self.words("Hand {number}: {name} deals", number=obs.hand_number + 1,
                                     name=self.names[obs.dealer]))

    def results(self, state: MachiavelliState) -> list[HandResult]:
        return state.hand_results

    def show(self, obs: MachiavelliObservation) -> None:
        c = self.console
        marks = [f"{self.names[s]} {obs.scores[s]}" for s in range(obs.players)]
        c.print(self.words("[dim]Stock {stock} · {scores}[/]", stock=obs.stock_size, scores=" · ".join(marks)))
        others = [f"{self.names[s]} {obs.hand_sizes[s]}" + ("" if obs.opened[s] else self.words(" (not opened)"))
                  for s in range(obs.players) if s != obs.seat]
        c.print(self.words("  Cards in hand: {players}", players=", ".join(others)))
        for number, group in enumerate(obs.table, start=1):
            mark = "" if is_meld(group) else self.words(" [red](not valid)[/]")
            c.print(f"  {number:>2}. {fr.names(group)}{mark}")
        if not obs.table:
            c.print(self.words("  The table is empty."))
        c.print(self.words("  [bold]Your hand[/]: {cards}", cards=fr.names(obs.hand)))
        if not obs.turn_moves:
            table = obs.table if obs.opened[obs.seat] else ()
            c.print(self.words("  [dim]You could lay {count} cards this turn.[/]",
                               count=most_cards(table, obs.hand).laid))

    def show_result(self, result: HandResult) -> None:
        table = self.score_table(self.words("Hand {number}: {how}", number=result.number + 1,
                                            how=self.closed_by(result.closer)), self.names)
        table.add_row(self.words("cards in hand"), *(left or "-" for left in result.left))
        table.add_row(self.words("points of the hand"), *map(str, result.points))
        self.console.print(table)
