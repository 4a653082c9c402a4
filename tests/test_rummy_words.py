"""The rummy family's moves in words (issue 23): every legal action of random hands of Burraco,
Scala 40, Ramino, Pinnacola, Canasta and Machiavelli said in Italian from the moves catalog, with
no English notation word and no card code (tests/rummy_words.py), and the keys a game's moves
need all met in the walk, so that a move the walk never makes cannot hide an untranslated key."""

from __future__ import annotations

import pytest

from tavolo.games import make_game
from tavolo.i18n.moves import say
from tests.rummy_words import NOTATION_WORDS, check_italian, walk_words

WALKS = [
    ("burraco", dict(players=2, target=None), 2000,
     {"draw", "take the discards", "meld {cards}", "meld {cards} with {wild} as a wild",
      "attach {cards} to meld {number}", "discard {cards}", "discard {cards} and close",
      "discard {cards} and take the pozzetto"}),
    ("burraco", dict(players=4, target=None), 3000,
     {"attach {cards} to meld {number} natural", "attach {cards} to meld {number} wild",
      "attach {cards} to meld {number}, the pinella {wild} becoming natural",
      "attach {cards} to meld {number}, the pinella {wild} staying wild"}),
    ("scala40", dict(players=2), 2000,
     {"draw", "take the discard", "meld {cards}", "add {cards} to meld {number}", "add {cards} to meld {number} low",
      "add {cards} to meld {number} high", "swap {cards} for the joker of meld {number}", "discard {cards}",
      "discard {cards} and close"}),
    ("ramino", dict(players=2), 3000, {"draw", "take the discard", "discard {cards}", "close discarding {cards}"}),
    ("pinnacola", dict(players=2), 2000,
     {"draw", "take the last card of the pozzo", "take the last {count} cards of the pozzo", "meld {cards}",
      "add {cards} to meld {number}", "swap {cards} for the wild of meld {number}",
      "move the wild of meld {number} to its other end", "discard {cards}", "discard {cards} and close"}),
    ("canasta", dict(players=2, target=None), 2000,
     {"draw", "take the pozzo", "lay {cards}", "lay {cards} on the {rank}", "lay {cards} on the wild meld",
      "take back the opening", "discard {cards}", "discard {cards} and close"}),
    ("machiavelli", dict(players=2), 2000,
     {"draw", "pass, the stock is empty", "put {cards} in a new meld", "put {cards} on meld {number}",
      "move {cards} from meld {source} to meld {number}", "move {cards} from meld {source} to a new meld",
      "undo the last move", "end the turn"}),
]


@pytest.mark.parametrize(("name", "options", "count", "expected"), WALKS,
                         ids=[f"{n}-{o['players']}" for n, o, _, _ in WALKS])
def test_every_legal_move_reads_in_italian(name: str, options: dict, count: int, expected: set[str]) -> None:
    said = walk_words(make_game(name, **options), seed=7, decisions_count=count, bot=name)
    assert expected <= set(said), f"{name}: keys never met: {expected - set(said)}"


def test_the_checker_catches_notation() -> None:
    """The checker can fail: the notation passed through, an untranslated key, a card code."""
    with pytest.raises(AssertionError):
        check_italian({"key": "{move}", "params": {"move": "discard 3h"}})
    with pytest.raises(AssertionError):
        check_italian({"key": "draw a card from the moon", "params": {}})
    with pytest.raises(AssertionError):
        check_italian({"key": "meld {cards}", "params": {"cards": "5h 6h 7h"}})


def test_the_pattern_is_the_browser_tests_own() -> None:
    """The checker reads the page's pattern (tests/browser/taps.py) word for word."""
    from tests.browser.taps import NOTATION_WORDS as PAGE

    assert NOTATION_WORDS.pattern == PAGE.pattern


@pytest.mark.parametrize(("words", "italian"), [
    ({"key": "draw", "params": {}}, "pesca"),
    ({"key": "take the discards", "params": {}}, "raccoglie gli scarti"),
    ({"key": "meld {cards}", "params": {"cards": {"cards": ["5h", "6h", "7h"], "deck": "french"}}}, "cala 5♥ 6♥ 7♥"),
    ({"key": "attach {cards} to meld {number}", "params": {"cards": {"cards": ["7d"], "deck": "french"}, "number": 2}},
     "lega 7♦ alla 2"),
    ({"key": "attach {cards} to meld {number} natural",
      "params": {"cards": {"cards": ["2h"], "deck": "french"}, "number": 3}}, "lega 2♥ alla 3 come naturale"),
    ({"key": "attach {cards} to meld {number} wild",
      "params": {"cards": {"cards": ["2h"], "deck": "french"}, "number": 3}}, "lega 2♥ alla 3 come matta"),
    ({"key": "discard {cards} and close", "params": {"cards": {"cards": ["3h"], "deck": "french"}}},
     "scarta 3♥ e chiude"),
])
def test_burraco_in_the_players_words(words: dict, italian: str) -> None:
    """Burraco's moves as its players say them (codice art. 4-12: pescare, raccogliere gli
    scarti, calare, legare, scartare, chiudere; the pinella natural or wild, art. 9-12)."""
    assert say(words, "it") == italian


def test_a_pinnacola_natural_taking_the_mattinos_place_says_where_the_mattino_goes() -> None:
    """Pinnacola (raccolta, "Pinnacola": a mattino "può solo essere spostato all'interno della
    stessa combinazione"): the 6♥ attached to 2♣(6) 7♥ 8♥ takes the mattino's place and the mattino
    goes to the low or the high end. The words said "attacca 6♥ alla 1 in basso", which reads as
    the 6♥ put low; they now say where the mattino goes."""
    from tests.pinnacola.helpers import position

    state = position(held={0: "6h 9c Kd Qs"}, table=[("2c(6) 7h 8h", 0)], opened=[0])
    said = sorted(say(state.action_words(a).to_json(), "it") for a in state.legal_actions()
                  if state.action_to_string(a).startswith("attach 6h"))
    assert said == ["attacca 6♥ alla 1 al posto della matta, che va in alto",
                    "attacca 6♥ alla 1 al posto della matta, che va in basso"]
    check_italian(state.action_words(state.legal_actions()[0]).to_json())
