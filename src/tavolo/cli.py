"""The ``tavolo`` command line (Typer + Rich), in the reader's language: ``--help`` and every message from the
``cli`` catalog (:mod:`tavolo.terminal.words`), Italian unless ``TAVOLO_LANG`` (read at start for ``--help``) or a
command's ``--lang`` says English; ``tavolo tournament`` speaks from its own catalog."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from collections.abc import Callable
from typing import Any, Optional

import typer
from rich.console import Console

from tavolo.arena.exploit_cli import exploit
from tavolo.i18n.typer_help import localize_help
from tavolo.terminal.words import Words
from tavolo.tournament_cli import app as tournament_app

app = typer.Typer(
    help="Tavolo: Italian card games, Burraco at its heart. Play, count a hand, run a tournament, measure bots.",
    no_args_is_help=True,
    add_completion=False,
)
play_app = typer.Typer(help="Play a game in the terminal against bots.", no_args_is_help=True)
burraco_app = typer.Typer(help="Burraco tools for the real table.", no_args_is_help=True)
bridge_app = typer.Typer(help="Bridge tools: PBN and LIN files, double-dummy analysis, travellers.",
                         no_args_is_help=True)
app.add_typer(play_app, name="play")
app.add_typer(burraco_app, name="burraco")
app.add_typer(bridge_app, name="bridge")
app.add_typer(tournament_app, name="tournament")


@app.callback()
def tavolo(ctx: typer.Context) -> None:
    """Hand every command the reader's words (``ctx.obj``): the ``cli`` catalog in ``TAVOLO_LANG``'s language."""
    ctx.obj = Words()


REDIS_TIMEOUT_S = 3
RULES_HELP = "Rule set: fibur (default), fedibur1985 or internazionale."


SEED = typer.Option(None, help="Seed of the shuffles (default: unpredictable).")
LANG = typer.Option(None, help="Language: it (default) or en; or set TAVOLO_LANG.")
RECORD = typer.Option(None, help="Save the game record (JSON) to this file.")
TRICK_BOT = typer.Option("normale", help="The bots: normale (the game's rule bot) or campione (a search over the "
                                         "deals you could be facing, about a second a move; campione:time=0.3 is quicker).")


@play_app.command("burraco")
def play_burraco(
    rules: str = typer.Option("fibur", help=RULES_HELP),
    players: int = typer.Option(4, min=2, max=6, help="Players at the table, you included."),
    target: int = typer.Option(2005, help="Match target: 505, 1005, 2005, 3005 or 5005."),
    bot: str = typer.Option("heuristic:normal", help="The bots' spec: random, simple, heuristic:easy|normal|strong, "
                                                      "pimc (the champion, which beats strong), ismcts:time=1 (a second per move)."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
    resume: bool = typer.Option(False, "--resume", help="Go on with the match saved when you quit "
                                                         "(its rules, players and target)."),
    lang: Optional[str] = LANG,
) -> None:
    """Play Burraco against bots: you sit at seat 0 and play first.

    Example: tavolo play burraco --players 2 --target 505 --bot heuristic:strong
    """
    from tavolo.bots.registry import make_bot
    from tavolo.games.burraco import make_game
    from tavolo.terminal.burraco import TerminalBurraco

    game, saved = _new_or_saved("burraco", resume, lang, make_game, rules, players=players, target=target)
    try:
        make_bot(bot, game, seat=1)
    except (ValueError, TypeError) as exc:
        raise typer.BadParameter(Words(lang).render(exc.args[0]), param_hint="--bot") from None
    _play(TerminalBurraco, game, lambda seat, seed: make_bot(bot, game, seat, seed), seed, record,
          lang=lang, resume=saved, resumable=True)


@play_app.command("scala40")
def play_scala40(
    players: int = typer.Option(4, min=2, max=6, help="Players at the table, you included."),
    elimination: int = typer.Option(101, help="Points that put a player out: 101 or 201 (art. 8)."),
    single_hand: bool = typer.Option(False, "--single-hand", help="Play one hand instead of a match."),
    open_with_discard: bool = typer.Option(False, help="Variant art. 9a: take the last discard to open with it."),
    closing_in_hand: bool = typer.Option(False, help="Variant art. 9b: closing all at once doubles the points."),
    open_without_joker: bool = typer.Option(False, help="Variant art. 9c: no joker in an opening under 40 clean."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Scala 40 (FISCA rules) against bots: you sit at seat 0 and play first.

    Example: tavolo play scala40 --players 3 --elimination 201 --open-with-discard
    """
    from tavolo.bots.scala40 import SimpleScala40Bot
    from tavolo.games.scala40 import make_game
    from tavolo.terminal.scala40 import TerminalScala40

    game = _game(make_game, players=players, elimination=None if single_hand else elimination,
                 open_with_discard=open_with_discard, closing_in_hand=closing_in_hand,
                 open_without_joker=open_without_joker)
    _play(TerminalScala40, game, lambda seat, seed: SimpleScala40Bot(seed=seed), seed, record)


@play_app.command("briscola")
def play_briscola(
    players: int = typer.Option(2, min=2, max=4, help="2, 3 (a 2 taken out) or 4 (partners facing)."),
    rounds: int = typer.Option(1, help="A match of 1, 3 or 5 rounds."),
    bot: str = TRICK_BOT,
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Briscola against bots: you sit at seat 0 and lead first.

    Example: tavolo play briscola --players 4 --rounds 3
    """
    from tavolo.bots.briscola import SimpleBriscolaBot
    from tavolo.games.briscola import make_game
    from tavolo.terminal.briscola import TerminalBriscola

    game = _game(make_game, players=players, rounds=rounds)
    _play(TerminalBriscola, game, _bot_maker(bot, game, SimpleBriscolaBot), seed, record)


@play_app.command("tressette")
def play_tressette(
    players: int = typer.Option(4, help="4 (partners facing) or 2 (drawing from the stock)."),
    target: int = typer.Option(31, help="Match target: 21, 31 or 41."),
    single_round: bool = typer.Option(False, "--single-round", help="Play one round instead of a match."),
    accusi: Optional[str] = typer.Option(None, help="Count accusi: 'declared' (you declare them) or 'automatic'."),
    ends_at_target: bool = typer.Option(False, help="The match ends the moment a side reaches the target."),
    bot: str = TRICK_BOT,
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Tressette against bots: you sit at seat 0.

    Example: tavolo play tressette --players 2 --target 21 --accusi declared
    """
    from tavolo.bots.tressette import SimpleTressetteBot
    from tavolo.games.tressette import make_game
    from tavolo.terminal.tressette import TerminalTressette

    game = _game(make_game, players=players, target=None if single_round else target, accusi=accusi,
                 ends_at_target=ends_at_target)
    _play(TerminalTressette, game, _bot_maker(bot, game, SimpleTressetteBot), seed, record)


@play_app.command("ramino")
def play_ramino(
    players: int = typer.Option(4, min=2, max=7, help="Players at the table, you included (2 to 7)."),
    cards: int = typer.Option(10, help="Cards each: 10, 7 or 9."),
    closing: int = typer.Option(0, help="0 closes only a zero; 5 or 10 closes ai punti with loose cards up to that."),
    match: str = typer.Option("101", help="'101' (out over 101), 'hands' (a number of hands with fiches) or 'one'."),
    hands: int = typer.Option(10, help="Hands of a match with fiches."),
    reentry: bool = typer.Option(False, help="Who goes over 101 comes back once at the worst score."),
    same_suit_tris: bool = typer.Option(False, help="Tris and quartetti may repeat a suit (by agreement)."),
    joker: int = typer.Option(25, help="What a joker left in hand costs: 25 or 20."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
    resume: bool = typer.Option(False, "--resume", help="Go on with the match saved when you quit."),
    lang: Optional[str] = LANG,
) -> None:
    """Play Ramino against bots: you sit at seat 0 and play first.

    Example: tavolo play ramino --players 3 --closing 10 --reentry
    """
    from tavolo.bots.ramino import SimpleRaminoBot
    from tavolo.games.ramino import make_game
    from tavolo.terminal.ramino import TerminalRamino

    game, saved = _new_or_saved("ramino", resume, lang, make_game, players=players, hand_size=cards,
                                closing_limit=closing, match=None if match == "one" else match, hands=hands,
                                reentry=reentry, same_suit_groups=same_suit_tris, joker_penalty=joker)
    o = game.options
    _play(TerminalRamino, game, lambda seat, seed: SimpleRaminoBot(seed, o.same_suit_groups, o.joker_penalty), seed,
          record, lang=lang, resume=saved)


@play_app.command("machiavelli")
def play_machiavelli(
    players: int = typer.Option(4, min=2, max=10, help="Players at the table, you included (2 to 5; up to 10 with 8 cards)."),
    cards: int = typer.Option(0, help="Cards each: 13, or 8 at a crowded table (default by the table size)."),
    hands: int = typer.Option(0, help="Hands of the match (default: one dealt by each player)."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
    resume: bool = typer.Option(False, "--resume", help="Go on with the match saved when you quit."),
    lang: Optional[str] = LANG,
) -> None:
    """Play Machiavelli against bots that lay the most cards they can: you sit at seat 0 and play first.

    Example: tavolo play machiavelli --players 3
    """
    from tavolo.bots.machiavelli import SolverMachiavelliBot
    from tavolo.games.machiavelli import make_game
    from tavolo.terminal.machiavelli import TerminalMachiavelli

    game, saved = _new_or_saved("machiavelli", resume, lang, make_game, players=players, hand_size=cards, hands=hands)
    _play(TerminalMachiavelli, game, lambda seat, seed: SolverMachiavelliBot(seed), seed, record, lang=lang,
          resume=saved, resumable=True)


@play_app.command("canasta")
def play_canasta(
    players: int = typer.Option(4, min=2, max=4, help="Players at the table, you included: 4 in pairs, or 2, 3."),
    target: int = typer.Option(15000, help="Match target (15000 as usual)."),
    single_hand: bool = typer.Option(False, "--single-hand", help="Play one hand instead of a match."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
    resume: bool = typer.Option(False, "--resume", help="Go on with the match saved when you quit."),
    lang: Optional[str] = LANG,
) -> None:
    """Play Canasta (the Italian three-deck game) against bots: you sit at seat 0 and play first.

    Example: tavolo play canasta --players 2 --single-hand
    """
    from tavolo.bots.canasta import SimpleCanastaBot
    from tavolo.games.canasta import make_game
    from tavolo.terminal.canasta import TerminalCanasta

    game, saved = _new_or_saved("canasta", resume, lang, make_game, players=players,
                                target=None if single_hand else target)
    _play(TerminalCanasta, game, lambda seat, seed: SimpleCanastaBot(seed), seed, record, lang=lang,
          resume=saved, resumable=True)


@play_app.command("bridge")
def play_bridge(
    scoring: str = typer.Option("duplicate", help="'duplicate' (board by board) or 'rubber' (partita libera)."),
    board: int = typer.Option(1, help="Duplicate: the first board (dealer and vulnerability by its number)."),
    boards: int = typer.Option(4, help="Duplicate: how many boards to play."),
    samples: int = typer.Option(8, min=1, help="The bots' card play: deals solved double-dummy per card."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
    resume: bool = typer.Option(False, "--resume", help="Go on with the match saved when you quit."),
    lang: Optional[str] = LANG,
) -> None:
    """Play bridge with a bot partner against two bots: you sit North.

    Example: tavolo play bridge --scoring rubber
    """
    from tavolo.bots.bridge import BridgeBot
    from tavolo.games.bridge import make_game
    from tavolo.terminal.bridge import TerminalBridge

    game, saved = _new_or_saved("bridge", resume, lang, make_game, scoring=scoring, board=board, boards=boards)
    _play(TerminalBridge, game, lambda seat, seed: BridgeBot(seed=seed, samples=samples), seed, record,
          lang=lang, resume=saved, resumable=True)


@play_app.command("pinnacola")
def play_pinnacola(
    players: int = typer.Option(4, min=2, max=4, help="Players at the table, you included: 4 in pairs, or 2, 3."),
    alone: bool = typer.Option(False, "--alone", help="At four, each plays alone instead of in pairs."),
    cards: int = typer.Option(13, help="Cards each: 13, 15 or 19."),
    target: int = typer.Option(1500, help="Match target: 1500, 2000 or 2500."),
    single_hand: bool = typer.Option(False, "--single-hand", help="Play one hand instead of a match."),
    joker: int = typer.Option(25, help="What a matta is worth: 25 or 30."),
    clean_run: int = typer.Option(7, help="A run without wilds of this many cards doubles: 7 or 6."),
    swap_must_meld: bool = typer.Option(False, help="A matta taken off the table must be melded at once."),
    poker_and_pinnacola: bool = typer.Option(False, help="Closing needs a poker and a pinnacola."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
    resume: bool = typer.Option(False, "--resume", help="Go on with the match saved when you quit."),
    lang: Optional[str] = LANG,
) -> None:
    """Play Pinnacola against bots: you sit at seat 0, your partner facing you.

    Example: tavolo play pinnacola --players 2 --target 2000 --poker-and-pinnacola
    """
    from tavolo.bots.pinnacola import SimplePinnacolaBot
    from tavolo.games.pinnacola import make_game
    from tavolo.terminal.pinnacola import TerminalPinnacola

    game, saved = _new_or_saved("pinnacola", resume, lang, make_game, players=players,
                                partnerships=(players == 4 and not alone), hand_size=cards,
                                target=None if single_hand else target, joker_points=joker, clean_run=clean_run,
                                swap_must_meld=swap_must_meld, poker_and_pinnacola=poker_and_pinnacola)
    _play(TerminalPinnacola, game, lambda seat, seed: SimplePinnacolaBot(seed), seed, record, lang=lang, resume=saved)


@play_app.command("peppa")
def play_peppa(
    players: int = typer.Option(4, help="4, or 6 (Peppa only)."),
    target: int = typer.Option(100, help="The match ends past 100 (the two lowest win) or past 50 (each pays "
                                         "the lowest the difference)."),
    single_hand: bool = typer.Option(False, "--single-hand", help="Play one hand instead of a match."),
    rules: str = typer.Option("peppa", help="'peppa' (the seed's rules) or 'hearts' (classic Hearts)."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Peppa (or Hearts) against bots: you sit at seat 0.

    Example: tavolo play peppa --rules hearts
    """
    from tavolo.bots.peppa import SamplingPeppaBot, SimplePeppaBot
    from tavolo.games.peppa import make_game
    from tavolo.terminal.peppa import TerminalPeppa

    game = _game(make_game, rules=rules, players=players, target=None if single_hand else target)
    bot = SimplePeppaBot if game.options.hearts else lambda seed: SamplingPeppaBot(game, seed=seed)
    _play(TerminalPeppa, game, lambda seat, seed: bot(seed=seed), seed, record)


@play_app.command("tarocchi")
def play_tarocchi(
    players: int = typer.Option(3, help="3 (each for himself) or 4 (partners facing)."),
    hands: int = typer.Option(0, help="Hands in the match, a multiple of the players (default: one deal each)."),
    accuso: bool = typer.Option(False, help="Score ten trumps or two or more honours at the start."),
    bot: str = TRICK_BOT,
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Tarocchi against bots: you sit at seat 0.

    Example: tavolo play tarocchi --players 4 --accuso
    """
    from tavolo.bots.tarocchi import SimpleTarocchiBot
    from tavolo.games.tarocchi import make_game
    from tavolo.terminal.tarocchi import TerminalTarocchi

    game = _game(make_game, players=players, hands=hands, accuso=accuso)
    _play(TerminalTarocchi, game, _bot_maker(bot, game, SimpleTarocchiBot), seed, record)


@play_app.command("petrangola")
def play_petrangola(
    players: int = typer.Option(6, help="2 to 12 players, you included (6 or 7 is ideal)."),
    tokens: int = typer.Option(3, help="Tokens in each puglia."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Petrangola against bots: you sit at seat 0; the last one with tokens takes the table.

    Example: tavolo play petrangola --players 7
    """
    from tavolo.bots.petrangola import SimplePetrangolaBot
    from tavolo.games.petrangola import make_game
    from tavolo.terminal.parlour import TerminalPetrangola

    game = _game(make_game, players=players, tokens=tokens)
    _play(TerminalPetrangola, game, lambda seat, seed: SimplePetrangolaBot(seed=seed), seed, record)


@play_app.command("perlina")
def play_perlina(
    players: int = typer.Option(5, help="2 to 9 players, you included."),
    deck: str = typer.Option("french", help="'french' (52 cards) or 'italian' (40)."),
    tokens: int = typer.Option(40, help="Tokens each player starts with."),
    stake: int = typer.Option(1, help="The ante, and the price of a change."),
    hands: int = typer.Option(10, help="Hands to play (more while a tie leaves the pot)."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Perlina against bots: you sit at seat 0.

    Example: tavolo play perlina --players 4 --deck italian
    """
    from tavolo.bots.perlina import SimplePerlinaBot
    from tavolo.games.perlina import make_game
    from tavolo.terminal.parlour import TerminalPerlina

    game = _game(make_game, players=players, deck=deck, tokens=tokens, stake=stake, hands=hands)
    _play(TerminalPerlina, game, lambda seat, seed: SimplePerlinaBot(seed=seed), seed, record)


@play_app.command("mercante")
def play_mercante(
    players: int = typer.Option(8, help="2 to 24 players, you included; the house is the mercante."),
    tokens: int = typer.Option(30, help="Tokens each player starts with."),
    stake: int = typer.Option(3, help="The stake each pays the mercante (posta)."),
    prizes: int = typer.Option(3, help="3 to 6 prizes."),
    no_trading: bool = typer.Option(False, "--no-trading", help="No buying of cards between players."),
    mercante: str = typer.Option("house", help="'house', or 'player': the last seat is the mercante."),
    offers: str = typer.Option("prizes", help="When offers open: 'prizes' (before each prize card) or 'every' "
                                              "(before every red card)."),
    seed: Optional[int] = SEED,
    record: Optional[Path] = RECORD,
) -> None:
    """Play Mercante in fiera against bots: you sit at seat 0.

    Example: tavolo play mercante --players 8 --prizes 4
    """
    from tavolo.bots.mercante import ValueMercanteBot
    from tavolo.games.mercante import make_game
    from tavolo.terminal.parlour import TerminalMercante

    game = _game(make_game, players=players, tokens=tokens, stake=stake, prizes=prizes, trading=not no_trading,
                 mercante=mercante, offers=offers)
    _play(TerminalMercante, game, lambda seat, seed: ValueMercanteBot(seed=seed), seed, record)


def _game(make_game, *args, lang: Optional[str] = None, **options):
    """The game, or the options' error as a bad parameter, said in ``lang``."""
    try:
        return make_game(*args, **options)
    except ValueError as exc:
        raise typer.BadParameter(Words(lang).render(exc.args[0])) from None


def _bot_maker(spec: str, game, rule_bot) -> Callable[[int, Optional[int]], Any]:
    """The bots of a trick game's ``--bot``: ``normale``, the game's rule bot, or a registry spec
    (``campione``, ``campione:time=0.3``), refused in words before the game starts."""
    if spec == "normale":
        return lambda seat, seed: rule_bot(seed=seed)
    from tavolo.bots.registry import make_bot

    try:
        make_bot(spec, game, seat=1)
    except (ValueError, TypeError) as exc:
        raise typer.BadParameter(Words(None).render(exc.args[0]), param_hint="--bot") from None
    return lambda seat, seed: make_bot(spec, game, seat, seed)


def _play(terminal, game, make_bot, seed: Optional[int], record: Optional[Path], lang: Optional[str] = None,
          resume=None, resumable: bool = False) -> None:
    """You at seat 0 against ``make_bot(seat, seed)`` in every other seat; the record saved if asked;
    for a ``resumable`` game ``quit`` saves the match for ``--resume``, which a finished match clears."""
    from tavolo.terminal.table import saved_match_path

    words = Words(lang)
    _writable(record, "--record", words)  # before the game, not after it
    bots = {s: make_bot(s, None if seed is None else seed + s) for s in range(1, game.num_players)}
    saved = saved_match_path(game.name)
    try:
        result = terminal(game, bots, seat=0, seed=seed, lang=lang, save_path=saved if resumable else None,
                          resume=resume).run()
    except (EOFError, KeyboardInterrupt):
        return
    if result.result is not None and resume is not None:
        saved.unlink(missing_ok=True)
    if record:
        _save(record, result.save, words)
        Console().print(words("Game record saved to {path}", path=record), soft_wrap=True)  # the path whole


def _writable(path: Optional[Path], hint: str, words: Words, folder: bool = False) -> None:
    """Refuse an output ``path`` (a file, or a ``folder`` of files) that cannot be written, before the work."""
    from tavolo.engine.files import UnwritablePath, writable_file, writable_folder

    if path is None:
        return
    try:
        (writable_folder if folder else writable_file)(path)
    except UnwritablePath as exc:
        raise typer.BadParameter(words.render(exc.message), param_hint=hint) from None


def _save(path: Path, write, words: Words, folder: bool = False) -> None:
    """``write(path)`` at the end of the work; if it fails now, the work kept elsewhere and said where (exit 1)."""
    from rich.markup import escape

    from tavolo.engine.files import UnwritablePath, save

    try:
        save(path, write, folder)
    except UnwritablePath as exc:
        Console(stderr=True, soft_wrap=True).print(f"[red]{escape(words.render(exc.message))}[/]")
        raise typer.Exit(1) from None


def _new_or_saved(name: str, resume: bool, lang: Optional[str], make_game, *args, **options):
    """The match of ``name`` saved by ``quit`` when ``--resume`` asks for it, else a new game of ``options``:
    ``(game, saved record or None)``."""
    from tavolo.games import make_game_from_json

    saved = _saved_match(name, resume, lang)
    if saved is None:
        return _game(make_game, *args, lang=lang, **options), None
    return _game(make_game_from_json, name, saved.options, lang=lang), saved


def _saved_match(game: str, resume: bool, lang: Optional[str]):
    """The match saved by ``quit``, when ``--resume`` asks for it."""
    from tavolo.engine.record import GameRecord
    from tavolo.terminal.table import saved_match_path

    if not resume:
        return None
    from tavolo.games import replay

    path = saved_match_path(game)
    try:
        saved = GameRecord.load(path)
        replay(saved)  # a saved match that no longer replays is refused here, not half-way
        return saved
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        from tavolo.terminal.words import Words

        raise typer.BadParameter(Words(lang)("cannot resume the {game} match saved at {path}: {reason}", game=game,
                                             path=path, reason=exc), param_hint="--resume") from None


BRIDGE_FILE = "A bridge file: a game record of tavolo play bridge --record (.json), PBN (.pbn) or LIN (.lin)."
BRIDGE_BOARDS = "A PBN (.pbn) or LIN (.lin) file of one or more boards, or a game record (.json)."
SEAT_NAMES = ("North", "East", "South", "West")
SIDE_NAMES = ("North-South", "East-West")
TRAVELLER_COLUMNS = ("Table", "Contract", "Declarer", "Tricks", "Score NS", "MP NS", "% NS", "IMP NS")


@bridge_app.command("pbn")
def bridge_pbn(file: Path = typer.Argument(..., help=BRIDGE_FILE), lang: Optional[str] = LANG) -> None:
    """Print bridge boards as a PBN file, one board per hand: a recorded game, or a LIN or PBN file.

    Example: tavolo bridge pbn game.json > game.pbn
    """
    from tavolo.games.bridge.pbn import dumps

    typer.echo(dumps(_bridge_boards(file, Words(lang)), names=_bridge_names(file)), nl=False)


@bridge_app.command("lin")
def bridge_lin(file: Path = typer.Argument(..., help=BRIDGE_FILE), lang: Optional[str] = LANG) -> None:
    """Print bridge boards as LIN, the form BBO shares hands in, one line per board: a recorded
    game, or a PBN or LIN file. A LIN file given to pbn, analyse or traveller is read as LIN.

    Example: tavolo bridge lin club-night.pbn > club-night.lin
    """
    from tavolo.games.bridge.lin import dumps

    words = Words(lang)
    boards = _bridge_boards(file, words)
    typer.echo(_bridge_checked(file, words, lambda: dumps(boards, names=_bridge_names(file))), nl=False)


@bridge_app.command("analyse")
def bridge_analyse(file: Path = typer.Argument(..., help=BRIDGE_BOARDS), lang: Optional[str] = LANG) -> None:
    """Each board of a file replayed by the rules: dealer, vulnerability, contract, result and
    the declarer's side's score, double-dummy tricks in the contract against the tricks taken,
    the double-dummy table of every denomination for every declarer, and the par (endplay/DDS).
    A board with a contract and a result but no auction or play is scored as that result.

    Example: tavolo bridge analyse club-night.pbn
    """
    from tavolo.games.bridge.analysis import table_text

    words = Words(lang)
    for state in _bridge_boards(file, words):
        line, analysis = _analysed(state, words)
        typer.echo(line)
        typer.echo(table_text(analysis))


def _analysed(state, words: Words) -> tuple:
    """A board's line (dealer, vulnerability, contract, result, the declarer's side's score (in
    rubber, what the hand wrote on its sheet less the other side's), its double-dummy tricks
    against the tricks taken, par) and its double-dummy analysis."""
    from tavolo.games.bridge.analysis import analyse
    from tavolo.games.bridge.boards import is_over
    from tavolo.games.bridge.cards import pbn_deal, side_of

    done = state.hand_results[-1] if is_over(state) else None
    dealer, vulnerability = (done.dealer, done.vulnerability) if done else (state.dealer, state.vulnerability)
    contract = state.contract
    a = analyse(pbn_deal(state.dealt_hands()), vulnerability, dealer, str(contract) if contract else None)
    line = _board_heading(done.number if done else state.board, dealer, vulnerability, words) + ": "
    if contract is None:
        line += words("no contract") if done else words("the auction is not over")
    elif done:
        side = side_of(contract.declarer)
        score = done.points[side] - (done.points[1 - side] if state.game.options.scoring == "rubber" else 0)
        line += words("{contract}, {tricks} tricks: {side} {score}", contract=contract, tricks=done.tricks,
                      side=words(SIDE_NAMES[side]), score=f"{score:+d}")
        difference = done.tricks - a.dd_tricks
        line += words("; double dummy {tricks} tricks ({difference} at the table)", tricks=a.dd_tricks,
                      difference=f"{difference:+d}" if difference else "=")
    else:
        line += words("{contract}, in play: {tricks} of 13 tricks played", contract=contract,
                      tricks=len(state.tricks)) + words("; double dummy {tricks} tricks", tricks=a.dd_tricks)
    return line + words("; par {score} ({contracts})", score=a.par_score,
                        contracts=", ".join(a.par_contracts) or "-"), a


@bridge_app.command("traveller")
def bridge_traveller(file: Path = typer.Argument(..., help=BRIDGE_BOARDS), lang: Optional[str] = LANG) -> None:
    """The traveller of each board: every table's contract, declarer, tricks and North-South
    score, with matchpoints (2 for each score beaten, 1 for each tie, and the percentage of
    the top) and cross-IMPs (the score against every other table's, averaged). The file holds
    each board once per table that played it, with the same number and deal.

    Example: tavolo bridge traveller club-night.pbn
    """
    from rich.box import SIMPLE_HEAD
    from rich.table import Table

    from tavolo.games.bridge.cards import SEATS
    from tavolo.games.bridge.traveller import travellers

    words = Words(lang)
    boards = _bridge_boards(file, words)
    console = Console()
    for traveller in _bridge_checked(file, words, lambda: travellers(boards)):
        heading = _board_heading(traveller.number, traveller.dealer, traveller.vulnerability, words)
        table = Table(title=words("{board}, top {top}", board=heading, top=traveller.top), box=SIMPLE_HEAD)
        for column in TRAVELLER_COLUMNS:
            label = words(column)
            table.add_column(label, justify="left" if column in ("Contract", "Declarer") else "right",
                             min_width=len(label))
        for row in traveller.tables:
            r = row.result
            contract, declarer = r.contract.split(" by ") if r.contract else (words("passed out"), "")
            table.add_row(str(row.table), contract, words(SEAT_NAMES[SEATS.index(declarer)]) if declarer else "-",
                          str(r.tricks) if r.contract else "-", f"{r.points[0]:+d}" if r.points[0] else "0",
                          f"{row.matchpoints:g}", f"{row.percent:.0f}", f"{row.imps:+.2f}")
        console.print(table)
    console.print(words("MP: matchpoints, 2 for each score beaten and 1 for each tie; IMP: cross-IMPs, the score "
                        "against every other table's, averaged. East-West's: the top less North-South's "
                        "matchpoints, minus their IMPs."))


def _board_heading(number: int, dealer: int, vulnerability: int, words: Words) -> str:
    from tavolo.terminal.bridge import VULNERABLE

    return words("Board {number}, dealer {dealer}, {vulnerable}", number=number, dealer=words(SEAT_NAMES[dealer]),
                 vulnerable=words(VULNERABLE[vulnerability]))


def _bridge_boards(path: Path, words: Words) -> list:
    """The boards of a bridge file by its extension: a game record's hands, a PBN's or a LIN's boards."""
    from tavolo.engine.record import GameRecord
    from tavolo.games.bridge import lin, pbn
    from tavolo.games.bridge.boards import record_states

    kind = path.suffix.lower()
    if kind not in (".json", ".pbn", ".lin"):
        _bridge_refuse(f"{path}: {words('a bridge file is a game record (.json), PBN (.pbn) or LIN (.lin)')}")
    if kind == ".json":
        record = _bridge_checked(path, words, lambda: GameRecord.load(path), "{path}: not a game record: {reason}")
        if record.game != "bridge":
            _bridge_refuse(words("{record} is a record of {game}, not of bridge", record=path, game=record.game))
        return _bridge_checked(path, words, lambda: record_states(record), "{path}: the record does not replay: {reason}")
    text = _bridge_checked(path, words, lambda: _bridge_text(path))
    return _bridge_checked(path, words, lambda: (lin if kind == ".lin" else pbn).loads(text))


def _bridge_names(path: Path) -> list[str]:
    """The players a game record names, North, East, South, West, once ``_bridge_boards`` has
    read it; none for a PBN or LIN file."""
    from tavolo.engine.record import GameRecord

    return GameRecord.load(path).seats if path.suffix.lower() == ".json" else []


def _bridge_text(path: Path) -> str:
    """The file's text: UTF-8, else Latin-1 (PBN's own character set, ISO 8859-1)."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _bridge_checked(path: Path, words: Words, work, damaged: str | None = None):
    """``work()``, or the file refused in one line: the file and why, in the reader's language;
    ``damaged``: the msgid (with ``{path}`` and ``{reason}``) that says what a file that is not
    what it should be is, where the reason is Python's rather than Tavolo's."""
    try:
        return work()
    except OSError as exc:
        _bridge_refuse(words("cannot read {path}: {reason}", path=path, reason=exc.strerror))
    except RecursionError:
        _bridge_refuse(words("{path}: brackets nested too deeply to read", path=path))
    except UnicodeDecodeError:
        _bridge_refuse(words("{path}: not a text file (UTF-8)", path=path))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        _bridge_refuse(words(damaged, path=path, reason=exc) if damaged else f"{path}: {words.render(exc)}")


def _bridge_refuse(message: str) -> None:
    """Say ``message`` on one line (a path in it whole, never wrapped) and stop as a bad parameter does (2)."""
    from rich.markup import escape

    Console(stderr=True, soft_wrap=True).print(f"[red]{escape(message)}[/]")
    raise typer.Exit(2)


@burraco_app.command("score")
def burraco_score(
    file: Optional[Path] = typer.Argument(None, help="The score sheet (text or JSON); '-' reads standard input."),
    rules: Optional[str] = typer.Option(None, help=RULES_HELP + " Overrides the sheet's 'rules:' line."),
    as_json: bool = typer.Option(False, "--json", help="Print the breakdown as JSON."),
    schema: bool = typer.Option(False, "--schema", help="Print the JSON Schema of a score sheet and stop."),
    lang: Optional[str] = LANG,
) -> None:
    """Count the points of a hand played at a real table.

    The sheet lists, for each side, its melds, the cards left in each player's
    hand, whether it took its pozzetto and whether it closed:

    \b
        side: Noi
          closed: yes
          pozzetto: taken
          meld: 3h 4h 5h 6h 7h 8h 9h
          meld: Kd Kc Ks *(K)
          hand:
          hand: 7c 8d
        side: Loro
          pozzetto: not taken
          meld: Ah Ad As
          hand: Qs Qd 4c
          hand: 5h

    Example: tavolo burraco score hand.txt --rules internazionale
    """
    from rich.markup import escape

    from tavolo.games.burraco.scoresheet import SHEET_SCHEMA, SheetError, parse_sheet, score_sheet, sheet_text
    from tavolo.terminal.words import Words

    words = Words(lang)
    if schema:
        typer.echo(json.dumps(SHEET_SCHEMA, indent=1))
        return
    if file is None:
        raise typer.BadParameter(words("name the score sheet, or '-' for standard input"), param_hint="FILE")
    data = sys.stdin.buffer.read() if str(file) == "-" else _read_bytes(file, words)
    try:
        sheet = parse_sheet(sheet_text(data), rules)
    except (SheetError, RecursionError) as exc:
        said = words.render(exc.message) if isinstance(exc, SheetError) else words("brackets nested too deeply to read")
        Console(stderr=True, soft_wrap=True).print(f"[red]{escape(str(file))}: {escape(said)}[/]")
        raise typer.Exit(1) from None
    scores = score_sheet(sheet)
    if as_json:
        out = {"rules": sheet.rules, "sides": [{"name": side.name, **score.to_json()}
                                                for side, score in zip(sheet.sides, scores)]}
        typer.echo(json.dumps(out, indent=1))
        return
    from tavolo.terminal.burraco import score_table

    title = words("Burraco hand ({rules})", rules=sheet.rules)
    Console().print(score_table(title, [escape(side.name) for side in sheet.sides], scores, words))


def _read_bytes(path: Path, words) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise typer.BadParameter(words("cannot read {path}: {reason}", path=path, reason=exc.strerror)) from None


@app.command("arena")
def arena(
    bots: list[str] = typer.Argument(..., metavar="BOT",
                                     help="Bot specs: random, simple, heuristic:strong, ismcts:time=1, ..."),
    deals: int = typer.Option(1000, min=1, help="Duplicate deals per pair (each played at two tables)."),
    players: int = typer.Option(4, help="2 (one against one), 4 (partnerships) or 6 (teams of three)."),
    rules: str = typer.Option("fibur", help=RULES_HELP),
    seed: int = typer.Option(0, min=0, help="Seed of the deals: the same deals for every pair."),
    vs: Optional[str] = typer.Option(None, help="Play each bot only against this one, not a round robin."),
    workers: Optional[int] = typer.Option(None, min=1, help="Processes (default: every core)."),
    ray: Optional[str] = typer.Option(None, help="Play on the Ray cluster at this address ('auto': the one this machine "
                                       "joined with ray start); every node needs tavolo and ray installed."),
    target: int = typer.Option(2005, help="Match target for the share of matches won."),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Save the results as JSON to this file."),
    plots: Optional[Path] = typer.Option(None, help="Save ratings.png and differences.png into this folder."),
    journal_path: Optional[Path] = typer.Option(
        None, "--journal", help="Write each deal to this file as it finishes; run again with it to resume."),
) -> None:
    """Measure Burraco bots: duplicate deals (each dealt twice, sides swapped) between every pair.

    Example: tavolo arena heuristic:strong simple random --deals 2000 --json arena.json --plots arena/
    """
    from tavolo.arena import ArenaError, make_plan, run_plan, summarize
    from tavolo.arena.journal import Journal, JournalError
    from tavolo.arena.report import pair_table, progress_bar, rating_table, report_json

    words = Words()
    _writable(json_path, "--json", words)
    _writable(plots, "--plots", words, folder=True)
    _writable(journal_path, "--journal", words)
    try:
        plan = make_plan(bots, deals, players=players, rules=rules, seed=seed, vs=vs)
        journal = Journal.open(journal_path, plan) if journal_path else None
        with progress_bar(deals * len(plan.pairs), words) as advance:
            results = run_plan(plan, workers=workers, ray_address=ray, progress=advance, journal=journal)
    except JournalError as exc:
        raise typer.BadParameter(words.render(exc.args[0]), param_hint="--journal") from None
    except ArenaError as exc:
        raise typer.BadParameter(words.render(exc.args[0])) from None  # a Text, or a plain English string
    report = summarize(plan, results, target=target)
    console = Console()
    console.print(pair_table(report, words), rating_table(report, words))
    if journal is not None and len(journal.codes) > 1:
        console.print(words("The journal's deals were played by {count} versions of the bots' code: {codes}",
                            count=len(journal.codes), codes=", ".join(f"{c} ({n})" for c, n in journal.codes.items())))
    if json_path:
        text = json.dumps(report_json(report), indent=1)
        _save(json_path, lambda path: path.write_text(text, encoding="utf-8"), words)
        console.print(words("Results saved to {path}", path=json_path), soft_wrap=True)  # a path whole, to copy
    if plots:
        from tavolo.arena.plots import save_plots

        saved: list[Path] = []
        _save(plots, lambda folder: saved.extend(save_plots(report, folder)), words, folder=True)
        console.print(words("Plots saved: {paths}", paths=", ".join(map(str, saved))), soft_wrap=True)


@app.command("tune")
def tune(
    template: str = typer.Argument(..., metavar="TEMPLATE", help="Bot spec with {placeholders}: heuristic:strong,pile={pile},wild={wild}"),
    space: list[str] = typer.Option(..., help="Range of a placeholder, name=low:high (repeat for each)."),
    vs: str = typer.Option(..., help="The opponent every trial plays."),
    players: int = typer.Option(2, help="2 (one against one), 4 (partnerships) or 6 (teams of three)."),
    deals: int = typer.Option(200, min=2, help="Duplicate deals per trial: the same deals for every trial."),
    trials: int = typer.Option(30, min=1, help="Settings tried (CMA-ES)."),
    rules: str = typer.Option("fibur", help=RULES_HELP),
    seed: int = typer.Option(1_000_000, min=0, help="Seed of the tuning deals and of the sampler."),
    workers: Optional[int] = typer.Option(None, min=1, help="Processes (default: every core)."),
    start: Optional[list[str]] = typer.Option(None, help="The first trial's settings, name=value (repeat for "
                                              "each): the ones in use, to pair every other trial with."),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Save every trial as JSON to this file."),
) -> None:
    """Tune a bot's settings: CMA-ES trials, each scored by its mean duplicate difference per deal.

    Example: tavolo tune "heuristic:strong,pile={pile}" --space pile=0:3 --start pile=1 --vs heuristic:strong --deals 200
    """
    from dataclasses import asdict

    from tavolo.arena import ArenaError
    from tavolo.arena.report import progress_bar, tuning_table
    from tavolo.arena.tuning import check_tuning, parse_space, parse_start, tune as tune_bot

    words = Words()
    _writable(json_path, "--json", words)
    try:
        ranges, first = parse_space(space), parse_start(start) if start else None
        check_tuning(template, ranges, opponent=vs, players=players, deals=deals, trials=trials, rules=rules,
                     start=first)
        with progress_bar(deals * trials, words) as advance:
            result = tune_bot(template, ranges, opponent=vs, players=players, deals=deals, trials=trials, seed=seed,
                              workers=workers, rules=rules, start=first, progress=advance)
    except ArenaError as exc:
        raise typer.BadParameter(words.render(exc.args[0])) from None  # a Text, or a plain English string
    console = Console()
    console.print(tuning_table(result, template, words))
    if json_path:
        text = json.dumps({"template": template, "space": ranges, "rules": rules, "seed": seed, **asdict(result)},
                          indent=1)
        _save(json_path, lambda path: path.write_text(text, encoding="utf-8"), words)
        console.print(words("Trials saved to {path}", path=json_path), soft_wrap=True)  # a path whole, to copy


app.command("exploit")(exploit)  # the deviations bank and a trained best response against a bot


@app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 for every interface)."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    db: Optional[str] = typer.Option(None, envvar="TAVOLO_DATABASE_URL",
                                     help="SQLAlchemy URL or SQLite file of the tables (default tavolo.sqlite)."),
    redis: Optional[str] = typer.Option(None, envvar="TAVOLO_REDIS_URL",
                                        help="Redis URL: several processes serve the same tables."),
    pace: float = typer.Option(0.7, min=0, max=5, help="Seconds a bot waits before each move."),
    timer_scale: float = typer.Option(1.0, envvar="TAVOLO_TIMER_SCALE", min=0.001, max=1, hidden=True,
                                      help="Multiplies every move timer's time (tests shorten the clock)."),
    director: Optional[str] = typer.Option(None, help="An account that creates tournaments at the desk "
                                           "(/direttore); a new one is created here, its password asked."),
) -> None:
    """Serve the web app: every game in the browser, with friends and bots.

    Example: tavolo serve --port 8000 --db postgresql+psycopg://postgres@127.0.0.1/tavolo
    """
    import uvicorn

    from tavolo.server.app import DEFAULT_DATABASE, create_app
    from tavolo.store.database import DatabaseUnavailable, check_database, opening_error

    from tavolo.server.limits import Limits, LimitsError

    words = Words()
    name = DEFAULT_DATABASE if db is None else db
    try:
        limits = Limits.from_env()
    except LimitsError as exc:  # read before anything is opened, and said as what it is
        Console(stderr=True).print(words(exc.key, **exc.params), highlight=False, markup=False)
        raise typer.Exit(2) from None
    if redis is not None:
        _check_redis(redis, words)
    try:
        web = create_app(check_database(name), redis_url=redis, pace=pace, timer_scale=timer_scale,  # --db: checked
                         limits=limits)
    except Exception as exc:  # a wrong URL or an unreachable database: say which, no traceback
        refusal = exc if isinstance(exc, DatabaseUnavailable) else opening_error(name, exc)
        raise typer.BadParameter(refusal.message.render(words), param_hint="--db") from None
    if director is not None:  # the server's first director, before anyone can register the name
        from tavolo.tournament_cli.common import refusals, set_language
        from tavolo.tournament_cli.registration import name_desk_director

        set_language(None)  # TAVOLO_LANG as it is now, like the rest of serve's words
        refusals(name_desk_director)(web.state.store, director)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    Console().print(Words()("Tavolo: open {address}", address=f"http://{shown}:{port}"), highlight=False)
    uvicorn.run(web, host=host, port=port, log_level="warning")


def _check_redis(url: str, words: Words) -> None:
    """Refuse a Redis that does not answer, before serving rather than at the first table."""
    import redis as redis_client

    try:
        redis_client.Redis.from_url(url, socket_connect_timeout=REDIS_TIMEOUT_S, socket_timeout=REDIS_TIMEOUT_S).ping()
    except (redis_client.RedisError, ValueError, OSError) as exc:
        raise typer.BadParameter(words("cannot reach Redis at {url}: {reason}", url=repr(url),
                                       reason=" ".join(str(exc).split())), param_hint="--redis") from None



ANALYSE_RECORD = "A game record (JSON), as the room's record link or tavolo play --record gives it."


@app.command("analyse")
def analyse_record(record: Path = typer.Argument(..., help=ANALYSE_RECORD),
                   seat: int = typer.Option(..., "--seat", help="The seat to review, from 0 as in the record's seats."),
                   budget: float = typer.Option(30.0, help="CPU seconds a hand at most (default 30; at least a few "
                                                           "deals a decision)."),
                   lang: Optional[str] = LANG) -> None:
    """Review a seat's play in a game record: each decision against Campione's choice, from what the seat knew then."""
    from tavolo.analysis import RecordError, analyse, read_record

    words = Words(lang)
    try:
        recorded = read_record(record)
    except RecordError as exc:
        raise typer.BadParameter(words("This record cannot be analysed: {reason}", reason=words.render(exc.text)),
                                 param_hint="RECORD") from None
    last = recorded.game.num_players - 1
    if not 0 <= seat <= last:
        raise typer.BadParameter(words("--seat must be a seat from 0 to {last}", last=last), param_hint="--seat")
    try:
        review = analyse(recorded, seat, budget)
    except (RecordError, ValueError) as exc:
        reason = words.render(exc.text if isinstance(exc, RecordError) else exc.args[0])
        raise typer.BadParameter(words("This record cannot be analysed: {reason}", reason=reason),
                                 param_hint="RECORD") from None
    _print_review(review, recorded.record.seats[seat], words)


def _print_review(review, name: str, words: Words) -> None:
    """The review's timeline (every decision, the marked ones with Campione's move and the best
    alternatives) and its summary by kind of decision, in ``words``' language."""
    from rich.markup import escape
    from rich.table import Table

    from tavolo.analysis.review import DEFAULT_THRESHOLDS, THRESHOLDS, kinds_in_order
    from tavolo.analysis.words import decision_words, kind_words, mark_words

    console, say = Console(), words.render
    console.print(words("Analysis of {name} (seat {seat}), {game}: {count} decisions, {seconds} s of CPU",
                        name=escape(name), seat=review.seat, game=review.game, count=len(review.decisions),
                        seconds=f"{review.seconds:.1f}"), highlight=False)
    table = Table(box=None)
    for column in ("Move", "Hand", "Kind", "Played", "Mark", "Loss"):
        table.add_column(words(column), justify="right" if column in ("Move", "Hand", "Loss") else "left")
    for d in review.decisions:
        loss = "" if d.mark in ("ok", "best", "not estimated") else f"{d.loss.mean:.0f} ± {d.loss.half:.0f}"
        table.add_row(str(d.number), str(d.hand + 1), say(kind_words(d.kind)), escape(say(d.played.words)),
                      say(mark_words(d.mark)), loss)
    console.print(table)
    for d in review.marked():
        reason = "" if d.reason is None else f" ({escape(say(d.reason))})"
        console.print(f"{d.number}. [bold]{say(mark_words(d.mark))}[/]: "
                      f"{escape(say(decision_words(d, review.unit)))}{reason}", highlight=False)
        shown = "; ".join(f"{escape(say(m.words))} {m.versus_best.mean:+.0f} ± {m.versus_best.half:.0f}"
                          for m in d.moves)
        console.print(f"   {words('Alternatives (against Campione' + chr(39) + 's move, 95% interval)')}: {shown}",
                      highlight=False)
    summary = Table(title=words("Points lost by kind of decision"), box=None)
    for column in ("Kind", "Decisions", "Marked", "Lost", "Lost a hand"):
        summary.add_column(words(column), justify="left" if column == "Kind" else "right")
    rows = review.summary()
    for kind in kinds_in_order(review):
        row = rows[kind]
        summary.add_row(say(kind_words(kind)), str(row["decisions"]), str(row["marked"]), f"{row['lost']:.0f}",
                        f"{row['lost'] / review.hands:.0f}")
    lost = sum(row["lost"] for row in rows.values())
    summary.add_row(words("Total"), str(len(review.decisions)), str(sum(r["marked"] for r in rows.values())),
                    f"{lost:.0f}", f"{lost / review.hands:.0f}")
    console.print(summary)
    low, middle, high = THRESHOLDS.get(review.game, DEFAULT_THRESHOLDS)
    console.print(words("Each decision: Campione's move chosen on half the deals, the loss measured on the other "
                        "half with its 95% interval; marked only where the interval excludes zero (imprecisione "
                        "from {low}, errore from {middle}, errore grave from {high}). The values assume strong "
                        "play by everyone after the move (docs/analysis.md).", low=f"{low:g}", middle=f"{middle:g}",
                        high=f"{high:g}"), highlight=False)

localize_help(app, Words())  # Typer reads the help texts when it runs: TAVOLO_LANG's language at start
