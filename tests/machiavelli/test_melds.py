"""Machiavelli's combinations (raccolta, "Machiavelli": "scale o ... gruppi di carte di uguale
valore ... minimo di tre carte"), checked by Hypothesis against a plain definition, and the exact
solver (HiGHS) checked for valid tables and against brute force on small hands."""

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tavolo.cards import french as fr
from tavolo.games.machiavelli.melds import card_points, is_meld, meld_kind, meld_order
from tavolo.games.machiavelli.solver import candidates, most_cards

CARDS = st.integers(0, 51)


def plain_run(cards):
    """Same suit, distinct ranks, consecutive with the ace either before the 2 or after the king."""
    if len(cards) < 3 or len({fr.suit(c) for c in cards}) != 1:
        return False
    ranks = sorted(fr.rank(c) for c in cards)
    for values in (ranks, sorted(14 if r == 1 else r for r in ranks)):
        if values == list(range(values[0], values[0] + len(values))):
            return True
    return False


def plain_group(cards):
    return 3 <= len(cards) <= 4 and len({fr.rank(c) for c in cards}) == 1 and len({fr.suit(c) for c in cards}) == len(cards)


@settings(max_examples=400, deadline=None)
@given(st.lists(CARDS, min_size=0, max_size=14))
def test_a_meld_is_exactly_a_run_or_a_group(cards):
    assert is_meld(cards) == (plain_run(cards) or plain_group(cards))
    assert meld_kind(cards) == ("group" if plain_group(cards) else "run" if plain_run(cards) else None)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(fr.SUITS), st.integers(1, 12), st.integers(3, 13))
def test_every_run_of_one_suit_is_valid_in_any_order(suit, lo, length):
    positions = [p for p in range(lo, lo + length) if p <= 14]
    cards = [fr.card(1 if p == 14 else p, suit) for p in positions]
    valid = len(cards) >= 3 and not (1 in positions and 14 in positions)
    assert is_meld(list(reversed(cards))) == valid
    if valid and len(cards) < 13:  # all thirteen read A..K as well as 2..A
        assert [fr.rank(c) for c in meld_order(cards[::-1])] == [1 if p == 14 else p for p in positions]


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 13), st.lists(st.sampled_from(fr.SUITS), min_size=3, max_size=5))
def test_a_group_repeats_no_suit(rank, suits):
    assert is_meld([fr.card(rank, s) for s in suits]) == (len(set(suits)) == len(suits) <= 4)


def test_card_points_follow_pinnacola():
    """"le carte dal due al cinque valgono 5 punti; ... dal sei al Dieci ... 10 ...; i Fanti, le
    Regine ed i Re ... 10 ...; gli Assi valgono 15 punti" (raccolta, Pinnacola, Conteggio punti)."""
    assert [card_points(fr.card(r, fr.SPADES)) for r in fr.RANKS] == [15] + [5] * 4 + [10] * 8


def brute_force_laid(hand):
    """The most cards of ``hand`` that split into valid combinations, by trying every subset."""
    best = 0
    for size in range(len(hand), 2, -1):
        for subset in combinations(hand, size):
            if splits(list(subset)):
                return size
    return best


def splits(cards):
    if not cards:
        return True
    first = cards[0]
    rest = cards[1:]
    for k in range(2, len(rest) + 1):
        for others in combinations(range(len(rest)), k):
            meld = [first] + [rest[i] for i in others]
            if is_meld(meld) and splits([c for i, c in enumerate(rest) if i not in others]):
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(fr.parse_many("Ah 2h 3h 4h 5h Kh Qh 2d 3d 2c 3c 2s 4d")), min_size=3, max_size=8))
def test_the_solver_lays_as_many_cards_as_brute_force_finds(hand):
    plan = most_cards([], hand)
    assert plan.laid == brute_force_laid(hand)
    laid = Counter(c for m in plan.melds for c in m)
    assert all(is_meld(m) for m in plan.melds) and not laid - Counter(hand)


@settings(max_examples=30, deadline=None)
@given(st.lists(CARDS, min_size=13, max_size=13), st.lists(st.sampled_from(candidates()), min_size=1, max_size=8))
def test_the_solver_keeps_every_table_card_in_valid_combinations(hand, table):
    if max(Counter(c for m in table for c in m).values()) > 2:
        return  # more copies than two decks hold
    plan = most_cards(table, hand)
    after = Counter(c for m in plan.melds for c in m)
    before = Counter(c for m in table for c in m)
    assert all(is_meld(m) for m in plan.melds)
    assert not before - after and after - before <= Counter(hand)
    assert sum((after - before).values()) == plan.laid
