"""Pinnacola in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: their hand, sorted; the pozzo,
every card, numbered from the last discard (``take 3`` takes the last three);
the melds on the table, numbered, whose side laid them; how many cards each
player holds, who has opened; the points of each side.
"""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.pinnacola import PinnacolaState
from tavolo.games.pinnacola.actions import DRAW
from tavolo.games.pinnacola.melds import meld_text
from tavolo.games.pinnacola.observation import PinnacolaObservation
from tavolo.games.pinnacola.scoring import HandResult
from tavolo.terminal.table import TerminalTable

HELP = """[bold]Moves[/]:
  draw / take 3      draw from the stock / take the last 3 cards of the pozzo (take: the last one);
                     the first card taken must go into a meld this turn
  meld 5h 6h 7h      lay a run, tris or poker; a wild says its rank (meld 5h *(6) 7h, meld 5h 2c(6) 7h)
  attach 8h to 1     attach to meld 1, your side's (once you have laid a meld); low/high where both fit
  swap 6h on 1       put 6h in the place of meld 1's matta (anyone's) and take the matta
  shift 1            move the wild at an end of your run 1 to its other end (once a turn)
  discard Qs         ends your turn; an empty hand closes (100)
Cards: ranks A 2-9 T J Q K, suits h d c s (cuori quadri fiori picche), * the matta; 2c 2s are mattini."""


class TerminalPinnacola(TerminalTable):
    """One person at ``seat`` against ``bots`` (one per other seat)."""

    help_text = HELP
    move_words = ("draw", "take", "meld", "attach", "swap", "shift", "discard", "to", "on")
    draw_action = DRAW
    card_names = staticmethod(fr.names)

    def title(self) -> str:
        o = self.game.options
        table = self.words("pairs") if o.partnerships else self.words("each alone")
        target = self.words("to {target}", target=o.target) if o.target else self.words("one hand")
        return self.words("[bold]Pinnacola[/], {players} players ({table}), {cards} cards, {target}.",
                          players=o.players, table=table, cards=o.hand_size, target=target)

    def after_chance(self, state: PinnacolaState) -> None:
        obs = state.observation(self.seat)
        self.console.rule(self.words("Hand {number}: {name} deals", number=obs.hand_number + 1,
                                     name=self.names[obs.dealer]))

    def results(self, state: PinnacolaState) -> list[HandResult]:
        return state.hand_results

    def _side_name(self, side: int) -> str:
        o = self.game.options
        seats = [s for s in range(o.players) if o.side(s) == side]
        return " & ".join(self.names[s] for s in seats)

    def show(self, obs: PinnacolaObservation) -> None:
        c, o = self.console, self.game.options
        scores = " · ".join(f"{self._side_name(side)} {score}" for side, score in enumerate(obs.scores))
        c.print(self.words("[dim]Stock {stock} · {scores}[/]", stock=obs.stock_size, scores=scores))
        for i, (meld, owner) in enumerate(zip(obs.table, obs.owners), start=1):
            mine = "*" if o.side(owner) == o.side(obs.seat) else " "
            c.print(f" {mine}[bold]{i}[/]) {meld_text(meld)}  [dim]({self.names[owner]})[/]")
        others = [f"{self.names[s]} {obs.hand_sizes[s]}" + (self.words(" opened") if obs.opened[s] else "")
                  for s in range(obs.players) if s != obs.seat]
        c.print(self.words("  Cards in hand: {players}", players=", ".join(others)))
        row = " ".join(f"{fr.name(card)}[dim]{len(obs.pozzo) - i}[/]" for i, card in enumerate(obs.pozzo))
        c.print(self.words("  Pozzo: {cards}", cards=row or "-"))
        note = self.words("  [yellow](meld {cards} this turn)[/]", cards=fr.names(obs.owed)) if obs.owed else ""
        c.print(self.words("  [bold]Your hand[/]: {cards}", cards=fr.names(obs.hand)) + note)

    def show_result(self, result: HandResult) -> None:
        how = (self.words("{name} closed", name=self.names[result.closer]) if result.ended_by == "closing"
               else self.words("{name} laid the pinnacolone", name=self.names[result.closer])
               if result.ended_by == "pinnacolone" else self.words("the stock ran out"))
        table = self.score_table(self.words("Hand {number}: {how}", number=result.number + 1, how=how),
                                 map(self._side_name, range(len(result.points))))
        for label, row in (("closing", result.closing), ("melds", result.melded), ("cards in hand", result.in_hand),
                           ("points of the hand", result.points), ("total", self.state.observation(0).scores)):
            table.add_row(self.words(label), *map(str, row))
        self.console.print(table)
        for seat in result.doubled:
            self.console.print(self.words("{name} had not opened: his cards count double.", name=self.names[seat]))

    def show_final(self, state: PinnacolaState) -> None:
        scores = ", ".join(f"{self._side_name(side)} {score}" for side, score in enumerate(state.observation(0).scores))
        winners = " & ".join(self._side_name(side) for side in state.winners())
        self.console.print(self.words("[bold]Final[/]: {scores}. Winner: {winners}.", scores=scores, winners=winners))
