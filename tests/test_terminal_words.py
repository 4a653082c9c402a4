"""The terminal says moves through the words protocol (issue 23): ``State.action_words_for``
rendered by :func:`tavolo.i18n.moves.say` from the ``moves`` catalog, as the browser's log does;
a game that says no words yet falls back to its notation read word by word."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.text import Text

from tavolo.bots.briscola import SimpleBriscolaBot
from tavolo.engine.errors import IllegalActionError
from tavolo.engine.words import Cards, Seat, Words
from tavolo.games import make_game
from tavolo.terminal.briscola import TerminalBriscola
from tavolo.terminal.words import Words as TerminalWords
from tests.bridge.test_rules import dealt as bridge_dealt
from tests.bridge.test_rules import play as bridge_play


def briscola_table(lang: str) -> tuple[TerminalBriscola, io.StringIO]:
    """A two-player Briscola at the terminal, dealt, in ``lang``."""
    out = io.StringIO()
    game = make_game("briscola", players=2, rounds=1)
    table = TerminalBriscola(game, {1: SimpleBriscolaBot(seed=1)}, seat=0, console=Console(file=out, width=120),
                             read=lambda prompt: "quit", seed=5, lang=lang)
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_chance(state.sample_chance(rng))
    table.state = state
    return table, out


def test_a_move_in_words_is_said_from_the_moves_catalog_with_the_seat_s_name(monkeypatch):
    table, _ = briscola_table("it")
    state = table.state
    action = state.legal_actions()[0]
    said = Words.of("{seat} takes {cards}", seat=Seat(1), cards=Cards(("3h", "Jd"), "french"))
    monkeypatch.setattr(type(state), "action_words_for", lambda self, a, viewer: said)
    text = table.describe(state, action)
    assert "3♥" in text and "J♦" in text and table.names[1] in text       # cards by symbol, the seat by name
    assert "3h" not in text


def test_a_discard_reads_in_italian_and_in_english(monkeypatch):
    for lang, expected in (("it", "scarta 3♥"), ("en", "discard 3♥")):
        table, _ = briscola_table(lang)
        words = Words.of("discard {cards}", cards=Cards(("3h",), "french"))
        monkeypatch.setattr(type(table.state), "action_words_for", lambda self, a, viewer, w=words: w)
        assert table.describe(table.state, table.state.legal_actions()[0]) == expected


def test_a_game_without_words_falls_back_to_its_notation_in_the_person_s_language(monkeypatch):
    from dataclasses import replace

    table, _ = briscola_table("it")
    state = table.state
    game = type(state.game)
    monkeypatch.setattr(game, "faces", replace(game.faces, action_words=None))  # as a game that says no words
    action = state.legal_actions()[0]
    notation = state.action_to_string_for(action, 0)
    assert notation.startswith("play ")
    assert table.describe(state, action) == table.move_text(notation) == "gioca " + notation.split()[1]


def test_a_typed_bridge_call_refused_names_the_last_bid_and_the_seat_in_words():
    """Issue 23: the terminal says a refusal's seat and call from the ``moves`` catalog, as the
    web does ("l'ultima dichiarazione è 1 SA", "Sud ha carte di fiori"), not "1NT" or "S";
    raccolta, Bridge, Regole: "può dichiarare 2 picche ... e non 2 fiori"."""
    with pytest.raises(IllegalActionError) as info:
        bridge_play(bridge_dealt(), "1NT").parse_action("1S")
    said = TerminalWords("it").render(info.value.message)
    assert said.startswith("mossa non consentita '1S': l'ultima dichiarazione è 1 SA: "), said
    with pytest.raises(IllegalActionError) as info:
        bridge_play(bridge_dealt(), "1NT pass pass pass CA").parse_action("DA")
    said = TerminalWords("en").render(info.value.message)
    assert said.startswith("illegal move 'DA': South holds clubs and must play one: "), said


@pytest.mark.parametrize("lang", ["it", "en"])
def test_help_gives_one_of_the_seat_s_moves_in_words_and_the_prompt_reads_it(lang):
    """The terminal's help, like the web box's hint, shows a move of this seat as the table says it
    (one that names a card); typed back at the prompt it is that move."""
    table, _ = briscola_table(lang)
    state = table.state
    line = Text.from_markup(table._said_example(state)).plain
    said = {table.say(state.action_words(action)): action for action in state.legal_actions()}
    example = next(text for text in said if f" {text}." in line)
    assert example.split()[0] == {"it": "gioca", "en": "play"}[lang]
    assert any(suit in example for suit in ("coppe", "denari", "bastoni", "spade", "cups", "coins", "batons", "swords"))
    assert state.parse_move(example) == [said[example]]

