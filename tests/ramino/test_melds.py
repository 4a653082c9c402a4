"""Ramino's combinations and what a hand pays (raccolta-regole-giochi-di-carte.txt, "Ramino"):
the seed's two worked examples (Caio 20, Sempronio 27), the lone ace, tris of one suit only by
agreement, the ace low or high, the joker for any card, colore; Hypothesis checks of meld
validation against a brute-force reading and of every arrangement."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavolo.cards import french as fr
from tavolo.games.ramino.cards import JOKER, loose_points
from tavolo.games.ramino.melds import arrange, closing_discards, loose_cost, loose_within, meld_kind

DECK = [c for c in range(53) for _ in range(2)]


def cards(text):
    return fr.parse_many(text)


def test_caio_pays_his_ace_three_and_six():
    # seed, Esempio a: two tris, a quartetto, an ace, a 3 and a 6: 11 + 3 + 6 = 20
    best = arrange(cards("Kh Kd Kc 8h 8d 8s 5h 5d 5c 5s Ac 3d 6s"))
    assert best.points == 20 and sorted(best.loose) == sorted(cards("Ac 3d 6s"))


def test_sempronio_pays_the_joker_that_fits_nowhere():
    # seed, Esempio b: two quartetti, a 2 and a joker: the quartetti are complete, 25 + 2 = 27
    hand = cards("Kh Kd Kc Ks 9h 9d 9c 9s 2h *")
    assert arrange(hand).points == 27
    assert arrange(hand, joker_penalty=20).points == 22  # "o 20, a seconda di quanto stabilito"


def test_an_ace_alone_costs_one_and_eleven_with_others():
    # seed: "se è l'unica carta non combinata dell'intero lotto vale 1; ... il suo valore è 11"
    assert arrange(cards("Kh Kd Kc 8h 8d 8s 5h 5d 5c Ac")).points == 1
    assert arrange(cards("Kh Kd Kc 8h 8d 8s 5h 5d Ac 2c")).points == 5 + 5 + 11 + 2


def test_figures_cost_ten_and_others_their_face():
    assert loose_points(cards("Kh Qd Jc Ts 9h 2d"), 25) == 10 + 10 + 10 + 10 + 9 + 2


def test_tris_and_quartetti_of_one_suit_only_by_agreement():
    # seed: "di seme diverso; accordandosi preventivamente ... anche carte dello stesso seme"
    assert meld_kind(cards("9h 9h 9s")) is None
    assert meld_kind(cards("9h 9h 9s"), same_suit_groups=True) == "tris"
    assert meld_kind(cards("9h 9d 9c 9s")) == "quartetto"
    assert meld_kind(cards("9h 9d 9c 9s *")) is None  # a quartetto is complete


def test_the_ace_is_low_or_high_never_both():
    # seed: "l'Asso ha un duplice valore: ... Asso, 2, 3; oppure ... Q, K, Asso"
    assert meld_kind(cards("Ah 2h 3h")) == meld_kind(cards("Qh Kh Ah")) == "scala"
    assert meld_kind(cards("Kh Ah 2h")) is None


def test_the_joker_stands_for_any_card_once_per_meld():
    # seed: "3 di fiori, 3 di picche, jolly; J di quadri, jolly, K di quadri"
    assert meld_kind(cards("3c 3s *")) == "tris" and meld_kind(cards("Jd * Kd")) == "scala"
    assert meld_kind(cards("Jd * *")) is None  # DECISIONS.md: one joker per tris or scala


def test_a_hand_of_one_suit_is_a_colore():
    # seed: "colore: tutte carte dello stesso seme anche in ordine non progressivo"
    best = arrange(cards("Ah 3h 5h 7h 9h Jh Kh 2h 6h *"))
    assert best.colore and best.points == 0


def test_the_discards_that_close():
    hand = cards("5h 6h 7h 9c 9d 9s Kc Kd Ks 2s Qd")
    assert closing_discards(hand, 0) == []
    assert closing_discards(hand, 10) == cards("Qd 2s")
    assert loose_within(hand[:9] + cards("*"), 0)


# --- Hypothesis: meld validation against a brute-force reading ---------------------------------

def brute_force_kind(meld, same_suit=False):
    jokers = meld.count(JOKER)
    naturals = [c for c in meld if c != JOKER]
    if len(meld) < 3 or jokers > 1 or not naturals:
        return None
    if len(meld) <= 4 and len({fr.rank(c) for c in naturals}) == 1 and (
            same_suit or len({fr.suit(c) for c in naturals}) == len(naturals)):
        return "tris" if len(meld) == 3 else "quartetto"
    for suit in fr.SUITS:
        for lo in range(1, 15 - len(meld) + 1):
            needed = Counter(fr.card(1 if p == 14 else p, suit) for p in range(lo, lo + len(meld)))
            if lo == 1 and lo + len(meld) - 1 == 14:
                continue
            if not Counter(naturals) - needed and sum((needed - Counter(naturals)).values()) == jokers:
                return "scala"
    return None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=6), st.booleans())
def test_meld_kind_agrees_with_a_brute_force_reading(meld, same_suit):
    assert meld_kind(meld, same_suit) == brute_force_kind(meld, same_suit)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2 ** 31), st.sampled_from([7, 9, 10]), st.booleans())
def test_every_arrangement_is_of_valid_melds_and_pays_its_loose_cards(seed, size, same_suit):
    import random

    hand = random.Random(seed).sample(DECK, size)
    best = arrange(hand, same_suit)
    assert Counter(c for m in best.melds for c in m) + Counter(best.loose) == Counter(hand)
    if best.colore:
        assert best.points == 0 and len({fr.suit(c) for c in hand if c != JOKER}) == 1
    else:
        assert all(meld_kind(m, same_suit) for m in best.melds)
        assert best.points == loose_points(best.loose, 25)
    assert loose_cost(hand, same_suit) == best.points
    assert best.points <= loose_points(hand, 25)
    for limit in (0, 5, 10):
        assert loose_within(hand, limit, same_suit) == (best.points <= limit)


@pytest.mark.parametrize("text", ["Ah 2h 3h 4h 5h 6h 7h 8h 9h Th", "Th Jh Qh Kh Ah 5h 6h 7h 8h 9h"])
def test_ramino_all_in_sequence_of_one_suit_pays_nothing(text):
    # seed: "ramino: tutte carte dello stesso seme e in scala"
    assert arrange(cards(text)).points == 0


# --- Hypothesis: the arrangement is the cheapest, against an exhaustive search ------------------

def stands_for(meld):
    """Every card the one joker of ``meld`` may stand for."""
    naturals = [c for c in meld if c != JOKER]
    if meld_kind(meld) in ("tris", "quartetto"):
        return {fr.card(fr.rank(naturals[0]), s) for s in fr.SUITS} - set(naturals)
    suit = fr.suit(naturals[0])
    out = set()
    for lo in range(1, 15 - len(meld) + 1):
        needed = Counter(fr.card(1 if p == 14 else p, suit) for p in range(lo, lo + len(meld)))
        if not Counter(naturals) - needed and not (lo == 1 and lo + len(meld) - 1 == 14):
            out |= set(needed - Counter(naturals))
    return out


def cheapest(hand, same_suit=False):
    """The least a hand can pay, by trying every set of disjoint melds (a joker never standing
    for a card left loose)."""
    from itertools import combinations as subsets

    melds = {tuple(sorted(m)) for k in range(3, len(hand) + 1) for m in subsets(hand, k) if meld_kind(m, same_suit)}
    best = loose_points(hand, 25)

    def search(rest, chosen):
        nonlocal best
        loose = list(rest)
        naturals_loose = set(loose) - {JOKER}
        if all(JOKER not in m or stands_for(m) - naturals_loose for m in chosen):
            best = min(best, loose_points(loose, 25) if loose else 0)
        for m in melds:
            if not Counter(m) - Counter(rest) and (not chosen or m >= chosen[-1]):
                search(list((Counter(rest) - Counter(m)).elements()), [*chosen, m])

    search(list(hand), [])
    return best


def test_the_exhaustive_search_reads_the_seeds_examples():
    assert cheapest(cards("Kh Kd Kc Ks 9h 9d 9c 9s 2h *")) == 27
    assert cheapest(cards("Kh Kd Kc 8h 8d 8s 5h 5d 5c 5s Ac 3d 6s")) == 20


@settings(max_examples=120, deadline=None)
@given(st.integers(min_value=0, max_value=2 ** 31))
def test_the_arrangement_is_the_cheapest_an_exhaustive_search_finds(seed):
    import random

    rng = random.Random(seed)
    pool = [c for c in DECK if c == JOKER or fr.rank(c) in (1, 2, 3, 4, 5, 12, 13) and fr.suit(c) < 3]
    hand = rng.sample(pool, 7)
    if len({fr.suit(c) for c in hand if c != JOKER}) == 1:
        return  # a colore pays nothing: not a partition
    assert arrange(hand).points == cheapest(hand)


def test_a_joker_may_stand_for_a_card_the_hand_holds_in_another_combination():
    """Two decks hold two of each card: the joker of "Q♥ * A♥" stands for the K♥ that the tris
    "K♦ K♥ *" holds, so only the 5♥ is left loose (the seed's rule is only that a joker never
    stands for a card left loose, raccolta, Ramino, Esempio b). Found by the exhaustive search
    above: the arrangement paid 40 (the scala "* Q♥ K♥ A♥", then K♦, 5♥ and a joker loose)."""
    assert arrange(cards("Kd * Qh Ah 5h * Kh")).points == 5
    assert arrange(cards("3h Ah * 2h * 3c 3c")).points == cheapest(cards("3h Ah * 2h * 3c 3c")) == 3
