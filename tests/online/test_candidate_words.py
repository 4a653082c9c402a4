"""An ambiguous move is refused with its candidates in words (issue 23): a pinella attached to a
run of its suit may be the natural 2 or a wild (codice art. 9-12), or a natural reaching a run that
holds one lets it return to its place as the 2 or stay wild; the choice box shows "lega 2♥ alla 1
come naturale" / "... come matta" ("lega 3♠ alla 2 e la pinella 2♠ torna naturale" / "... resta
matta"), and a long opening read two ways is offered as the two melds ("cala … con l'asso in
basso" / "... in alto"), each with its notation to send."""

from __future__ import annotations

import random

import pytest

from tavolo.i18n.moves import say
from tavolo.online.messages import Refusal
from tests.burraco.helpers import position
from tests.online.test_told_privacy import next_entries, seated


def test_a_pinella_natural_or_wild_is_offered_in_words() -> None:
    service, table, _ = seated("burraco", {"players": 2})
    rng = random.Random(5)
    for _ in range(20_000):
        state, seat = table.state, table.to_act
        if seat >= 0 and not state.is_chance_node():
            for action in state.legal_actions():
                key = state.action_words(action).key
                if key.endswith("natural"):
                    text = state.action_to_string(action).rsplit(" ", 1)[0]  # no "natural": two readings
                    with pytest.raises(Refusal) as refused:
                        table.move_entries(seat, text)
                    refusal = refused.value
                    assert refusal.code == "ambiguous"
                    said = [say(w, "it") for w in refusal.candidate_words]
                    assert len(said) == 2 == len(refusal.candidates)
                    assert any(s.endswith(("come naturale", "torna naturale")) for s in said), said
                    assert any(s.endswith(("come matta", "resta matta")) for s in said), said
                    assert all(s.startswith("lega ") for s in said), said
                    return
        if state.is_terminal():
            service, table, _ = seated("burraco", {"players": 2})
            continue
        service._apply(table, next_entries(table, rng))
    pytest.fail("no pinella that fits two ways in the games walked")


def test_a_long_opening_read_two_ways_is_offered_as_two_melds_in_words() -> None:
    """fedibur-1985 art. 4: "L'Asso nelle sequenze è unico, e può essere legato indistintamente al
    2 o al K", and a sequence holds 13 cards "più l'eventuale matta": thirteen hearts but the K,
    the ace written among them, and a joker read as A…Q with the joker at the top or as 2…K(joker)-A.
    The choice box says each meld in words, and each candidate is a move the table then plays."""
    service, table, _ = seated("burraco", {"players": 2})
    table.state = position(players=2, hands={0: "2h 3h 4h 5h 6h Ah 7h 8h 9h Th Jh Qh * 5c 9d"})
    with pytest.raises(Refusal) as refused:
        table.move_entries(0, "open 2h 3h 4h 5h 6h Ah 7h 8h 9h Th Jh Qh *")
    refusal = refused.value
    assert refusal.code == "ambiguous" and len(refusal.candidates) == 2
    hearts = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥"
    assert [say(w, "it") for w in refusal.candidate_words] == [
        f"cala Jolly A♥ {hearts} con l'asso in basso", f"cala {hearts} Jolly A♥ con l'asso in alto"]
    assert [say(w, "en") for w in refusal.candidate_words][1] == f"meld {hearts} Joker A♥ with the ace high"
    laid = set()
    for text in refusal.candidates:                   # each button's move: the 13 cards laid in one meld
        trial = table.state.clone()
        for entry in table.move_entries(0, text):
            trial.apply(entry.payload["action"])
        laid.add(trial.side_melds(0)[0])
        assert len(trial.side_melds(0)) == 1 and len(trial.hand_cards(0)) == 2
    assert len(laid) == 2


def test_several_cards_attached_two_ways_are_offered_in_words() -> None:
    """fedibur-1985 art. 6 (a pinella "nella posizione naturale del 2" is natural): 3♥ and 2♥ on
    4♥ 5♥ 6♥ leave 2♥ natural below the 3 or a free wild. The choice box said the two melds in
    notation and its buttons sent a text that was no move; each is now a move, said in words."""
    service, table, _ = seated("burraco", {"players": 2})
    table.state = position(players=2, hands={0: "3h 2h 9c Kd 5s"}, melds={0: ["4h 5h 6h"]})
    with pytest.raises(Refusal) as refused:
        table.move_entries(0, "lega 3h 2h a 1")
    refusal = refused.value
    assert refusal.code == "ambiguous"
    assert [say(w, "it") for w in refusal.candidate_words] == ["lega 2♥ 3♥ alla 1 come naturale",
                                                                 "lega 2♥ 3♥ alla 1 come matta"]
    assert [len(table.move_entries(0, text)) for text in refusal.candidates] == [2, 2]
