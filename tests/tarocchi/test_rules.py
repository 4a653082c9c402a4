"""Tarocchi's rules, each checked against the seed (raccolta-regole-giochi-di-carte.txt,
"Gioco dei tarocchi")."""

import random

import pytest

from tavolo.cards import tarocchi as ta
from tavolo.engine.errors import IllegalActionError
from tavolo.games.tarocchi import make_game
from tavolo.games.tarocchi.cards import HONOURS, POINTS, count_points, trick_winner


def dealt(seed=1, **options):
    state = make_game(**options).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    return state


def position(hands, leader=0, **options):
    """A play-phase position with the given hands; the cards not named lie in seat 0's pile."""
    state = dealt(**options)
    data = state.to_json()
    named = {ta.parse(c) for h in hands for c in h.split()}
    data.update(phase="play", turn=leader, leader=leader, hands=[h.split() for h in hands],
                secret=[[] for _ in hands])
    data["piles"] = [[ta.name(c) for c in range(78) if c not in named]] + [[] for _ in hands[1:]]
    return state.game.state_from_json(data)


def test_the_78_cards_count_77_in_threes():
    """Punteggio: re, Bagatto, Mondo 5; donne, Matto 4; cavalli 3; fanti 2 - 70 points on 19 cards;
    each with two scartine (57 cards), the 21 scartine left one point a three: 70 + 7."""
    assert len(make_game().deck) == 78
    assert sum(POINTS) == 70 and sum(1 for p in POINTS if p) == 19
    assert count_points(range(78)) == 77


def test_the_deal_in_fives_leaves_three_to_the_dealer_who_discards_three():
    """Svolgimento: "dandone cinque per volta ... venticinque carte ... ne avanzeranno tre, tali carte
    le prenderà il mazziere ... Il mazziere deve scartare tre carte" (DECISIONS: never trumps nor
    the Matto)."""
    state = dealt(2)
    dealer = state.dealer
    assert [len(state.hand_cards(s)) for s in range(3)] == [28 if s == dealer else 25 for s in range(3)]
    assert state.phase == "discard" and state.current_player() == dealer
    kept = [c for c in state.hand_cards(dealer) if c >= 56]
    assert kept and not set(kept) & set(state.legal_actions())
    for card in kept[:2]:
        with pytest.raises(IllegalActionError) as info:
            state.apply_text(f"discard {ta.name(card)}")
        assert info.value.rule.code == "dealer-discard" and "Gioco dei tarocchi" in info.value.rule.source
    discard = state.legal_actions()[:3]
    for card in discard:
        state.apply(card)
    assert state.phase == "play" and state.current_player() == (dealer + 1) % 3
    assert sorted(state.observation(dealer).secret) == discard and not state.observation(dealer - 1).secret
    assert state.observation(dealer - 1).secret_sizes[dealer] == 3
    assert set(discard) <= set(state.pile_cards(dealer))


@pytest.mark.parametrize("discard_kings", [True, False])
def test_figures_may_go_in_the_discard_and_kings_by_option(discard_kings):
    """Svolgimento: "Le figure che eventualmente fossero state messe dal banco negli scarti, generalmente,
    vanno assegnate al mazziere stesso": the seed lets the dealer discard figures, kings among them
    (default); the stricter table rule keeps kings in hand (option ``discard_kings=False``)."""
    for seed in range(20):
        state = dealt(seed, discard_kings=discard_kings)
        hand = state.hand_cards(state.dealer)
        kings = [c for c in hand if c < 56 and c % 14 == 13]
        queens = [c for c in hand if c < 56 and c % 14 == 12]
        if kings and queens:
            break
    legal = set(state.legal_actions())
    assert set(queens) <= legal and (set(kings) <= legal) == discard_kings
    if not discard_kings:
        with pytest.raises(IllegalActionError) as info:
            state.apply_text(f"discard {ta.name(kings[0])}")
        assert info.value.rule.code == "dealer-discard" and "no kings" in info.value.rule.source
    for card in (kings + queens + sorted(legal))[:3] if discard_kings else sorted(legal)[:3]:
        state.apply(card)
    assert state.phase == "play"
    assert not discard_kings or set(kings[:1]) <= set(state.pile_cards(state.dealer))


def test_four_players_get_19_each_and_the_dealer_discards_two():
    """Tarocchi con quattro giocatori: two partnerships (DECISIONS: 5, 5, 5, 4 and two to the dealer)."""
    state = dealt(3, players=4)
    assert sorted(len(state.hand_cards(s)) for s in range(4)) == [19, 19, 19, 21]
    assert state.sides == ((0, 2), (1, 3))


def test_which_card_takes():
    """Primo caso: in spade and bastoni the higher number takes, in coppe and denari the lower, figures
    as usual; Secondo caso: the higher trump; Terzo caso: the Angelo beats the Mondo."""
    def p(text):
        return [ta.parse(x) for x in text.split()]

    assert trick_winner(p("2s 9s 5s")) == 1 and trick_winner(p("2c 9c 5c")) == 0
    assert trick_winner(p("Tc Jc Ac")) == 1 and trick_winner(p("Ks Qs 3b")) == 0
    assert trick_winner(p("Kd II Ad")) == 1 and trick_winner(p("XXI XX I")) == 1 and trick_winner(p("XXI XIX I")) == 0


def test_follow_suit_else_trump_else_anything():
    """Svolgimento: "è obbligatorio rispondere al seme, se non è possibile bisogna giocare tarocchi, solo
    non avendo nè carte di quel seme, nè tarocchi si può giocare una carta di un'altro seme"."""
    state = position(["Kc 2s", "5c Ks", "III 4d"])
    state.apply_text("Kc")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("Ks")
    assert info.value.rule.code == "follow-suit"
    state.apply_text("5c")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("4d")
    assert info.value.rule.code == "must-trump" and "Casi particolari" in info.value.rule.source
    state.apply_text("III")
    assert state.current_player() == 2 and state.legal_action_strings() == ["play 4d"]


def test_the_matto_takes_nothing_is_not_taken_and_stays_with_its_holder():
    """Terzo caso: "Il Matto non prende nessuna altra carta ma, non può nemmeno essere presa" (DECISIONS: it
    may be played to any trick instead of answering, and goes to its holder's pile)."""
    state = position(["Kc 2s", "0 5c", "Qc 4d"])
    state.apply_text("Kc")
    assert "play 0" in state.legal_action_strings()
    state.apply_text("0")
    state.apply_text("Qc")
    assert ta.MATTO in state.pile_cards(1) and ta.MATTO not in state.pile_cards(0)
    assert {ta.parse("Kc"), ta.parse("Qc")} <= set(state.pile_cards(0))


def test_the_matto_s_holder_gives_the_winner_a_scartina_so_the_three_piles_count_77():
    """Terzo caso: the Matto "non può nemmeno essere presa"; Punteggio: the 78 cards count 77 in threes.
    The holder keeps it and gives the trick's winner a scartina of his pile in exchange (DECISIONS, the
    traditional rule): each pile stays a multiple of three and the hand counts the pack's 77."""
    state = position(["Kc 2s 3s", "0 Ts 5c", "Qc 4s 4d"])
    for move in ("Kc", "0", "Qc", "2s", "Ts", "4s", "5c", "4d", "3s"):
        state.apply_text(move)
    won_by_holder = {ta.parse(c) for c in ("2s", "Ts", "4s", "5c", "4d", "3s")}
    piles = [set(state.pile_cards(seat)) for seat in range(3)]
    given = piles[0] & won_by_holder
    assert ta.MATTO in piles[1] and len(given) == 1 and not POINTS[given.pop()]
    assert [len(p) % 3 for p in piles] == [0, 0, 0] and len(piles[1]) == 6
    assert sum(state.round_results[0].points) == 77


def test_a_matto_holder_with_no_scartina_gives_the_matto_itself():
    """Terzo caso and Punteggio: a holder who took no trick has no scartina to give (DECISIONS: the Matto
    goes to the trick's winner instead, and the pack still counts 77)."""
    state = position(["Kc 2s", "0 5c", "Qc 4d"])
    for move in ("Kc", "0", "Qc", "2s", "5c", "4d"):
        state.apply_text(move)
    piles = [state.pile_cards(seat) for seat in range(3)]
    assert ta.MATTO in piles[0] and not piles[1]
    assert sum(state.round_results[0].points) == 77


def test_a_match_is_three_hands_so_everyone_deals():
    """Svolgimento: "bisogna avere fatto almeno tre mani, in quanto tutti hanno il diritto di fare il banco"."""
    from tavolo.bots.random_bot import RandomBot
    from tavolo.engine.play import play
    from tavolo.games import replay

    record = play(make_game(), [RandomBot(s) for s in range(3)], seed=4)
    state = replay(record)
    assert len(state.round_results) == 3 and state.is_terminal()
    assert [sum(r.total[s] for r in state.round_results) for s in range(3)] == state.returns()
    with pytest.raises(ValueError, match="multiple of 3 hands"):
        make_game(hands=2)


def test_the_accuso_scores_ten_trumps_and_shows_two_or_more_honours():
    """La variante ... con l'accuso: "segnare alcuni punti se si hanno dieci tarocchi oppure più carte di
    onori" (DECISIONS: 10 trumps 10 points; two honours 5, three 10; honours shown)."""
    for seed in range(40):
        state = dealt(seed, accuso=True)
        for seat in range(3):
            hand = state.hand_cards(seat)
            honours = [c for c in HONOURS if c in hand]
            expected = (10 if sum(c >= 56 for c in hand) >= 10 else 0) + {2: 5, 3: 10}.get(len(honours), 0)
            assert state.observation(seat).extra["accusi"][seat] == expected
            if len(honours) >= 2:
                assert set(honours) <= set(state.observation((seat + 1) % 3).known[seat])


def test_the_lobby_offers_the_kings_in_the_discard_as_an_option():
    """The rule variant is data: the lobby's form has it, with its Italian label, the seed's
    reading (kings may be discarded) by default."""
    from tavolo.i18n import catalog
    from tavolo.online.views import CATALOG

    view = CATALOG["tarocchi"]()
    field = next(o for o in view.options if o.name == "discard_kings")
    assert field.default is True and catalog("it", "server")[field.label] == "Il mazziere può scartare i re"
    assert view.build({"discard_kings": False}).options.discard_kings is False


@pytest.mark.parametrize("players", [3, 4])
def test_every_hand_counts_the_packs_77_at_every_table_size(players):
    """Punteggio: "le carte vanno considerate tre a tre ... si contano le scartine restanti, che
    valgono 1 punto per ogni gruppo di tre": the 78 cards count 77. At four a side's pile is seldom a
    multiple of three; the sides' leftover cards count together, the point to the side holding more
    of them (DECISIONS, "Tarocchi, the count"), so the two sides' points add to 77 in every hand."""
    game, rng = make_game(players=players, hands=players * 100), random.Random(players)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert len(state.round_results) == players * 100
    assert [sum(r.points) for r in state.round_results] == [77] * players * 100
