"""Pinnacola's melds (raccolta-regole-giochi-di-carte.txt, "Pinnacola"): runs, tris and poker, the
matte and the black 2s as mattini, the special points (poker of 5-point cards 40, of 10-point
cards 80, of aces 120, of matte 400; clean runs of seven or more doubled, six as an option), the
pinnacolone; Hypothesis checks that every meld read from cards is valid and holds them, that
every template reads back as itself and that every attachment adds exactly its card."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavolo.cards import french as fr
from tavolo.games.pinnacola.actions import TEMPLATES
from tavolo.games.pinnacola.melds import (
    MATTE_POKER, AmbiguousMeldError, Run, attachments, is_pinnacolone, is_valid, meld_cards, meld_value, read_meld,
    swaps,
)
from tavolo.games.pinnacola.notation import parse_meld

DECK = [c for c in range(53) for _ in range(2)]


def value(text, clean_run=7, joker=25):
    return meld_value(parse_meld(text), joker, clean_run)


@pytest.mark.parametrize("text, points", [
    ("5h 5d 5c 5s", 40),        # seed: "poker ... di carte da 5 punti vale 40 punti"
    ("Kh Kd Kc Ks", 80),        # "poker di carte da 10 punti vale 80 punti"
    ("Ah Ad Ac As", 120),       # "poker d'Assi vale 120 punti"
    ("* * * *", 400),           # "poker di matte vale 400 punti"
    ("Kh Kd Kc *", 55),         # a poker with a wild is not clean: its cards only (DECISIONS.md)
    ("3h 4h 5h 6h 7h 8h 9h", 2 * (5 * 3 + 10 * 4)),  # "scala da 7 o più carte ... senza matta vale doppio"
    ("3h 4h 5h 6h *(7) 8h 9h", 5 * 3 + 10 * 3 + 25),
])
def test_the_seeds_special_points(text, points):
    assert value(text) == points


def test_a_clean_run_of_six_doubles_where_agreed():
    # seed: "scala da 7 o più carte (6 in alcune versioni)"
    assert value("4h 5h 6h 7h 8h 9h") == 50 and value("4h 5h 6h 7h 8h 9h", clean_run=6) == 100


def test_card_points_and_the_matta_at_thirty():
    # seed: "le carte dal due al cinque valgono 5 ... gli Assi 15; le matte 25 (30 in alcune versioni); i mattini 20"
    assert value("2h 3h 4h") == 15 and value("Ah 2s 3h") == 15 + 20 + 5 and value("Ah * 3h", joker=30) == 50


def test_the_pinnacolone_is_ace_to_ace_without_wilds():
    # seed: "una scala che va da carta a carta (da Asso ad Asso) senza Jolly (matte)"
    run = parse_meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah")
    assert is_pinnacolone(run) and meld_value(run, 25, 7) == 1500
    assert not is_valid(Run(fr.HEARTS, 1, 14, 7, fr.JOKER))
    assert read_meld(fr.parse_many("Kh Ah 2h")) is None  # otherwise the ace is low or high, never both


def test_a_mattino_is_no_matta_a_run_of_seven_with_one_doubles():
    """Seed: "Oltre ai Jolly (matte), si prevede l'uso dei mattini"; "I poker raddoppiano il proprio valore
    come le scale composte da 7 carte ed oltre se prive di Jolly"; "scala da 7 o più carte ... senza matta vale
    doppio": a mattino is not a matta, so its run doubles; a joker's does not."""
    assert value("3h 4h 5h 6h 2c(7) 8h 9h") == 2 * (5 * 3 + 10 * 3 + 20)
    assert value("3h 4h 5h 6h *(7) 8h 9h") == 5 * 3 + 10 * 3 + 25
    assert value("4h 5h 2s(6) 7h 8h 9h", clean_run=6) == 2 * (5 * 2 + 10 * 3 + 20)
    assert value("Kh Kd Kc 2c") == 30 + 20  # a poker doubles as "quattro carte uguali", four naturals


def test_ace_to_ace_with_a_mattino_is_a_pinnacolone_with_a_joker_no_meld():
    """Seed: "Per pinacolone s'intende ... una scala che va da carta a carta (da Asso ad Asso) senza Jolly
    (matte)": a mattino in it, wherever it stands, leaves it a pinnacolone."""
    for text in ("Ah 2h 3h 4h 5h 6h 2c(7) 8h 9h Th Jh Qh Kh Ah", "Ac 2s 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac",
                 "2s(A) 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah"):
        run = parse_meld(text)
        assert is_pinnacolone(run) and meld_value(run, 25, 7) == 1500, text
    assert not is_valid(Run(fr.HEARTS, 1, 14, 7, fr.JOKER)) and not is_valid(Run(fr.CLUBS, 1, 14, 2, fr.JOKER))


def test_the_black_twos_are_mattini_and_the_red_twos_natural():
    # seed: "si prevede l'uso dei mattini (i 2 neri)"
    assert parse_meld("2h 3h 4h").wild == -1 and parse_meld("2c 3h 4h").wild == fr.parse("2c")
    assert read_meld(fr.parse_many("2c 2s 4h")) is None  # two wilds in one meld (DECISIONS.md)


def test_a_matta_is_swapped_and_a_mattino_moves_within_its_meld():
    # seed: "la matta può essere prelevata da chiunque inserendo al suo posto la carta sostituita, il mattino
    # può solo essere spostato all'interno della stessa combinazione"
    matta, mattino = parse_meld("5h *(6) 7h"), parse_meld("5h 2c(6) 7h")
    assert [fr.name(c) for c, _ in swaps(matta)] == ["6h"] and swaps(mattino) == ()
    moved = [after for c, _, after in attachments(mattino) if c == fr.parse("6h")]
    assert sorted(m.at for m in moved) == [4, 8] and all(m.wild == fr.parse("2c") for m in moved)


def test_tris_are_of_different_suits():
    # seed: "tris o poker di carte uguali con diverso seme"
    assert read_meld(fr.parse_many("9h 9h 9s")) is None and read_meld(fr.parse_many("9h 9d 9s")) is not None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=3, max_size=8))
def test_a_meld_read_from_cards_is_valid_and_holds_them(cards):
    try:
        meld = read_meld(cards)
    except AmbiguousMeldError:
        return
    if meld is not None:
        assert is_valid(meld) and Counter(meld_cards(meld)) == Counter(cards)
        wilds = sum(c in (fr.JOKER, fr.parse("2c"), fr.parse("2s")) for c in cards)
        assert wilds <= 1 or meld == MATTE_POKER


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TEMPLATES))
def test_every_template_reads_back_and_its_attachments_add_one_card(template):
    meld = template.meld
    if type(meld) is Run and meld.at:
        stands = {list(range(meld.lo, meld.hi + 1)).index(meld.at): fr.ACE if meld.at == 14 else meld.at}
    else:
        stands = {}
    assert read_meld(list(template.cards), stands) == meld
    for card, _, after in attachments(meld):
        assert is_valid(after) and Counter(meld_cards(after)) == Counter(meld_cards(meld)) + Counter([card])
