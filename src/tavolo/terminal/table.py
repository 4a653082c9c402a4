"""A card table in the terminal: one person against bots, for any Tavolo game.

:class:`TerminalTable` runs the game: it deals (chance nodes, seeded), lets the
bots play their turns and says what they did (and that they are thinking),
and reads the person's moves in the game's notation, explaining a wrong move
(with a "did you mean" for a typo) and playing nothing; it stops at the end of
each hand until the person presses Enter; ``quit`` asks first and saves the
match, which ``resume`` (a :class:`GameRecord`) plays on from where it was
left, with the same deals. Each game's terminal draws the table from the
person's observation only, and says how a hand's result and the final look.
Every sentence comes from the ``cli`` catalog (:class:`~tavolo.terminal.words.Words`);
every move is said through the words protocol (``State.action_words_for``, the ``moves``
catalog, :func:`tavolo.i18n.moves.say`), as the browser says it.
"""

from __future__ import annotations

import difflib
import errno
import io
import os
import random
from abc import ABC, abstractmethod
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tavolo.engine.agent import Agent
from tavolo.engine.errors import ActionError, NotationError
from tavolo.engine.files import UnwritablePath, save
from tavolo.engine.game import Game, State
from tavolo.engine.play import new_seed
from tavolo.engine.record import GameRecord
from tavolo.engine.words import Words as MoveWords
from tavolo.i18n import moves
from tavolo.i18n.refusals import deck_of
from tavolo.terminal.words import Words

NAMES = ("You", "Anna", "Bruno", "Carla", "Dario", "Elena")
COMMANDS = ("moves", "help", "quit")
QUIT_WORDS = ("quit", "exit", "esci")
YES_WORDS = ("y", "yes", "s", "si", "sì")


def saved_match_path(game: str) -> Path:
    """Where ``quit`` saves a match of ``game``: ``$TAVOLO_HOME/saved/<game>.json`` (``~/.tavolo`` by default)."""
    home = os.environ.get("TAVOLO_HOME") or Path.home() / ".tavolo"
    return Path(home) / "saved" / f"{game}.json"


PUBLIC_MOVES = ("pass a card", "discard a card", "change a card", "drop a card")
"""The games' texts of a move whose cards go face down, as other seats learn it (the ``cli``
catalog says them)."""


class TerminalTable(ABC):
    """One person at ``seat`` against ``bots`` (one per other seat). While it
    runs, ``state`` is the game being played (for tests and tools).

    ``read`` reads a line (the console by default); ``pause`` is called with a
    prompt at the end of each hand (by default the console waits for Enter;
    when ``read`` is given and ``pause`` is not, there is no pause).
    ``save_path``: where ``quit`` saves the match; ``resume``: a record to play on from.
    """

    help_text: ClassVar[str]
    draw_action: ClassVar[int | None] = None
    """The action that draws an unseen card: after it the person is told which card came."""
    card_names: Callable[[Any], str]
    """Notation of several cards (a ``staticmethod``)."""
    verbs: ClassVar[tuple[str, ...]] = ()
    """The game's verbs in every language it reads, for "did you mean"."""
    move_words: ClassVar[tuple[str, ...]] = ()
    """The English words of the game's notation said in the person's language (the game reads both)."""

    def __init__(self, game: Game, bots: dict[int, Agent], seat: int = 0,
                 console: Console | None = None, read: Callable[[str], str] | None = None,
                 seed: int | None = None, *, lang: str | None = None,
                 pause: Callable[[str], object] | None = None, save_path: Path | None = None,
                 resume: GameRecord | None = None) -> None:
        self.game = game
        self.bots = bots
        self.seat = seat
        self.console = console or Console()
        self.words = Words(lang)
        self.read = read or (lambda prompt: self.console.input(prompt))
        self.pause = pause if pause is not None or read is not None else self.read
        self.seed = resume.seed if resume is not None else new_seed() if seed is None else seed
        self.save_path = save_path
        self.resume = resume
        self.names = [self.words(NAMES[0]) if s == seat else NAMES[(s - seat) % len(NAMES)]
                      for s in range(game.num_players)]
        self._shown_results = 0
        self._replaying = False

    def run(self) -> GameRecord:
        """Play the match; returns its record (also when the person quits)."""
        seats = [("You" if s == self.seat else f"bot:{n}") for s, n in enumerate(self.names)]
        record = GameRecord(self.game.name, self.game.options_json(), seats, self.seed)
        self.state = state = self.game.new_table_state()
        rng = random.Random(self.seed)
        self.console.print(self.title() + " " + self.words("Type [bold]help[/] for the moves."))
        replaying = deque(self.resume.actions if self.resume else [])
        self._replaying = bool(replaying)
        screen, self.console = self.console, Console(file=io.StringIO()) if replaying else self.console
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                self.after_chance(state)
            elif replaying:
                record.actions.append(replaying[0])
                state.apply_text(replaying.popleft())
                if not replaying:
                    self.console, self._replaying = screen, False
                    self.console.print(self.words("The saved match goes on from here."))
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

    def describe(self, state: State, action: int) -> str:
        """What the person reads of ``action``, said before it is applied: the move in words as
        this seat may learn it (another seat's face-down pass or discard names no card), from the
        ``moves`` catalog as the browser's log says it ("Anna: scarta 3♥")."""
        return self.say(state.action_words_for(action, self.seat))

    def say(self, words: MoveWords) -> str:
        """A move's words in the person's language, a seat by its name at this table; a game that
        says no words yet gives its notation, read word by word (:meth:`move_text`)."""
        said = words.to_json()
        if said["key"] == "{move}":
            return self.move_text(str(said["params"]["move"]))
        return moves.say(said, self.words.lang, lambda seat: self.names[seat])

    def _said_example(self, state: State) -> str:
        """The help's line that a move may be typed as the log says it, with one of this seat's
        moves for example (one that names a card where one does), as the web table's box hints;
        no line when the seat has no move (or its game says none in words)."""
        said = [state.action_words(action) for action in state.legal_actions()]
        said = [words for words in said if words.key != "{move}"]
        example = next((words for words in said if deck_of(words.to_json())), said[0] if said else None)
        if example is None:
            return ""
        return self.words("A move may also be typed in words, as the table says it: e.g. [bold]{move}[/].",
                          move=escape(self.say(example))) + "\n"

    def _move_and_how_to_type_it(self, state: State, action: int) -> str:
        """A legal move in words, and in brackets what to type for it where the two differ:
        ``gioca 5 di bastoni (gioca 5b)``, ``1 SA (1NT)``."""
        said, typed = self.say(state.action_words(action)), self.move_text(state.action_to_string(action))
        return said if said == typed else f"{said} ({typed})"

    def move_text(self, text: str) -> str:
        """A move's notation as the person reads it: ``attach 8h to 1`` is ``lega 8h a 1`` in Italian,
        and a move told without its cards is said whole (``pass a card``: ``passa una carta``)."""
        if text in PUBLIC_MOVES:
            return self.words(text)
        return " ".join(self.words(w) if w in self.move_words else w for w in text.split())

    def announce(self, before: Any, after: Any, seat: int) -> list[str]:
        """What the person is told after ``seat`` acted, from their observation before and after."""
        return []

    def after_step(self, state: State) -> None:
        """Called after each turn (or chance event): shows the hands just finished, then waits."""
        results = self.results(state)
        for result in results[self._shown_results:]:
            self.show_result(result)
            if self.pause is not None and not state.is_terminal() and not self._replaying:
                self._wait()
        self._shown_results = len(results)

    def _wait(self) -> None:
        try:
            self.pause(self.words("[dim]Press Enter to go on[/] "))
        except EOFError:
            pass

    def show_final(self, state: State) -> None:
        final = state.returns()
        best = max(final)
        winners = sorted({self.names[s] for s, v in enumerate(final) if v == best})
        scores = ", ".join(f"{self.names[s]} {v + 0:g}" for s, v in enumerate(final))  # + 0: no "-0"
        self.console.print(self.words("[bold]Final[/]: {scores}. Winner: {winners}.", scores=scores,
                                      winners=" & ".join(winners)))

    def subject(self, seat: int, you: str, other: str, **params: object) -> str:
        """A sentence about ``seat``: ``you`` (a msgid) for the person, ``other`` with ``{name}`` for a bot."""
        if seat == self.seat:
            return self.words(you, **params)
        return self.words(other, name=self.names[seat], **params)

    def score_table(self, title: str, columns: Iterable[str]) -> Table:
        """A hand's score table: a column of row labels, then one right-aligned column a seat or side."""
        table = Table(title=title)
        table.add_column("")
        for name in columns:
            table.add_column(name, justify="right")
        return table

    def closed_by(self, closer: int) -> str:
        """Who closed the hand, or that the stock ran out (``closer`` -1)."""
        if closer >= 0:
            return self.words("{name} closed", name=self.names[closer])
        return self.words("the stock ran out")

    # --- turns ------------------------------------------------------------------------------------

    def _bot_turn(self, state: State, record: GameRecord) -> None:
        seat = state.current_player()
        said, news = [], []
        with self.console.status(self.words("{name} is thinking…", name=self.names[seat])):
            while state.current_player() == seat and not state.is_chance_node() and not state.is_terminal():
                before = state.observation(self.seat)
                action = self.bots[seat].choose(state.observation(seat), state.legal_actions())
                record.actions.append(state.action_to_string(action))
                said.append(self.describe(state, action))
                state.apply(action)
                news += self.announce(before, state.observation(self.seat), seat)
        self.console.print(f"[cyan]{self.names[seat]}[/]: {', '.join(said)}")
        for line in news:
            self.console.print(f"  [magenta]{line}[/]")

    def _human_turn(self, state: State, record: GameRecord) -> bool:
        self.show(state.observation(self.seat))
        while True:
            text = self.read(self.words("[bold green]Your move>[/] ")).strip()
            word = text.split()[0].lower() if text else ""
            if word in QUIT_WORDS:
                if self._leave(record):
                    return False
                continue
            if text in ("help", "?", "aiuto"):
                self.console.print(f"{self.words(self.help_text)}\n{self._said_example(state)}{self.words(COMMANDS_HELP)}")
                continue
            if text in ("moves", "mosse"):
                self.console.print(", ".join(self._move_and_how_to_type_it(state, a) for a in state.legal_actions()),
                                   markup=False)
                continue
            try:
                actions = state.parse_move(text)
            except ActionError as exc:
                self.console.print(f"[red]{escape(self.words.render(exc.message))}[/]{self._did_you_mean(state, exc, word)}")
                continue
            self._play(state, record, actions)
            return True

    def _play(self, state: State, record: GameRecord, actions: list[int]) -> None:
        before = state.observation(self.seat)
        for action in actions:
            text, told = state.action_to_string(action), self.describe(state, action)
            plain = TerminalTable.describe(self, state, action)    # the move as the person typed it, in words
            record.actions.append(text)
            state.apply(action)
            if told != plain:                                      # the game tells more (the pile taken)
                self.console.print(told)
        if actions == [self.draw_action]:
            drawn = Counter(state.observation(self.seat).hand) - Counter(before.hand)
            self.console.print(self.words("You drew {cards}", cards=f"[bold]{self.card_names(drawn.elements())}[/]"))
        for line in self.announce(before, state.observation(self.seat), self.seat):
            self.console.print(f"  [magenta]{line}[/]")

    def _did_you_mean(self, state: State, exc: ActionError, word: str) -> str:
        """`` Did you mean 'draw'?`` for a mistyped first word, else nothing."""
        if not isinstance(exc, NotationError) or not word:
            return ""
        known = {s.split()[0] for s in state.legal_action_strings()} | set(COMMANDS) | set(self.verbs)
        if word in known:
            return ""
        close = difflib.get_close_matches(word, sorted(known), n=1, cutoff=0.6)
        return " " + self.words("Did you mean {word}?", word=f"[bold]{close[0]}[/]") if close else ""

    def _leave(self, record: GameRecord) -> bool:
        """Ask before leaving; save the match where ``save_path`` says."""
        try:
            answer = self.read(self.words("Leave the table? (y/n) ")).strip().lower()
        except EOFError:
            answer = "y"
        if answer not in YES_WORDS + QUIT_WORDS:
            return False
        if self.save_path is not None:
            try:
                save(self.save_path, lambda path: _save_record(record, path))
                self.console.print(self.words("Match saved: '{command}' goes on from here.",
                                              command=f"tavolo play {self.game.name} --resume"))
            except UnwritablePath as exc:  # kept in a temporary file all the same, and said where
                self.console.print(f"[red]{escape(self.words.render(exc.message))}[/]", soft_wrap=True)
        self.console.print(self.words("You left the table."))
        return True


def _save_record(record: GameRecord, path: Path) -> None:
    """The record into ``path``, its folder made if missing (a file in its place is "Not a directory")."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)) from None
    record.save(path)


COMMANDS_HELP = "Also: [bold]moves[/] lists your legal moves, [bold]help[/] shows this, [bold]quit[/] leaves."
