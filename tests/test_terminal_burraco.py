"""tavolo play burraco as a player found it (issue 11): driven in-process by typed lines, asserting
what the screen shows."""

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tavolo.bots.simple import SimpleBurracoBot
from tavolo.cli import app
from tavolo.engine.record import GameRecord
from tavolo.games.burraco import make_game
from tavolo.games.burraco.melds import NOT_BURRACO, burraco_kind
from tavolo.games.burraco.notation import parse_meld
from tavolo.terminal.burraco import TerminalBurraco, meld_markup
from tavolo.terminal.scala40 import TerminalScala40
from tavolo.terminal.tressette import TerminalTressette
from tavolo.terminal.words import Words

from tests.burraco.helpers import position


def table(game, read, *, width=100, lang="en", **kwargs):
    out = io.StringIO()
    term = TerminalBurraco(game, {s: SimpleBurracoBot(seed=s) for s in range(1, game.num_players)}, seat=0,
                           console=Console(file=out, width=width), read=read, seed=kwargs.pop("seed", 3),
                           lang=lang, **kwargs)
    return term, out


def first_legal(term):
    return lambda prompt: term.state.action_to_string(term.state.legal_actions()[0])


def test_the_table_stops_at_the_end_of_a_hand_with_every_hand_shown():
    """The last move, the score and the next deal do not flash past: at the end of hand 1 every
    hand is shown, then the table waits for Enter before hand 2 is dealt."""
    seen = []
    term, out = table(make_game(players=2, target=5005), None, pause=lambda prompt: seen.append(out.getvalue()))
    term.read = lambda prompt: "quit" if seen else first_legal(term)(prompt)
    term.run()
    at_pause = seen[0]
    assert "Hand 1: the stock ran out" in at_pause and "you held:" in at_pause and "Anna held:" in at_pause
    assert "total" in at_pause and "Hand 2" not in at_pause
    assert "Hand 2" in out.getvalue()


def test_who_closed_is_shown_with_the_hands():
    """fedibur-1985 art. 6: closing is the end of the hand; the table says who closed."""
    state = position(hands={0: "Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c"]}, taken={0: True})
    term, out = table(state.game, None)
    term.state = state
    state.apply(state.parse_action("discard Kd"))
    term.after_step(state)
    assert "Hand 1: you closed" in out.getvalue() and "you held: no cards" in out.getvalue()


def test_pozzetti_and_burraci_are_announced_and_burraci_marked():
    """estratto "Condizioni di fine round": the pozzetto taken and each burraco with its kind are told
    as they happen, as many times as they happen; burraci are marked on the table."""
    for seed in range(3):
        term, out = table(make_game(players=4, target=None), None, seed=seed)
        term.read = first_legal(term)
        term.run()
        text = out.getvalue()
        taken = sum(p.taken for p in term.state.observation(0).pozzetti)
        announced = text.count("takes the pozzetto!") + text.count("You take the pozzetto!")
        burraci = sum(burraco_kind(m) != NOT_BURRACO for side in term.state.observation(0).melds for m in side)
        assert announced == taken and text.count("Burraco ") >= burraci
        if burraci:
            assert "★ burraco" in text


def test_long_melds_stay_on_one_line_in_suit_colours():
    """A 14-card sequence at 80 columns is one line; hearts red, the joker magenta."""
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system="standard")
    console.print("    1) " + meld_markup(parse_meld("* Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"), Words("en")))
    assert out.getvalue().count("\n") == 1
    assert "\x1b[31mKh" in out.getvalue() and "\x1b[1;35m*" in out.getvalue()


def test_seating_the_take_and_a_typo():
    """The seats and partners are shown; take says what it took; a typo gets a did-you-mean;
    a meld of two cards says a meld has three or more."""
    typed = iter(["drwa", "open 7d 7d"])
    term, out = table(make_game(players=4, target=None), None, width=200)
    term.read = lambda prompt: next(typed, None) or first_legal(term)(prompt)
    term.run()
    text = out.getvalue()
    assert "You (East), Anna (South), Bruno (West), Carla (North). Partners: You & Bruno; Anna & Carla" in text
    assert "Did you mean draw?" in text and "a meld has at least three cards, not 2" in text
    assert "take the discard pile (" in text and "You deals" not in text and "You takes" not in text


def test_no_stale_warning_about_the_single_pile_card():
    """fedibur-1985 art. 5: the one-card pile taken may be discarded when the player holds another
    identical card, so no warning then."""
    term, _ = table(make_game(players=4, target=None), None)
    warned = position(hands={0: "Kh 5c 9d"}, single="Kh").observation(0)
    assert "Kh back" in term._warnings(warned)
    assert term._warnings(position(hands={0: "Kh Kh 9d"}, single="Kh").observation(0)) == ""


def test_a_free_wild_is_said_to_be_free():
    """fedibur-1985 art. 5: a wild at an end of a sequence is free (libera); `open 6s 7s 2h` does not
    fix it below, it moves to the end the next card goes to."""
    state = position(hands={0: "6s 7s 2h Kd Qc"}, turn=0)
    term, out = table(state.game, None)
    before = state.observation(0)
    state.apply(state.parse_action("open 6s 7s 2h"))
    notes = term.announce(before, state.observation(0), 0)
    assert notes and "is free (libera)" in notes[0]
    assert "(free)" in meld_markup(state.side_melds(0)[0], Words("en"))


def test_quit_asks_saves_and_resume_deals_the_same(tmp_path):
    """quit asks first; 'n' plays on; 'y' saves; --resume goes on with the same deal and position."""
    answers = iter(["draw", "quit", "n", "moves", "quit", "y"])
    prompts = []
    path = tmp_path / "saved.json"
    term, out = table(make_game(players=2, target=505), lambda prompt: prompts.append(prompt) or next(answers),
                      save_path=path)
    term.run()
    hand_before = term.state.observation(0).hand
    assert prompts.count("Leave the table? (y/n) ") == 2 and "You left the table" in out.getvalue()
    record = GameRecord.load(path)
    assert record.actions[0] == "draw"
    again, out2 = table(make_game(players=2, target=505), lambda prompt: "quit", resume=record)
    again.run()
    assert again.state.observation(0).hand == hand_before
    assert "The saved match goes on from here." in out2.getvalue()


def test_cli_quit_saves_and_resume_plays_on(tmp_path):
    runner = CliRunner(env={"TAVOLO_LANG": "en", "TAVOLO_HOME": str(tmp_path)})
    result = runner.invoke(app, ["play", "burraco", "--players", "2", "--seed", "7", "--bot", "simple"],
                           input="draw\nquit\ny\n")
    assert result.exit_code == 0 and "--resume" in result.output
    saved = json.loads((tmp_path / "saved" / "burraco.json").read_text())
    assert saved["actions"][0] == "draw" and saved["options"]["players"] == 2
    result = runner.invoke(app, ["play", "burraco", "--resume", "--bot", "simple"], input="quit\ny\n")
    assert result.exit_code == 0 and "goes on from here" in result.output
    result = CliRunner(env={"TAVOLO_LANG": "en", "TAVOLO_HOME": str(tmp_path / "none")}).invoke(
        app, ["play", "burraco", "--resume"])
    assert result.exit_code != 0 and "cannot resume the burraco match" in result.output
    saved["actions"].append("fly away")
    (tmp_path / "saved" / "burraco.json").write_text(json.dumps(saved))
    result = runner.invoke(app, ["play", "burraco", "--resume"])
    assert result.exit_code != 0 and "cannot resume the burraco match" in result.output and "fly" in result.output


def test_italian_first_and_english_by_option():
    """Every sentence from the cli catalog: Italian by default, English with --lang en."""
    runner = CliRunner(env={"TAVOLO_LANG": None, "TAVOLO_HOME": "/tmp/tavolo-test-home"})
    result = runner.invoke(app, ["play", "burraco", "--players", "2", "--seed", "1"], input="quit\ns\n")
    assert "La tua mano" in result.output and "Hai lasciato il tavolo" in result.output
    result = runner.invoke(app, ["play", "burraco", "--players", "2", "--seed", "1", "--lang", "en"],
                           input="quit\ny\n")
    assert "Your hand" in result.output and "You left the table" in result.output


def test_a_thinking_bot_is_shown():
    """A bot that thinks (ismcts, seconds a move) shows that it does, on a real terminal."""
    out = io.StringIO()
    game = make_game(players=2, target=None)
    term = TerminalBurraco(game, {1: SimpleBurracoBot(seed=1)}, seat=0, read=lambda p: "quit", seed=3, lang="en",
                           console=Console(file=out, width=100, force_terminal=True))
    term.read = lambda prompt: "quit" if term.state.observation(0).turn_number > 1 else \
        term.state.action_to_string(term.state.legal_actions()[0])
    term.run()
    assert "Anna is thinking…" in out.getvalue()


# --- the other games' tables ------------------------------------------------------------------

def test_scala40_hand_table_has_row_labels_and_no_minus_zero():
    from tavolo.bots.scala40 import SimpleScala40Bot
    from tavolo.games import make_game as any_game

    game = any_game("scala40", players=2, elimination=None)
    out = io.StringIO()
    term = TerminalScala40(game, {1: SimpleScala40Bot(seed=1)}, seat=0, console=Console(file=out, width=120),
                           read=None, seed=2, lang="en")
    term.read = lambda prompt: term.state.action_to_string(term.state.legal_actions()[0])
    term.run()
    text = out.getvalue()
    assert "points of the hand" in text and "total" in text and "-0 " not in text and "-0\n" not in text


@pytest.mark.parametrize("units, shown", [(0, "0"), (1, "⅓"), (2, "⅔"), (3, "1"), (11, "3⅔")])
def test_tressette_thirds_read_like_a_scorer_writes_them(units, shown):
    assert TerminalTressette.points_text(None, units) == shown


@pytest.mark.parametrize("players, stock", [(4, False), (2, True)])
def test_tressette_shows_a_stock_only_where_there_is_one(players, stock):
    """Tressette by four deals every card (tressette.info): no 'stock 0' line; by two the stock is drawn."""
    import random

    from tavolo.bots.tressette import SimpleTressetteBot
    from tavolo.games import make_game as any_game

    game = any_game("tressette", players=players, target=None)
    term = TerminalTressette(game, {s: SimpleTressetteBot(seed=s) for s in range(1, players)}, seat=0,
                             console=Console(file=io.StringIO()), read=lambda p: "quit", lang="en")
    state = game.new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(1)))
    assert ("stock (tallone)" in term._status_line(state.observation(0))) == stock
