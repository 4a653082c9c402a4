"""A refused move reads in words (issue 37, "At the tables" 10): a tap on a card that may not be
played sends its notation (``play 8h``), and the web table's refusal names the move as the log
does ("mossa non consentita 'gioca 8♥'"), the rule in words with its article, never a card code
nor a rule set's internal name ("classic Hearts (OpenSpiel hearts, default rules):
no_pts_on_first_trick"); the help a move the box cannot read gets gives its examples in words
("per esempio 'gioca il fante di coppe'", never "'gioca 3c'"). For every game online, and Hearts."""

from __future__ import annotations

import random
import re

import pytest

from tavolo.online.messages import Refusal
from tests.online.test_told_privacy import GAMES, next_entries, seated

CODE = re.compile(r"\b(10|[2-9TJQKAC])[hdcsb]\b|\b[SHDC](10|[2-9TJQK])\b|\b[HDC]A\b|\b[1-7](C|D|H|S|NT)\b")
"""A card or a call in notation (``8h``, ``Cs``, ``HK``, ``1NT``): what no refusal says ("7 SA", seven
no trumps, is Italian)."""
LABEL = re.compile(r"OpenSpiel|_")
"""A rule set's internal name (``OpenSpiel hearts``, ``no_pts_on_first_trick``)."""
TRIED = 60
"""Refused moves tried per game: the notation of actions not legal in the first turn of a person."""


def first_turn(game: str, options: dict):
    """A table of ``game`` at the first turn of a seat (a person), after a seeded deal."""
    service, table, _ = seated(game, options)
    rng = random.Random(7)
    while table.to_act < 0 or table.state.is_chance_node():
        service._apply(table, next_entries(table, rng))
    return table


def refused(table, text: str) -> Refusal | None:
    """The web table's refusal of ``text`` from the seat to act, or None: it was a move."""
    try:
        table.move_entries(table.to_act, text)
    except Refusal as refusal:
        return refusal
    return None


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o.get('rules', '')}".rstrip("-") for g, o in GAMES])
def test_a_refused_move_says_the_move_and_its_rule_in_words(game, options):
    table = first_turn(game, options)
    state = table.state
    legal = set(state.legal_actions())
    texts = []
    for action in range(state.game.num_distinct_actions()):
        if action not in legal and len(texts) < TRIED:
            try:
                texts.append(state.action_to_string(action))
            except (ValueError, IndexError, KeyError):
                continue
    illegal = [r for r in map(lambda text: refused(table, text), texts) if r is not None and r.code == "illegal"]
    assert illegal, f"{game}: no move refused"
    for refusal in illegal:
        message, rule = refusal.message("it"), refusal.rule_json("it")
        assert not CODE.search(message), message
        assert not LABEL.search(message) and not LABEL.search(rule["source"]), message
        assert rule["source"] in message and rule["text"] in message, message


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o.get('rules', '')}".rstrip("-") for g, o in GAMES])
def test_the_help_of_a_move_not_understood_gives_examples_in_words(game, options):
    table = first_turn(game, options)
    for text in ("vola via", "gioca"):
        message = refused(table, text).message("it")
        assert message.startswith(f"non capisco '{text}'") and not CODE.search(message), message


@pytest.mark.parametrize(("move", "table", "said"), [
    ("move 4s 5s 6s 7c from 2 to 1", ("7c 8c 9c", "4s 5s 6s", "Kh Kd Ks"),
     "'sposta 4♠ 5♠ 6♠ 7♣ dalla 2 alla 1'"),
    ("put 4h to new", tuple(f"{r}{s}" for r in "23456789TJQK" for s in "shdc"),
     "'mette 4♥ in una nuova combinazione'"),
], ids=["card-gone-from-its-combination", "table-full"])
def test_a_machiavelli_move_refused_while_read_says_the_move_in_words(move, table, said):
    """A card no longer in the combination it is moved from (the move emptied it), or a card put on
    a table already holding 48 combinations (Machiavelli's table-full), is refused as the move in
    words, as every other refusal is, never ``move 4s 5s 6s 7c from 2 to 1`` as sent."""
    from tavolo.engine.errors import IllegalActionError
    from tavolo.online.messages import localized_refusal
    from tests.machiavelli.helpers import position

    state = position(table=table, held={0: "4h 6h Tc 5c 2d"}, opened=(True, True))
    with pytest.raises(IllegalActionError) as info:
        state.parse_move(move)
    message = localized_refusal(info.value, "it")
    assert said in message and move not in message and not CODE.search(message), message
