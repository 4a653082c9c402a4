"""The engine's refusals said in Italian and in English (tavolo.i18n.localize_error):
provoked over random positions of the four games, and a few checked word for word
against the seed article they cite."""

from __future__ import annotations

import random
import re

import pytest

from tavolo.engine.errors import ActionError, IllegalActionError, NotationError
from tavolo.games import make_game
from tavolo.games.bridge.calls import bid
from tavolo.games.bridge.cards import parse as bridge_card
from tavolo.games.scala40.actions import TAKE as SCALA40_TAKE
from tavolo.i18n import catalog, localize_error, rule_text
from tavolo.i18n.moves import say

from tests.bridge.test_rules import dealt as bridge_dealt
from tests.bridge.test_rules import play as bridge_play
from tests.burraco.helpers import position as burraco_position
from tests.scala40.helpers import position as scala40_position
from tests.i18n.test_rules_catalog import only_placeholders
from tests.trick_positions import position as trick_position

GAMES = {
    "bridge": {},
    "burraco": {"rules": "internazionale", "players": 4, "target": None},
    "scala40": {"players": 2},
    "briscola": {"players": 2},
    "tressette": {"players": 4, "accusi": "declared"},
    "ramino": {"players": 3, "match": None},
    "pinnacola": {"players": 4, "target": None},
}
BAD_TEXT = {
    "bridge": ["", "fly", "8C", "1Z", "play SA HA", "SZ", "1NT", "pass", "X", "XX", "CA", "play HK"],
    "burraco": ["", "fly away", "draw now", "discard 1x", "discard", "open 5h", "open 5h *(6x) 7h", "open 5h 6h(7) 7h",
                "attach Ah to 99", "attach Ah", "open * * *", "take", "draw", "discard Qs", "attach 8h to 1",
                "open 5h 6h 7h"],
    "scala40": ["", "fly", "pesca ora", "meld 5x 6h 7h", "meld 5h 9c Kd", "attach Ah 2h to 1", "swap 6h on 3",
                "take", "discard Qs", "meld Ah 2h 3h"],
    "briscola": ["", "fly", "play 9c", "play 3c 4c", "gioca Ac", "Kd", "3x"],
    "tressette": ["", "fly", "play 9c", "play 3c 4c", "declare 3c 3d", "declare bongioco Ac 2c 3c",
                  "declare napoli Ad 2d 3d", "accusa 3c 3d 3b", "Ac"],
    "ramino": ["", "fly", "pesca ora", "discard 1x", "discard", "close Qs Kd", "take 2", "chiudi", "discard Qs"],
    "pinnacola": ["", "fly", "take x", "meld 5x 6h 7h", "meld 5h 9c Kd", "attach Ah 2h to 1", "swap 6h on 3", "shift",
                  "shift 40", "discard Qs", "meld 2c 2s 4h", "take 60"],
}


def untranslated(exc: ActionError) -> list[str]:
    """The templates in ``exc`` that the Italian catalog lacks."""
    italian = catalog("it", "rules")
    return [t.template for t in exc.message.texts() if t.template not in italian and not only_placeholders(t.template)]


def check(exc: ActionError) -> None:
    italian, english = localize_error(exc, "it"), localize_error(exc, "en")
    words = getattr(exc, "words", None)
    if words is None and not isinstance(exc, IllegalActionError):
        assert english == str(exc)
    elif words is None:                                 # a typed move, named as typed (its details' cards in words)
        assert english.startswith(f"illegal move {exc.action!r}") and english.endswith(str(exc.rule)), english
    else:                                               # a refused move is named in words where it has them
        assert english.startswith(f"illegal move '{say(words, 'en')}'") and english.endswith(str(exc.rule)), english
    assert not untranslated(exc), untranslated(exc)
    assert italian != english and "{" not in italian, italian


def refusals(name: str, seed: int):
    """Refusals of illegal action ids and of bad text, at positions along one random game."""
    rng = random.Random(seed)
    game = make_game(name, **GAMES[name])
    state = game.new_initial_state()
    found = []
    while not state.is_terminal() and len(found) < 1500:
        if state.is_chance_node():
            found.append(refusal(state, 0))
            state.apply_chance(state.sample_chance(rng))
            continue
        legal = set(state.legal_actions())
        for action in [game.num_distinct_actions() + 1, *rng.sample(range(game.num_distinct_actions()), 12)]:
            if action not in legal:
                found.append(refusal(state, action))
        for text in rng.sample(BAD_TEXT[name], 1):
            try:
                state.parse_move(text)
            except ActionError as exc:
                found.append(exc)
        state.apply(rng.choice(sorted(legal)))
    return [*found, refusal(state, 0)] if state.is_terminal() else found


def refusal(state, action: int) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    return info.value


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_refusal_in_random_play_is_said_in_italian(name):
    kinds = set()
    for seed in range(2):
        for exc in refusals(name, seed):
            check(exc)
            kinds.add(type(exc))
    assert IllegalActionError in kinds and NotationError in kinds


def test_burraco_second_draw_in_italian():
    """fedibur-regolamento-1985 art. 4: "deve o pescare dal tallone, o raccogliere tutto il monte degli scarti"."""
    state = burraco_position(hands={0: "3h 9c Kd 5s 7d"}, pile="Qs")
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action("raccogli"))
    assert localize_error(info.value, "it") == (      # issue 37: the move said as the log says it
        "mossa non consentita 'raccoglie gli scarti': in questo turno hai già pescato o raccolto: si pesca o si raccoglie una sola "
        "volta per turno (fedibur-1985 art. 4; estratto, La fase di gioco)")
    assert localize_error(info.value, "en").startswith("illegal move 'take the discards': ")


def test_burraco_internazionale_combination_of_kings_names_the_rank_in_words():
    """fibur-codice-di-gara-internazionale, Burraco Internazionale regola 2: combinations only of aces and threes."""
    state = burraco_position("internazionale", hands={0: "Kh Kd Kc Ah Ad As 9c"})
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action("cala Kh Kd Kc"))
    assert "kings may not be combined" in str(info.value) and "Ks" not in str(info.value)
    italian = localize_error(info.value, "it")
    assert italian.startswith("mossa non consentita 'cala K♥ K♦ K♣': non si fanno combinazioni di re: ")  # issue 37
    assert "nel Burraco Internazionale le combinazioni si fanno solo di assi e di tre" in italian
    assert "codice, Burraco Internazionale regola 2" in italian


def test_burraco_closing_without_a_burraco_in_italian():
    """fedibur-regolamento-1985 art. 8: closing needs the pozzetto taken and a burraco."""
    state = burraco_position(hands={0: "3h"}, melds={0: ["5h 6h 7h"]}, taken={0: True})
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("scarta 3h")
    assert info.value.rule.code == "close-needs-burraco"
    assert rule_text(info.value.rule, "it") == "per chiudere bisogna aver preso il pozzetto e avere almeno un burraco"
    assert "non avete ancora un burraco" in localize_error(info.value, "it")


def test_scala40_take_before_opening_in_italian():
    """Regolamento Scala 40 da FISCA.IT art. 5.1 and 5.4: only who has opened takes the last discard."""
    state = make_game("scala40", players=2).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(1)))
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("raccogli")
    assert localize_error(info.value, "it") == (
        "mossa non consentita 'prende lo scarto': solo chi ha aperto può prendere l'ultima carta scartata dal pozzo "
        "(FISCA Scala 40 art. 5.1, 5.4)")


def test_tressette_answer_the_suit_in_italian():
    """raccolta, Tressette, "La partita a quattro": "devono lanciare una carta dello stesso seme, detto anche palo"."""
    state = trick_position("tressette", hands={0: "Ac", 1: "5c 3b Kc"}, trick="4c")
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("gioca 3b")
    assert localize_error(info.value, "it") == (
        "mossa non consentita 'gioca 3 di bastoni': il palo di uscita è coppe e tu hai carte di coppe: devi rispondere: "
        "bisogna rispondere al palo di uscita quando lo si ha; solo chi non ce l'ha (a piombo) può giocare un altro "
        "seme (raccolta, Tressette, La partita a quattro)")


def test_briscola_unreadable_card_in_italian():
    """raccolta, Briscola: Italian cards run A 2-7 fante cavallo re, so there is no 9."""
    state = trick_position("briscola", hands={0: "Ac 3b 5s", 1: "2c 4b 6s"}, stock="7d")
    with pytest.raises(NotationError) as info:
        state.parse_action("gioca 9c")
    assert localize_error(info.value, "it") == (
        "non capisco 'gioca 9c': '9c': valore sconosciuto '9' (valori delle carte italiane: A 2-7 J C K, cioè asso, "
        "2-7, fante, cavallo, re)")
    assert localize_error(info.value, "en") == (
        "cannot read 'gioca 9c': '9c': unknown rank '9' (Italian ranks: A 2-7 J C K)")


def test_an_error_without_a_text_reads_as_it_is():
    assert localize_error(ValueError("plain"), "it") == "plain"


def test_a_card_that_may_not_be_played_is_refused_in_the_players_words():
    """Issue 23: a tap on a card that may not be played is refused with the engine's rule and its
    article, the move named as the log names it ("gioca asso di coppe"), not in notation ("play Ac")."""
    state = make_game("tressette").new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(1)))
    state.apply(state.legal_actions()[0])
    refused = [refusal(state, a) for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions()]
    played = [exc for exc in refused if exc.words and exc.words["key"].startswith("play")]
    assert played
    for exc in played:
        italian = localize_error(exc, "it")
        assert italian.startswith("mossa non consentita 'gioca ") and "play" not in italian, italian
        assert "(raccolta, Tressette" in italian


def test_the_cards_a_refusal_names_are_said_as_the_move_says_them():
    """Issue 23: a refused move's details name its cards as the log does ("non hai in mano asso di
    coppe", "è uscito 2♣"), never in notation ("Ac", "2c"), and a meld in brackets card by card."""
    seen = set()
    for name, options in (("tressette", {}), ("peppa", {"rules": "hearts", "players": 4}), ("burraco", {"players": 2}),
                          ("canasta", {}), ("scala40", {"players": 2})):
        state, rng = make_game(name, **options).new_initial_state(), random.Random(3)
        for _ in range(150):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            illegal = [a for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions()]
            for action in rng.sample(illegal, min(30, len(illegal))):
                exc = refusal(state.clone(), action)
                if exc.words:
                    italian = localize_error(exc, "it")
                    assert not CARD_CODE.search(italian), italian
                    seen.add((name, exc.rule.code))
            state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 20 and ("canasta", "take-pozzo") in seen, seen


def test_a_take_refused_names_the_discard_in_words():
    """FISCA Scala 40 art. 5.4 ("essa deve essere necessariamente utilizzata"): a take names no
    card of its own, yet its refusal says the discard as the log does ("10♥"), not "Th"."""
    state = scala40_position(hands={0: "2d 5s Kh"}, phase="draw", pile="Th", table=["5c 6c 7c"], opened=[0])
    with pytest.raises(IllegalActionError) as info:
        state.apply(SCALA40_TAKE)
    assert localize_error(info.value, "it") == (
        "mossa non consentita 'prende lo scarto': ora 10♥ non si potrebbe né calare né attaccare: la carta presa "
        "dal pozzo va usata subito, calata in un gioco o attaccata (FISCA Scala 40 art. 5.4)")
    assert str(info.value).startswith("illegal move 'take': Th could not be melded")   # the English of the files


CARD_CODE = re.compile(r"(?<![\w(])(10|[2-9TJQKA])[hdcsb](?![\w])")
"""A card in notation (``Ac``, ``10h``, ``Qs``) as a word of its own."""


BRIDGE_NOTATION = re.compile(r"(?<![\w'])(?:[NESW]|[1-7](?:C|D|H|S|NT)|XX?|(?<![0-9] )[SHDC](?:10|[2-9TJQKA])|pass)(?![\w'])")
"""Bridge notation as a word of its own: a seat letter (``N``), a call (``1C``, ``3NT``, ``X``,
``pass``), a card suit first (``C2``)."""


def test_a_bridge_refusal_names_seats_suits_and_calls_in_words():
    """Issue 23: a refused bridge move's details name the seat (Nord, Est, Sud, Ovest), the suit
    led and the last bid as the move log says them ("Est ha carte di fiori", "l'ultima
    dichiarazione è 1♣"), never in notation ("E ha carte di C", "1C"), in Italian and in English."""
    seen = set()
    for seed in range(3):
        state, rng = make_game("bridge").new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            illegal = [a for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions()]
            for action in rng.sample(illegal, min(8, len(illegal))):
                exc = refusal(state.clone(), action)
                for lang in ("it", "en"):
                    said = localize_error(exc, lang)
                    assert not BRIDGE_NOTATION.search(said.split(" (raccolta")[0]), said
                seen.add(exc.rule.code)
            state.apply(rng.choice(state.legal_actions()))
    assert {"not-in-hand", "follow-suit", "bid-too-low", "double", "call-in-auction"} <= seen


def test_bridge_follow_suit_and_the_last_bid_in_italian():
    """raccolta, Bridge, Regole: "La regola principale consiste nel rispondere all'avversario usando
    lo stesso seme"; after "2 cuori" one may not bid "2 fiori" ("può dichiarare 2 picche ... e non
    2 fiori")."""
    state = bridge_play(bridge_dealt(), "1NT pass pass pass CA")   # N declares, E leads, S is dummy
    with pytest.raises(IllegalActionError) as info:
        state.apply(bridge_card("DA"))
    assert localize_error(info.value, "it") == (
        "mossa non consentita 'gioca A♦ dal morto': Sud ha carte di fiori e deve giocarne una: chi può deve "
        "rispondere al seme giocato per primo (raccolta, Bridge, Regole: \"La regola principale consiste nel "
        "rispondere ... stesso seme\")")
    with pytest.raises(IllegalActionError) as info:
        state.apply(bridge_card("C2"))                             # the declarer's own card, dummy to play
    assert localize_error(info.value, "it").startswith("mossa non consentita 'gioca 2♣ dal morto': 2♣ non è nella "
                                                       "mano di Sud: ")
    state = bridge_play(bridge_dealt(), "2H 2NT")
    with pytest.raises(IllegalActionError) as info:
        state.apply(bid(2, 3))                                     # 2 picche
    assert localize_error(info.value, "it").startswith("mossa non consentita '2♠': l'ultima dichiarazione è 2 SA: ")
    assert localize_error(info.value, "en").startswith("illegal move '2♠': the last bid is 2 NT: ")


def test_one_token_is_said_in_the_singular():
    """raccolta, Mercante in fiera, Regole: no one bids more tokens than he holds; with one token
    left the refusal says "hai 1 gettone", not "hai 1 gettoni"."""
    state = make_game("mercante").new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(1)))
    raise_10 = state.legal_actions()[state.legal_action_strings().index("bid 10")]   # a tap on its button
    state._tokens[state.current_player()], state._legal = 1, None
    assert state.legal_action_strings() == ["pass", "bid 1"]
    with pytest.raises(IllegalActionError) as info:
        state.apply(raise_10)
    assert localize_error(info.value, "it").startswith("mossa non consentita 'offre 10 gettoni': hai 1 gettone: ")
    state._tokens[state.current_player()], state._legal = 7, None
    with pytest.raises(IllegalActionError) as info:
        state.apply(raise_10)
    assert localize_error(info.value, "it").startswith("mossa non consentita 'offre 10 gettoni': hai 7 gettoni: ")


def test_the_ways_into_a_meld_are_said_in_italian():
    """fedibur-1985 art. 4: the ace "può essere legato indistintamente al 2 o al K"; a word that
    names a way the cards do not have is refused naming the ways they have, in the reader's
    words ("in basso o in alto, non come matta"), not the notation's ("low or high, not wild")."""
    state = burraco_position(hands={0: "Ah Kh 9c Kd 5s"}, melds={0: ["2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh"]})
    with pytest.raises(NotationError) as info:
        state.parse_move("lega Ah Kh a 1 matta")
    assert localize_error(info.value, "it").endswith("si attaccano al gioco 1 in basso o in alto, non come matta")
    assert str(info.value).endswith("join meld 1 low or high, not wild")
