"""The parlour games' moves in words (issue 23): every legal action of random Petrangola, Perlina
and Mercante in fiera games renders in Italian from the ``moves`` catalog, with no English
notation word and no card code, and in English from the English catalog; the seed's words are
there (raccolta, Petrangola: «bussa», «commerciare»; Perlina, "Giocata": «servito», «una carta
da gestire»; Mercante in fiera, "Regole": the asta and the «compravendita»)."""

from __future__ import annotations

import random
import re

import pytest

from tavolo.games import make_game
from tavolo.i18n import catalog
from tavolo.i18n.moves import say

NOTATION_WORDS = re.compile(
    r"\b(draw|take|discard|open|attach|meld|lay|play|pass|bid|call|fold|stand|check|bet|raise|trade|keep|"
    r"double|redouble|close|go out|knock|offer|accept|refuse|change|drop|by [NESW]|to \d+|points|off|tokens?)\b"
    r"|\b\d?[2-9TJQKA][hdcsb]\b|\b[1-7](C|D|H|S|NT)\b|\{")
"""tests/browser/taps.py's NOTATION_WORDS, plus "token(s)", an Italian deck's bastoni (``b``) and
a placeholder left unfilled."""

GAMES = [
    ("petrangola", dict(players=5, max_rounds=3)),
    ("perlina", dict(players=4, hands=3)),
    ("perlina", dict(players=3, deck="italian", hands=3)),
    ("mercante", dict(players=6)),
    ("mercante", dict(players=4, offers="every", mercante="player")),
]


def walk(name: str, options: dict, seed: int = 5):
    """Each decision of one random game: (state before, its legal actions)."""
    state, rng = make_game(name, **options).new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        yield state, legal
        state.apply(rng.choice(legal))


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{o['players']}" for n, o in GAMES])
def test_every_legal_move_is_said_in_italian_without_notation(name: str, options: dict) -> None:
    keys, it = set(), catalog("it", "moves")
    for state, legal in walk(name, options):
        seat = state.current_player()
        for action in legal:
            for words in (state.action_words(action), state.action_words_for(action, (seat + 1) % state.game.num_players)):
                data = words.to_json()
                assert data["key"] in it, f"{name}: {data['key']!r} is not in the Italian catalog"
                text = say(data, "it", lambda s: f"Bot {s + 1}")
                assert not NOTATION_WORDS.search(text), f"{name}: {state.action_to_string(action)!r} reads {text!r}"
                assert say(data, "en") and "{" not in say(data, "en")
                keys.add(data["key"])
    assert len(keys) >= 4, keys


def test_the_seed_s_words_are_said() -> None:
    """Petrangola's «bussa»; Perlina's «servito» and the puntata; Mercante's asta."""
    said = {name: set() for name in ("petrangola", "perlina", "mercante")}
    for name, options in GAMES:
        for state, legal in walk(name, options, seed=2):
            said[name] |= {say(state.action_words(a).to_json(), "it") for a in legal}
    assert {"bussa", "accetta il monte", "rifiuta il monte"} <= said["petrangola"]
    assert any(s.startswith("scambia ") and " con " in s for s in said["petrangola"])
    assert {"servito", "carta da gestire", "parola", "lascio"} <= said["perlina"]
    assert any(re.fullmatch(r"punto \d+", s) for s in said["perlina"])
    assert any(re.fullmatch(r"vedo \d+", s) for s in said["perlina"])
    assert {"passa", "accetta", "rifiuta", "offre 1 gettone"} <= said["mercante"]
    assert any(re.fullmatch(r"offre \d+ gettoni per (il|la|l'|lo) ?\w+", s) for s in said["mercante"])


def test_a_petrangola_trade_names_its_italian_cards() -> None:
    """«scambiandone una o due o tutte e tre»: the cards given and taken, by name."""
    for state, legal in walk("petrangola", dict(players=4)):
        trades = [a for a in legal if a < 64]
        if trades:
            text = say(state.action_words(trades[0]).to_json(), "it")
            assert re.fullmatch(r"scambia .+ di (coppe|denari|bastoni|spade) con .+ di (coppe|denari|bastoni|spade)", text)
            return
    pytest.fail("no trade in a game of Petrangola")


def test_an_italian_deck_s_bastoni_are_not_french_fiori() -> None:
    """An Italian card of bastoni is said "di bastoni", never the French deck's "fiori"."""
    from tavolo.i18n.moves import card_name

    assert card_name("Cb", "italian", "it") == "cavallo di bastoni"
    assert card_name("Kc", "french", "it") == "re di fiori"
