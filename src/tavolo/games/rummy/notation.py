"""Reading the move notation of the rummy games: a verb (English, with the
Italian ones as aliases) and its words, French cards, a joker that says what it
stands for (``*(7)``), and "to meld 2" for attachments. Each game keeps its own
verbs and texts; what is read the same way is read here.

    >>> split_move("Cala 5h *(6) 7h", {"cala": "meld"}, "moves are ...")
    ('meld', ['5h', '*(6)', '7h'])
    >>> wild = [c == 52 for c in range(53)]
    >>> cards_declared("meld 5h *(6) 7h", ["5h", "*(6)", "7h"], wild, "meld 5h 6h 7h")
    ([4, 52, 6], {1: 6})
    >>> attach_args("attach Ah to 2 high", ["Ah", "to", "2", "high"], ("low", "high"), 36)
    ([0], 1, 'high')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from tavolo.cards import CardNotationError
from tavolo.cards import french as fr
from tavolo.engine.errors import AmbiguousActionError, IllegalActionError, NotationError, Rule
from tavolo.engine.game import State

_DECLARED = re.compile(r"^(.+?)\((\w+)\)$")
_LINKING = ("to", "a", "on")


def split_move(text: str, verbs: dict[str, str], moves_help: str) -> tuple[str, list[str]]:
    """The verb ``text`` begins with (as ``verbs`` names it) and the words after it."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(text, f"empty move; {moves_help}")
    verb = verbs.get(words[0].lower())
    if verb is None:
        raise NotationError(text, f"unknown move {words[0]!r}; {moves_help}")
    return verb, words[1:]


def card(text: str, token: str) -> int:
    """The French card ``token`` names, or a :class:`NotationError` about ``text``."""
    try:
        return fr.parse(token)
    except CardNotationError as exc:
        raise NotationError(text, str(exc)) from None


def no_words(text: str, verb: str, args: Sequence[str]) -> None:
    """A verb such as ``draw`` stands alone."""
    if args:
        raise NotationError(text, f"'{verb}' takes nothing after it")


def one_card(text: str, verb: str, args: Sequence[str]) -> int:
    """The one card after a verb such as ``discard``."""
    if len(args) != 1:
        raise NotationError(text, f"{verb} one card, e.g. '{verb} Qs'")
    return card(text, args[0])


def rank(text: str, token: str) -> int:
    try:
        return fr.parse_rank(token)
    except CardNotationError as exc:
        raise NotationError(text, str(exc)) from None


def cards_declared(text: str, tokens: Sequence[str], wild: Sequence[bool],
                   example: str) -> tuple[list[int], dict[int, int]]:
    """Cards, and for wilds written ``*(Q)`` or ``2h(w)`` the rank declared (0: ``w``, no rank)."""
    cards, declared = [], {}
    for i, token in enumerate(tokens):
        match = _DECLARED.match(token)
        c = card(text, match.group(1) if match else token)
        if match:
            if not wild[c]:
                raise NotationError(text, f"only a wild may say what it stands for, not {token!r}")
            said = match.group(2)
            declared[i] = 0 if said.lower() == "w" else rank(text, said)
        cards.append(c)
    if not cards:
        raise NotationError(text, f"name the cards, e.g. '{example}'")
    return cards, declared


def attach_args(text: str, args: Sequence[str], qualifiers: Sequence[str],
                max_melds: int) -> tuple[list[int], int, str]:
    """``cards [to] number [qualifier]``: the cards, the meld's index (from 0) and the qualifier."""
    words = [w for w in args if w.lower() not in _LINKING]
    qualifier = ""
    if words and words[-1].lower() in qualifiers:
        qualifier = words.pop().lower()
    if len(words) < 2 or not words[-1].isdigit():
        raise NotationError(text, "say the card and the meld number, e.g. 'attach 8h to 2'")
    slot = int(words[-1]) - 1
    if not 0 <= slot < max_melds:
        raise NotationError(text, f"meld numbers run from 1, not {words[-1]}")
    return [card(text, w) for w in words[:-1]], slot, qualifier


def pick(state: State, text: str, candidates: Sequence[int],
         explain: Callable[[State, int], tuple[Rule, str]]) -> int:
    """The one legal action among ``candidates``; an :class:`AmbiguousActionError`
    when several are, an :class:`IllegalActionError` (``explain`` says why) when none."""
    legal = set(state.legal_actions())
    allowed = [a for a in candidates if a in legal]
    if len(allowed) == 1:
        return allowed[0]
    if len(allowed) > 1:
        raise AmbiguousActionError(text, [state.action_to_string(a) for a in allowed])
    rule, detail = explain(state, candidates[0])
    raise IllegalActionError(text, rule, detail)
