"""Briscola in the terminal: the trick-taking table with the trump card (briscola)
under the stock and, at four once the stock is finished, the partner's hand."""

from __future__ import annotations

from tavolo.cards import italian as it
from tavolo.games.trick_taking.observation import TrickObservation
from tavolo.terminal.tricks import CARDS_HELP, TerminalTricks

HELP = f"""[bold]Moves[/]: play a card, e.g. [bold]3c[/]; there is no duty to follow suit.
Trumps (briscola) are the suit of the card under the stock; a trick goes to the highest trump,
else to the highest card of the suit led: A 3 K C J 7 6 5 4 2. Points: A 11, 3 10, K 4, C 3, J 2;
61 of 120 win the round.
{CARDS_HELP}"""


class TerminalBriscola(TerminalTricks):
    help_text = HELP

    def title(self) -> str:
        o = self.game.options
        return self.words("[bold]Briscola[/], {players} players, best of {rounds} round(s).", players=o.players,
                          rounds=o.rounds)

    def game_lines(self, obs: TrickObservation) -> list[str]:
        where = self.words("under the stock" if obs.stock_size else "drawn")
        lines = [self.words("Briscola (trumps): {card}, {name} ({where})", card=f"[bold]{it.name(obs.trump_card)}[/]",
                            name=it.long_name(obs.trump_card), where=where)]
        if obs.partner_hand:
            lines.append(self.words("{name}'s hand (partners show once the stock is finished): {cards}",
                                    name=self.names[obs.partner], cards=self.hand_text(obs.partner_hand)))
        return lines

    def match_text(self, obs: TrickObservation) -> str:
        needed = self.game.options.wins_needed
        return self.words("rounds won (to {needed}) {scores}", needed=needed, scores=" · ".join(
            f"{self._side_name(obs, side)} {score}" for side, score in enumerate(obs.scores)))
