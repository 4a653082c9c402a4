"""Cards as players say them (tavolo.cards.spoken): every card of each deck, by the name the move
log gives it (tavolo.i18n.moves.card_short, card_name) and by the names people use, reads as its
notation; words that name no card stay words."""

from __future__ import annotations

import pytest

from tavolo.cards import french, italian, tarocchi
from tavolo.cards.spoken import canonical, rewrite, words
from tavolo.i18n.moves import card_name, card_short

DECKS = {
    "french": [french.name(c) for c in range(french.NUM_TYPES)],
    "italian": [italian.name(c) for c in range(italian.NUM_TYPES)],
    "tarot": [tarocchi.name(c) for c in range(tarocchi.NUM_TYPES)],
}


@pytest.mark.parametrize("deck", sorted(DECKS))
@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_card_reads_as_the_log_names_it(deck: str, lang: str) -> None:
    for token in DECKS[deck]:
        for said in {card_short(token, deck, lang), card_name(token, deck, lang)}:
            article = "" if said.lower().startswith(("il ", "the ")) else "il " if lang == "it" else "the "
            for typed in (said, said.upper(), article + said):
                assert rewrite(typed, deck) == token, (deck, typed)
                assert words(typed, deck) == ("§" + token,), (deck, typed)


@pytest.mark.parametrize(("deck", "typed", "token"), [
    ("italian", "uno di denari", "Ad"), ("italian", "1 di denari", "Ad"), ("italian", "l'asso di denari", "Ad"),
    ("italian", "il sette di danari", "7d"), ("italian", "cavallo bastoni", "Cb"), ("italian", "king of swords", "Ks"),
    ("italian", "the knight of coins", "Cd"), ("italian", "Re di Spade", "Ks"), ("italian", "un fante di coppe", "Jc"),
    ("french", "dieci di quadri", "Td"), ("french", "10♦", "Td"), ("french", "10 ♦", "Td"),
    ("french", "la donna di picche", "Qs"), ("french", "Q di picche", "Qs"), ("french", "q♠", "Qs"),
    ("french", "queen of spades", "Qs"), ("french", "jolly", "*"), ("french", "il Jolly", "*"),
    ("french", "the joker", "*"), ("french", "10h", "Th"), ("french", "A♥", "Ah"), ("french", "3♥\ufe0f", "3h"),
    ("french", "asso di cuori", "Ah"),
    ("tarot", "il Matto", "0"), ("tarot", "matto", "0"), ("tarot", "the Fool", "0"), ("tarot", "trionfo 21", "XXI"),
    ("tarot", "tarocco XXI", "XXI"), ("tarot", "il 21", "XXI"), ("tarot", "xxi", "XXI"),
    ("tarot", "la donna di coppe", "Qc"), ("tarot", "dieci di spade", "Ts"), ("tarot", "10 di spade", "Ts"),
    ("tarot", "il cavallo di bastoni", "Cb"),
])
def test_a_card_is_read_by_the_names_people_use(deck: str, typed: str, token: str) -> None:
    assert rewrite(typed, deck) == token


@pytest.mark.parametrize(("deck", "typed", "cards"), [
    ("french", "l'asso vale 11", ()),                   # Perlina: a rank without a suit is no card
    ("french", "meld 2♥ 4♥ with 2♥ as a wild", ("2h", "4h", "2h")),  # "as" is not the ace of spades
    ("italian", "accusa il bongioco di tre (manca coppe)", ()),
    ("italian", "accusa la napoli di denari", ()),
    ("french", "prende le ultime 3 carte del pozzo", ()),
    ("french", "gioca a cuori", ()),                    # a lower-case letter "a" is the word
    ("italian", "gioca i tre", ()),
    ("tarot", "gioca 5", ()),                           # a bare number is the notation's, read by the game
    ("italian", "gioca il 9 di coppe", ()),             # no 9 in an Italian pack
])
def test_words_that_name_no_card_stay_words(deck: str, typed: str, cards: tuple[str, ...]) -> None:
    assert tuple(w[1:] for w in words(typed, deck) if w.startswith("§")) == cards


def test_a_move_of_several_cards_says_them_in_order() -> None:
    assert rewrite("cala il 5 di cuori, il sei di cuori e il 7 di cuori", "french") == "cala 5h 6h 7h"
    assert rewrite("scambia fante di coppe con 3 di spade", "italian") == "scambia Jc con 3s"
    assert words("scarta 3♥ e chiude", "french") == ("scarta", "§3h", "e", "chiude")


def test_words_leave_out_case_accents_and_commas_but_nothing_else() -> None:
    assert words("Prende l’ultima carta, del pozzo", "french") == words("prende l'ultima carta del pozzo", "french")
    assert words("Però", None) == ("pero",)
    for junk in ("the draw", "draw .", "draw \u0301", "il pesca", "pesca?"):     # a move with junk is no move
        assert words(junk, "french") not in (("draw",), ("pesca",)), junk


def test_a_wild_declared_in_notation_is_kept_whole() -> None:
    assert rewrite("cala il 5 di cuori *(6) 7h", "french") == "cala 5h *(6) 7h"


def test_canonical_writes_the_deck_notation() -> None:
    assert (canonical("10h", "french"), canonical("2d(7)", "french"), canonical("*", "french")) == ("Th", "2d", "*")
    assert (canonical("21", "tarot"), canonical("Cs", "italian")) == ("XXI", "Cs")


@pytest.mark.parametrize(("typed", "token"), [
    ("il Bagatto", "I"), ("bagatto", "I"), ("the Magician", "I"), ("l'Angelo", "XX"), ("l’Angelo", "XX"),
    ("il Giudizio", "XX"), ("il Mondo", "XXI"), ("the World", "XXI"), ("la Ruota della Fortuna", "X"),
    ("la ruota", "X"), ("l'Appeso", "XII"), ("the Hanged Man", "XII"), ("la Papessa", "II"),
])
def test_a_trump_is_read_by_its_figure(typed: str, token: str) -> None:
    """raccolta, Gioco dei tarocchi: the Bagatto, the Angelo (20) and the Mondo (21) by name."""
    assert rewrite(typed, "tarot") == token


def test_a_figure_names_a_trump_only_on_tarot_cards() -> None:
    assert rewrite("gioca il Mondo", "italian") == "gioca il Mondo"
    assert rewrite("gioca la Forza e il Sole", "tarot") == "gioca XI XIX"
