"""Peppa and Hearts in the terminal: the pairs discarded, the blind draw from the fan,
the duty to follow suit and, at Hearts, the passing."""

from __future__ import annotations

from tavolo.cards import french as fr
from tavolo.games.trick_taking.anydeck import DeckObservation
from tavolo.terminal.deck_tricks import TerminalDeckTricks

CARDS = ("Cards: ranks A K Q J T 9-2 (aces high), suits h d c s (cuori, quadri, fiori, picche); "
         "type a card to play it, e.g. Qs or play Qs (gioca Qs).")
PEPPA_HELP = f"""[bold]Moves[/]: of three of a rank, [bold]keep 7h[/] (tieni 7h) keeps one and the other two go out as a
pair; [bold]draw 3[/] (pesca 3) takes the third card of the fan offered to you, blind; then play a card,
e.g. [bold]9h[/]; you must follow suit when you can.
Points (the fewer the better): Peppa (Qs) 13, Ah 5, Kh 4, Jh 2, other hearts 1; taking Peppa and every
heart of the pack scores 0 and 36 to each other player (a heart gone out in a pair spoils it).
{CARDS}"""
HEARTS_HELP = f"""[bold]Moves[/]: [bold]pass Qs[/] (passa Qs) three times, then play a card, e.g. [bold]9h[/];
follow suit; the 2 of clubs leads; no points on the first trick; hearts are led once broken.
Points: each heart 1, the queen of spades 13; taking them all scores 0 and 26 to each other player.
{CARDS}"""


class TerminalPeppa(TerminalDeckTricks):
    suit_names = fr.SUIT_NAMES_IT
    bonus_label = "all taken"

    @property
    def help_text(self) -> str:
        return HEARTS_HELP if self.game.options.hearts else PEPPA_HELP

    def title(self) -> str:
        o = self.game.options
        goal = self.words("to {target}", target=o.target) if o.target else self.words("a single hand")
        return self.words("[bold]{game}[/], {players} players, {goal}.", game="Hearts" if o.hearts else "Peppa",
                          players=o.players, goal=goal)

    def game_lines(self, obs: DeckObservation) -> list[str]:
        lines = []
        if obs.out:
            lines.append(self.words("Pairs out: {cards}", cards=self.card_names(obs.out)))
        if obs.phase == "draw":
            offerer = (obs.seat - 1) % obs.players
            lines.append(self.words("{name} offers a fan of {count} cards: draw 1 to {count}",
                                    name=self.names[offerer], count=obs.hand_sizes[offerer]))
        if obs.phase == "pass":
            passing = self.card_names(obs.secret) or self.words("nothing yet")
            lines.append(self.words("Passing: {cards} (three cards)", cards=passing))
        if obs.extra["rules"] == "hearts" and obs.phase == "play":
            lines.append(self.words("Hearts broken" if obs.extra["hearts_broken"] else "Hearts not broken yet"))
        return lines
