"""Typed moves, as an attacker types them, in every game Tavolo plays: a move that cannot be
read, names no legal move or names several is refused with one of the engine's errors
(``tavolo.engine.errors``: notation, ambiguous, or illegal with the rule it breaks), and
nothing else escapes; a move that is read names legal actions only, one action reads back
from its own notation, and reading changes nothing in the position.

Each game is dealt with a seeded generator and walked by random legal actions; Hypothesis
then types at a few of the positions met (and at the deal, before the cards are out):
arbitrary text (any unicode, digits, huge and negative numbers, ``*``, nothing), words put
together from the game's own moves, and legal moves mutated (a number replaced, a word
dropped, repeated or moved, a card swapped for another).
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavolo.engine.errors import ActionError
from tavolo.engine.game import State
from tavolo.games import game_names, make_game

CASES = [(name, ()) for name in game_names()] + [("burraco", (("players", 2),))]
IDS = [name + "".join(f"-{key}{value}" for key, value in options) for name, options in CASES]
DECISIONS = 150
"""How far each game is walked; positions with a choice are picked along the way."""
POSITIONS = 8

NUMBERS = st.one_of(
    st.integers(-10**30, 10**30).map(str),
    st.integers(-3, 60).map(str),
    st.sampled_from(["1000000000000000000000000000000", "-1", "0", "00", "01", "+1", "48", "99", "100", "1000",
                     "2147483648", "9223372036854775808", "²", "٣", "１", "1.5", "1e3"]),
)
ODD_WORDS = st.one_of(
    st.sampled_from(["*", "**", "*(", "*()", "*(7)", "*(x)", "(", ")", "-", "+", ",", "on", "to", "from",
                     "new", "high", "low", "for", "x", "0", "²", "٣", "１", "10**30", "nan", "inf", "1e9"]),
    st.text(max_size=6),
)


@lru_cache(maxsize=None)
def positions(name: str, options: tuple[tuple[str, object], ...]) -> tuple[list[State], list[str], list[str]]:
    """The deal (a chance node) and positions met walking the game at random, and the
    first words and every word of the legal moves met on the way (the game's vocabulary)."""
    game = make_game(name, **dict(options))
    rng = random.Random(f"{name}{options}")
    state = game.new_initial_state()
    found, verbs, words = [state.clone()], set(), set()
    for _ in range(DECISIONS):
        while state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if len(legal) > 1 and len(found) < POSITIONS and rng.random() < 3 * POSITIONS / DECISIONS:
            found.append(state.clone())
        for action in legal[:200]:
            first, *rest = state.action_to_string(action).split()
            verbs.add(first)
            words.update(rest)
        state.apply(legal[rng.randrange(len(legal))])
    return found, sorted(verbs), sorted(words | verbs)


def mutate(draw, words: list[str], vocabulary: list[str]) -> list[str]:
    """``words`` with one to three changes: a number replaced, a word dropped, repeated,
    moved, swapped for another word of the game or for one a letter away (another card of
    the rank or suit), or every card given one rank."""
    words = list(words)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, max(len(words) - 1, 0)))
        change = draw(st.sampled_from(["number", "drop", "repeat", "swap", "word", "near", "rank", "odd"]))
        if not words:
            words.append(draw(st.sampled_from(vocabulary)))
        elif change == "number":
            numbered = [i for i, w in enumerate(words) if any(ch.isdigit() for ch in w)] or [where]
            words[draw(st.sampled_from(numbered))] = draw(NUMBERS)
        elif change == "drop":
            del words[where]
        elif change == "repeat":
            words.insert(where, words[where])
        elif change == "swap":
            other = draw(st.integers(0, len(words) - 1))
            words[where], words[other] = words[other], words[where]
        elif change == "word":
            words[where] = draw(st.sampled_from(vocabulary))
        elif change == "near":
            near = [w for w in vocabulary if len(w) == len(words[where])
                    and sum(a != b for a, b in zip(w, words[where])) == 1]
            words[where] = draw(st.sampled_from(near or vocabulary))
        elif change == "rank":
            rank = draw(st.sampled_from(sorted({w[:-1] for w in vocabulary if 2 <= len(w) <= 3})))
            words[1:] = [rank + w[-1] if 2 <= len(w) <= 3 else w for w in words[1:]]
        else:
            words[where] = draw(ODD_WORDS)
    return words


@st.composite
def typed_moves(draw, name: str, options: tuple[tuple[str, object], ...]) -> tuple[int, str]:
    """A position (its index in :func:`positions`) and a move typed there."""
    states, verbs, vocabulary = positions(name, options)
    at = draw(st.integers(0, len(states) - 1))
    state = states[at]
    legal = [] if state.is_chance_node() or state.is_terminal() else state.legal_action_strings()
    kind = draw(st.sampled_from(["text", "words", "mutated", "mutated"] if legal else ["text", "words"]))
    if kind == "text":
        text = draw(st.text(max_size=40))
    elif kind == "words":
        word = st.one_of(st.sampled_from(vocabulary), st.sampled_from(vocabulary), NUMBERS, ODD_WORDS)
        words = [draw(st.sampled_from(verbs)), *draw(st.lists(word, max_size=7))]
        text = draw(st.sampled_from([" ", ", ", "  "])).join(words)
    else:
        text = " ".join(mutate(draw, draw(st.sampled_from(legal)).split(), vocabulary))
    return at, text


def check_reading(state: State, text: str) -> None:
    """``text`` is refused with an engine error, or read as legal actions that read back."""
    before = state.to_json()
    for read in (state.parse_move, lambda t: [state.parse_action(t)]):
        try:
            actions = read(text)
        except ActionError:
            continue
        finally:
            assert state.to_json() == before, f"reading {text!r} changed the position"
        assert actions, f"{text!r} was read as no action at all"
        board = state.clone()
        for action in actions:
            assert action in board.legal_actions(), f"{text!r} read as the illegal action {action}"
            if len(actions) == 1:
                notation = board.action_to_string(action)
                assert board.parse_action(notation) == action, f"{text!r}: {notation!r} reads back otherwise"
            board.apply(action)


@pytest.mark.parametrize("name, options", CASES, ids=IDS)
def test_a_typed_move_is_refused_by_the_engine_or_read_as_legal_actions(name, options):
    @settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(typed_moves(name, options))
    def typed(position_and_text: tuple[int, str]) -> None:
        at, text = position_and_text
        check_reading(positions(name, options)[0][at], text)

    typed()
