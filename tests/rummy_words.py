"""A checker for the moves of a game said in words (issue 23), reusable by every game: each
legal action of random-simulated hands is rendered in Italian through
:func:`tavolo.i18n.moves.say`, and the Italian must be a translation from the ``moves`` catalog
(not the notation passed through), carry no English notation word (the same pattern the browser
tests use on the page, :data:`tests.browser.taps.NOTATION_WORDS`) and no card code (``3h``,
``Qs``, ``*``).

    walk_words(make_game("burraco", players=2, target=None), seed=1, decisions=200)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from tavolo.engine.game import Game, State
from tavolo.i18n.moves import say, word

NOTATION_WORDS = re.compile(
    r"\b(draw|take|discard|open|attach|meld|lay|play|pass|bid|call|fold|stand|check|bet|raise|trade|keep|"
    r"double|redouble|close|go out|knock|offer|accept|refuse|change|drop|by [NESW]|to \d+|points|off)\b"
    r"|\b\d?[2-9TJQKA][hdcs]\b|\b[1-7](C|D|H|S|NT)\b")
"""The pattern of ``tests/browser/taps.py`` (kept equal by test_rummy_words.py), here so that the
checker runs without a browser."""
CARD_CODE = re.compile(r"(^|\s)(\*|(10|[2-9TJQKA])[hdcs])(\(\w+\))?(?=\s|$)")
"""A card token left as notation (``Qs``, ``*``, ``2d(7)``)."""


def card_tokens(words: dict[str, Any]) -> list[str]:
    """Every card token a words JSON names, nested words included."""
    tokens: list[str] = []
    for value in words["params"].values():
        if isinstance(value, dict) and "cards" in value:
            tokens += value["cards"]
        elif isinstance(value, dict) and "key" in value:
            tokens += card_tokens(value)
    return tokens


def keys(words: dict[str, Any]) -> list[str]:
    """The catalog keys a words JSON uses, nested words included."""
    return [words["key"]] + [k for v in words["params"].values() if isinstance(v, dict) and "key" in v
                             for k in keys(v)]


def check_italian(words: dict[str, Any]) -> str:
    """``words`` said in Italian; AssertionError when a key is not translated, or the Italian
    carries an English notation word or a card code."""
    for key in keys(words):
        assert key != "{move}", f"the notation passed through as words: {words}"
        assert word(key, "it") != key, f"no Italian for {key!r} in moves.po"
    text = say(words, "it", lambda seat: f"Giocatore {seat + 1}")
    assert "{" not in text, f"a placeholder left in {text!r}"
    found = NOTATION_WORDS.search(text)
    assert not found, f"English notation {found.group(0)!r} in {text!r}"
    assert not CARD_CODE.search(text), f"a card code in {text!r}"
    return text


def decisions(game: Game, seed: int, count: int, bot: str | None = None) -> Iterator[State]:
    """The states where a player decides, over random hands (chance with a seeded rng, random
    legal moves, or half of them the moves of the online table's first bot for the game named ``bot``,
    so that the walk reaches what random play seldom does: a close, a valid table), ``count`` of
    them at most; a new game starts when one ends."""
    rng = random.Random(seed)
    bots = []
    if bot:
        from tavolo.online.views import view_of

        view = view_of(bot)
        bots = [view.make_bot(view.bots[0][0], game, seat, seed) for seat in range(game.num_players)]
    state = game.new_initial_state()
    seen = 0
    while seen < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            yield state
            seen += 1
            legal = state.legal_actions()
            seat = state.current_player()
            if bots and rng.random() < 0.5:
                state.apply(bots[seat].choose(state.observation(seat), legal))
            else:
                state.apply(legal[int(rng.random() * len(legal))])


def walk_words(game: Game, seed: int, decisions_count: int, most_per_decision: int = 60,
               bot: str | None = None) -> dict[str, int]:
    """Checks (:func:`check_italian`) the words of the legal actions at ``decisions_count``
    decisions (every action, or ``most_per_decision`` of them drawn at random where there are
    more); the words as everyone reads them too. Returns how often each key was said."""
    said: dict[str, int] = {}
    rng = random.Random(seed)
    for state in decisions(game, seed, decisions_count, bot):
        legal = state.legal_actions()
        if len(legal) > most_per_decision:
            legal = rng.sample(legal, most_per_decision)
        for action in legal:
            own = state.action_words(action).to_json()
            check_italian(own)
            check_italian(state.public_action_words(action).to_json())
            said[own["key"]] = said.get(own["key"], 0) + 1
    return said
