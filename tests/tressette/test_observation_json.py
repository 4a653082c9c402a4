"""The trick games' observation JSON (what the web server sends each seat) is the
observation written out field by field, every card in its short notation (rank letter and
suit letter, ``3c`` tre di coppe): checked over random Briscola and Tressette rounds."""

from __future__ import annotations

import random

import pytest

from tavolo.cards import italian as it
from tavolo.games import make_game


def spelled(card: int) -> str:
    return it.RANK_LETTERS[card % 10] + it.SUIT_LETTERS[card // 10]


def written_out(obs) -> dict:
    """The observation's JSON as the contract spells it, one field at a time."""
    cards = lambda group: [spelled(c) for c in group]  # noqa: E731
    return {
        "game": obs.game, "seat": obs.seat, "players": obs.players, "phase": obs.phase,
        "current_player": obs.current_player, "round_number": obs.round_number, "dealer": obs.dealer,
        "sides": [list(s) for s in obs.sides], "hand": cards(obs.hand), "hand_sizes": list(obs.hand_sizes),
        "leader": obs.leader, "trick": cards(obs.trick),
        "tricks": [[leader, cards(played), winner] for leader, played, winner in obs.tricks],
        "stock_size": obs.stock_size, "trump_card": spelled(obs.trump_card) if obs.trump_card >= 0 else None,
        "known": [cards(k) for k in obs.known], "partner_hand": cards(obs.partner_hand),
        "declarations": [list(d) for d in obs.declarations], "round_points": list(obs.round_points),
        "scores": list(obs.scores),
    }


@pytest.mark.parametrize("game, options", [
    ("briscola", {"players": 4, "rounds": 3}), ("briscola", {"players": 2}),
    ("tressette", {"players": 4, "accusi": "declared"}), ("tressette", {"players": 2, "target": 21}),
])
def test_the_json_is_the_observation_written_out(game, options):
    rng = random.Random(7)
    state = make_game(game, **options).new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        for seat in range(state.game.num_players):
            obs = state.observation(seat)
            assert obs.to_json() == written_out(obs)
            assert obs.hand_sizes == tuple(len(state.hand_cards(s)) for s in range(obs.players))
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 40


def test_a_card_id_outside_the_deck_is_refused():
    for wrong in (-1, 40):
        with pytest.raises(ValueError, match="not an Italian card id"):
            it.name(wrong)
        with pytest.raises(ValueError, match="not an Italian card id"):
            it.name_list([3, wrong])
