"""The openings built from the cards held are exactly the templates the hand
holds, in the templates' order (the order of the engine's legal actions)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tavolo.games.burraco.actions import GROUP_RANKS, TEMPLATES
from tavolo.games.burraco.cards import NUM_TYPES
from tavolo.games.burraco.melds import Group
from tavolo.games.burraco.opens import hand_opens, suit_masks


def opens_by_filter(h: list[int], grouped: set[int], group_ranks: tuple[int, ...]) -> list[int]:
    """Every template whose cards ``h`` holds, one combination per rank per side and
    only of ``group_ranks``: the definition :func:`hand_opens` builds from the hand."""
    out = []
    for t, (meld, cards) in enumerate(TEMPLATES):
        if type(meld) is Group and (meld.rank in grouped or meld.rank not in group_ranks):
            continue
        if all(h[c] >= cards.count(c) for c in cards):
            out.append(t)
    return out


def counts(cards: list[int]) -> list[int]:
    h = [0] * NUM_TYPES
    for card in cards:
        h[card] += 1
    return h


@settings(max_examples=400, deadline=None)
@given(cards=st.lists(st.integers(0, NUM_TYPES - 1), max_size=30),
       grouped=st.sets(st.sampled_from(GROUP_RANKS), max_size=3),
       group_ranks=st.sampled_from([GROUP_RANKS, (1, 3)]),
       kept_masks=st.booleans())
def test_hand_opens_are_the_templates_the_hand_holds_in_their_order(cards, grouped, group_ranks, kept_masks):
    """Sequences and combinations of three (art. 4), pinelle twice where one is natural."""
    h = counts(cards)
    bits = sum(1 << rank for rank in grouped)
    found = hand_opens(h, suit_masks(h) if kept_masks else None, bits, group_ranks)
    assert found == opens_by_filter(h, grouped, group_ranks)


@settings(max_examples=200, deadline=None)
@given(suit=st.integers(0, 3), ranks=st.lists(st.integers(0, 12), min_size=3, max_size=14),
       wilds=st.lists(st.sampled_from([1, 14, 27, 40, 52]), max_size=3))
def test_one_suit_and_wilds_give_every_sequence_they_hold(suit, ranks, wilds):
    """Dense hands of one suit reach the sequences with a wild beside and in the gap."""
    h = counts([suit * 13 + r for r in ranks] + wilds)
    assert hand_opens(h) == opens_by_filter(h, set(), GROUP_RANKS)
