"""Scala 40 melds (FISCA art. 3-4, 5.2-5.3): sequences and combinations, the joker, what
may join a meld and the joker a natural card frees; reading a meld from its cards."""

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import AmbiguousActionError, IllegalActionError
from tavolo.games.scala40.actions import TEMPLATES
from tavolo.games.scala40.cards import JOKER
from tavolo.games.scala40.melds import Group, Run, attachments, is_valid, meld_text, opening_value, swaps
from tavolo.games.scala40.notation import parse_meld

H, D, C, S = fr.HEARTS, fr.DIAMONDS, fr.CLUBS, fr.SPADES


def joins(meld, card_text):
    card = fr.parse(card_text)
    return [after for c, _, after in attachments(meld) if c == card]


def test_the_longest_sequences_have_the_joker_at_one_end():
    """art. 3.2: "A-2-3-...-K-Matta ovvero matta-2-3-...-K-A": 13 naturals and the joker."""
    assert parse_meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh *") == Run(H, 1, 14, 14)
    assert parse_meld("* 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah") == Run(H, 1, 14, 1)
    assert not is_valid(Run(H, 1, 14, 0)) and not is_valid(Run(H, 1, 14, 7))


def test_the_ace_is_low_or_high_never_both():
    """art. 1.1, 3.2: the ace before the 2 or after the king."""
    assert parse_meld("Ah 2h 3h") == Run(H, 1, 3) and parse_meld("Qh Kh Ah") == Run(H, 12, 14)
    with pytest.raises(IllegalActionError):
        parse_meld("Kh Ah 2h")


def test_combinations_are_three_or_four_of_different_suits():
    """art. 3.3: "almeno tre carte dello stesso valore e devono avere semi differenti ...
    minimo di 3 carte ad un massimo di 4, compresa l'eventuale matta"."""
    assert parse_meld("9h 9d 9s") == Group(9, 0b1011)
    assert parse_meld("9h 9d 9c 9s") == Group(9, 0b1111)
    assert parse_meld("9h 9d *") == Group(9, 0b0011, True)
    for bad in ("9h 9s 9s", "9h 9d 9c 9s *", "9h *"):
        with pytest.raises(IllegalActionError):
            parse_meld(bad)


def test_one_joker_per_meld_and_no_meld_of_jokers():
    """art. 3.3, 3.4: "Non sono ammesse combinazioni di 'matte'"; at most one per meld."""
    for bad in ("5h * *", "* * *", "9h 9d * *"):
        with pytest.raises(IllegalActionError):
            parse_meld(bad)


def test_a_two_is_a_natural_card():
    """art. 1.1: only the jokers are wild (the matta is the jolly)."""
    assert parse_meld("2c 3c 4c") == Run(C, 2, 4)
    assert parse_meld("2c 2d 2h") == Group(2, 0b0111)


def test_the_joker_goes_where_written_or_where_declared():
    """Notation (DECISIONS.md, Scala 40): a joker at an end of a sequence stands where it is
    written; ``*(r)`` says the rank."""
    assert parse_meld("5h 6h *") == Run(H, 5, 7, 7)
    assert parse_meld("* 5h 6h") == Run(H, 4, 6, 4)
    assert parse_meld("5h *(7) 6h") == Run(H, 5, 7, 7)
    with pytest.raises(AmbiguousActionError):
        parse_meld("5h * 6h")


def test_opening_values():
    """art. 4.1: nominal values, figures 10, the ace 1 before the 2 and 11 after the king or
    in a combination, the joker worth the card it replaces."""
    assert opening_value(parse_meld("9h 9d 9s")) == 27
    assert opening_value(parse_meld("Jh Qh Kh")) == 30
    assert opening_value(parse_meld("3c 4c 5c 6c 7c")) == 25
    assert opening_value(parse_meld("Ah 2h 3h")) == 6 and opening_value(parse_meld("Qh Kh Ah")) == 31
    assert opening_value(parse_meld("Ah Ad *")) == 33
    assert opening_value(parse_meld("Jh * Kh")) == 30


def test_attaching_to_either_end_and_the_joker():
    """art. 5.2: cards extend a sequence; a combination takes a missing suit; a joker joins
    a meld without one."""
    run = Run(H, 5, 7)
    assert joins(run, "4h") == [Run(H, 4, 7)] and joins(run, "8h") == [Run(H, 5, 8)]
    assert joins(run, "*") == [Run(H, 4, 7, 4), Run(H, 5, 8, 8)]
    assert joins(Run(H, 5, 7, 6), "*") == []
    assert joins(Group(9, 0b0011), "9c") == [Group(9, 0b0111)] and joins(Group(9, 0b0011), "9h") == []
    assert joins(Group(9, 0b0111, True), "9s") == []
    assert joins(Run(H, 2, 13), "Ah") == [Run(H, 1, 13), Run(H, 2, 14)]


def test_swapping_the_joker_for_the_card_it_stands_for():
    """art. 5.3: a natural card takes the joker's place; in a combination any missing suit."""
    assert swaps(Run(H, 5, 7, 6)) == ((fr.parse("6h"), Run(H, 5, 7)),)
    assert swaps(Group(9, 0b0011, True)) == ((fr.parse("9c"), Group(9, 0b0111)), (fr.parse("9s"), Group(9, 0b1011)))
    assert swaps(Run(H, 1, 14, 1)) == ()  # the ace would then be low and high


def test_every_template_reads_back_from_its_text():
    for template in TEMPLATES:
        assert parse_meld(meld_text(template.meld)) == template.meld
    assert sum(1 for t in TEMPLATES if JOKER in t.cards) > 0
