"""Burraco in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: their own hand, sorted; both
sides' melds, numbered (attachments name the meld by its number); the whole
discard pile; the cards in the stock and in each pozzetto; the scores. Moves
are typed in the notation of :mod:`tavolo.games.burraco.notation`; a wrong
move is explained and nothing is played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.table import Table

from tavolo.cards import french as fr
from tavolo.games.burraco import BurracoState
from tavolo.games.burraco.actions import DRAW
from tavolo.games.burraco.melds import meld_text
from tavolo.games.burraco.notation import MOVES_HELP
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.scoring import HandResult, SideScore
from tavolo.terminal.table import TerminalTable

HELP = f"""[bold]Moves[/] ({MOVES_HELP}):
  draw / take                       draw from the stock (tallone) / take the whole discard pile
  open 5h 6h 7h                     open a meld; a wild may say its rank: open 5h *(6) 7h
  attach 8h to 1                    attach to your side's meld 1; several cards: attach 8h 9h to 1
  attach Ah to 2 high               an ace low/high, a pinella natural/wild, where both are possible
  discard Qs                        ends your turn; emptying your hand takes the pozzetto
Cards: ranks A 2-9 T J Q K, suits h d c s (cuori quadri fiori picche), * is the joker (jolly)."""


class TerminalBurraco(TerminalTable):
    """One person at ``seat`` against ``bots`` (one per other seat). While it
    runs, ``state`` is the game being played (for tests and tools)."""

    help_text = HELP
    draw_action = DRAW
    card_names = staticmethod(fr.names)

    def title(self) -> str:
        return f"[bold]Burraco[/] ({self.game.options.rule_set}), {self.game.num_players} players."

    def after_chance(self, state: BurracoState) -> None:
        self.console.rule(f"Hand {len(state.hand_results) + 1}: {self.names[state.dealer]} deals")

    def results(self, state: BurracoState) -> list[HandResult]:
        return state.hand_results

    # --- drawing the table -----------------------------------------------------------------------

    def show(self, obs: BurracoObservation) -> None:
        c = self.console
        c.print(self._status_line(obs))
        for side, seats in enumerate(obs.sides):
            who = " & ".join(self.names[s] for s in seats)
            melds = "   ".join(f"[bold]{i}[/]) {meld_text(m)}" for i, m in enumerate(obs.melds[side], start=1))
            c.print(f"  {who}: {melds or '[dim]no melds[/]'}")
        others = []
        for s in range(obs.players):
            if s != obs.seat:
                took = f" (took {fr.names(obs.known[s])})" if obs.known[s] else ""
                others.append(f"{self.names[s]} {obs.hand_sizes[s] + obs.pending_pozzetto[s]}{took}")
        c.print("  Cards in hand: " + ", ".join(others))
        pile = fr.names(obs.pile) if obs.pile else "empty"
        c.print(f"  Discard pile (monte scarti), top last: [bold]{pile}[/]")
        c.print(f"  [bold]Your hand[/]: {fr.names(obs.hand)}" + self._warnings(obs))

    def _status_line(self, obs: BurracoObservation) -> str:
        scores = " · ".join(f"{' & '.join(self.names[s] for s in seats)} {obs.scores[seats[0]]:g}"
                            for seats in obs.sides)
        pozzetti = ", ".join(f"{p.size}" + (" taken" if p.taken else "") for p in obs.pozzetti)
        return (f"[dim]Stock (tallone) {obs.stock_size} · pozzetti {pozzetti} · scores {scores}"
                + (" · last turn" if obs.last_turn else "") + "[/]")

    @staticmethod
    def _warnings(obs: BurracoObservation) -> str:
        notes = []
        if obs.single_pile_card >= 0:
            notes.append(f"you may not discard {fr.name(obs.single_pile_card)} back")
        if obs.must_meld:
            notes.append("meld or attach before discarding")
        return f"  [yellow]({'; '.join(notes)})[/]" if notes else ""

    def show_result(self, result: HandResult) -> None:
        columns = [" & ".join(self.names[s] for s in side.seats) for side in result.sides]
        title = f"Hand {result.number + 1} ended by {result.ended_by}"
        self.console.print(score_table(title, columns, result.sides))


def score_table(title: str, columns: Sequence[str], scores: Sequence[SideScore]) -> Table:
    """The breakdown of a hand, one column per side."""
    table = Table(title=title)
    table.add_column("")
    for name in columns:
        table.add_column(name, justify="right")
    rows: Sequence[tuple[str, Callable[[SideScore], object]]] = (
        ("closing (chiusura)", lambda s: s.closing),
        ("burraci", lambda s: f"{', '.join(s.burraci) or '-'} {s.burraco_bonus}"),
        ("cards melded", lambda s: s.melded),
        ("cards in hand", lambda s: s.in_hand),
        ("pozzetto", lambda s: s.pozzetto),
        ("total", lambda s: f"[bold]{s.total}[/]"),
    )
    for label, value in rows:
        table.add_row(label, *(str(value(s)) for s in scores))
    return table
