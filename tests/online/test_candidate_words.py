"""An ambiguous move is refused with its candidates in words (issue 23): a pinella attached to a
run of its suit may be the natural 2 or a wild (codice art. 9-12), or a natural reaching a run that
holds one lets it return to its place as the 2 or stay wild; the choice box shows "lega 2♥ alla 1
come naturale" / "... come matta" ("lega 3♠ alla 2 e la pinella 2♠ torna naturale" / "... resta
matta"), each with its notation to send."""

from __future__ import annotations

import random

import pytest

from tavolo.i18n.moves import say
from tavolo.online.messages import Refusal
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
