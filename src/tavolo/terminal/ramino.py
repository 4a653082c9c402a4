"""Ramino in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: their hand, sorted, with the
best way to arrange it and what its loose cards would cost now; the top card
of the discards; how many cards each player holds; the scores (or fiches),
who is out and who came back.
"""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.ramino import RaminoState
from tavolo.games.ramino.actions import DRAW
from tavolo.games.ramino.melds import arrange
from tavolo.games.ramino.observation import RaminoObservation
from tavolo.games.ramino.scoring import HandResult
from tavolo.terminal.table import TerminalTable

HELP = """[bold]Moves[/]:
  draw / take        draw from the stock (mazzo) / take the last discard
  discard Qs         ends your turn
  close Qs           discard Qs and close: every other card in tris, quartetti, scale (or a colore)
  close              the first player closes at once with the cards dealt
Cards: ranks A 2-9 T J Q K, suits h d c s (cuori quadri fiori picche), * is the joker (jolly)."""


class TerminalRamino(TerminalTable):
    """One person at ``seat`` against ``bots`` (one per other seat)."""

    help_text = HELP
    move_words = ("draw", "take", "discard", "close")
    draw_action = DRAW
    card_names = staticmethod(fr.names)

    def title(self) -> str:
        o = self.game.options
        closing = (self.words("closing a zero") if not o.closing_limit
                   else self.words("closing with {points} points", points=o.closing_limit))
        match = {None: self.words("one hand"), "101": self.words("out over 101"),
                 "hands": self.words("{hands} hands with fiches", hands=o.hands)}[o.match]
        return self.words("[bold]Ramino[/], {players} players, {cards} cards, {closing}, {match}.",
                          players=o.players, cards=o.hand_size, closing=closing, match=match)

    def after_chance(self, state: RaminoState) -> None:
        obs = state.observation(self.seat)
        if obs.turn_number == 0:
            self.console.rule(self.words("Hand {number}: {name} deals", number=obs.hand_number + 1,
                                         name=self.names[obs.dealer]))
        else:
            self.console.print(self.words("[yellow]The stock is finished: the discards are shuffled into a new "
                                          "stock, for the last time.[/]"))

    def results(self, state: RaminoState) -> list[HandResult]:
        return state.hand_results

    def show(self, obs: RaminoObservation) -> None:
        c, o = self.console, self.game.options
        marks = [self.names[s] + (f" {obs.fiches[s]}" if o.match == "hands" else f" {obs.scores[s]}")
                 + (self.words(" (out)") if obs.out[s] else "") for s in range(obs.players)]
        c.print(self.words("[dim]Stock {stock} · discards {pile} · {scores}[/]", stock=obs.stock_size,
                           pile=obs.pile_size, scores=" · ".join(marks)))
        others = [f"{self.names[s]} {obs.hand_sizes[s]}" for s in range(obs.players) if s != obs.seat and not obs.out[s]]
        c.print(self.words("  Cards in hand: {players}", players=", ".join(others)))
        top = fr.name(obs.pile_top) if obs.pile_top >= 0 else "-"
        c.print(self.words("  Discards, top: {card}", card=f"[bold]{top}[/]"))
        c.print(self.words("  [bold]Your hand[/]: {cards}", cards=fr.names(obs.hand)))
        best = arrange(obs.hand, o.same_suit_groups, o.joker_penalty)
        melds = " | ".join(fr.names(m) for m in best.melds) or "-"
        c.print(self.words("  [dim]Combined: {melds} · loose: {loose} ({points} points)[/]", melds=melds,
                           loose=fr.names(best.loose) or "-", points=best.points))

    def show_result(self, result: HandResult) -> None:
        table = self.score_table(self.words("Hand {number}: {how}", number=result.number + 1,
                                            how=self.closed_by(result.closer)), self.names)
        table.add_row(self.words("loose cards"), *(loose or "-" for loose in result.loose))
        table.add_row(self.words("points of the hand"), *map(str, result.points))
        if self.game.options.match == "hands":
            table.add_row(self.words("fiches"), *map(str, result.fiches))
        self.console.print(table)
        for seat in result.reentered:
            self.console.print(self.words("{name} went over 101 and comes back at the worst score.",
                                          name=self.names[seat]))
        for seat in result.eliminated:
            self.console.print(self.words("{name} is out.", name=self.names[seat]))
