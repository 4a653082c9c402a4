"""Burraco in the terminal: a person against bots, drawn with Rich.

The person sees only what their seat may know: their own hand, sorted; both
sides' melds, numbered (attachments name the meld by its number); the whole
discard pile; the cards in the stock and in each pozzetto; the scores. Moves
are typed in the notation of :mod:`tavolo.games.burraco.notation`; a wrong
move is explained and nothing is played.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table

from tavolo.cards import french as fr
from tavolo.engine.agent import Agent
from tavolo.engine.errors import ActionError
from tavolo.engine.play import new_seed
from tavolo.engine.record import GameRecord
from tavolo.games.burraco import BurracoGame, BurracoState
from tavolo.games.burraco.actions import DRAW
from tavolo.games.burraco.melds import meld_text
from tavolo.games.burraco.notation import MOVES_HELP, parse_move
from tavolo.games.burraco.observation import BurracoObservation
from tavolo.games.burraco.scoring import HandResult, SideScore

NAMES = ("You", "Anna", "Bruno", "Carla", "Dario", "Elena")
HELP = f"""[bold]Moves[/] ({MOVES_HELP}):
  draw / take                       draw from the stock (tallone) / take the whole discard pile
  open 5h 6h 7h                     open a meld; a wild may say its rank: open 5h *(6) 7h
  attach 8h to 1                    attach to your side's meld 1; several cards: attach 8h 9h to 1
  attach Ah to 2 high               an ace low/high, a pinella natural/wild, where both are possible
  discard Qs                        ends your turn; emptying your hand takes the pozzetto
Cards: ranks A 2-9 T J Q K, suits h d c s (cuori quadri fiori picche), * is the joker (jolly).
Also: [bold]moves[/] lists your legal moves, [bold]help[/] shows this, [bold]quit[/] leaves."""


class TerminalBurraco:
    """One person at ``seat`` against ``bots`` (one per other seat). While it
    runs, ``state`` is the game being played (for tests and tools)."""

    def __init__(self, game: BurracoGame, bots: dict[int, Agent], seat: int = 0,
                 console: Console | None = None, read: Callable[[str], str] | None = None,
                 seed: int | None = None) -> None:
        self.game = game
        self.bots = bots
        self.seat = seat
        self.console = console or Console()
        self.read = read or (lambda prompt: self.console.input(prompt))
        self.seed = new_seed() if seed is None else seed
        self.names = [NAMES[(s - seat) % len(NAMES)] for s in range(game.num_players)]

    def run(self) -> GameRecord:
        """Play the match; returns its record (also when the person quits)."""
        names = [("You" if s == self.seat else f"bot:{n}") for s, n in enumerate(self.names)]
        record = GameRecord(self.game.name, self.game.options_json(), names, self.seed)
        self.state = state = self.game.new_initial_state()
        rng = random.Random(self.seed)
        self.console.print(f"[bold]Burraco[/] ({self.game.options.rule_set}), {self.game.num_players} players. "
                           "Type [bold]help[/] for the moves.")
        while not state.is_terminal():
            if state.is_chance_node():
                results = len(state.hand_results)
                state.apply_chance(state.sample_chance(rng))
                self.console.rule(f"Hand {results + 1}: {self.names[state.dealer]} deals")
            elif state.current_player() == self.seat:
                if not self._human_turn(state, record):
                    return record
            else:
                self._bot_turn(state, record)
            if state.phase in ("deal", "over") and state.hand_results:
                self._show_result(state.hand_results[-1])
        record.result = state.returns()
        self._show_final(state)
        return record

    # --- turns ------------------------------------------------------------------------------

    def _bot_turn(self, state: BurracoState, record: GameRecord) -> None:
        seat = state.current_player()
        said = []
        while state.current_player() == seat and not state.is_chance_node() and not state.is_terminal():
            action = self.bots[seat].choose(state.observation(seat), state.legal_actions())
            text = state.action_to_string(action)
            record.actions.append(text)
            state.apply(action)
            said.append(text)
        self.console.print(f"[cyan]{self.names[seat]}[/]: {', '.join(said)}")

    def _human_turn(self, state: BurracoState, record: GameRecord) -> bool:
        self.show(state.observation(self.seat))
        while True:
            text = self.read("[bold green]Your move>[/] ").strip()
            if text in ("quit", "exit"):
                self.console.print("You left the table.")
                return False
            if text in ("help", "?"):
                self.console.print(HELP)
                continue
            if text == "moves":
                self.console.print(", ".join(state.legal_action_strings()))
                continue
            try:
                actions = parse_move(state, text)
            except ActionError as exc:
                self.console.print(f"[red]{exc}[/]")
                continue
            before = Counter(state.observation(self.seat).hand)
            for action in actions:
                record.actions.append(state.action_to_string(action))
                state.apply(action)
            if actions == [DRAW]:
                drawn = Counter(state.observation(self.seat).hand) - before
                self.console.print(f"You drew [bold]{fr.names(drawn.elements())}[/]")
            return True

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

    def _show_result(self, result: HandResult) -> None:
        columns = [" & ".join(self.names[s] for s in side.seats) for side in result.sides]
        title = f"Hand {result.number + 1} ended by {result.ended_by}"
        self.console.print(score_table(title, columns, result.sides))

    def _show_final(self, state: BurracoState) -> None:
        final = state.returns()
        best = max(final)
        winners = sorted({self.names[s] for s, v in enumerate(final) if v == best})
        self.console.print("[bold]Final[/]: " + ", ".join(f"{self.names[s]} {v:g}" for s, v in enumerate(final))
                           + f". Winner: {' & '.join(winners)}.")


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
