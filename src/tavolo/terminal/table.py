"""A card table in the terminal: one person against bots, for any Tavolo game.

:class:`TerminalTable` runs the game: it deals (chance nodes, seeded), lets the
bots play their turns and says what they did, and reads the person's moves in
the game's notation, explaining a wrong move and playing nothing; it keeps the
game record. Each game's terminal draws the table from the person's
observation only, and says how a hand's result and the final look.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import Console

from tavolo.engine.agent import Agent
from tavolo.engine.errors import ActionError
from tavolo.engine.game import Game, State
from tavolo.engine.play import new_seed
from tavolo.engine.record import GameRecord

NAMES = ("You", "Anna", "Bruno", "Carla", "Dario", "Elena")
COMMANDS_HELP = "Also: [bold]moves[/] lists your legal moves, [bold]help[/] shows this, [bold]quit[/] leaves."


class TerminalTable(ABC):
    """One person at ``seat`` against ``bots`` (one per other seat). While it
    runs, ``state`` is the game being played (for tests and tools)."""

    help_text: ClassVar[str]
    draw_action: ClassVar[int | None] = None
    """The action that draws an unseen card: after it the person is told which card came."""
    card_names: Callable[[Any], str]
    """Notation of several cards (a ``staticmethod``)."""

    def __init__(self, game: Game, bots: dict[int, Agent], seat: int = 0,
                 console: Console | None = None, read: Callable[[str], str] | None = None,
                 seed: int | None = None) -> None:
        self.game = game
        self.bots = bots
        self.seat = seat
        self.console = console or Console()
        self.read = read or (lambda prompt: self.console.input(prompt))
        self.seed = new_seed() if seed is None else seed
        self.names = [NAMES[(s - seat) % len(NAMES)] for s in range(game.num_players)]
        self._shown_results = 0

    def run(self) -> GameRecord:
        """Play the match; returns its record (also when the person quits)."""
        names = [("You" if s == self.seat else f"bot:{n}") for s, n in enumerate(self.names)]
        record = GameRecord(self.game.name, self.game.options_json(), names, self.seed)
        self.state = state = self.game.new_initial_state()
        rng = random.Random(self.seed)
        self.console.print(self.title() + " Type [bold]help[/] for the moves.")
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                self.after_chance(state)
            elif state.current_player() == self.seat:
                if not self._human_turn(state, record):
                    return record
            else:
                self._bot_turn(state, record)
            self.after_step(state)
        record.result = state.returns()
        self.show_final(state)
        return record

    # --- what each game says ------------------------------------------------------------------

    @abstractmethod
    def title(self) -> str:
        """The first line: the game and its options."""

    @abstractmethod
    def show(self, obs: Any) -> None:
        """Draw the table as the person's observation shows it."""

    @abstractmethod
    def results(self, state: State) -> Sequence[Any]:
        """The results of the hands played so far."""

    @abstractmethod
    def show_result(self, result: Any) -> None:
        """Show the result of one hand."""

    def after_chance(self, state: State) -> None:
        """Called after a deal or a reshuffle."""

    def after_step(self, state: State) -> None:
        """Called after each turn (or chance event): shows the hands just finished."""
        results = self.results(state)
        for result in results[self._shown_results:]:
            self.show_result(result)
        self._shown_results = len(results)

    def show_final(self, state: State) -> None:
        final = state.returns()
        best = max(final)
        winners = sorted({self.names[s] for s, v in enumerate(final) if v == best})
        self.console.print("[bold]Final[/]: " + ", ".join(f"{self.names[s]} {v:g}" for s, v in enumerate(final))
                           + f". Winner: {' & '.join(winners)}.")

    # --- turns ------------------------------------------------------------------------------------

    def _bot_turn(self, state: State, record: GameRecord) -> None:
        seat = state.current_player()
        said = []
        while state.current_player() == seat and not state.is_chance_node() and not state.is_terminal():
            action = self.bots[seat].choose(state.observation(seat), state.legal_actions())
            text = state.action_to_string(action)
            record.actions.append(text)
            state.apply(action)
            said.append(text)
        self.console.print(f"[cyan]{self.names[seat]}[/]: {', '.join(said)}")

    def _human_turn(self, state: State, record: GameRecord) -> bool:
        self.show(state.observation(self.seat))
        while True:
            text = self.read("[bold green]Your move>[/] ").strip()
            if text in ("quit", "exit"):
                self.console.print("You left the table.")
                return False
            if text in ("help", "?"):
                self.console.print(f"{self.help_text}\n{COMMANDS_HELP}")
                continue
            if text == "moves":
                self.console.print(", ".join(state.legal_action_strings()))
                continue
            try:
                actions = state.parse_move(text)
            except ActionError as exc:
                self.console.print(f"[red]{exc}[/]")
                continue
            before = Counter(state.observation(self.seat).hand)
            for action in actions:
                record.actions.append(state.action_to_string(action))
                state.apply(action)
            if actions == [self.draw_action]:
                drawn = Counter(state.observation(self.seat).hand) - before
                self.console.print(f"You drew [bold]{self.card_names(drawn.elements())}[/]")
            return True
