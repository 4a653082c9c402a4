"""Petrangola's rules, each test citing the seed (raccolta-regole-giochi-di-carte.txt, section
"Petrangola", "Regole del gioco" and "Regole aggiuntive")."""

import random

import pytest

from tavolo.cards import italian as it
from tavolo.engine.errors import IllegalActionError
from tavolo.games.petrangola import make_game
from tavolo.games.petrangola.ranking import hand_key
from tavolo.games.petrangola.state import ACE_OF_DENARI


def position(hands, monte, dealer=0, tokens=None, phase="trade", turn=None, table=0):
    """A hand in progress: ``hands`` per seat, the rest of the deck in the stock."""
    n = len(hands)
    game = make_game(players=n)
    held = [h.split() for h in hands] + [monte.split()]
    used = {c for cards in held for c in cards}
    stock = [it.name(c) for c in game.deck if it.name(c) not in used]
    tokens = tokens or [3] * n
    data = {"game": "petrangola", "options": game.options_json(), "phase": phase, "dealer": dealer,
            "turn": dealer if turn is None else turn, "tokens": tokens, "table": table,
            "hands": [sorted(h, key=it.parse) for h in held[:-1]], "monte": sorted(held[-1], key=it.parse),
            "stock": stock, "known": [[] for _ in hands], "knocker": -1, "last": -1, "turns": 0,
            "results": [], "history": []}
    return game.state_from_json(data)


def play(state, *moves):
    for move in moves:
        state.apply_text(move)


def key(text):
    return hand_key(it.parse_many(text))


def test_the_ace_of_denari_names_the_first_dealer():
    """"si procede al sorteggio di chi farà per primo il mazziere, designato dall'Asso di danari
    in una distribuzione, una ad una, di carte scoperte": from seat 0, one card each."""
    state = make_game(players=5).new_initial_state()
    order = [c for c in range(40) if c != ACE_OF_DENARI]
    order.insert(40 - 8, ACE_OF_DENARI)     # the 8th card from the top: seat 7 % 5 = 2
    state.apply_chance(order)
    assert state.dealer == 2 and state.is_chance_node()


def test_three_cards_each_and_the_dealer_decides_on_the_monte_without_seeing_his_hand():
    """"distribuisce le carte, tre per giocatore ... Senza prendere visione delle sue carte prende
    le tre superiori («monte»)": only the dealer sees the monte, and not his own hand yet."""
    state = make_game(players=4).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(3)))
    state.apply_chance(state.sample_chance(random.Random(4)))
    dealer = state.dealer
    mine, other = state.observation(dealer), state.observation((dealer + 1) % 4)
    assert mine.hand == () and len(mine.monte_seen) == 3 and len(other.hand) == 3
    assert mine.monte == other.monte == other.monte_seen == ()
    assert state.legal_action_strings() == ["refuse", "keep"]
    state.apply_text("refuse")
    assert state.observation(dealer).hand == state.hand_cards(dealer)
    assert state.observation((dealer + 1) % 4).monte == mine.monte_seen


def test_a_refused_monte_goes_face_up_to_the_player_after_the_dealer():
    """"nel secondo caso scoprirà e metterà a disposizione del giocatore alla sua destra le tre
    carte del «monte»"; the turn runs counter-clockwise (increasing seats)."""
    state = position(["2c 5d 7b", "3c 4c 6c", "Jd Cd Kd"], "Ac Ad Ab", phase="choice")
    play(state, "refuse")
    assert state.current_player() == 1 and state.observation(1).monte == tuple(it.parse_many("Ac Ad Ab"))


def test_keeping_the_monte_puts_the_dealers_hand_face_up_and_is_a_knock():
    """"Nel primo caso scopre le tre carte della sua dotazione iniziale"; Regole aggiuntive:
    "Quando il mazziere ... decide di rilevare le carte del «monte», è come se avesse bussato:
    il gioco prosegue per un giro e si arresta quando le tre carte arrivano alla sua sinistra"."""
    state = position(["2c 5d 7b", "3c 4c 6c", "Jd Cd Kd"], "Ac Ad Ab", phase="choice")
    play(state, "keep")
    assert state.hand_cards(0) == tuple(it.parse_many("Ac Ad Ab"))
    assert state.observation(1).monte == tuple(it.parse_many("2c 5d 7b"))
    play(state, "trade 3c for 2c", "knock")
    assert state.phase == "deal" and len(state.hand_results) == 1 and state.hand_results[0].knocker == 0


def test_trading_one_two_or_three_cards_and_the_cards_taken_are_seen_by_all():
    """"scambiandone una o due o tutte e tre rispettivamente con una, due o tre delle carte
    ricevute": 9 + 9 + 1 trades and the knock; what a player takes face up everyone saw."""
    state = position(["2c 5d 7b", "3c 4c 6c", "Jd Cd Kd"], "Ac Ad Ab", turn=1)
    assert len(state.legal_actions()) == 20
    play(state, "trade 3c 4c for Ac Ad")
    assert state.observation(2).known[1] == tuple(it.parse_many("Ac Ad"))
    assert sorted(state.observation(2).monte) == sorted(it.parse_many("3c 4c Ab"))


def test_a_trade_must_give_own_cards_for_as_many_face_up():
    """"scambiandone una o due o tutte e tre rispettivamente con una, due o tre": the rule is
    named when a card is not there or the numbers differ."""
    state = position(["2c 5d 7b", "3c 4c 6c", "Jd Cd Kd"], "Ac Ad Ab", turn=1)
    with pytest.raises(IllegalActionError, match="7s not where you said") as info:
        state.parse_action("trade 7s for Ac")
    assert info.value.rule.code == "trade-own"
    with pytest.raises(IllegalActionError, match="as many cards given as taken"):
        state.parse_action("trade 3c 4c for Ac")
    with pytest.raises(IllegalActionError, match="dealer keeps or refuses"):
        state.parse_action("keep")


def test_a_knock_stops_the_monte_after_the_player_before_the_knocker():
    """"Il «monte» prosegue il suo iter per un ultimo giro e si arresta dopo che il giocatore alla
    sinistra di chi ha «bussato» si è accomodato"; "Chi, al suo turno, non «commercia», è come se
    avesse «bussato»"."""
    state = position(["2c 5d 7b", "3c 4c 6c", "Jd Cd Kd", "2s 3s 5s"], "Ac Ad Ab", turn=1)
    play(state, "trade 3c for Ac", "knock", "trade 2s for Ad")
    assert state.phase == "trade" and state.current_player() == 0
    play(state, "trade 2c for Ab")
    assert state.phase == "trade" and state.current_player() == 1
    play(state, "trade 4c for 2c")
    assert state.phase == "deal" and state.hand_results[0].knocker == 2


def test_trading_all_three_is_a_knock():
    """Regole aggiuntive: "Chi, al suo turno, scambia tutte e tre le carte del «monte», è come se
    avesse bussato"."""
    state = position(["2c 5d 7b", "3c 4c 6c", "Jd Cd Kd"], "Ac Ad Ab", turn=1)
    play(state, "trade 3c 4c 6c for Ac Ad Ab", "knock", "knock")
    assert state.phase == "deal" and state.hand_results[0].knocker == 1


@pytest.mark.parametrize("better, worse", [
    ("Ac Ad Ab", "2c 2d 2b"),       # the Petrangolone is the highest tris
    ("2c 2d 2b", "Kc Kd Kb"),       # lower tris beat higher ones
    ("Kc Kd Kb", "Cs Ks As"),       # tris beat sequences
    ("Cs Ks As", "2s 3s 4s"),       # higher sequences beat lower ones, the ace after the king
    ("2s 3s 4s", "As Ks Js"),       # petrangole beat points (31 is the most)
    ("Kd Cd 5c", "As 7s 2d"),       # 20 points in denari beat 18 in spade
])
def test_the_ranking_of_hands(better, worse):
    """"le Petrangole vincono sempre sui punteggi e fra Petrangole i tris battono le sequenze: i
    tris più bassi battono quelli più alti (il massimo è il tris d'Assi chiamato «Petrangolone»),
    mentre le sequenze più alte battono le più basse"; "Le sequenze terminano all'Asso posto dopo
    il Re"; points in one suit: 2-7 face value, figures 10, ace 11."""
    assert key(better) > key(worse)


def test_the_ace_is_not_below_the_two():
    """"Le sequenze terminano all'Asso posto dopo il Re": A-2-3 is no sequence, 14 points."""
    assert key("Ac 2c 3c") == (0, 16)


def test_the_lowest_pays_the_table_and_equal_lowest_each_pay():
    """"chi fra tutti ha la combinazione o il punteggio inferiore paga uno dei gettoni della sua
    «puglia» al tavolo"; "Se a fine smazzata si verifica l'evenienza di due o più punteggi
    inferiori uguali, ognuno di questi perde un gettone versandolo al tavolo"."""
    state = position(["2c 5d 7b", "3c 4c 6c", "2d 5b 7s", "Jd Cd Kd"], "Ac Ad Ab", turn=1)
    play(state, "knock", "knock", "knock", "knock")
    assert state.hand_results[0].payers == (0, 2) and state._tokens == [2, 3, 2, 3] and state._table == 2


def test_when_everyone_ties_everyone_pays():
    """Regole aggiuntive: "Se a fine smazzata si verifica l'evenienza di due o più punteggi inferiori
    uguali, ognuno di questi perde un gettone versandolo al tavolo": three equal lowest, all the table."""
    state = position(["2c 5d 7b", "2d 5b 7s", "2b 5s 7c"], "Ac Ad Ab", turn=1, tokens=[3, 1, 2], table=3)
    play(state, "knock", "knock", "knock")
    assert state.hand_results[0].payers == (0, 1, 2) and state._tokens == [2, 0, 1] and state._table == 6


def test_when_everyone_ties_on_his_last_token_no_one_pays():
    """"ognuno di questi perde un gettone"; "fino a che vengono eliminati tutti i giocatori meno uno che
    è il vincitore": paying would put every player out and leave no winner (DECISIONS: no one pays)."""
    state = position(["2c 5d 7b", "2d 5b 7s", "2b 5s 7c"], "Ac Ad Ab", turn=1, tokens=[1, 1, 1], table=6)
    play(state, "knock", "knock", "knock")
    assert state.hand_results[0].payers == () and state._tokens == [1, 1, 1] and not state.is_terminal()


def test_the_monte_goes_round_at_most_max_rounds_times():
    """"proseguono il loro cammino ... anche per più giri completi del tavolo": the seed sets no limit;
    Tavolo calls the comparison after ``max_rounds`` rounds with no knock (DECISIONS), so a hand ends."""
    state = position(["2c 5d 7b", "3c 4c 6c", "Jd Cd Kd"], "Ac Ad Ab", turn=1)
    trades = 0
    while not state.hand_results:
        play(state, next(m for m in state.legal_action_strings() if m.startswith("trade")))
        trades += 1
    assert trades == state.game.options.max_rounds * 3


def test_at_two_players_with_equal_points_the_one_who_did_not_deal_loses():
    """Regole aggiuntive: "Se i giocatori sono ridotti a due e presentano uguale punteggio,
    soccombe chi non ha distribuito"."""
    state = position(["2c 5c 7b", "3d 4d 6b"], "Ac Ad Ab", dealer=1, turn=0)
    play(state, "knock", "knock")
    assert state.hand_results[0].payers == (0,)


def test_the_petrangolone_takes_a_token_from_the_table():
    """Regole aggiuntive: "Chi fa «Petrangolone» riceve in premio un gettone dal tavolo"."""
    state = position(["Ac Ad Ab", "3c 4c 6c", "2d 5b 7s"], "As 2s 3s", turn=1, table=2,
                     tokens=[2, 3, 2])
    play(state, "knock", "knock", "knock")
    assert state.hand_results[0].bonus == 0 and state._tokens == [3, 3, 1] and state._table == 2


def test_out_at_three_tokens_lost_and_the_last_one_takes_the_table():
    """"Quando un giocatore ha perso i tre gettoni della sua «puglia», esce dal gioco ... fino a che
    vengono eliminati tutti i giocatori meno uno che è il vincitore ed incassa il valore di tutte
    le puglie perse dagli avversari"."""
    state = position(["2c 5d 7b", "3c 4c 6c", "Jd Cd Kd"], "Ac Ad Ab", turn=1, tokens=[1, 3, 1], table=4)
    play(state, "knock", "knock", "knock")
    assert state._tokens == [0, 3, 1] and state.is_chance_node() and state.dealer == 1
    state.apply_chance(state.sample_chance(random.Random(1)))
    assert state.hand_cards(0) == () and state.observation(0).tokens[0] == 0
    final = position(["2c 5d 7b", "Jd Cd Kd"], "Ac Ad Ab", turn=1, tokens=[1, 2], table=3)
    play(final, "knock", "knock")
    assert final.is_terminal() and final.returns() == [-3.0, 3.0]


def test_observations_do_not_change_when_the_hidden_cards_are_redealt():
    """Hidden information: resampling what a seat cannot see leaves its observation as it was."""
    state = make_game(players=6).new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or state.phase == "choice":
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply_text("refuse")
    play(state, state.legal_action_strings()[3])
    for seat in range(6):
        obs = state.observation(seat)
        other = state.game.sample_hidden_state(obs, rng)
        assert other.observation(seat) == obs
        assert other.hand_cards((seat + 2) % 6) != state.hand_cards((seat + 2) % 6) or seat == 0
