"""Tarocchi in the terminal: the dealer's discard, following suit or trumping, the Matto."""

from __future__ import annotations

from tavolo.games.trick_taking.anydeck import DeckObservation
from tavolo.terminal.deck_tricks import TerminalDeckTricks

HELP = """[bold]Moves[/]: play a card, e.g. [bold]Kc[/], [bold]XXI[/] (or 21), [bold]0[/] for the Matto;
answer the suit led, else play a trump, else anything; the Matto may go to any trick, takes nothing and
comes back to you (its holder gives the trick's winner a scartina at the hand's end). Dealing,
[bold]discard Qc[/] (scarta Qc) until you hold as many as the others (no trumps, nor the Matto; kings
unless the table's rules forbid them). In spade and bastoni the higher number takes, in coppe and denari the lower;
the Angelo (XX) beats the Mondo (XXI). Points: re, Bagatto, Mondo 5; donne, Matto 4; cavalli 3; fanti 2,
each with two scartine; three scartine left 1.
Cards: ranks A 2-9 T J C Q K (fante, cavallo, donna, re), suits c d b s (coppe, denari, bastoni, spade);
trumps I..XXI or 1..21."""


class TerminalTarocchi(TerminalDeckTricks):
    help_text = HELP
    suit_names = ("coppe", "denari", "bastoni", "spade", "tarocchi", "matto")
    bonus_label = "accuso"

    def title(self) -> str:
        o = self.game.options
        who = self.words("each for himself" if o.players == 3 else "in partnerships")
        return self.words("[bold]Tarocchi[/], {players} players {who}, {hands} hands{accuso}.", players=o.players,
                          who=who, hands=o.hands, accuso=", accuso" if o.accuso else "")

    def game_lines(self, obs: DeckObservation) -> list[str]:
        lines = []
        if obs.secret:
            lines.append(self.words("Your discard (scarto): {cards}", cards=self.card_names(obs.secret)))
        if any(obs.extra["accusi"]):
            accusi = ", ".join(f"{self.names[s]} {p}" for s, p in enumerate(obs.extra["accusi"]) if p)
            lines.append(self.words("Accusi (declared): {accusi}", accusi=accusi))
        return lines
