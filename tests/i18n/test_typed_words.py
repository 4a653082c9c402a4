"""The move box reads the moves as the players say them (tavolo.engine.typed): a person who types
what the move log says, in Italian or English, makes that move.

The property, OpenSpiel style, over seeded random play of all 14 games at several table sizes:
at each decision, every legal action's words said in Italian and in English
(``say(action_words(a).to_json(), lang)``, the log's very text) read back through the move box
as that action, or, where two legal actions say the same words, as an ambiguity that lists both;
never "cannot read". The box is read through one :class:`MoveReader` a position (the words of the
legal moves said once), and through ``State.parse_move`` itself for one action a decision.
Then the examples that were refused before, by name."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tavolo.cards import spoken
from tavolo.cards.tarocchi import ROMAN
from tavolo.engine.errors import AmbiguousActionError, IllegalActionError
from tavolo.engine.game import State
from tavolo.engine.typed import MoveReader
from tavolo.engine.words import Cards, Words
from tavolo.games import make_game
from tavolo.i18n import localize_error
from tavolo.i18n.moves import say, word

from tests.burraco.helpers import position as burraco_position
from tests.trick_positions import position as trick_position

GAMES = [
    ("burraco", dict(players=2, target=None)),
    ("burraco", dict(players=4, target=None)),
    ("burraco", dict(players=6, target=None)),
    ("scala40", dict(players=2)),
    ("scala40", dict(players=4)),
    ("ramino", dict(players=2)),
    ("ramino", dict(players=5)),
    ("pinnacola", dict(players=2, target=None)),
    ("pinnacola", dict(players=4, target=None)),
    ("canasta", dict(players=2, target=None)),
    ("canasta", dict(players=4, target=None)),
    ("machiavelli", dict(players=2, hands=1)),
    ("machiavelli", dict(players=4, hands=1)),
    ("briscola", dict(players=2)),
    ("briscola", dict(players=3)),
    ("briscola", dict(players=4)),
    ("tressette", dict(players=2, target=None, accusi="declared")),
    ("tressette", dict(players=4, target=None, accusi="declared")),
    ("peppa", dict(players=4, target=None)),
    ("peppa", dict(players=6, target=None)),
    ("peppa", dict(rules="hearts", players=4, target=None)),
    ("tarocchi", dict(players=3, hands=3)),
    ("tarocchi", dict(players=4, hands=4, accuso=True)),
    ("bridge", dict(players=4)),
    ("petrangola", dict(players=3, max_rounds=2)),
    ("petrangola", dict(players=7, max_rounds=2)),
    ("perlina", dict(players=3, hands=2)),
    ("perlina", dict(players=6, deck="italian", hands=2)),
    ("mercante", dict(players=3)),
    ("mercante", dict(players=8)),
]
IDS = [f"{name}-{options.get('rules', '')}{options['players']}{options.get('deck', '')[:2]}" for name, options in GAMES]
LANGS = ("it", "en")
ACTIONS = 3000
"""Legal actions checked a table (each in both languages): about a second a game on one core."""
SEED = 20


def decisions(name: str, options: dict, seed: int, actions: int) -> Iterator[State]:
    """The decisions of seeded random games of ``name``, until they offered ``actions`` legal actions."""
    game = make_game(name, **options)
    rng = random.Random(seed)
    offered = 0
    while offered < actions:
        state = game.new_initial_state()
        while not state.is_terminal() and offered < actions:
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            yield state
            legal = state.legal_actions()
            offered += len(legal)
            state.apply(legal[int(rng.random() * len(legal))])


def reference(state: State) -> State:
    """The state whose words the box reads: the compiled Burraco core's Python reference, which it
    asks for each action's words anyway (tavolo.games.burraco.native)."""
    return state.to_python() if hasattr(state, "to_python") else state


def decks(words: Words) -> set[str]:
    """The decks of the cards ``words`` name, nested words too."""
    found = set()
    for _, value in words.params:
        if isinstance(value, Cards):
            found.add(value.deck)
        elif isinstance(value, Words):
            found |= decks(value)
    return found


def read_back(state: State, read, action: int, text: str, lang: str) -> str:
    """``text``, the words of ``action``, read by ``read``: ``"read"`` when it gives ``[action]``,
    ``"ambiguous"`` when it lists ``action`` among moves that all say ``text``."""
    try:
        actions = read(text)
    except AmbiguousActionError as exc:
        deck = state.game.words_deck
        alike = {state.action_to_string(b) for b in state.legal_actions()
                 if spoken.words(say(state.action_words(b).to_json(), lang), deck) == spoken.words(text, deck)}
        assert len(alike) > 1 and set(exc.candidates) == alike, f"{text!r} ({lang}): {exc}"
        return "ambiguous"
    assert actions == [action], f"{text!r} ({lang}) read as {actions}, not {state.action_to_string(action)!r}"
    return "read"


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_the_box_reads_every_legal_move_as_the_log_says_it(name: str, options: dict) -> None:
    rng = random.Random(SEED + 1)
    read: dict[str, int] = {"read": 0, "ambiguous": 0}
    for played in decisions(name, options, SEED, ACTIONS):
        state = reference(played)
        reader = MoveReader(state)
        legal = state.legal_actions()
        for action in legal:
            words = state.action_words(action)
            assert decks(words) <= {state.game.words_deck}, f"{words} names cards of another deck"
            for lang in LANGS:
                read[read_back(state, reader.read, action, say(words.to_json(), lang), lang)] += 1
        action, lang = rng.choice(legal), rng.choice(LANGS)            # the seam itself, on the state as played
        read_back(state, played.parse_move, action, say(state.action_words(action).to_json(), lang), lang)
    assert sum(read.values()) >= 2 * ACTIONS


# --- the examples, by name ------------------------------------------------------------------------

@pytest.fixture
def briscola() -> State:
    """Briscola, seat 0 to lead with the fante di coppe, the 3 di spade and the re di denari."""
    return trick_position("briscola", players=2, hands={0: "Jc 3s Kd", 1: "Ac 2c 4c"}, stock="5b 6b", leader=0)


@pytest.mark.parametrize("text", ["gioca il fante di coppe", "gioca fante di coppe", "fante di coppe",
                                  "Gioca il Fante di Coppe", "GIOCA IL FÀNTE DI COPPE", "play the jack of cups",
                                  "play Jc", "gioca Jc"])
def test_briscola_reads_the_fante_di_coppe_as_people_say_it(briscola: State, text: str) -> None:
    assert [briscola.action_to_string(a) for a in briscola.parse_move(text)] == ["play Jc"]


@pytest.mark.parametrize("text", ["gioca 3 di spade", "gioca il tre di spade", "gioca tre spade", "play 3 of swords"])
def test_briscola_reads_the_3_di_spade(briscola: State, text: str) -> None:
    assert [briscola.action_to_string(a) for a in briscola.parse_move(text)] == ["play 3s"]


def test_a_card_not_held_is_refused_quoting_what_was_typed(briscola: State) -> None:
    with pytest.raises(IllegalActionError) as refused:
        briscola.parse_move("gioca il re di spade")
    assert str(refused.value).startswith("illegal move 'gioca il re di spade': you do not hold Ks")
    said = localize_error(refused.value, "it")  # what the page and the terminal show
    assert said.startswith("mossa non consentita 'gioca il re di spade': non hai in mano re di spade"), said


def test_a_french_card_not_held_is_refused_with_the_card_in_words() -> None:
    """fedibur-1985 art. 4: a player plays only cards from his own hand."""
    state = burraco_position(players=2, hands={0: "3h 9c Kd", 1: "4s 5s 6s"}, pile="7d")
    with pytest.raises(IllegalActionError) as refused:
        state.parse_move("scarta il quattro di picche")
    said = localize_error(refused.value, "it")
    assert said.startswith("mossa non consentita 'scarta il quattro di picche': non hai in mano 4♠"), said


def test_a_card_no_deck_has_is_still_cannot_read(briscola: State) -> None:
    with pytest.raises(Exception) as refused:
        briscola.parse_move("gioca il nove di coppe")
    assert "cannot read 'gioca il nove di coppe'" in str(refused.value)


@pytest.mark.parametrize("text", ["scarta il 3 di cuori", "scarta tre di cuori", "scarta 3♥", "Scarta il Tre di Cuori",
                                  "discard the 3 of hearts"])
def test_burraco_reads_the_discard_as_people_say_it(text: str) -> None:
    """Codice art. 28: a turn ends with a discard; the seat has drawn (phase "play")."""
    state = burraco_position(players=2, hands={0: "3h 9c Kd", 1: "4s 5s 6s"}, pile="7d")
    assert [state.action_to_string(a) for a in state.parse_move(text)] == ["discard 3h"]


def test_burraco_reads_its_own_words_for_taking_the_discards() -> None:
    state = burraco_position(players=2, hands={0: "3h 9c Kd", 1: "4s 5s 6s"}, pile="7d 7c", phase="draw")
    for text in ("raccoglie gli scarti", "Raccoglie gli scarti", "take the discards"):
        assert [state.action_to_string(a) for a in state.parse_move(text)] == ["take"]


TRUMP_FIGURES = ("the Bagatto", "the Popess", "the Empress", "the Emperor", "the Pope", "the Lovers", "the Chariot",
                 "Justice", "the Hermit", "the Wheel", "Strength", "the Hanged Man", "Death", "Temperance",
                 "the Devil", "the Tower", "the Star", "the Moon", "the Sun", "the Angel", "the World")
"""The figures the tarot table shows beside a trump's numeral ("XXI, il Mondo"; tarot.js), I to XXI."""


def test_tarocchi_reads_a_trump_by_the_figure_the_table_shows() -> None:
    """raccolta, Gioco dei tarocchi: "il Bagatto e il Mondo valgono 5 punti"; the table names each
    trump by its figure, so the box reads "gioca il Mondo" as the table says it, in both languages."""
    checked = set()
    for state in decisions("tarocchi", dict(players=3, hands=3), SEED, 20_000):
        for action in state.legal_actions():
            notation = state.action_to_string(action)
            numeral = notation.split()[-1]
            if notation.startswith("play") and numeral in ROMAN[1:]:
                figure = TRUMP_FIGURES[ROMAN.index(numeral) - 1]
                for lang, verb in (("it", "gioca"), ("en", "play")):
                    assert state.parse_move(f"{verb} {word(figure, lang)}") == [action], (figure, lang)
                checked.add(numeral)
    assert len(checked) >= 15
