"""Scala 40, Briscola and Tressette in the terminal (tavolo play <game>): a person plays a
whole game by typed moves, mistyped and illegal moves are explained and nothing is played,
the person sees only their own hand; the command line starts, quits and refuses bad options."""

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tavolo.bots.briscola import SimpleBriscolaBot
from tavolo.bots.mercante import ValueMercanteBot
from tavolo.bots.peppa import SimplePeppaBot
from tavolo.bots.perlina import SimplePerlinaBot
from tavolo.bots.petrangola import SimplePetrangolaBot
from tavolo.bots.tarocchi import SimpleTarocchiBot
from tavolo.bots.scala40 import SimpleScala40Bot
from tavolo.bots.tressette import SimpleTressetteBot
from tavolo.cli import app
from tavolo.games import make_game
from tavolo.terminal.briscola import TerminalBriscola
from tavolo.terminal.parlour import TerminalMercante, TerminalPerlina, TerminalPetrangola
from tavolo.terminal.peppa import TerminalPeppa
from tavolo.terminal.tarocchi import TerminalTarocchi
from tavolo.terminal.scala40 import TerminalScala40
from tavolo.terminal.tressette import TerminalTressette

runner = CliRunner(env={"TAVOLO_LANG": "en", "TAVOLO_HOME": "/tmp/tavolo-test-home"})
TABLES = [
    ("scala40", dict(players=3, elimination=None), TerminalScala40, SimpleScala40Bot,
     "discard *", "a turn begins by drawing", "hand 1 ended by"),
    ("briscola", dict(players=4, rounds=1), TerminalBriscola, SimpleBriscolaBot,
     "play Kq", "unknown suit 'q'", "round 1"),
    ("tressette", dict(players=2, target=None, accusi="declared"), TerminalTressette, SimpleTressetteBot,
     "declare napoli Ad 2d 3d", "accuso", "round 1"),
    ("peppa", dict(rules="hearts", target=None), TerminalPeppa, SimplePeppaBot, "pass Kq", "unknown suit 'q'",
     "hand 1"),
    ("tarocchi", dict(players=4, hands=4), TerminalTarocchi, SimpleTarocchiBot, "play XXII", "tarocchi card",
     "hand 4"),
    ("petrangola", dict(players=9), TerminalPetrangola, SimplePetrangolaBot, "trade 9c for Kd", "unknown rank '9'",
     "pays the table"),
    ("perlina", dict(players=4, hands=3), TerminalPerlina, SimplePerlinaBot, "bet 4", "bets are 1 2 3 5", "middle"),
    ("mercante", dict(players=5), TerminalMercante, ValueMercanteBot, "offer 2 for drago", "no such figure",
     "prize"),
]


@pytest.mark.parametrize("name, options, terminal, bot, bad, why, ended", TABLES, ids=[t[0] for t in TABLES])
def test_a_person_plays_a_whole_game_in_the_terminal(name, options, terminal, bot, bad, why, ended):
    game = make_game(name, **options)
    out = io.StringIO()
    typed = []

    def read(prompt):
        typed.append("fly" if not typed else bad if len(typed) == 1 else
                     table.state.action_to_string(table.state.legal_actions()[0]))
        return typed[-1]

    table = terminal(game, {s: bot(seed=s) for s in range(1, game.num_players)}, seat=0,
                     console=Console(file=out, width=120), read=read, seed=5, lang="en")
    record = table.run()
    text = out.getvalue()
    assert "unknown move 'fly'" in text and why in text
    assert ended in text.lower() and "Winner" in text
    assert table.state.is_terminal() and record.result == table.state.returns()
    assert len(typed) > 3


@pytest.mark.parametrize("args, shown", [
    (["scala40", "--players", "2", "--seed", "1"], "draw"),
    (["briscola", "--seed", "1"], "play"),
    (["tressette", "--players", "2", "--seed", "1", "--accusi", "declared"], "play"),
    (["peppa", "--seed", "1"], "keep"),  # of three of a rank the player chooses the card kept
    (["tarocchi", "--seed", "1"], "play"),
    (["petrangola", "--players", "7", "--seed", "1"], "refuse"),
    (["perlina", "--seed", "2"], "stand"),
    (["mercante", "--players", "3", "--seed", "1"], "pass"),
])
def test_cli_play_lists_moves_and_quits_cleanly(args, shown):
    result = runner.invoke(app, ["play", *args], input="moves\nquit\n")
    assert result.exit_code == 0 and shown in result.output and "You left the table" in result.output


@pytest.mark.parametrize("args, message", [
    (["scala40", "--elimination", "150"], "choose 101 or 201"),
    (["briscola", "--rounds", "2"], "1, 3 or 5 rounds"),
    (["tressette", "--players", "3"], "4 players in partnership or by 2"),
    (["tressette", "--accusi", "sometimes"], "'declared' or 'automatic'"),
    (["peppa", "--players", "5"], "played by 4 or 6 players"),
    (["tarocchi", "--hands", "4"], "multiple of 3 hands"),
    (["petrangola", "--players", "13"], "2 to 12 players"),
    (["perlina", "--deck", "german"], "'french' (52 cards) or 'italian'"),
    (["mercante", "--prizes", "8"], "3 to 6 prizes"),
])
def test_cli_play_refuses_bad_options(args, message):
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code != 0 and message in " ".join(result.output.split())


def test_cli_play_saves_the_record_of_a_game_left_midway(tmp_path):
    from tavolo.engine.record import GameRecord
    from tavolo.games import replay

    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "briscola", "--seed", "2", "--record", str(path)], input="quit\n")
    assert result.exit_code == 0 and path.exists()
    assert replay(GameRecord.load(path)).phase == "play"


@pytest.mark.parametrize("game", ["briscola", "tressette", "tarocchi"])
def test_cli_play_seats_campione_or_the_rule_bot(game):
    """`--bot campione` seats the search bot (issue 40) at the trick games it plays; `normale`, the default,
    the game's rule bot; a spec it cannot read is refused before the game, in words."""
    from tavolo.bots.campione import CampioneBot, playout_bot
    from tavolo.cli import _bot_maker
    from tavolo.games import make_game

    table = make_game(game)
    assert isinstance(_bot_maker("campione:time=0.2", table, None)(1, 5), CampioneBot)
    rule_bot = playout_bot(table)
    assert type(_bot_maker("normale", table, rule_bot)(1, 5)) is rule_bot
    refused = runner.invoke(app, ["play", game, "--bot", "campione:time=0"], env={"TAVOLO_LANG": "en"})
    assert refused.exit_code == 2 and "time must be a number of seconds > 0" in " ".join(refused.output.split())
