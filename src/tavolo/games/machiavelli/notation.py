"""Machiavelli move notation: how actions are printed and read.

One action per line, English verbs with the Italian ones accepted; the
table's combinations are numbered from 1, ``new`` (``nuova``) starts one::

    draw                        (d, pesca)      take a card from the stock; ends the turn
    pass                        (passo)         the same with the stock empty
    put 4h to 3                 (metti 4h a 3)  a card of the hand onto combination 3
    put 4h 5h 6h to new         (metti ... nuova) several cards: a new combination
    move 2h from 1 to new       (sposta 2h da 1 a nuova) a card of the table elsewhere
    undo                        (annulla)       take the last move back
    done                        (fine)          end the turn on a valid table

    >>> import random
    >>> from tavolo.games.machiavelli import make_game
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> state.parse_action("pesca")
    0
    >>> state.parse_action("fine")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.IllegalActionError: illegal move 'fine': a player who lays no card of his own draws one from the stock (raccolta, Machiavelli: se il giocatore non deposita carte sul tavolo deve necessariamente pescare)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError, NotationError, Rule, Sentence, Text
from tavolo.games.machiavelli import rulebook
from tavolo.games.machiavelli.actions import DONE, DRAW, MAX_GROUPS, PASS, UNDO, decode, move_action, put_action
from tavolo.games.machiavelli.words import shift_words
from tavolo.games.rummy.notation import card, no_words, pick, split_move

if TYPE_CHECKING:
    from tavolo.engine.words import Words
    from tavolo.games.machiavelli.state import MachiavelliState

VERBS = {
    "draw": "draw", "d": "draw", "pesca": "draw", "pass": "pass", "passo": "pass",
    "done": "done", "fine": "done", "undo": "undo", "annulla": "undo",
    "put": "put", "p": "put", "metti": "put", "cala": "put",
    "move": "move", "m": "move", "sposta": "move",
}
NEW = ("new", "nuova", "nuovo")
FROM = ("from", "da")
LINKING = ("to", "a", "on", "su", "in")
MOVES_HELP = Text("moves are draw, pass, put <cards> to <n|new>, move <cards> from <n> to <n|new>, undo, done")
SIMPLE = {"draw": DRAW, "pass": PASS, "done": DONE, "undo": UNDO}


def action_text(state: MachiavelliState, action: int) -> str:
    """The notation of ``action``."""
    verb, *parts = decode(action)
    if verb == "put":
        return f"put {fr.name(parts[0])} to {_group_name(state, parts[1])}"
    if verb == "move":
        return f"move {fr.name(parts[1])} from {parts[0] + 1} to {_group_name(state, parts[2])}"
    return verb


def _group_name(state: MachiavelliState, group: int) -> str:
    return "new" if group == len(state._table) else str(group + 1)


def parse_action(state: MachiavelliState, text: str) -> int:
    """The one action ``text`` names in ``state``."""
    actions = parse_move(state, text)
    if len(actions) != 1:
        raise NotationError(text, Text("one card at a time here, e.g. 'put 4h to new'"))
    return actions[0]


def parse_move(state: MachiavelliState, text: str) -> list[int]:
    """The actions ``text`` makes: ``put 4h 5h 6h to new`` puts three cards into one new
    combination, each card a move of its own."""
    from tavolo.games.machiavelli.explain import explain_illegal

    verb, args = split_move(text, VERBS, MOVES_HELP)
    if verb in SIMPLE:
        no_words(text, verb, args)
        return [pick(state, text, [SIMPLE[verb]], explain_illegal)]
    cards, source, target = _shift_args(text, verb, args)
    size = len(state._table)
    said = shift_words(cards, source, size if target is None else target, size)
    _on_the_table(state, text, said, source, target)
    board, out = state.clone(), []
    if target == size:
        target = None
    emptied = False
    for c in cards:
        if emptied:  # the source is gone and its number names the next combination now
            raise _refusal(state, text, said, rulebook.NO_GROUP,
                           Text("{card} is not in combination {number}", card=fr.name(c), number=source + 1))
        size = len(board._table)
        group = size if target is None else target
        if group >= MAX_GROUPS:
            raise _refusal(state, text, said, rulebook.TABLE_FULL)
        action = put_action(c, group) if source is None else move_action(source, c, group)
        out.append(pick(board, text, [action], explain_illegal))
        board.apply_legal(action)
        emptied = len(board._table) < size + (group == size)
        if target is None:
            target = len(board._table) - 1  # the new combination, always the last
        elif emptied and source is not None and source < target:
            target -= 1
    return out


def _on_the_table(state: MachiavelliState, text: str, said: Words, source: int | None,
                  target: int | None) -> None:
    """The combinations a move names are on the table (the target may be the next number,
    a new one): a number past them names no combination, and is never read as another move;
    the refusal says the move in words (``said``: "metti A♥ sulla combinazione 2")."""
    from tavolo.games.machiavelli.explain import explain_illegal

    size = len(state._table)
    for number, limit in ((source, size), (target, size + 1)):
        if number is not None and number >= limit:
            if state.current_player() < 0:  # before the deal or after the match: say that
                raise IllegalActionError(text, *explain_illegal(state, DRAW))
            raise _refusal(state, text, said, rulebook.NO_GROUP,
                           Text("there is no combination {number}", number=number + 1))


def _refusal(state: MachiavelliState, text: str, said: Words, rule: Rule, detail: Sentence = "") -> IllegalActionError:
    """The refusal of the move ``text`` (``said``: the whole move in words, its cards together) while
    it is read, before any of its actions is known legal: like :meth:`~tavolo.engine.game.State.refusal`,
    it names the move in words ("sposta 4♠ 5♠ 6♠ 7♣ dalla 2 alla 1"), its detail's cards too."""
    refused = IllegalActionError(text, rule, detail)
    refused.words, refused.deck = said.to_json(), state.game.words_deck
    return refused


def _shift_args(text: str, verb: str, args: list[str]) -> tuple[list[int], int | None, int | None]:
    """The cards, the source combination (a move's) and the target (``None``: new), numbered from 0."""
    words = [w.lower() for w in args if w.lower() not in LINKING]
    source = None
    if verb == "move":
        at = next((i for i, w in enumerate(words) if w in FROM), -1)
        if at < 0 or at + 1 >= len(words):
            raise NotationError(text, Text("say where the card comes from, e.g. 'move 2h from 1 to new'"))
        source = _number(text, words.pop(at + 1))
        words.pop(at)
    if len(words) < 2:
        raise NotationError(text, Text("say the cards and where they go, e.g. 'put 4h to 3' or 'put 4h 5h 6h to new'"))
    where = words.pop()
    target = None if where in NEW else _number(text, where)
    return [card(text, w) for w in words], source, target


def _number(text: str, word: str) -> int:
    """A combination's number as written (from 1, in digits 0-9), from 0."""
    if not (word.isascii() and word.isdigit()) or int(word) < 1:
        raise NotationError(text, Text("combinations are numbered from 1, not {number}", number=repr(word)))
    return int(word) - 1
