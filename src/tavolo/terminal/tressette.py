"""Tressette in the terminal: the trick-taking table with the points in thirds and
the accusi declared."""

from __future__ import annotations

from tavolo.games.trick_taking.observation import TrickObservation
from tavolo.games.tressette.accusi import accuso_text
from tavolo.terminal.tricks import CARDS_HELP, TerminalTricks

HELP = f"""[bold]Moves[/]: play a card, e.g. [bold]3c[/]; you must answer the suit led when you can.
A trick goes to the highest card of the suit led: 3 2 A K C J 7 6 5 4. Points: A 1, 3 2 K C J a
third each, the last trick 1: 11 a round.
With accusi: [bold]declare napoli Ad 2d 3d[/] (accuso), [bold]declare 3c 3d 3b[/] (bongioco),
four of them (superbongioco), at your turn within the third trick.
{CARDS_HELP}"""
THIRDS = ("", "⅓", "⅔")


class TerminalTressette(TerminalTricks):
    help_text = HELP

    def title(self) -> str:
        o = self.game.options
        target = self.words("to {target}", target=o.target) if o.target else self.words("one round")
        accusi = ", " + self.words("accusi {how}", how=self.words(o.accusi)) if o.accusi else ""
        return self.words("[bold]Tressette[/], {players} players, {target}", players=o.players, target=target) + \
            f"{accusi}."

    def game_lines(self, obs: TrickObservation) -> list[str]:
        return [self.subject(seat, "you declared {accuso}", "{name} declared {accuso}",
                             accuso=accuso_text(action).removeprefix("declare ")) for seat, action in obs.declarations]

    def points_text(self, units: int) -> str:
        return f"{units // 3 or ''}{THIRDS[units % 3]}" or "0"
