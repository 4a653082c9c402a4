"""The trick-taking games' moves in words (issue 23): over random deals, every legal move of
Bridge, Briscola, Tressette (accusi too), Tarocchi (the dealer's discard too), Peppa (the keep
of three of a rank, the blind draw) and Hearts (the pass) reads in Italian, with no English
notation word and no card code, as the seat that makes it reads it and as the others do."""

from __future__ import annotations

import random
import re

import pytest

from tavolo.games import make_game
from tavolo.i18n.moves import say

GAMES = [
    ("bridge", dict(players=4)),
    ("briscola", dict(players=2)),
    ("briscola", dict(players=4)),
    ("tressette", dict(players=4, target=None, accusi="declared")),
    ("tressette", dict(players=2, target=None, accusi="declared")),
    ("tarocchi", dict(players=3, hands=3)),
    ("tarocchi", dict(players=4, hands=4, accuso=True)),
    ("peppa", dict(players=6, target=None)),
    ("peppa", dict(rules="hearts", players=4, target=None)),
]
IDS = [f"{name}-{options.get('rules', options['players'])}" for name, options in GAMES]

NOTATION = re.compile(
    r"\b(draw|take|discard|open|attach|meld|lay|play|pass|bid|call|fold|stand|check|bet|raise|trade|keep|"
    r"double|redouble|close|go out|knock|offer|accept|refuse|change|drop|declare|by [NESW]|points|off|"
    r"napoli [A2-7])\b|\b\d?[2-9TJCQKA][hdcsb]\b|\b[1-7](C|D|H|S|NT)\b|\b(S[2-9TJQK]|[HDC][2-9TJQKA])\b")
"""English notation words and card codes (``3h``, ``Cs``, ``1NT``, bridge's ``HK``): the
browser harness's list (tests/browser/taps.py) and the codes of Italian and bridge cards (bridge's ``SA`` is left out: it is the
players' own "senza atout")."""
SEATS = lambda seat: f"Bot {seat + 1}"  # noqa: E731 - a reader's names for the seats


def walk(name: str, options: dict, seed: int, games: int = 3):
    """Every decision of ``games`` random games: the state before each move."""
    game = make_game(name, **options)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            yield state
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_every_legal_move_reads_in_italian(name: str, options: dict) -> None:
    keys = set()
    for state in walk(name, options, seed=len(name)):
        actor = state.current_player()
        for action in state.legal_actions():
            for viewer in (actor, (actor + 1) % state.game.num_players, None):
                words = state.action_words_for(action, viewer).to_json()
                keys.add(words["key"])
                text = say(words, "it", SEATS)
                assert words["key"] != "{move}", f"{name}: {state.action_to_string(action)!r} has no words"
                assert not NOTATION.search(text), f"{name}: {text!r} ({state.action_to_string(action)!r})"
    assert keys, "a walk with no move proves nothing"


def test_the_check_can_fail() -> None:
    """The notation and the codes are caught: what the words replace would fail the test."""
    for text in ("play 5s", "pass Qs", "1NT", "3NT by S", "keep 7h", "declare napoli Ad 2d 3d", "play HK", "Cs"):
        assert NOTATION.search(text), text
    for text in ("gioca 5♠", "3 SA", "Passo", "gioca cavallo di spade", "accusa la napoli di denari", "gioca XXI"):
        assert not NOTATION.search(text), text


def words_of(name: str, options: dict, key: str, seed: int = 1) -> tuple[str, str]:
    """The first move of a random game whose words are ``key``: as its seat and as a spectator reads it."""
    for state in walk(name, options, seed, games=20):
        for action in state.legal_actions():
            words = state.action_words(action)
            if words.key == key:
                return say(words.to_json(), "it", SEATS), say(state.action_words_for(action, None).to_json(), "it", SEATS)
    raise AssertionError(f"no {key!r} in twenty games of {name}")


def test_tressette_accusi_are_said_as_players_declare_them() -> None:
    """raccolta, Tressette, "L'accuso (o accusa) del bongioco e della napoli": the napoli by its suit."""
    mine, public = words_of("tressette", dict(players=4, target=None, accusi="declared"), "declare napoli of {suit}")
    assert re.fullmatch(r"accusa la napoli di (coppe|denari|bastoni|spade)", mine) and public == mine


def test_hearts_pass_is_hidden_from_the_others() -> None:
    """raccolta, "Peppa-Chat noir-Hearts": the passed card goes face down."""
    mine, public = words_of("peppa", dict(rules="hearts", players=4, target=None), "pass {cards}")
    assert re.fullmatch(r"passa (10|[2-9JQKA])[♥♦♣♠]", mine) and public == "passa una carta"


def test_the_tarocchi_discard_is_hidden_from_the_others() -> None:
    """raccolta, "Gioco dei tarocchi": "Il mazziere deve scartare tre carte", face down."""
    mine, public = words_of("tarocchi", dict(players=3, hands=3), "discard {cards}")
    assert mine.startswith("scarta ") and mine != "scarta una carta" and public == "scarta una carta"


def test_peppa_draw_names_a_place_in_the_fan_never_the_card() -> None:
    """raccolta, "Peppa-Chat noir-Hearts": the cards offered "coperte e aperte a ventaglio"."""
    mine, public = words_of("peppa", dict(players=4, target=None), "draw card {number} from the neighbour's fan")
    assert re.fullmatch(r"pesca la carta \d+ dal ventaglio del vicino", mine) and public == mine


def test_bridge_calls_and_the_dummy() -> None:
    """Bids with the suit's symbol and SA, Passo, Contro; the declarer's card from the dummy."""
    options = dict(players=4)
    assert words_of("bridge", options, "{level} NT")[0] in {f"{n} SA" for n in range(1, 8)}
    assert words_of("bridge", options, "Pass")[0] == "Passo"
    assert words_of("bridge", options, "Double")[0] == "Contro"
    assert re.fullmatch(r"gioca (10|[2-9JQKA])[♥♦♣♠] dal morto", words_of("bridge", options, "play {card} from dummy")[0])
