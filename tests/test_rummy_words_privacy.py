"""What a move's words tell whom, for the rummy family (issue 23; the notation is checked in
tests/test_action_privacy.py with the same walk): over random hands of Burraco, Scala 40, Ramino,
Pinnacola, Canasta and Machiavelli, the words every other seat and a spectator read
(``action_words_for``) name only cards in view once the move is made: a draw from the face-down
stock names no card (fedibur-regolamento-1985.txt art. 4, the "tallone coperto"; raccolta, each
game's "mazzo" face down), while what is melded, attached, moved on the table or discarded lies
face up. The actor reads his own move's words whole."""

from __future__ import annotations

from collections import Counter

import pytest

from tavolo.games import make_game
from tests.rummy_words import card_tokens
from tests.test_action_privacy import GAMES, leaked, moves

def told_cards(words: dict) -> Counter[str]:
    """The card tokens ``words`` names, a card named in two parameters (the cards of a meld, then
    its wild said again: "cala 2♥ 4♥ 5♥ con 2♥ come matta") counted once."""
    told: Counter[str] = Counter()
    for name, value in words["params"].items():
        told |= Counter(card_tokens({"params": {name: value}}))
    return told


RUMMY = ("burraco", "scala40", "ramino", "pinnacola", "canasta", "machiavelli")
WALKS = [(name, options, games) for name, options, games in GAMES if name in RUMMY]


@pytest.mark.parametrize(("name", "options", "games"), WALKS, ids=[f"{n}-{o['players']}" for n, o, _ in WALKS])
def test_no_words_name_a_card_their_reader_cannot_see(name: str, options: dict, games: int) -> None:
    players = make_game(name, **options).num_players
    named = 0
    for before, action, after in moves(name, options, games, seed=len(name)):
        actor = before.current_player()
        whole = before.action_words(action)
        assert before.action_words_for(action, actor) == whole
        named += bool(card_tokens(whole.to_json()))
        for viewer in [*range(players), None]:
            if viewer == actor:
                continue
            words = before.action_words_for(action, viewer).to_json()
            told = " ".join(told_cards(words).elements())
            assert not leaked(after, viewer, told), (
                f"{name}: seat {viewer} reads {words} (by seat {actor}) naming a card hidden from it")
    assert named, "a walk whose words named no card proves nothing"


def test_the_check_catches_a_drawn_card() -> None:
    """The check can fail: words that named the card drawn from the stock would be flagged for
    every other seat (the tallone is face down)."""
    for before, action, after in moves("burraco", dict(players=2, target=None), 1, seed=3):
        if before.action_to_string(action) != "draw":
            continue
        drawn = sorted(set(after.hand_cards(before.current_player())) - set(before.hand_cards(before.current_player())))
        if not drawn:
            continue
        from tavolo.cards import french as fr

        other = 1 - before.current_player()
        assert leaked(after, other, fr.name(drawn[0]))
        return
    pytest.fail("no draw of a new card type in a game of Burraco")
