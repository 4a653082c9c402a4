"""What a move's text tells whom: every game, random hands, every decision, every seat but
the actor and a spectator. The text a viewer reads (``action_to_string_for``) may name only
cards that viewer can see once the move is made (:func:`tests.privacy.hidden_from`); the
actor reads his own move whole. The seeds say what lies face up: the sections of
``raccolta-regole-giochi-di-carte.txt`` quoted below; for Burraco ``fedibur-regolamento-1985.txt``
art. 4 (the discard "scopre ... sul monte scarti", the "tallone coperto")."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from tavolo.engine.game import State
from tavolo.games import game_names, make_game

from tests.privacy import hidden_from, named_cards
from tests.words_cards import words_cards

GAMES = [
    ("bridge", dict(players=4), 30),
    ("briscola", dict(players=2), 30),
    ("briscola", dict(players=4), 30),
    ("tressette", dict(players=2, target=None, accusi="declared"), 30),
    ("tressette", dict(players=4, target=None, accusi="declared"), 30),
    ("peppa", dict(players=6, target=None), 30),
    ("peppa", dict(rules="hearts", players=4, target=None), 30),
    ("tarocchi", dict(players=3, hands=3), 8),
    ("tarocchi", dict(players=4, hands=4, accuso=True), 6),
    ("burraco", dict(players=4, target=None), 20),
    ("burraco", dict(players=3, target=None), 20),
    ("canasta", dict(players=4, target=None), 20),
    ("pinnacola", dict(players=4, target=None), 20),
    ("ramino", dict(players=4, match=None), 20),
    ("scala40", dict(players=4, elimination=None), 20),
    ("machiavelli", dict(players=3, hands=1), 10),
    ("perlina", dict(players=5, hands=4), 15),
    ("perlina", dict(players=3, deck="italian", hands=4), 15),
    ("petrangola", dict(players=6, max_rounds=3), 15),
    ("mercante", dict(players=5, tokens=12, prizes=4, mercante="player"), 15),
]
IDS = [f"{name}-{options.get('rules', options['players'])}" for name, options, _ in GAMES]
MAX_DECISIONS = 20_000


def leaked(after: State, viewer: int | None, text: str | dict) -> Counter[int]:
    """The cards ``text`` (or a move's words JSON) names beyond the copies ``viewer`` can see
    in ``after``, the state once the move is made: empty when the text tells nothing hidden."""
    named = words_cards(after, text) if isinstance(text, dict) else named_cards(after, text)
    if not named:
        return Counter()
    deck, hidden = after.game.deck_counts, hidden_from(after, viewer)
    return Counter({c: k for c, k in named.items() if k > deck[c] - hidden[c]})


def moves(game_name: str, options: dict, games: int, seed: int) -> Iterator[tuple[State, int, State]]:
    """Random complete games (chance resolved with a seeded rng): each decision as (the state
    before, the action, the state after); the state before is a copy."""
    game = make_game(game_name, **options)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(MAX_DECISIONS):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            before = state.clone()
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            state.apply(action)
            yield before, action, state
        assert state.is_terminal(), f"a game of {game_name} did not end"


@pytest.mark.parametrize(("name", "options", "games"), GAMES, ids=IDS)
def test_no_text_names_a_card_its_reader_cannot_see(name: str, options: dict, games: int) -> None:
    """Every seat but the actor, and a spectator, reads only cards in view once the move is
    made: Hearts' passes go face down ("Peppa-Chat noir-Hearts"), the Tarocchi dealer
    discards face down ("Il mazziere deve scartare tre carte"), a Perlina card changed or
    dropped goes out unseen ("Scartare una carta e sostituirla con una dal mazzo"); what is
    played, melded, discarded on a pile, traded with the three face up (Petrangola: "le tre
    carte scoperte") or offered for (Mercante: cards "scoperte") is in view. The actor reads
    his own move whole."""
    players = make_game(name, **options).num_players
    read = 0
    for before, action, after in moves(name, options, games, seed=len(name)):
        actor = before.current_player()
        whole = before.action_to_string(action)
        assert before.action_to_string_for(action, actor) == whole
        read += bool(named_cards(after, whole))
        for viewer in [*range(players), None]:
            if viewer == actor:
                continue
            text = before.action_to_string_for(action, viewer)
            assert not leaked(after, viewer, text), (
                f"{name}: seat {viewer} reads {text!r} (by seat {actor}) naming a card hidden from it")
            words = before.action_words_for(action, viewer).to_json()
            assert not leaked(after, viewer, words), (
                f"{name}: seat {viewer} reads the words {words!r} (by seat {actor}) naming a card hidden from it")
    assert read, "a walk whose moves named no card proves nothing"


PUBLIC_TEXTS = [
    ("peppa", dict(rules="hearts", players=4, target=None), "pass", "pass a card"),
    ("tarocchi", dict(players=3, hands=3), "discard", "discard a card"),
    ("perlina", dict(players=4, hands=4), "change", "change a card"),
    ("perlina", dict(players=4, hands=4), "drop", "drop a card"),
]


@pytest.mark.parametrize(("name", "options", "verb", "public"), PUBLIC_TEXTS,
                         ids=[f"{n}-{v}" for n, _, v, _ in PUBLIC_TEXTS])
def test_the_check_catches_the_whole_notation(name: str, options: dict, verb: str, public: str) -> None:
    """The check can fail: the whole notation of a face-down move (a Hearts pass, the Tarocchi
    scarto, a Perlina change or drop; raccolta, "Peppa-Chat noir-Hearts", "Gioco dei tarocchi",
    "Perlina") names a card another seat cannot see, which the check flags; that seat reads
    the public text instead, the move named without its card."""
    for before, action, after in moves(name, options, 5, seed=1):
        whole = before.action_to_string(action)
        if whole.split()[0] != verb:
            continue
        actor = before.current_player()
        other = (actor + 1) % before.game.num_players
        assert leaked(after, other, whole) and leaked(after, None, whole)
        assert before.action_to_string_for(action, other) == public
        assert before.action_to_string_for(action, None) == public
        mine = before.action_words_for(action, actor).to_json()
        assert leaked(after, other, mine) and leaked(after, None, mine)
        assert not words_cards(after, before.action_words_for(action, other).to_json())
        assert not words_cards(after, before.action_words_for(action, None).to_json())
        return
    pytest.fail(f"no {verb} in five games of {name}")


def test_every_game_is_covered() -> None:
    """Each of the games Tavolo plays is walked above, Peppa's Hearts rules too."""
    assert {name for name, _, _ in GAMES} == set(game_names())
    assert any(options.get("rules") == "hearts" for name, options, _ in GAMES if name == "peppa")


BLIND_DEALER = {("perlina", "ace"), ("petrangola", "choice")}


def test_a_spectator_sees_no_more_than_any_seat() -> None:
    """The contract the frames test shares: what is hidden from a seat is hidden from a
    spectator too and is in play, and a seat's own hand is never hidden from him, but
    where a seed says he has not looked at it (Perlina's dealer valuing an ace, "prima che
    questi guardi le sue carte"; Petrangola's dealer deciding on the monte, "senza aver
    visto la sua dotazione"): then all of it is."""
    for name, options, _ in GAMES:  # one game each, every third decision
        for decision, (_, _, after) in enumerate(moves(name, options, 1, seed=7)):
            if decision % 3 or after.is_chance_node() or after.is_terminal():
                continue
            spectator = hidden_from(after, None)
            for seat in range(after.game.num_players):
                hidden = hidden_from(after, seat)
                assert not hidden - spectator, f"{name}: seat {seat} cannot see what a spectator can"
                assert not hidden - after.all_cards(), f"{name}: a card hidden from {seat} is not in play"
                own = Counter(after.hand_cards(seat))
                if (name, after.phase) in BLIND_DEALER and seat == after.dealer:
                    assert not own - hidden, f"{name}: the dealer sees a hand he has not looked at"
                else:
                    assert not (hidden + own) - after.all_cards(), f"{name}: seat {seat}'s own hand counted hidden"


def words_text(words: dict) -> str:
    """The cards a move's words JSON names, as notation tokens (and the figures of Mercante in
    fiera, nested words keyed by the figure's name), joined for :func:`named_cards`."""
    found: list[str] = []
    for value in words["params"].values():
        if isinstance(value, dict) and "cards" in value:
            found += value["cards"]
        elif isinstance(value, dict) and "key" in value:
            found += [value["key"], words_text(value)]
    return " ".join(found)


PARLOUR = [(name, options, games) for name, options, games in GAMES if name in ("petrangola", "perlina", "mercante")]


@pytest.mark.parametrize(("name", "options", "games"), PARLOUR, ids=[f"{n}-{o['players']}" for n, o, _ in PARLOUR])
def test_no_words_name_a_card_their_reader_cannot_see(name: str, options: dict, games: int) -> None:
    """The words a move is said in (issue 23) hide what its text hides: a Perlina card changed or
    dropped goes out face down ("Scartare una carta e sostituirla con una dal mazzo"), so the
    others' words name no card; the actor's words name it, as his text does."""
    players = make_game(name, **options).num_players
    hidden_moves = 0
    for before, action, after in moves(name, options, games, seed=len(name) + 1):
        actor = before.current_player()
        own = words_text(before.action_words_for(action, actor).to_json())
        assert named_cards(after, own) == named_cards(after, before.action_to_string(action))
        for viewer in [*range(players), None]:
            if viewer == actor:
                continue
            text = words_text(before.action_words_for(action, viewer).to_json())
            assert not leaked(after, viewer, text), f"{name}: seat {viewer} reads words naming {text!r}"
            if before.action_to_string_for(action, viewer) != before.action_to_string(action):
                hidden_moves += 1
                assert not named_cards(after, text)
    assert name != "perlina" or hidden_moves, "a Perlina walk with no card changed proves nothing"
