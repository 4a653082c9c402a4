"""Card notation: parse and print every card of every deck, and refuse bad text clearly."""

import pytest

from tavolo.cards import CardNotationError, decks, french, italian, tarocchi


@pytest.mark.parametrize("module", [french, italian, tarocchi])
def test_every_card_round_trips_through_its_notation(module):
    for c in range(module.NUM_TYPES):
        assert module.parse(module.name(c)) == c


def test_french_aliases_and_symbols():
    assert french.parse("10h") == french.parse("Th") == french.card(french.TEN, french.HEARTS)
    assert french.parse("Q♠") == french.card(french.QUEEN, french.SPADES)
    assert french.parse("*") == french.JOKER
    assert french.rank(french.JOKER) == 0 and french.suit(french.JOKER) == -1


@pytest.mark.parametrize(
    "text, message",
    [
        ("1x", "'1x': unknown rank '1'"),
        ("Zh", "'Zh': unknown rank 'Z'"),
        ("Ax", "'Ax': unknown suit 'x' (use h d c s)"),
        ("A", "'A': a card is a rank and a suit"),
    ],
)
def test_french_bad_notation_names_what_is_wrong(text, message):
    with pytest.raises(CardNotationError) as info:
        french.parse(text)
    assert str(info.value).startswith(message)


def test_italian_figures_and_bad_rank():
    assert italian.name(italian.card(italian.CAVALLO, italian.SPADE)) == "Cs"
    assert italian.long_name(italian.parse("3c")) == "tre di coppe"
    with pytest.raises(CardNotationError, match="unknown rank '9'"):
        italian.parse("9d")


def test_deck_sizes_and_multiplicities():
    two = decks.counts(decks.french_deck(decks=2))
    assert sum(two.values()) == 108 and two[french.JOKER] == 4 and two[french.parse("7c")] == 2
    three = decks.counts(decks.french_deck(decks=3))
    assert sum(three.values()) == 162 and three[french.JOKER] == 6
    assert len(decks.italian_deck()) == 40 and len(set(decks.italian_deck())) == 40
    assert len(decks.tarocchi_deck()) == 78 and tarocchi.name(tarocchi.MATTO) == "0"
    with pytest.raises(ValueError):
        decks.french_deck(decks=4)
