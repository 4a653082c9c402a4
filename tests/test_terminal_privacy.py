"""No terminal line names a card the person could not see (issue 22, "Hidden cards in the move
log"): in `tavolo play <game>`, for every game, each line that tells another seat's turn names
only cards the person has had in view since the deal (tests/privacy.py says what each game
shows; a card seen once and gone into a trick or a hand since may be named).

Hearts' passes (raccolta, Peppa e Hearts: the three cards go face down), the Tarocchi dealer's
discard and Perlina's changed and dropped cards were told whole here before."""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from rich.console import Console

from tavolo.bots.random_bot import RandomBot
from tavolo.games import make_game
from tavolo.terminal.bridge import TerminalBridge
from tavolo.terminal.briscola import TerminalBriscola
from tavolo.terminal.burraco import TerminalBurraco
from tavolo.terminal.canasta import TerminalCanasta
from tavolo.terminal.machiavelli import TerminalMachiavelli
from tavolo.terminal.parlour import TerminalMercante, TerminalPerlina, TerminalPetrangola
from tavolo.terminal.peppa import TerminalPeppa
from tavolo.terminal.pinnacola import TerminalPinnacola
from tavolo.terminal.ramino import TerminalRamino
from tavolo.terminal.scala40 import TerminalScala40
from tavolo.terminal.tarocchi import TerminalTarocchi
from tavolo.terminal.tressette import TerminalTressette
from tests.privacy import hidden_from, named_cards

TABLES = [
    ("burraco", dict(players=4, target=None), TerminalBurraco),
    ("scala40", dict(players=3, elimination=None), TerminalScala40),
    ("ramino", dict(players=3, match=None), TerminalRamino),
    ("pinnacola", dict(players=4, target=None), TerminalPinnacola),
    ("canasta", dict(players=4, target=None), TerminalCanasta),
    ("machiavelli", dict(players=3), TerminalMachiavelli),
    ("briscola", dict(players=4, rounds=1), TerminalBriscola),
    ("tressette", dict(players=2, target=None), TerminalTressette),
    ("peppa", dict(target=None), TerminalPeppa),
    ("peppa", dict(rules="hearts", target=None), TerminalPeppa),
    ("tarocchi", dict(players=3), TerminalTarocchi),
    ("bridge", dict(boards=1, analyse=False), TerminalBridge),
    ("petrangola", dict(players=5), TerminalPetrangola),
    ("perlina", dict(players=4, hands=3), TerminalPerlina),
    ("mercante", dict(players=4), TerminalMercante),
]


class Seen:
    """The cards the person at seat 0 has had in view since the last deal, kept up to date
    after every action and deal of the game's states."""

    def __init__(self) -> None:
        self.cards: Counter[int] = Counter()

    def look(self, state, dealt: bool = False) -> None:
        deck = state.game.deck_counts
        hidden = hidden_from(state, 0)
        now = Counter({c: n - hidden[c] for c, n in deck.items() if n > hidden[c]})
        self.cards = now if dealt else self.cards | now


@pytest.mark.parametrize("name, options, terminal", TABLES, ids=[f"{t[0]}-{t[1].get('rules', '')}".rstrip("-")
                                                                  for t in TABLES])
def test_no_line_about_another_seat_names_a_card_the_person_never_saw(name, options, terminal, monkeypatch):
    game = make_game(name, **options)
    seen, state_type = Seen(), type(game.new_table_state())  # the state the terminal plays on
    apply, apply_chance = state_type.apply, state_type.apply_chance

    def watched_apply(state, action):
        apply(state, action)
        seen.look(state)

    def watched_chance(state, outcome):
        apply_chance(state, outcome)
        seen.look(state, dealt=True)

    monkeypatch.setattr(state_type, "apply", watched_apply)
    monkeypatch.setattr(state_type, "apply_chance", watched_chance)
    lines: list[str] = []

    class Screen(io.StringIO):
        """The terminal: each line about another seat's turn is checked as it is written."""

        def write(self, text: str) -> int:
            for line in text.splitlines():
                speaker, colon, said = line.partition(": ")
                if colon and speaker.strip() in table.names[1:]:
                    lines.append(said)
                    for move in said.split(", "):  # one move at a time: two may name one card
                        assert not named_cards(table.state, move) - seen.cards, (name, move, line)
            return super().write(text)

    rng = random.Random(5)
    table = terminal(game, {s: RandomBot(seed=s) for s in range(1, game.num_players)}, seat=0,
                     console=Console(file=Screen(), width=400, color_system=None), seed=5, lang="en",
                     read=lambda prompt: table.state.action_to_string(rng.choice(table.state.legal_actions())))
    table.run()
    assert lines, "no line told another seat's turn: the check saw nothing"


def test_a_move_told_without_its_cards_is_said_in_italian():
    game = make_game("peppa", rules="hearts", target=None)
    table = TerminalPeppa(game, {s: RandomBot(seed=s) for s in range(1, 4)}, seat=0, console=Console(file=io.StringIO()),
                          seed=1, lang="it", read=lambda prompt: "")
    assert [table.move_text(t) for t in ("pass a card", "discard a card", "change a card", "drop a card")] == [
        "passa una carta", "scarta una carta", "cambia una carta", "posa una carta coperta"]
