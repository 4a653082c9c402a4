"""Canasta in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: their hand, sorted by rank; the
pozzo's face-up cards (the top one marked frozen under a black 3) and how many
lie face down; every side's combinations (each canasta marked), red 3s, opening
minimum and score; how many cards each player and the stock hold.
"""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.canasta import CanastaState
from tavolo.games.canasta.actions import DRAW2
from tavolo.games.canasta.melds import CANASTA, canasta_bonus
from tavolo.games.canasta.observation import CanastaObservation
from tavolo.games.canasta.scoring import HandResult
from tavolo.terminal.table import TerminalTable

HELP = """[bold]Moves[/]:
  draw                   two cards from the stock (one after opening first)
  take                   the whole pozzo: two cards equal to its top (three for a wild; never on a black 3)
  lay 7h 7c 7s *         cards onto your side's 7s (started if there are none); 'lay * on 7' for wilds alone
  retract                take back an opening short of its minimum
  discard Qs             ends the turn; the last card closes (two canaste, one clean)
Cards: ranks A 2-9 T J Q K, suits h d c s, * is the joker; 2s are pinelle (wild, or naturals of the 2s)."""


class TerminalCanasta(TerminalTable):
    """One person at ``seat`` against ``bots`` (one per other seat)."""

    help_text = HELP
    move_words = ("draw", "take", "lay", "on", "retract", "discard")
    verbs = ("draw", "pesca", "take", "prendi", "lay", "cala", "retract", "ritira", "discard", "scarta")
    draw_action = DRAW2
    card_names = staticmethod(fr.names)

    def title(self) -> str:
        o = self.game.options
        match = self.words("one hand") if o.target is None else self.words("to {target}", target=o.target)
        return self.words("[bold]Canasta[/], {players} players, {match}.", players=o.players, match=match)

    def after_chance(self, state: CanastaState) -> None:
        obs = state.observation(self.seat)
        self.console.rule(self.words("Hand {number}: {name} deals", number=obs.hand_number + 1,
                                     name=self.names[obs.dealer]))

    def results(self, state: CanastaState) -> list[HandResult]:
        return state.hand_results

    def side_names(self, players: int) -> list[str]:
        sides = self.game.options.sides
        return [" & ".join(self.names[s] for s in range(players) if s % sides == side) for side in range(sides)]

    def show(self, obs: CanastaObservation) -> None:
        c = self.console
        names = self.side_names(obs.players)
        top = fr.name(obs.pozzo_up[-1]) if obs.pozzo_up else "-"
        c.print(self.words("[dim]Stock {stock} · pozzo {up} face up, {down} face down[/]", stock=obs.stock_size,
                           up=len(obs.pozzo_up), down=obs.pozzo_down) + "  " + self.words("Top: {card}", card=f"[bold]{top}[/]"))
        others = [f"{self.names[s]} {obs.hand_sizes[s]}" for s in range(obs.players) if s != obs.seat]
        c.print(self.words("  Cards in hand: {players}", players=", ".join(others)))
        for side, name in enumerate(names):
            melds = [m for m in obs.melds[side] if m]
            shown = " | ".join(fr.names(m) + (" ★" if len(m) >= CANASTA else "") for m in melds) or "-"
            c.print(self.words("  {side}: {score} points, opening {minimum}; red 3s {reds}", side=name,
                               score=obs.scores[side], minimum=obs.minimums[side], reds=len(obs.red_threes[side])))
            c.print(f"    {shown}  [dim]({sum(canasta_bonus(m) for m in melds)})[/]")
        c.print(self.words("  [bold]Your hand[/]: {cards}", cards=fr.names(obs.hand)))

    def show_result(self, result: HandResult) -> None:
        table = self.score_table(self.words("Hand {number}: {how}", number=result.number + 1,
                                            how=self.closed_by(result.closer)), self.side_names(self.game.num_players))
        for label, field in (("cards on the table", "melded"), ("canaste", "canaste"), ("red 3s", "red_threes"),
                             ("closing", "closing"), ("cards in hand", "in_hand")):
            sign = -1 if field == "in_hand" else 1
            table.add_row(self.words(label), *(str(sign * getattr(s, field)) for s in result.sides))
        table.add_row(self.words("points of the hand"), *(str(s.total) for s in result.sides))
        self.console.print(table)
