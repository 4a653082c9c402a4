"""Burraco move notation: how actions are printed and read.

One action per line, English verbs with the Italian ones accepted::

    draw                      (d, pesca)
    take                      (t, raccogli)         the whole discard pile
    open 5h 6h 7h             (o, cala)             three cards; a wild may
    open 5h *(6) 7h                                 say the rank it stands for,
    open 3h 4h 2h(w)                                a pinella of the run's suit
                                                    marked (w) is a wild
    attach Ah to 2 high       (a, lega, attacca)    to meld 2 of your side;
                                                    low/high (basso/alto) for an
                                                    ace, natural/wild
                                                    (naturale/matta) for a pinella
    discard Qs                (x, scarta)

People may also write a longer opening (``open 5h 6h 7h 8h``) or several
cards to one meld (``attach 8h 9h to 2``): :func:`parse_move` turns such a
*move* into the actions that make it.

    >>> import random
    >>> from tavolo.games.burraco import make_game
    >>> state = make_game(players=2, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(11)))
    >>> state.parse_action("draw") == 0
    True
    >>> state.parse_action("fly away")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.NotationError: cannot read 'fly away': unknown move 'fly'; moves are draw, take, open <cards>, attach <card> to <meld>, discard <card>
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tavolo.cards import french as fr
from tavolo.engine.errors import AmbiguousActionError, IllegalActionError, NotationError, Rule, Sentence, Text
from tavolo.games.burraco import rulebook
from tavolo.games.burraco.actions import (
    ATTACH_BASE, DISCARD_BASE, DRAW, MAX_MELDS, OPEN_BASE, TAKE, TEMPLATE_INDEX, TEMPLATES, TIME_OUT,
    attach_action, decode,
)
from tavolo.games.burraco.cards import NUM_TYPES, WILD
from tavolo.games.burraco.melds import (
    MAX_GROUP_NATURALS, AmbiguousMeldError, Meld, attach_label, attachments, meld_text, read_meld, readings,
    variant_label,
)
from tavolo.games.rummy.notation import attach_args, cards_declared, no_words, one_card, pick, split_move

if TYPE_CHECKING:
    from tavolo.games.burraco.state import BurracoState

VERBS = {
    "draw": "draw", "d": "draw", "pesca": "draw",
    "take": "take", "t": "take", "raccogli": "take",
    "open": "open", "o": "open", "cala": "open",
    "attach": "attach", "a": "attach", "lega": "attach", "attacca": "attach",
    "discard": "discard", "x": "discard", "scarta": "discard",
    "time-out": "time-out", "timeout": "time-out",
}
MOVES_HELP = Text("moves are draw, take, open <cards>, attach <card> to <meld>, discard <card>")
QUALIFIERS = {"low": "low", "basso": "low", "high": "high", "alto": "high",
              "natural": "natural", "naturale": "natural", "wild": "wild", "matta": "wild"}
"""The words that choose how a card joins a meld, English and Italian."""
WAYS = {"low": Text("low"), "high": Text("high"), "natural": Text("natural"), "wild": Text("wild")}
"""The ways a card joins a meld, as a refusal names them ("in basso", "come matta")."""


def action_text(state: BurracoState, action: int) -> str:
    """The notation of ``action`` in ``state`` (attachments name the meld by
    its number, 1 up, among the melds of the side on turn)."""
    kind = decode(action)
    if kind[0] in ("draw", "take", "time-out"):
        return kind[0]
    if kind[0] == "discard":
        return f"discard {fr.name(kind[1])}"
    if kind[0] == "open":
        return f"open {meld_text(TEMPLATES[kind[1]].meld)}"
    _, slot, card, variant = kind
    melds = _side_melds(state)
    label = variant_label(melds[slot], card, variant) if slot < len(melds) else ("", "wild")[variant]
    return f"attach {fr.name(card)} to {slot + 1}" + (f" {label}" if label else "")


def _side_melds(state: BurracoState) -> list[Meld]:
    seat = state.current_player()
    return state.side_melds(state.side_of(seat)) if seat >= 0 else []


def parse_action(state: BurracoState, text: str) -> int:
    """The one action ``text`` names in ``state``."""
    verb, args = split_move(text, VERBS, MOVES_HELP)
    if verb in ("draw", "take", "time-out"):
        no_words(text, verb, args)
        if verb == "time-out":
            return TIME_OUT  # the arbiter's, not a player's: see BurracoState.announce_time_out
        return _pick(state, text, [DRAW if verb == "draw" else TAKE])
    if verb == "discard":
        return _pick(state, text, [DISCARD_BASE + one_card(text, verb, args)])
    if verb == "open":
        cards, declared = _cards_declared(text, args)
        if len(cards) < 3:
            raise NotationError(text, Text("a meld has at least three cards, not {count}", count=len(cards)))
        if len(cards) != 3:
            raise NotationError(text, Text("one action opens exactly three cards, not {count}; "
                                           "open three and attach the rest (a move may do both)", count=len(cards)))
        return _open_action(state, text, cards, declared)
    cards, slot, qualifier = _attach_args(text, args)
    if len(cards) != 1:
        raise NotationError(text, Text("one action attaches one card (a move may attach several)"))
    return _attach_one(state, text, cards[0], slot, qualifier)


def parse_move(state: BurracoState, text: str) -> list[int]:
    """The actions a person's move makes: one, or several for a long opening
    or several cards attached to one meld. Raises like :func:`parse_action`."""
    verb, args = split_move(text, VERBS, MOVES_HELP)
    if verb == "open":
        cards, declared = _cards_declared(text, args)
        if len(cards) > 3:
            return _plan_open(state, text, cards, declared)
    elif verb == "attach":
        cards, slot, qualifier = _attach_args(text, args)
        if len(cards) > 1:
            return _plan_attach(state, text, cards, slot, qualifier)
    return [parse_action(state, text)]


def parse_meld(text: str) -> Meld:
    """A meld from its cards, e.g. ``'5c 6c 2d(7) 8c'``; raises
    :class:`NotationError` for bad cards, :class:`AmbiguousActionError` for
    cards that make two melds, and :class:`IllegalActionError` with the rule
    when they make none.

    >>> meld_text(parse_meld("Kd Kc * Ks"))
    'Kd Kc Ks *'
    """
    cards, declared = _cards_declared(text, text.replace(",", " ").split())
    return _read_or_refuse(text, cards, declared)


def _read(text: str, cards: list[int], declared: dict[int, int], verb: str = "") -> Meld | None:
    """The meld ``cards`` make; cards read two ways are refused with each reading as a
    candidate, a whole move (``open <meld>``) when ``verb`` opens it, else the meld's text."""
    try:
        return read_meld(cards, declared)
    except AmbiguousMeldError as exc:
        raise AmbiguousActionError(text, [f"{verb} {c}" if verb else c for c in exc.candidates]) from None


# --- reading the parts ----------------------------------------------------------------------

def _cards_declared(text: str, tokens: list[str]) -> tuple[list[int], dict[int, int]]:
    return cards_declared(text, tokens, WILD, "open 5h 6h 7h")


def _attach_args(text: str, args: list[str]) -> tuple[list[int], int, str]:
    cards, slot, qualifier = attach_args(text, args, tuple(QUALIFIERS), MAX_MELDS)
    return cards, slot, QUALIFIERS.get(qualifier, qualifier)


# --- choosing among readings ---------------------------------------------------------------

def _open_action(state: BurracoState, text: str, cards: list[int], declared: dict[int, int]) -> int:
    meld = _read_or_refuse(text, cards, declared, "open")
    if meld not in TEMPLATE_INDEX:
        raise IllegalActionError(text, rulebook.MELD_SHAPE, Text("{meld} is not a three-card opening",
                                                                  meld=meld_text(meld)))
    return _pick(state, text, [OPEN_BASE + TEMPLATE_INDEX[meld]])


def _read_or_refuse(text: str, cards: list[int], declared: dict[int, int], verb: str = "") -> Meld:
    meld = _read(text, cards, declared, verb)
    if meld is None:
        raise IllegalActionError(text, *_why_not_a_meld(cards, declared))
    return meld


def _why_not_a_meld(cards: list[int], declared: dict[int, int]) -> tuple[Rule, Sentence]:
    """The rule cards that make no meld break, with a detail naming them."""
    if all(WILD[c] for c in cards):
        return rulebook.NO_WILD_MELDS, Text("{cards} is not a meld", cards=fr.names(cards))
    for i, said in declared.items():
        plain = {k: v for k, v in declared.items() if k != i}
        if said == 0 and fr.rank(cards[i]) == fr.TWO and readings(cards, plain):
            return rulebook.PINELLA_NATURAL, Text("{card} here is the natural 2: write it without (w)",
                                                 card=fr.name(cards[i]))
    naturals = [c for c in cards if not WILD[c]]
    if len({fr.rank(c) for c in naturals}) == 1 and len(naturals) > MAX_GROUP_NATURALS:
        return rulebook.MELD_SHAPE, Text("a combination holds at most {most} naturals plus one wild, "
                                         "not {count} naturals", most=MAX_GROUP_NATURALS, count=len(naturals))
    return rulebook.MELD_SHAPE, Text("{cards} is not a meld", cards=fr.names(cards))


def _attach_one(state: BurracoState, text: str, card: int, slot: int, qualifier: str) -> int:
    melds = _side_melds(state)
    if slot < len(melds):
        ways = [v for c, v, _ in attachments(melds[slot]) if c == card]
        if qualifier and ways:
            ways = _qualified(text, melds[slot], slot, card, ways, qualifier)
        candidates = [attach_action(slot, card, v) for v in ways] or [attach_action(slot, card, 0)]
    else:
        candidates = [attach_action(slot, card, 0)]
    return _pick(state, text, candidates)


def _qualified(text: str, meld: Meld, slot: int, card: int, ways: list[int], qualifier: str) -> list[int]:
    """The one way the player's word (low/high, natural/wild) names, or a refusal saying why it names none."""
    labels = {variant_label(meld, card, v): v for v in ways}
    if qualifier in labels:
        return [labels[qualifier]]
    if len(ways) == 1:
        raise NotationError(text, Text("{card} joins meld {number} in one way only: '{qualifier}' is for a card "
                                       "that fits two ways (an ace low or high, a pinella natural or wild)",
                                       card=fr.name(card), number=slot + 1, qualifier=qualifier))
    raise NotationError(text, Text("{card} joins meld {number} {ways}, not {qualifier}", card=fr.name(card),
                                   number=slot + 1, ways=_either(list(labels)), qualifier=WAYS[qualifier]))


def _either(labels: list[str]) -> Text:
    """The ways a card can join a meld, as a sentence translates them: "low or high" ("in basso o
    in alto"), "natural or wild" ("come naturale o come matta")."""
    first, *rest = dict.fromkeys(labels)
    return WAYS[first] if not rest else Text("{one} or {other}", one=WAYS[first], other=_either(rest))


def _pick(state: BurracoState, text: str, candidates: list[int]) -> int:
    from tavolo.games.burraco.explain import explain_illegal

    return pick(state, text, candidates, explain_illegal)


# --- moves of several actions ------------------------------------------------------------------

def _plan_open(state: BurracoState, text: str, cards: list[int], declared: dict[int, int]) -> list[int]:
    target = _read_or_refuse(text, cards, declared, "open")
    need = Counter(cards)
    plans: dict[Meld, list[int]] = {}
    first_steps = [OPEN_BASE + t for t, (_, used) in enumerate(TEMPLATES) if not Counter(used) - need]
    legal = set(state.legal_actions())
    for action in first_steps:
        if action not in legal:
            continue
        probe = state.clone()
        probe._apply_unchecked(action)
        slot = len(_side_melds(probe)) - 1
        used = TEMPLATES[action - OPEN_BASE].cards
        for final, steps in _grow(probe, slot, need - Counter(used), target):
            plans.setdefault(final, [action, *steps])
    return _one_plan(state, text, plans, cards, first_steps)


def _plan_attach(state: BurracoState, text: str, cards: list[int], slot: int, qualifier: str) -> list[int]:
    """The attachments of several cards to meld ``slot``; ``qualifier`` (low/high, natural/wild)
    chooses among the melds they could make, as it does for one card."""
    melds = _side_melds(state)
    if slot >= len(melds):
        return [_attach_one(state, text, cards[0], slot, "")]
    plans: dict[Meld, list[int]] = {}
    for final, steps in _grow(state.clone(), slot, Counter(cards), None):
        plans.setdefault(final, steps)
    if qualifier and plans:
        plans = _qualified_plans(text, plans, cards, slot, qualifier)
    return _one_plan(state, text, plans, cards, [attach_action(slot, c, 0) for c in cards], slot)


def _qualified_plans(text: str, plans: dict[Meld, list[int]], cards: list[int], slot: int,
                     qualifier: str) -> dict[Meld, list[int]]:
    """The plans whose meld the player's word names, or a refusal saying why it names none."""
    labels = [attach_label(m, cards) for m in plans]
    if len(set(labels) - {""}) < 2:
        raise NotationError(text, Text("{cards} join meld {number} in one way only: '{qualifier}' is for cards "
                                       "that fit two ways (an ace low or high, a pinella natural or wild)",
                                       cards=fr.names(cards), number=slot + 1, qualifier=qualifier))
    chosen = {m: steps for (m, steps), label in zip(plans.items(), labels) if label == qualifier}
    if not chosen:
        raise NotationError(text, Text("{cards} join meld {number} {ways}, not {qualifier}", cards=fr.names(cards),
                                       number=slot + 1, ways=_either([w for w in labels if w]), qualifier=WAYS[qualifier]))
    return chosen


def _one_plan(state: BurracoState, text: str, plans: dict[Meld, list[int]], cards: list[int],
              first_steps: list[int], slot: int | None = None) -> list[int]:
    if len(plans) == 1:
        return next(iter(plans.values()))
    if len(plans) > 1:
        raise AmbiguousActionError(text, _plan_candidates(plans, cards, slot))
    from tavolo.games.burraco.explain import explain_failed_move

    rule, detail = explain_failed_move(state, cards, first_steps)
    raise IllegalActionError(text, rule, detail)


def _plan_candidates(plans: dict[Meld, list[int]], cards: list[int], slot: int | None) -> list[str]:
    """The moves an ambiguous attachment of several cards could be, each with the word that
    chooses it ("attach 3h 2h to 1 natural", "... wild"); the melds' texts where no word tells
    them apart."""
    labels = [attach_label(m, cards) for m in plans]
    if slot is None or "" in labels or len(set(labels)) < len(labels):
        return [meld_text(m) for m in plans]
    return [f"attach {fr.names(cards)} to {slot + 1} {label}" for label in labels]


def _grow(state: BurracoState, slot: int, rest: Counter, target: Meld | None, seen: set | None = None):
    """Every meld ``slot`` can become by attaching all of ``rest``, one legal action at a time,
    ending at ``target`` when one is given, each with one way there. A position met again (the
    side's melds and the cards left, reached by attaching in another order) is not searched
    again: its melds were found the first time, and every order of a 13-card opening is
    millions of paths (17 s of CPU to read one)."""
    seen = set() if seen is None else seen
    key = (tuple(_side_melds(state)), frozenset((+rest).items()))
    if key in seen:
        return
    seen.add(key)
    if not +rest:
        meld = _side_melds(state)[slot]
        if target is None or meld == target:
            yield meld, []
        return
    base = ATTACH_BASE + slot * NUM_TYPES * 2
    for action in state.legal_actions():
        offset = action - base
        if not 0 <= offset < NUM_TYPES * 2 or rest[offset // 2] <= 0:
            continue
        probe = state.clone()
        probe._apply_unchecked(action)
        for final, steps in _grow(probe, slot, rest - Counter([offset // 2]), target, seen):
            yield final, [action, *steps]
