"""Meld rules: sequences, combinations, wilds (DECISIONS.md "table rules every set shares";
fedibur-1985 art. 4-6; codice art. 9-13; estratto "Convenzioni di gioco")."""

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavolo.cards import french as fr
from tavolo.engine.errors import AmbiguousActionError
from tavolo.games.burraco.actions import TEMPLATES
from tavolo.games.burraco.cards import JOKER, WILD
from tavolo.games.burraco.melds import (
    NO_WILD, Group, Run, attachments, is_valid, meld_cards, meld_size, meld_text, read_meld, readings,
    variant_label,
)
from tavolo.games.burraco.notation import parse_meld

H, D, C, S = fr.HEARTS, fr.DIAMONDS, fr.CLUBS, fr.SPADES


def cards(text):
    return fr.parse_many(text)


def read_meld_list(cs):
    meld = read_meld(cs)
    return [] if meld is None else [meld]


def joins(meld, card_text):
    """The melds that ``card`` can make by joining ``meld``."""
    card = fr.parse(card_text)
    return [after for c, _, after in attachments(meld) if c == card]


# --- the pinella in its natural place -------------------------------------------------------

def test_pinella_of_the_suit_below_the_three_is_natural():
    """fedibur-1985 art. 4: a pinella of the sequence's suit below the 3 is a natural 2."""
    assert parse_meld("2h 3h 4h") == Run(H, 2, 4)
    assert parse_meld("2h 3h 4h").wild == NO_WILD


def test_natural_pinella_leaves_room_for_another_wild():
    """fedibur-1985 art. 4-5; estratto: with the pinella as natural 2, another wild may join."""
    after = joins(parse_meld("2h 3h 4h"), "*")
    assert after == [Run(H, 2, 4, JOKER, 0)]
    assert meld_text(after[0]) == "* 2h 3h 4h"


def test_pinella_of_another_suit_is_always_a_wild():
    """codice art. 9-10: a 2 of another suit is a wild wherever it stands."""
    meld = parse_meld("2d 3h 4h")
    assert meld.wild == fr.parse("2d")
    assert joins(meld, "*") == []


def test_pinella_declared_wild_is_a_wild():
    """A pinella of the run's suit written 2h(w) is the run's wild, not a natural 2."""
    meld = parse_meld("2h(w) 3h 4h")
    assert meld == Run(H, 3, 4, fr.parse("2h"), 0)
    assert joins(meld, "*") == []


def test_wild_fixed_on_position_two_that_is_the_suits_pinella_becomes_natural():
    """fedibur-1985 art. 6: a burraco with the pinella in the 2's place is clean."""
    free = Run(H, 3, 5, fr.parse("2h"), 0)  # 3h 4h 5h with 2h free
    after = joins(free, "Ah")
    assert after == [Run(H, 1, 5)]


def test_seven_card_run_with_natural_pinella_is_a_clean_burraco():
    """fedibur-1985 art. 6 example: 2 3 4 5 6 7 8 of one suit is a clean burraco."""
    from tavolo.games.burraco.melds import CLEAN, burraco_kind

    assert burraco_kind(parse_meld("2s 3s 4s 5s 6s 7s 8s")) == CLEAN


# --- at most one wild -------------------------------------------------------------------------

def test_a_meld_holds_one_wild():
    """fedibur-1985 art. 5: no more than one jolly or pinella in each meld."""
    assert read_meld_list(cards("5h * 6h 2c")) == []
    assert joins(parse_meld("5h 6h *"), "2c") == []
    assert joins(parse_meld("8h 8d *"), "2c") == []


def test_no_melds_of_wilds_only():
    """fedibur-1985 art. 5; codice art. 10: no combinations of pinelle and/or jolly."""
    assert read_meld_list(cards("2h 2d 2c")) == []
    assert read_meld_list(cards("* * 2s")) == []


# --- sequences ------------------------------------------------------------------------------------

def test_ace_is_low_or_high_never_both():
    """fedibur-1985 art. 4: the ace is unique in a sequence, next to the 2 or to the K."""
    two_to_king = Run(H, 2, 13)
    ways = joins(two_to_king, "Ah")
    assert ways == [Run(H, 1, 13), Run(H, 2, 14)]
    assert [variant_label(two_to_king, fr.parse("Ah"), v) for v in (0, 1)] == ["low", "high"]
    assert joins(Run(H, 1, 13), "Ah") == []
    assert read_meld_list(cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah")) == []


def test_longest_sequence_is_thirteen_naturals_and_a_wild():
    """fedibur-1985 art. 4; codice art. 11: at most 13 cards in order plus the wild (14)."""
    full = Run(H, 1, 13)
    with_wild = joins(full, "*")
    assert with_wild == [Run(H, 1, 13, JOKER, 0)] and meld_size(with_wild[0]) == 14
    assert [c for c, _, _ in attachments(with_wild[0])] == []


def test_sequences_need_consecutive_cards_of_one_suit():
    """fedibur-1985 art. 4: three or more cards of the same suit in order."""
    assert read_meld_list(cards("5h 6h 8h")) == []
    assert read_meld_list(cards("5h 6d 7h")) == []
    assert read_meld_list(cards("5h 7h 9h *")) == []
    assert read_meld_list(cards("Qh Kh Ah")) == [Run(H, 12, 14)]
    assert read_meld_list(cards("Kh Ah 3h")) == []  # never around the corner
    assert read_meld_list(cards("Kh Ah 2h 3h")) == []
    assert read_meld_list(cards("Kh Ah 2h")) == [Run(H, 13, 14, fr.parse("2h"), 0)]  # 2h stands for Q


def test_free_wild_moves_up_when_a_card_above_is_attached():
    """fedibur-1985 art. 5: J-10-pinella, attach the K moving the pinella up: K-pinella-J-10."""
    meld = parse_meld("Tc Jc 2d")
    assert meld.gap == 0  # the wild is free (libera)
    assert joins(meld, "Kc") == [Run(C, 10, 13, fr.parse("2d"), 12)]


def test_fixed_wild_is_moved_only_by_replacing_it():
    """fedibur-1985 art. 5: with A-pinella-Q the 10 joins only after the K replaces the
    pinella, which then stands for the J: A-K-Q-pinella-10."""
    meld = parse_meld("Qc 2d(K) Ac")
    assert meld == Run(C, 12, 14, fr.parse("2d"), 13)
    assert joins(meld, "Tc") == []
    freed = joins(meld, "Kc")
    assert freed == [Run(C, 12, 14, fr.parse("2d"), 0)]
    assert joins(freed[0], "Tc") == [Run(C, 10, 14, fr.parse("2d"), 11)]


def test_wild_is_replaced_only_by_the_card_it_stands_for():
    """fedibur-1985 art. 4: in sequences a wild is replaced only by the card it stands for."""
    meld = parse_meld("5s *(6) 7s")
    assert joins(meld, "6s") == [Run(S, 5, 7, JOKER, 0)]
    assert joins(meld, "6h") == []


def test_freed_pinella_of_the_suit_may_go_to_its_natural_place():
    """DECISIONS.md: a freed pinella of the run's suit may move to its natural 2 place."""
    meld = Run(H, 3, 5, fr.parse("2h"), 4)
    assert joins(meld, "4h") == [Run(H, 2, 5), Run(H, 3, 5, fr.parse("2h"), 0)]
    assert [variant_label(meld, fr.parse("4h"), v) for v in (0, 1)] == ["natural", "wild"]


def test_wild_never_leaves_its_meld():
    """codice art. 10: wilds must stay in the meld where they were placed."""
    meld = parse_meld("5s *(6) 7s")
    (freed,) = joins(meld, "6s")
    assert JOKER in meld_cards(freed) and meld_size(freed) == meld_size(meld) + 1


def test_sequences_of_the_same_cards_may_repeat_on_one_side():
    """fedibur-1985 art. 5: a sequence identical to one already laid down may be laid beside it."""
    from tests.burraco.helpers import position, texts

    state = position(hands={0: "4h 5h 6h 9c Kd"}, melds={0: ["4h 5h 6h"]})
    assert "open 4h 5h 6h" in texts(state)


# --- combinations ---------------------------------------------------------------------------------

def test_combination_any_suits_duplicates_allowed():
    """fedibur-1985 art. 4: three or more equal cards, even of the same suit."""
    assert parse_meld("8h 8h 8d") == Group(8, (2, 1, 0, 0))


def test_combination_at_most_eight_naturals_and_one_wild():
    """DECISIONS.md; estratto Convenzioni: a combination holds at most 8 naturals plus the wild (9)."""
    eight = parse_meld("Ks Ks Kh Kh Kd Kd Kc Kc")
    assert joins(eight, "Ks") == []
    assert [meld_size(m) for m in joins(eight, "*")] == [9]


def test_combination_of_twos_does_not_exist():
    """estratto: no combinations of 3 or more pinelle."""
    assert all(type(m) is not Group or m.rank != 2 for m, _ in TEMPLATES)


def test_one_combination_per_rank_per_side():
    """fedibur-1985 art. 5; codice art. 30: no two combinations of the same rank."""
    from tests.burraco.helpers import position, texts

    state = position(hands={0: "8h 8d 8c 9c Kd 3s"}, melds={0: ["8s 8s 8c"], 1: ["8h 8d *"]})
    assert not any(t.startswith("open 8") for t in texts(state))
    assert "attach 8h to 1" in texts(state)
    with pytest.raises(Exception, match="one-group-per-rank|two combinations of the same rank"):
        state.apply(state.parse_action("open 8h 8d 8c"))


def test_thirteen_card_run_with_ace_and_wild_is_read_as_written():
    """The ace is low or high (fedibur-1985 art. 4): written first it is low, last high."""
    low = parse_meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh *")
    high = parse_meld("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh * Ah")
    assert low == Run(H, 1, 12, JOKER, 0) and high == Run(H, 2, 14, JOKER, 13)
    with pytest.raises(AmbiguousActionError) as info:
        parse_meld("2h 3h 4h 5h 6h Ah 7h 8h 9h Th Jh Qh *")
    assert len(info.value.candidates) == 2


def test_wild_declared_for_a_rank_is_placed_there():
    assert meld_text(parse_meld("Ah 2h(Q) Kh")) == "2h(w) Kh Ah"  # free, and only Q is left for it
    assert parse_meld("5s 6s *(7)") == Run(S, 5, 6, JOKER, 0)  # free: may stand for 4 or 7
    with pytest.raises(ValueError, match="not a meld"):
        parse_meld("5s 6s *(9)")


# --- properties -----------------------------------------------------------------------------------

def _natural_at(card, suit, position):
    if WILD[card] and card != fr.card(fr.TWO, suit):
        return False
    if card == JOKER or fr.suit(card) != suit:
        return False
    rank = fr.rank(card)
    return position == rank or (rank == fr.ACE and position == 14)


def reference_is_meld(cs):
    """Brute force, independent of the engine: some layout of the cards as a window
    of consecutive positions of one suit, or as equal ranks, obeys the rules."""
    cs = list(cs)
    naturals = [c for c in cs if not WILD[c]]
    if naturals and len({fr.rank(c) for c in naturals}) == 1 and len(cs) - len(naturals) <= 1:
        if 2 <= len(naturals) <= 8 and len(cs) >= 3:
            return True
    if len(cs) < 3 or len(cs) > 14:
        return False
    for suit in fr.SUITS:
        for start in range(1, 16 - len(cs)):
            window = range(start, start + len(cs))
            for perm in set(permutations(cs)):
                nat = [_natural_at(c, suit, p) for c, p in zip(perm, window)]
                wilds = [c for c, ok in zip(perm, nat) if not ok]
                aces = [p for c, p, ok in zip(perm, window, nat) if ok and p in (1, 14)]
                if len(wilds) <= 1 and all(WILD[w] for w in wilds) and len(aces) < 2 and any(nat):
                    return True
    return False


deck_cards = st.sampled_from(range(53))


@st.composite
def near_melds(draw):
    """Card sets near a meld (a run or a group, with some noise), and random ones."""
    kind = draw(st.sampled_from(["run", "group", "random"]))
    if kind == "random":
        return draw(st.lists(deck_cards, min_size=3, max_size=6))
    if kind == "run":
        suit = draw(st.sampled_from(fr.SUITS))
        lo = draw(st.integers(1, 12))
        n = draw(st.integers(3, 6))
        out = [fr.card(1 if p == 14 else p, suit) for p in range(lo, min(lo + n, 15))]
    else:
        rank = draw(st.sampled_from([1, *range(3, 14)]))
        out = [fr.card(rank, draw(st.sampled_from(fr.SUITS))) for _ in range(draw(st.integers(2, 5)))]
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, len(out)))
        if draw(st.booleans()) and out:
            out[min(i, len(out) - 1)] = draw(st.sampled_from([JOKER, 1, 14, 27, 40]))
        else:
            out.insert(i, draw(deck_cards))
    return out[:7]


@settings(max_examples=400, deadline=None)
@given(near_melds())
def test_meld_reading_agrees_with_brute_force(cs):
    assert (read_meld(cs) is not None) == reference_is_meld(cs)
    assert len(readings(cs)) <= 1


@settings(max_examples=400, deadline=None)
@given(near_melds())
def test_every_reading_uses_exactly_the_cards_and_prints_back(cs):
    meld = read_meld(cs)
    if meld is not None:
        assert is_valid(meld)
        assert Counter(meld_cards(meld)) == Counter(cs)
        assert read_meld(*_declared(meld_text(meld))) == meld


def _declared(text):
    from tavolo.games.burraco.notation import _cards_declared

    return _cards_declared(text, text.split())


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(TEMPLATES))), st.lists(st.integers(0, 30), max_size=10))
def test_attaching_keeps_melds_valid_and_adds_exactly_one_card(template, choices):
    meld = TEMPLATES[template].meld
    for choice in choices:
        options = attachments(meld)
        if not options:
            break
        card, _, after = options[choice % len(options)]
        assert is_valid(after)
        assert Counter(meld_cards(after)) == Counter(meld_cards(meld)) + Counter([card])
        assert read_meld(*_declared(meld_text(after))) == after
        meld = after
