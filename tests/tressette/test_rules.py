"""Tressette's rules, each test citing the seed (raccolta-regole-giochi-di-carte.txt,
section "Tressette", from tressette.info)."""

import random

import pytest

from tavolo.cards import italian as it
from tavolo.engine.errors import IllegalActionError
from tavolo.games.tressette import make_game

from tests.trick_positions import play, position, texts


def dealt(seed=1, **options):
    state = make_game(**options).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    return state


def refused(state, text):
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.code


@pytest.mark.parametrize("players, stock", [(4, 0), (2, 20)])
def test_ten_cards_each(players, stock):
    """"La partita a quattro": ten cards each; "La partita a due": the rest is the stock."""
    obs = dealt(players=players).observation(0)
    assert obs.hand_sizes == (10,) * players and obs.stock_size == stock


@pytest.mark.parametrize("seed", range(4))
def test_the_four_of_denari_leads_the_first_round_then_the_first_dealt_to(seed):
    """"La partita a quattro": the holder of the four of denari begins; in later rounds "ad
    iniziare il gioco sarà ... il primo ad aver ricevuto le carte"."""
    state = dealt(seed=seed, players=4, target=21)
    assert it.parse("4d") in state.hand_cards(state.current_player())
    while state.phase == "play":
        state.apply(state.legal_actions()[0])
    state.apply_chance(state.sample_chance(random.Random(seed)))
    assert state.current_player() == (state.dealer + 1) % 4


def test_a_player_must_answer_the_suit_led():
    """"La partita a quattro": the others "devono lanciare una carta dello stesso seme"."""
    state = position("tressette", hands={0: "Ac", 1: "5c 3b Kc"}, trick="4c")
    assert texts(state) == ["play 5c", "play Kc"]
    assert refused(state, "play 3b") == "follow-suit"


def test_without_the_suit_led_any_card_may_be_played():
    """"La partita a quattro": with no card of the suit led (a piombo) "si può giocare
    qualsiasi altra carta ma non si ha ovviamente diritto alla presa"."""
    state = position("tressette", hands={0: "Ac", 1: "3b 3s"}, trick="4c")
    assert texts(state) == ["play 3b", "play 3s"]


@pytest.mark.parametrize("trick, winner", [("4c 3c 2c Ac", 1), ("Kc Cc Jc 7c", 0), ("5c 3b 3s 6c", 3)])
def test_the_highest_card_of_the_suit_led_takes(trick, winner):
    """"Valore in punti delle carte": Tre Due Asso Re Cavallo (Donna) Sette Sei Cinque Quattro;
    only the suit led takes."""
    cards = trick.split()
    state = position("tressette", hands={s: cards[s] for s in range(4)})
    play(state, *(f"play {c}" for c in cards))
    assert state._tricks[-1][2] == winner


def test_points_in_thirds_and_a_point_for_the_last_trick():
    """"Come si calcola il punteggio": ace 1, 2 3 and figures 1/3, scartine 0; the fractions
    are dropped and the last trick is worth 1: 11 points a round."""
    state = position("tressette", hands={0: "Ac", 1: "4c", 2: "Kc", 3: "2c"}, taken_by=1, target=None)
    play(state, "play Ac", "play 4c", "play Kc", "play 2c")  # the 2 takes: side 1
    result = state.round_results[-1]
    assert state.is_terminal() and result.points == (0, 11) and result.note == "cappotto"


def test_two_players_draw_after_each_trick_and_show_the_card():
    """"La partita a due": the winner of the trick draws first; "quando si prende una carta
    dal mazzo la si mostra all'avversario"."""
    state = position("tressette", players=2, hands={0: "4c 5s", 1: "3c 6s"}, stock="7b Jd", target=None)
    play(state, "play 4c", "play 3c")
    assert set(state.hand_cards(1)) == set(it.parse_many("6s Jd"))
    obs = state.observation(0)
    assert obs.known[1] == (it.parse("Jd"),) and obs.known[0] == (it.parse("7b"),)


def test_declaring_a_napoli_and_a_bongioco_within_the_third_trick():
    """"L'accuso": napoli (A 2 3 of a suit) 3 points, bongioco (three aces, twos or threes)
    3; a card may count in both; declared within the third trick ("entro il terzo turno di
    presa")."""
    hand = "Ad 2d 3d 3c 3b 7s"
    state = position("tressette", hands={0: hand}, rest_to=1, accusi="declared")
    assert texts(state)[-2:] == ["declare napoli Ad 2d 3d", "declare bongioco 3c 3d 3b"]
    play(state, "declare napoli Ad 2d 3d", "accuso 3c 3d 3b")
    assert state.declared_points() == [6, 0]
    assert "declare napoli Ad 2d 3d" not in texts(state)
    assert set(state.observation(1).known[0]) == set(it.parse_many("Ad 2d 3d 3c 3b"))
    assert refused(state, "declare napoli Ad 2d 3d") == "accuso-twice"


def test_four_of_a_kind_is_a_superbongioco_worth_four():
    """"L'accuso": "nel caso di quattro carte uguali il bongioco diventa superbongioco e vale
    quattro punti"."""
    state = position("tressette", hands={0: "Ac Ad Ab As"}, rest_to=1, accusi="declared")
    assert [t for t in texts(state) if t.startswith("declare")] == ["declare superbongioco Ac Ad Ab As"]
    assert refused(state, "declare Ac Ad Ab") == "accuso-not-held"


def test_no_accuso_after_the_third_trick_or_when_accusi_are_off():
    """"L'accuso": "si dà la possibilità di accusare solo entro il terzo turno di presa";
    accusi are an option agreed before play."""
    late = position("tressette", hands={0: "Ad 2d 3d", 1: "4d", 2: "5d", 3: "6d"}, accusi="declared")
    assert len(late.observation(0).tricks) >= 3
    assert refused(late, "declare napoli Ad 2d 3d") == "accuso-late"
    off = position("tressette", hands={0: "Ad 2d 3d"}, rest_to=1)
    assert refused(off, "declare napoli Ad 2d 3d") == "no-accusi"


def test_automatic_accusi_are_declared_for_everyone_at_the_deal():
    """"L'accuso": "in alcune aree italiane l'accusa è forzata e obbligatoria"."""
    for seed in range(30):
        state = dealt(seed=seed, players=4, accusi="automatic")
        held = [(s, a) for s in range(4) for a in state._declarable(s)]
        assert held == [] and len(state.observation(0).declarations) == len(
            {(s, a) for s, a in state.observation(0).declarations})


@pytest.mark.parametrize("ends_at_target, terminal", [(False, False), (True, True)])
def test_ending_at_the_target_mid_round_is_an_option(ends_at_target, terminal):
    """"La partita a quattro": classic targets 21, 31, 41; "In alcune regioni ... la partita si
    conclude nel momento stesso in cui una squadra tocca tale punteggio"."""
    state = position("tressette", hands={0: "Ac 5c", 1: "4c 6s", 2: "Kc 7b", 3: "2c 7d"}, taken_by=1,
                     target=21, ends_at_target=ends_at_target)
    state._scores = [0, 19]
    play(state, "play Ac", "play 4c", "play Kc", "play 2c")
    assert state.is_terminal() is terminal


def test_a_tie_above_the_target_plays_another_round():
    """DECISIONS.md (Tressette, target): both sides at or above the target and level: another
    round is played until one leads."""
    state = position("tressette", hands={0: "Ac", 1: "4c", 2: "Kc", 3: "2c"}, taken_by=1, target=21)
    state._scores = [32, 21]
    play(state, "play Ac", "play 4c", "play Kc", "play 2c")
    assert state._scores == [32, 32] and state.phase == "deal"
