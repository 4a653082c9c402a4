"""What an audit of the engine found (issue 11): the freed pinella, the words of the notation,
the 3-player sides, fedibur-1985 art. 6 and the end of the stock."""

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import AmbiguousActionError, IllegalActionError, NotationError
from tavolo.games.burraco.actions import TAKE
from tavolo.games.burraco.melds import CLEAN, DIRTY, Group, Run, burraco_kind
from tavolo.games.burraco.notation import parse_meld

from tests.burraco.helpers import position

H = fr.HEARTS


def play(state, *moves):
    for move in moves:
        for action in state.parse_move(move):
            state.apply(action)


# --- the freed pinella of the run's suit (fedibur-1985 art. 5; codice art. 10) ------------------

def test_free_pinella_takes_its_natural_place_when_the_three_arrives():
    """DECISIONS.md "a freed same-suit pinella may move to its natural place"; fedibur-1985 art. 5-6:
    2h 3h ... 8h built with a free 2h is the same clean burraco as when opened 2h 3h 4h."""
    state = position(hands={0: "4h 5h 6h 2h 3h 7h 8h Kc Qd"})
    play(state, "open 4h 5h 6h", "attach 2h to 1", "attach 3h to 1 natural", "attach 7h 8h to 1")
    meld = state.side_melds(0)[0]
    assert meld == Run(H, 2, 8)
    assert burraco_kind(meld) == CLEAN


def test_free_pinella_may_also_stay_a_wild_and_the_player_is_asked():
    """fedibur-1985 art. 5 "si può spostare la matta": both places are lawful, so the move asks."""
    state = position(hands={0: "4h 5h 6h 2h 3h 7h 8h Kc Qd"})
    play(state, "open 4h 5h 6h", "attach 2h to 1")
    with pytest.raises(AmbiguousActionError) as info:
        state.parse_action("attach 3h to 1")
    assert info.value.candidates == ["attach 3h to 1 natural", "attach 3h to 1 wild"]
    play(state, "attach 3h to 1 wild")
    assert state.side_melds(0)[0] == Run(H, 3, 6, fr.parse("2h"), 0)


# --- the player's words are honoured or refused with the reason -------------------------------

def test_a_qualifier_with_no_choice_to_make_is_refused():
    """fedibur-1985 art. 4: 8h extends 5h 6h 7h one way only; 'low' names no choice."""
    state = position(hands={0: "5h 6h 7h 8h Kc Qd"})
    play(state, "open 5h 6h 7h")
    with pytest.raises(NotationError, match="one way only"):
        state.parse_action("attach 8h to 1 low")


def test_a_qualifier_that_names_the_wrong_choice_is_refused():
    """fedibur-1985 art. 4 "L'Asso ... può essere legato indistintamente al 2 o al K": low or high."""
    state = position(hands={0: "Ah Kc Qd"}, melds={0: ["2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"]})
    with pytest.raises(NotationError, match="low or high, not natural"):
        state.parse_action("attach Ah to 1 natural")


def test_a_pinella_marked_wild_in_its_natural_place_is_refused_with_the_rule():
    """fedibur-1985 art. 4: a pinella of the suit below the 3 "può rappresentare un 2 naturale"; art. 6
    counts it as natural. Written 2h(w) between Ah and 3h it can be nothing else: refused, not re-read."""
    state = position(hands={0: "Ah 2h 3h Kc Qd"})
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("open Ah 2h(w) 3h")
    assert info.value.rule.code == "pinella-natural"
    assert parse_meld("Ah 2h 3h") == Run(H, 1, 3)
    assert parse_meld("2h(w) 3h 4h") == Run(H, 3, 4, fr.parse("2h"), 0)  # free, below: a legal wild


def test_nine_naturals_of_a_rank_are_refused_naming_the_limit():
    """fedibur-1985 art. 4: "combinazioni ... un massimo di 9 carte, compresa l'eventuale matta"."""
    with pytest.raises(IllegalActionError, match="at most 8 naturals plus one wild, not 9"):
        parse_meld("8h 8h 8d 8d 8c 8c 8s 8s 8d")


# --- 3 players: the sides form with two combinations of one rank ------------------------------

def _three_players_before_the_sides_form():
    """Seat 0 and seat 1 each opened a combination of kings; seat 2 is about to go to the 18."""
    state = position(players=3, hands={2: "5h 6h 7h", 0: "Kh 9c 9d 4s"}, melds={0: ["Kc Kd Ks"], 1: ["Kh Kd Kc"]},
                     turn=2)
    data = state.to_json()
    cards = [c for p in data["pozzetti"] for c in p["cards"]]
    data["pozzetti"] = [{"cards": cards[:18], "side": -1, "taken": False},
                        {"cards": cards[18:29], "side": -1, "taken": False}]
    data["hands"][1] += cards[29:]
    data["sides_formed"] = False
    return state.game.state_from_json(data)


def test_partners_keep_both_combinations_of_a_rank_when_the_sides_form():
    """Seeds silent (estratto "Il gioco in 3"); DECISIONS.md (issue 11): melds made alone stand as they
    are, so the new pair may hold two combinations of one rank; both grow, neither merges, and no third
    of that rank may be opened (fedibur-1985 art. 5 "non si possono calare due combinazioni uguali")."""
    state = _three_players_before_the_sides_form()
    play(state, "open 5h 6h 7h")
    assert state.sides == [(2,), (0, 1)]
    kings = [m for m in state.side_melds(1) if type(m) is Group]
    assert len(kings) == 2 and {m.rank for m in kings} == {fr.KING}
    discard = next(a for a in state.legal_action_strings() if a.startswith("discard"))
    play(state, discard, "draw")  # seat 2 ends the turn; seat 0 draws
    assert state.current_player() == 0
    legal = state.legal_action_strings()
    assert "attach Kh to 1" in legal and "attach Kh to 2" in legal
    assert not any(a.startswith("open Kh") for a in legal)


# --- fedibur-1985 art. 6 -----------------------------------------------------------------------

def test_fedibur_combination_with_a_wild_is_only_ever_dirty():
    """fedibur-1985 art. 6: "Una qualsiasi combinazione (tris) posate con l'ausilio di una matta potrà
    divenire ... solo ed esclusivamente un burraco sporco" - eight naturals and the wild included."""
    assert burraco_kind(parse_meld("8h 8h 8d 8d 8c 8c 8s 8s *"), semiclean_counts=False) == DIRTY


def test_fedibur_sequence_with_its_pinella_in_the_natural_place_is_clean():
    """fedibur-1985 art. 6: "Burrachi puliti ... a meno che la pinella presente sia dello stesso seme in
    una sequenza, ma sia nella posizione naturale del 2" - art. 6's "combinazione (tris)" is cards of
    one rank, not a sequence; a pinella that reached its natural place makes the sequence clean."""
    state = position("fedibur1985", hands={0: "4h 5h 6h 2h 3h 7h 8h Kc Qd"})
    play(state, "open 4h 5h 6h", "attach 2h to 1", "attach 3h to 1 natural", "attach 7h 8h to 1")
    assert burraco_kind(state.side_melds(0)[0], semiclean_counts=False) == CLEAN


# --- the end of the stock ----------------------------------------------------------------------

def test_no_take_when_the_stock_holds_two_cards():
    """fedibur-1985 art. 5: "il gioco termina comunque quando rimangono 2 carte ancora da pescare";
    DECISIONS.md: no one may take the discard pile when the stock holds 2. Checked by the legal-move
    generator, whatever state it is given."""
    state = position(phase="draw", pile="Kd 9c", stock_size=2)
    assert TAKE not in state.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action("take"))
    assert info.value.rule.code == "stock-end"
    assert TAKE in position(phase="draw", pile="Kd 9c", stock_size=3).legal_actions()


def test_the_choosing_words_read_in_italian_too():
    """The notation reads Italian verbs; the words that choose read so too: basso/alto for the ace
    (fedibur-1985 art. 4), naturale/matta for the pinella (art. 5)."""
    state = position(hands={0: "4h 5h 6h 2h 3h 7h 8h Kc Qd"})
    play(state, "cala 4h 5h 6h", "lega 2h a 1", "lega 3h a 1 naturale")
    assert state.side_melds(0)[0] == Run(H, 2, 6)
    ace = position(hands={0: "Ah Kc Qd"}, melds={0: ["2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"]})
    assert ace.action_to_string(ace.parse_action("lega Ah a 1 alto")) == "attach Ah to 1 high"


def test_several_cards_attached_at_once_are_chosen_with_the_same_words_as_one():
    """fedibur-1985 art. 4 ("L'Asso nelle sequenze è unico, e può essere legato indistintamente al
    2 o al K") and art. 6 (a pinella "nella posizione naturale del 2" is natural): 3h and 2h on
    4h 5h 6h make 2h natural below the 3 or a free wild; Ah and Kh on 2h..Qh put the ace low or
    high. The move is asked, each choice a move with its word, as for one card."""
    state = position(hands={0: "3h 2h 9c Kd 5s"}, melds={0: ["4h 5h 6h"]})
    with pytest.raises(AmbiguousActionError) as info:
        state.parse_move("attach 3h 2h to 1")
    assert info.value.candidates == ["attach 3h 2h to 1 natural", "attach 3h 2h to 1 wild"]
    wild = state.clone()
    play(wild, "attach 3h 2h to 1 matta")
    assert wild.side_melds(0)[0] == Run(H, 3, 6, fr.parse("2h"), 0)
    play(state, "attach 3h 2h to 1 natural")
    assert state.side_melds(0)[0] == Run(H, 2, 6)
    aces = position(hands={0: "Ah Kh 9c Kd 5s"}, melds={0: ["2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh"]})
    with pytest.raises(AmbiguousActionError) as info:
        aces.parse_move("attach Ah Kh to 1")
    assert info.value.candidates == ["attach Ah Kh to 1 low", "attach Ah Kh to 1 high"]
    with pytest.raises(NotationError, match="join meld 1 low or high, not wild"):
        aces.parse_move("attach Ah Kh to 1 wild")
    with pytest.raises(NotationError, match="in one way only"):
        position(hands={0: "7h 8h 9c"}, melds={0: ["4h 5h 6h"]}).parse_move("attach 7h 8h to 1 high")
