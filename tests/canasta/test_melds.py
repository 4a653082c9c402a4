"""Canasta's combinations (raccolta, "Canasta": "solo da serie di carte dello stesso valore ...
pulite ... o sporche"), checked by Hypothesis: every lay the engine offers leaves a valid
combination of one rank with its wilds within the seed's limits, and every lay it refuses breaks
them or the hand's limits."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tavolo.cards import french as fr
from tavolo.games.canasta.actions import LAY_BASE, decode, lay_action
from tavolo.games.canasta.melds import JOKER_KEY, KEYS, PINELLA, canasta_bonus, counts, key_of_meld, valid

from tests.canasta.helpers import position

CARDS = st.sampled_from([c for c in range(53) if c == fr.JOKER or fr.rank(c) != 3])


def plain_ok(cards):
    """One rank of naturals (at least two), wilds within one with a pair and two with more."""
    key = key_of_meld(cards)
    wild = [c for c in cards if (c == fr.JOKER and key != JOKER_KEY) or (c != fr.JOKER and fr.rank(c) == 2 and key != 2)]
    naturals = [c for c in cards if c not in wild]
    if any((fr.rank(c) if c != fr.JOKER else 0) != key for c in naturals):
        return False
    if key == JOKER_KEY and any(c == fr.JOKER for c in wild):
        return False
    limit = 1 if len(naturals) == 2 or key == JOKER_KEY else 2
    return len(naturals) >= 2 and len(wild) <= limit and len(cards) >= 3


@settings(max_examples=300, deadline=None)
@given(st.lists(CARDS, min_size=3, max_size=10))
def test_validity_matches_a_plain_definition(cards):
    key = key_of_meld(cards)
    naturals, wilds = counts(cards, key)
    one_rank = all((fr.rank(c) if c != fr.JOKER else 0) == key for c in cards
                   if not ((c == fr.JOKER and key != JOKER_KEY) or (c != fr.JOKER and fr.rank(c) == 2 and key != 2)))
    assert (one_rank and valid(naturals, wilds, key)) == plain_ok(cards)


@settings(max_examples=25, deadline=None)
@given(st.lists(CARDS, min_size=4, max_size=12).filter(lambda h: max(Counter(h).values()) <= 2), st.booleans())
def test_every_lay_offered_is_valid_and_every_valid_lay_is_offered(hand, play_phase):
    state = position(held={0: fr.names(hand)}, phase="play" if play_phase else "start", opened=(True, True))
    legal = set(state.legal_actions())
    size = len(hand)
    for key in KEYS:
        for k in range(13):
            for j in range(3):
                for p in range(3):
                    if not (k or j or p):
                        continue
                    action = lay_action(key, k, j, p)
                    held = Counter(hand)
                    have = held[fr.JOKER] if key == JOKER_KEY else sum(held[fr.card(key, s)] for s in fr.SUITS)
                    pinelle = sum(held[fr.card(PINELLA, s)] for s in fr.SUITS)
                    fits = (k <= have and (j <= held[fr.JOKER] if key != JOKER_KEY else j == 0)
                            and (p <= pinelle if key != PINELLA else p == 0) and valid(k, j + p, key))
                    keeps = size - k - j - p >= (2 if play_phase else 1)
                    expected = fits and keeps and play_phase  # an opened side lays only after drawing
                    assert (action in legal) == expected, (decode(action), expected)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 5), st.integers(0, 2), st.sampled_from([7, 9, 13]))
def test_a_canasta_is_clean_only_without_wilds(extra, wilds, rank):
    naturals = [fr.card(rank, s % 4) for s in range(7 - min(wilds, 2) + extra)]
    cards = naturals + [fr.JOKER] * min(wilds, 2)
    assert canasta_bonus(cards) == (500 if not wilds else 300)
    assert all(a >= LAY_BASE for a in [lay_action(rank, 3, 0, 0)])
