"""Every terminal game speaks Italian first ("every string a person reads comes from the catalogs"):
``tavolo play <game>`` with no language set, help asked (``aiuto``) and the table left, shows no English
line; the trick games on any deck (Tarocchi, Peppa, Hearts) say their hands, points, tricks and results
in the players' words, played to the end.

Raccolta, "Gioco dei tarocchi": "Affinchè una partita possa terminare bisogna avere fatto almeno tre
mani" (the match is the *partita*, each deal a *mano*); "il mazziere deve scartare tre carte" (the
dealer's *scarto*). "Peppa-Chat noir-Hearts": "i giocatori ... scartano le coppie"; "il giocatore ...
porge le sue carte, coperte e aperte a ventaglio"."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tavolo.bots.bridge import BridgeBot
from tavolo.bots.peppa import SimplePeppaBot
from tavolo.bots.tarocchi import SimpleTarocchiBot
from tavolo.cli import app
from tavolo.games import make_game
from tavolo.terminal.bridge import TerminalBridge
from tavolo.terminal.peppa import TerminalPeppa
from tavolo.terminal.tarocchi import TerminalTarocchi

ENGLISH = ("players", "Hand ", "You lead", "Your hand", "points this hand", "deals", "Moves:", "Cards:",
           "vulnerable", "None", "You know", "Pairs out", "Passing", " takes", "match", "total", "Winner",
           " by ", " pass ")
"""Words of the English lines (msgids) that an Italian table never shows."""
GAMES = [["burraco"], ["scala40"], ["briscola"], ["tressette"], ["ramino"], ["machiavelli"], ["canasta"],
         ["bridge", "--samples", "1"], ["pinnacola"], ["peppa"], ["peppa", "--rules", "hearts"], ["tarocchi"],
         ["tarocchi", "--players", "4", "--accuso"], ["petrangola"], ["perlina"], ["mercante"]]
runner = CliRunner()


def english_in(text: str) -> list[str]:
    """The English markers found in ``text`` (its lines joined, as Rich wraps them)."""
    joined = " ".join(text.split())
    return [word for word in ENGLISH if word in joined]


@pytest.mark.parametrize("args", GAMES, ids=[" ".join(args) for args in GAMES])
def test_the_start_of_every_game_and_its_help_are_italian(args, tmp_path):
    result = runner.invoke(app, ["play", *args, "--seed", "1"], input="aiuto\nquit\ns\n",
                           env={"TAVOLO_LANG": None, "TAVOLO_HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert "Mosse" in result.output and "Hai lasciato il tavolo" in result.output
    assert english_in(result.output) == []


def test_tarocchi_says_mano_partita_and_the_scarto():
    out = play_to_the_end(TerminalTarocchi, make_game("tarocchi", players=3, hands=3), SimpleTarocchiBot)
    assert "Mano 1: distribuisce" in out and "ciascuno per sé" in out and "partita" in out
    assert "prende" in out and "Il tuo scarto: " in out and "Vince: " in out
    assert english_in(out) == []


@pytest.mark.parametrize("rules", ["peppa", "hearts"])
def test_peppa_and_hearts_say_the_hand_and_its_result_in_italian(rules):
    out = play_to_the_end(TerminalPeppa, make_game("peppa", rules=rules, target=None), SimplePeppaBot)
    assert "Mano 1" in out and "punti della mano" in out and "prende" in out and "carte" in out
    assert " -0," not in out and not out.rstrip().endswith("-0.")    # a hand without points is 0, not -0
    assert english_in(out) == []


def test_a_bridge_board_says_calls_and_contracts_in_italian():
    """The auction box, the contract, the result and the par say calls as the table's log does ("Passo",
    "7 SA surcontrate da Nord"), the zone in words, West as O (Ovest)."""
    out = play_to_the_end(TerminalBridge, make_game("bridge", board=1, boards=1),
                          lambda seed: BridgeBot(seed=seed, samples=1), move=-1)
    assert "Passo" in out and "surcontrate da Nord" in out and "Carla (O)" in out and "tutti in prima" in out
    assert english_in(out) == []
    box = out[out.index("Doppio morto: prese per dichiarante"):].splitlines()  # the double-dummy table
    assert box[1].split("┃")[-1].strip() == "SA" and [row.split()[0] for row in box[3:7]] == ["N", "E", "S", "O"]


def play_to_the_end(terminal, game, bot, move: int = 0) -> str:
    """What an Italian table shows while the person plays their legal move ``move`` each turn, to the end."""
    out = io.StringIO()
    table = terminal(game, {s: bot(seed=s) for s in range(1, game.num_players)}, seat=0,
                     console=Console(file=out, width=120), seed=3, lang="it",
                     read=lambda prompt: table.state.action_to_string(table.state.legal_actions()[move]))
    table.pause = None
    table.run()
    assert table.state.is_terminal()
    return out.getvalue()
