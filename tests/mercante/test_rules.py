"""Mercante in fiera's rules, each test citing the seed (raccolta-regole-giochi-di-carte.txt,
section "Mercante in fiera": "Mazzo", "Regole", "Punteggio")."""

import random

import pytest

from tavolo.engine.errors import IllegalActionError
from tavolo.games.mercante import make_game
from tavolo.games.mercante.figures import FIGURES, NUM_FIGURES, parse
from tavolo.games.parlour.tokens import rising_prizes


def dealt(players=8, blue=(), red=(), **options):
    """A game just dealt: the blue deck's top cards ``blue``, the red deck's ``red`` (names,
    top first), the rest in figure order."""
    blue = [parse(f) for f in blue] + [f for f in range(NUM_FIGURES) if FIGURES[f] not in blue]
    red = [NUM_FIGURES + parse(f) for f in red] + [NUM_FIGURES + f for f in range(NUM_FIGURES) if FIGURES[f] not in red]
    state = make_game(players=players, **options).new_initial_state()
    state.apply_chance((blue + red)[::-1])
    return state


def play(state, *moves):
    for move in moves:
        state.apply_text(move)


def sell_every_lot_unbid(state):
    while state.phase == "auction":
        state.apply_text("pass")


def test_the_seeds_example_eight_players_three_cards_each_sixteen_kept():
    """"Ad esempio per otto giocatori verranno date tre carte e sedici resteranno da parte"; "dopo
    aver fatto pagare ad ogni giocatore la posta convenuta"; the cards face up ("le posizionerà
    avanti a sé scoperte")."""
    state = dealt(blue=["gallo", "gatto", "cane"])
    obs = state.observation(5)
    assert obs.held[0] == tuple(sorted(parse(f) for f in ("gallo", "gatto", "cane")))
    assert [len(h) for h in obs.held] == [3] * 8 and len(obs.lots) == 16
    assert obs.pot == 8 * 3 and obs.tokens == (27,) * 8


def test_a_lot_is_called_round_the_table_and_sold_when_everyone_else_passes():
    """"Inizierà quindi l'asta ... È consigliato prima di vendere le carte all'asta di ripetere il bando
    per tre volte": after the last bid the others pass once each, and the lot is sold."""
    state = dealt(players=3)
    lot = state.observation(0).auction.lot
    play(state, "bid 1", "bid 2", "pass")
    assert state.observation(0).auction.lot == lot and state.current_player() == 0
    play(state, "pass")
    obs = state.observation(0)
    assert lot in obs.held[1] and obs.tokens[1] == 30 - 3 - 3 and obs.pot == 9 + 3
    assert obs.auction.lot != lot and state.current_player() == 1


def test_a_lot_nobody_bids_on_stays_with_the_mercante():
    state = dealt(players=3)
    lot = state.observation(0).auction.lot
    play(state, "pass", "pass", "pass")
    assert state.observation(0).house_cards == (lot,)


def test_no_bid_above_what_a_player_holds():
    state = dealt(players=3, tokens=4, stake=1)
    with pytest.raises(IllegalActionError, match="you hold 3 tokens") as info:
        state.apply_text("bid 5")
    assert info.value.rule.code == "afford"


def test_the_pot_becomes_rising_prizes_on_face_down_red_cards():
    """"la somma ottenuta dalle aste viene suddivisa in premi (dal valore più basso al più alto). Il
    mercante sceglie e posiziona sul tavolo, coperte, da 3 a 6 carte dal mazzo rosso"."""
    state = dealt(players=8, prizes=4, offers="every")
    play(state, "bid 5", *["pass"] * 7)
    sell_every_lot_unbid(state)
    obs = state.observation(0)
    assert obs.prizes == tuple(rising_prizes(24 + 5, 4)) == (2, 4, 6, 17) and obs.pot == 0
    assert list(obs.prizes) == sorted(obs.prizes) and obs.unturned == 40


def test_losing_cards_first_each_killing_its_figure_then_the_prizes_lowest_first():
    """"il banditore scoprirà per ultime le carte coperte del mazzo rosso (quelle con i premi), e per
    prime scoprirà invece le carte perdenti"; "Lo scopo del gioco è ... aggiudicarsi il premio
    vincente più alto"."""
    state = dealt(players=8, blue=["gallo", "gatto", "cane", "asino"], red=["asino", "gatto", "cane", "gallo"],
                  trading=False)
    sell_every_lot_unbid(state)
    assert state.is_terminal()
    won = state.prizes_won
    assert [FIGURES[p.figure] for p in won] == ["asino", "gatto", "cane"]
    assert [p.value for p in won] == rising_prizes(24, 3) == [4, 8, 12]
    assert [p.holder for p in won] == [1, 0, 0]
    assert state.returns()[0] == 8 + 12 - 3 and state.returns()[1] == 4 - 3
    assert parse("gallo") in state.observation(0).dead


def test_a_prize_on_a_figure_the_mercante_kept_stays_with_the_house():
    """Where the seed is silent (DECISIONS.md): a lot nobody bought stays with the mercante, and so
    does a prize that falls on it."""
    state = dealt(players=8, red=["pulcinella"], trading=False)
    sell_every_lot_unbid(state)
    assert state.prizes_won[0].holder == -1 and state._house == 4
    assert sum(state.returns()) == -4


def test_players_buy_cards_from_each_other_by_offers_accepted_or_refused():
    """"Sono permesse all'interno del gioco scambi di carte ... o compravendita delle carte rimaste tra
    i giocatori": an offer to the holder, who accepts or refuses."""
    state = dealt(players=8, blue=["gallo", "gatto", "cane", "asino"], offers="every")
    sell_every_lot_unbid(state)
    assert state.phase == "offer" and state.current_player() == 0
    play(state, "offer 5 for asino")
    assert state.current_player() == 1 and state.legal_action_strings() == ["refuse", "accept"]
    play(state, "accept")
    obs = state.observation(3)
    assert parse("asino") in obs.held[0] and obs.tokens[:2] == (22, 32)
    play(state, "offer 3 for gallo")
    play(state, "refuse")
    assert parse("gallo") in state.observation(0).held[0]


def test_by_default_offers_open_before_each_prize_card_only():
    """Tavolo's reading of "Sono permesse ... compravendita delle carte rimaste tra i giocatori"
    (DECISIONS.md): the losing cards are turned with no round of offers; before each prize card
    every player in turn may offer once."""
    state = dealt(players=8, blue=["gallo", "gatto", "cane", "asino"], red=["asino", "gatto", "cane"])
    sell_every_lot_unbid(state)
    obs = state.observation(0)
    assert state.phase == "offer" and obs.unturned == 3 and obs.won == ()
    assert len(obs.dead) == NUM_FIGURES - 3 and obs.queue == tuple(range(8))
    for _ in range(8):
        state.apply_text("pass")
    obs = state.observation(0)
    assert [FIGURES[p.figure] for p in obs.won] == ["asino"] and obs.unturned == 2 and state.phase == "offer"


def test_a_refused_offer_is_not_made_again_at_that_price_or_lower():
    """An offer refused is not repeated for the same card (Tavolo's reading, DECISIONS.md): the
    buyer may only offer more."""
    state = dealt(players=8, blue=["gallo", "gatto", "cane", "asino"], red=["gatto", "cane", "asino"])
    sell_every_lot_unbid(state)
    play(state, "offer 3 for asino", "refuse", *["pass"] * 7)
    assert state.phase == "offer" and state.current_player() == 1
    play(state, *["pass"] * 7)
    assert state.current_player() == 0
    assert "offer 3 for asino" not in state.legal_action_strings()
    assert "offer 2 for asino" not in state.legal_action_strings()
    assert "offer 5 for asino" in state.legal_action_strings()
    with pytest.raises(IllegalActionError, match="3 for asino was refused") as info:
        state.apply_text("offer 2 for asino")
    assert info.value.rule.code == "no-repeat"


def test_an_offer_names_a_live_card_another_player_holds_and_one_one_can_pay():
    state = dealt(players=8, blue=["gallo", "gatto", "cane", "asino"], offers="every")
    sell_every_lot_unbid(state)
    with pytest.raises(IllegalActionError, match="no other player holds gallo") as info:
        state.apply_text("offer 2 for gallo")
    assert info.value.rule.code == "trade-live"
    with pytest.raises(IllegalActionError, match="you hold 27 tokens"):
        state.apply_text("offer 30 for asino")
    with pytest.raises(ValueError, match="no such figure"):
        state.parse_action("offer 2 for drago")


def test_the_order_of_lots_and_of_the_red_deck_stays_hidden():
    """Hidden information: re-dealing the lots' order and the red deck leaves every observation as
    it was."""
    state = dealt(players=4)
    rng = random.Random(3)
    for seat in range(4):
        obs = state.observation(seat)
        again = state.game.sample_hidden_state(obs, rng)
        assert again.observation(seat) == obs
    assert again._red != state._red


def test_a_player_as_mercante_sells_and_keeps_what_nobody_buys():
    """"Un giocatore si propone come mercante ... dopo aver fatto pagare ad ogni giocatore la posta
    convenuta, inizia a distribuire le carte": with ``mercante="player"`` the last seat deals, is dealt
    nothing and does not bid; Tavolo's reading: he keeps the lots nobody buys, and a prize on one."""
    state = dealt(players=4, red=["pulcinella"], trading=False, mercante="player")
    obs = state.observation(0)
    assert obs.mercante == 3 and obs.held[3] == () and obs.tokens == (27, 27, 27, 30) and obs.pot == 9
    assert [len(h) for h in obs.held[:3]] == [8, 8, 8] and obs.auction.bidders == (0, 1, 2)
    sell_every_lot_unbid(state)
    assert state.prizes_won[0].holder == 3 and state.returns()[3] == rising_prizes(9, 3)[0]
    assert sum(state.returns()) == 0
