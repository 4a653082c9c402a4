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
from collections.abc import Callable, Container, Sequence

from tavolo.cards import CardNotationError
from tavolo.cards import french as fr
from tavolo.engine.errors import (
    AmbiguousActionError, IllegalActionError, NotationError, Rule, Sentence, Text, unreadable_card,
)
from tavolo.engine.game import State
from tavolo.games.rummy.reading import AmbiguousMeldError, end_label

_DECLARED = re.compile(r"^(.+?)\((\w+)\)$")
_LINKING = ("to", "a", "on", "alla", "al", "in")
"""The words between an attachment's cards, its meld number and its end ("lega 8h alla 2 in basso")."""
ENDS = {"low": "low", "basso": "low", "high": "high", "alto": "high"}
"""The words that put an ace or a wild at one end of a run, English and Italian."""


def split_move(text: str, verbs: dict[str, str], moves_help: Sentence) -> tuple[str, list[str]]:
    """The verb ``text`` begins with (as ``verbs`` names it) and the words after it."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(text, Text("empty move; {moves}", moves=moves_help))
    verb = verbs.get(words[0].lower())
    if verb is None:
        raise NotationError(text, Text("unknown move {verb}; {moves}", verb=repr(words[0]), moves=moves_help))
    return verb, words[1:]


def card(text: str, token: str) -> int:
    """The French card ``token`` names, or a :class:`NotationError` about ``text``."""
    try:
        return fr.parse(token)
    except CardNotationError as exc:
        raise unreadable_card(text, exc) from None


def no_words(text: str, verb: str, args: Sequence[str]) -> None:
    """A verb such as ``draw`` stands alone."""
    if args:
        raise NotationError(text, Text("{verb} takes nothing after it", verb=repr(verb)))


def one_card(text: str, verb: str, args: Sequence[str]) -> int:
    """The one card after a verb such as ``discard``."""
    if len(args) != 1:
        raise NotationError(text, Text("{verb} one card, e.g. '{verb} Qs'", verb=verb))
    return card(text, args[0])


def rank(text: str, token: str) -> int:
    try:
        return fr.parse_rank(token)
    except CardNotationError as exc:
        raise unreadable_card(text, exc) from None


def cards_declared(text: str, tokens: Sequence[str], wild: Sequence[bool],
                   example: str) -> tuple[list[int], dict[int, int]]:
    """Cards, and for wilds written ``*(Q)`` or ``2h(w)`` the rank declared (0: ``w``, no rank)."""
    cards, declared = [], {}
    for i, token in enumerate(tokens):
        match = _DECLARED.match(token)
        c = card(text, match.group(1) if match else token)
        if match:
            if not wild[c]:
                raise NotationError(text, Text("only a wild may say what it stands for, not {token}",
                                               token=repr(token)))
            said = match.group(2)
            declared[i] = 0 if said.lower() == "w" else rank(text, said)
        cards.append(c)
    if not cards:
        raise NotationError(text, Text("name the cards, e.g. {example}", example=repr(example)))
    return cards, declared


def attach_args(text: str, args: Sequence[str], qualifiers: Sequence[str],
                max_melds: int) -> tuple[list[int], int, str]:
    """``cards [to] number [qualifier]``: the cards, the meld's index (from 0) and the qualifier."""
    words = [w for w in args if w.lower() not in _LINKING]
    qualifier = ""
    if words and words[-1].lower() in qualifiers:
        qualifier = words.pop().lower()
    if len(words) < 2 or not (words[-1].isascii() and words[-1].isdigit()):
        raise NotationError(text, Text("say the card and the meld number, e.g. 'attach 8h to 2'"))
    slot = int(words[-1]) - 1
    if not 0 <= slot < max_melds:
        raise NotationError(text, Text("meld numbers run from 1 to {most}, not {number}", most=max_melds,
                                       number=words[-1]))
    return [card(text, w) for w in words[:-1]], slot, qualifier


def one_attached_card(text: str, verb: str, args: Sequence[str], max_melds: int) -> tuple[int, int, str]:
    """``attach`` or ``swap`` one card: the card, the meld's index (from 0) and the
    qualifier (``low``/``high``, read for ``attach`` only).

    >>> one_attached_card("swap 7h on 3", "swap", ["7h", "on", "3"], 36)
    (6, 2, '')
    >>> one_attached_card("attacca * alla 2 in basso", "attach", ["*", "alla", "2", "in", "basso"], 36)
    (52, 1, 'low')
    """
    cards, slot, qualifier = attach_args(text, args, tuple(ENDS) if verb == "attach" else (), max_melds)
    if len(cards) != 1:
        raise NotationError(text, Text("one action {verb}s one card", verb=verb))
    return cards[0], slot, ENDS.get(qualifier, qualifier)


def read_or_refuse(text: str, cards: list[int], declared: dict[int, int],
                   read_meld: Callable[[list[int], dict[int, int]], object | None], rule: Rule,
                   known: Container[object] | None = None) -> object:
    """The meld ``cards`` make, jokers standing as ``declared`` (index: rank, 0 for
    undeclared); an :class:`AmbiguousActionError` listing the readings when the cards
    make several, an :class:`IllegalActionError` breaking ``rule`` when they make
    none (or one not among the ``known`` melds)."""
    try:
        meld = read_meld(cards, {i: r for i, r in declared.items() if r})
    except AmbiguousMeldError as exc:
        raise AmbiguousActionError(text, [f"meld {c}" for c in exc.candidates]) from None
    if meld is None or (known is not None and meld not in known):
        raise IllegalActionError(text, rule, Text("{cards} is not a meld", cards=fr.names(cards)))
    return meld


def table_action_text(kind: tuple, table: Sequence[object], meld_of: Callable[[int], str],
                      variant_label: Callable[[object, int, int], str]) -> str:
    """The notation of a decoded discard, meld (``meld_of(template)`` writes its cards),
    joker swap or attachment (``variant_label`` names a card's way into a meld); table
    melds are numbered from 1.

    >>> table_action_text(("swap", 2, 6), [], str, None)
    'swap 7h on 3'
    """
    if kind[0] == "discard":
        return f"discard {fr.name(kind[1])}"
    if kind[0] == "meld":
        return f"meld {meld_of(kind[1])}"
    if kind[0] == "swap":
        return f"swap {fr.name(kind[2])} on {kind[1] + 1}"
    _, slot, c, variant = kind
    label = variant_label(table[slot], c, variant) if slot < len(table) else ("", "high")[variant]
    return f"attach {fr.name(c)} to {slot + 1}" + (f" {label}" if label else "")


def attach_candidates(options: Sequence[tuple[int, int, object]], slot: int, card: int, qualifier: str,
                      action: Callable[[int, int, int], int]) -> list[int]:
    """The attachments of ``card`` to meld ``slot`` the words name: its ``options``
    (``(card, variant, meld after)``; none for a meld not on the table) that the
    qualifier (``low``/``high``, or ``''``) allows, as ``action(slot, card, variant)``;
    the first variant when none fits, for the refusal to explain.

    >>> attach_candidates([(9, 0, "a"), (9, 1, "b")], 2, 9, "high", lambda s, c, v: (s, c, v))
    [(2, 9, 1)]
    """
    ways = [v for c, v, _ in options if c == card]
    if qualifier:
        ways = [v for v in ways if end_label(options, card, v) == qualifier]
    return [action(slot, card, v) for v in ways] or [action(slot, card, 0)]


def pick(state: State, text: str, candidates: Sequence[int],
         explain: Callable[[State, int], tuple[Rule, Sentence]]) -> int:
    """The one legal action among ``candidates``; an :class:`AmbiguousActionError`
    when several are, an :class:`IllegalActionError` (``explain`` says why) when none."""
    legal = set(state.legal_actions())
    allowed = [a for a in candidates if a in legal]
    if len(allowed) == 1:
        return allowed[0]
    if len(allowed) > 1:
        raise AmbiguousActionError(text, [state.action_to_string(a) for a in allowed])
    raise state.refusal(text, candidates[0], *explain(state, candidates[0]))
