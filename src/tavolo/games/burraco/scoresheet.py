"""Counting a hand played at a real table: the score sheet format.

A player writes, for each side, its melds, the cards left in each player's
hand, whether it took its pozzetto and whether it closed; Tavolo checks that
the hand could have happened and gives the points with their breakdown.

Text format (``#`` starts a comment; indentation is free)::

    rules: fibur            # fibur | fedibur1985 | internazionale (optional)
    players: 4              # 2-6, decides two or three decks (optional, 4)
    side: Noi
      closed: yes           # yes | no (default no)
      pozzetto: taken       # taken | not taken
      meld: 3h 4h 5h 6h 7h 8h 9h
      meld: Kd Kc Ks *(K)   # a wild may say the rank it stands for
      hand:                 # one line per player: the cards left (none here)
      hand: 7c 8d
    side: Loro
      pozzetto: not taken
      meld: Ah Ad As
      hand: Qs Qd 4c
      hand: 5h

JSON format: ``{"rules": "fibur", "players": 4, "sides": [{"name": "Noi",
"closed": true, "pozzetto": true, "melds": ["3h 4h 5h"], "hands": ["7c 8d",
""]}, ...]}``.

    >>> sheet = parse_sheet_text('''
    ... side: A
    ...   closed: yes
    ...   pozzetto: taken
    ...   meld: 3h 4h 5h 6h 7h 8h 9h
    ...   hand:
    ...   hand: Kd
    ... side: B
    ...   pozzetto: not taken
    ...   hand: 5c
    ... ''')
    >>> [s.total for s in score_sheet(sheet)]
    [335, -105]
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from tavolo.cards import CardNotationError
from tavolo.cards import french as fr
from tavolo.engine.errors import AmbiguousActionError, NotationError
from tavolo.games.burraco import rulebook
from tavolo.games.burraco.melds import CLEAN, NOT_BURRACO, Group, Meld, burraco_kind, cards_of
from tavolo.games.burraco.notation import parse_meld
from tavolo.games.burraco.rules import BurracoOptions
from tavolo.games.burraco.scoring import SideScore, score_side


class SheetError(ValueError):
    """A score sheet that cannot be right; says where (line or JSON path) and which field."""

    def __init__(self, where: str, field_name: str, reason: str) -> None:
        super().__init__(f"{where}, {field_name}: {reason}")
        self.where = where
        self.field = field_name
        self.reason = reason


@dataclass
class SheetSide:
    name: str
    where: str
    closed: bool = False
    closed_where: str = ""
    pozzetto: bool | None = None
    melds: list[tuple[str, Meld]] = field(default_factory=list)
    hands: list[tuple[str, list[int]]] = field(default_factory=list)


@dataclass
class Sheet:
    rules: str = "fibur"
    players: int = 4
    sides: list[SheetSide] = field(default_factory=list)
    rules_where: str = ""


_YES = {"yes": True, "y": True, "si": True, "sì": True, "true": True, "no": False, "n": False, "false": False}
_POZZETTO = {"taken": True, "preso": True, "yes": True, "not taken": False, "non preso": False, "no": False}


def parse_sheet_text(text: str, rules: str | None = None) -> Sheet:
    """Read the text format; :class:`SheetError` names the line and field of a
    mistake. ``rules`` overrides the sheet's own ``rules:`` line."""
    sheet = Sheet()
    side: SheetSide | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"line {number}"
        key, sep, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep:
            raise SheetError(where, "?", f"expected 'field: value', got {line!r}")
        if key == "side":
            side = SheetSide(value or f"side {len(sheet.sides) + 1}", where)
            sheet.sides.append(side)
        elif key in ("rules", "players"):
            _set_table(sheet, key, value, where)
        elif side is None:
            raise SheetError(where, key, "write 'side: <name>' before the side's fields")
        else:
            _set_side_field(side, key, value, where)
    return _checked(sheet, rules)


def parse_sheet_json(text: str, rules: str | None = None) -> Sheet:
    """Read the JSON format; :class:`SheetError` names the JSON path of a mistake."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SheetError(f"line {exc.lineno}", "json", exc.msg) from None
    if not isinstance(data, dict) or not isinstance(data.get("sides"), list):
        raise SheetError("top level", "sides", "a JSON sheet is an object with a list of 'sides'")
    sheet = Sheet()
    for key in ("rules", "players"):
        if key in data:
            _set_table(sheet, key, str(data[key]), key)
    for i, item in enumerate(data["sides"]):
        where = f"sides[{i}]"
        if not isinstance(item, dict):
            raise SheetError(where, "side", "each side is an object")
        side = SheetSide(str(item.get("name", f"side {i + 1}")), where)
        sheet.sides.append(side)
        _set_side_field(side, "closed", "yes" if item.get("closed") else "no", f"{where}.closed")
        if "pozzetto" in item:
            _set_side_field(side, "pozzetto", "taken" if item["pozzetto"] else "not taken", f"{where}.pozzetto")
        for j, meld in enumerate(item.get("melds", [])):
            _set_side_field(side, "meld", str(meld), f"{where}.melds[{j}]")
        for j, hand in enumerate(item.get("hands", [])):
            _set_side_field(side, "hand", str(hand), f"{where}.hands[{j}]")
    return _checked(sheet, rules)


def parse_sheet(text: str, rules: str | None = None) -> Sheet:
    """Either format: JSON when the text starts with ``{``."""
    reader = parse_sheet_json if text.lstrip().startswith("{") else parse_sheet_text
    return reader(text, rules)


def _set_table(sheet: Sheet, key: str, value: str, where: str) -> None:
    if key == "rules":
        try:
            BurracoOptions.for_rule_set(value)
        except ValueError as exc:
            raise SheetError(where, "rules", str(exc)) from None
        sheet.rules, sheet.rules_where = value, where
    elif not value.isdigit() or not 2 <= int(value) <= 6:
        raise SheetError(where, "players", f"between 2 and 6 players, not {value!r}")
    else:
        sheet.players = int(value)


def _set_side_field(side: SheetSide, key: str, value: str, where: str) -> None:
    if key == "closed":
        if value.lower() not in _YES:
            raise SheetError(where, key, f"write yes or no, not {value!r}")
        side.closed, side.closed_where = _YES[value.lower()], where
    elif key == "pozzetto":
        if value.lower() not in _POZZETTO:
            raise SheetError(where, key, f"write 'taken' or 'not taken', not {value!r}")
        side.pozzetto = _POZZETTO[value.lower()]
    elif key == "meld":
        side.melds.append((where, _meld(value, where)))
    elif key == "hand":
        side.hands.append((where, _cards(value, where)))
    else:
        raise SheetError(where, key, "unknown field; a side has closed, pozzetto, meld and hand")


def _meld(text: str, where: str) -> Meld:
    try:
        return parse_meld(text)
    except (NotationError, CardNotationError) as exc:
        raise SheetError(where, "meld", str(exc)) from None
    except AmbiguousActionError as exc:
        raise SheetError(where, "meld", f"write it as one of: {'; '.join(exc.candidates)}") from None
    except ValueError:
        raise SheetError(where, "meld", f"{text!r} is not a meld: {rulebook.MELD_SHAPE}") from None


def _cards(text: str, where: str) -> list[int]:
    try:
        return fr.parse_many(text)
    except CardNotationError as exc:
        raise SheetError(where, "hand", str(exc)) from None


def _checked(sheet: Sheet, rules: str | None) -> Sheet:
    """Refuse sheets that no real hand could produce."""
    if rules is not None:
        _set_table(sheet, "rules", rules, "--rules")
    options = BurracoOptions.for_rule_set(sheet.rules, players=sheet.players)
    if len(sheet.sides) < 2:
        raise SheetError("sheet", "side", f"a hand has at least two sides, this sheet has {len(sheet.sides)}")
    _check_card_counts(sheet, options)
    closers = [s for s in sheet.sides if s.closed]
    if len(closers) > 1:
        raise SheetError(closers[1].closed_where, "closed", "only one side can close a hand")
    for side in sheet.sides:
        if side.pozzetto is None:
            raise SheetError(side.where, "pozzetto", f"say whether {side.name!r} took its pozzetto")
        _check_side(side, options)
    return sheet


def _check_card_counts(sheet: Sheet, options: BurracoOptions) -> None:
    seen: Counter[int] = Counter()
    for side in sheet.sides:
        for where, meld in side.melds:
            seen.update(cards_of([meld]))
            _check_over(seen, options, where, "meld")
        for where, hand in side.hands:
            seen.update(hand)
            _check_over(seen, options, where, "hand")


def _check_over(seen: Counter[int], options: BurracoOptions, where: str, field_name: str) -> None:
    limit = {c: options.decks * (2 if c == fr.JOKER else 1) for c in seen}
    over = [c for c, k in seen.items() if k > limit[c]]
    if over:
        c = over[0]
        raise SheetError(where, field_name, f"{fr.name(c)} appears {seen[c]} times, but "
                         f"{options.decks} decks hold {limit[c]}")


def _check_side(side: SheetSide, options: BurracoOptions) -> None:
    if options.group_ranks is not None:
        for where, meld in side.melds:
            if type(meld) is Group and meld.rank not in options.group_ranks:
                raise SheetError(where, "meld", str(rulebook.GROUP_RANKS))
    ranks = [m.rank for _, m in side.melds if type(m) is Group]
    if len(ranks) != len(set(ranks)):
        where = next(w for w, m in side.melds if type(m) is Group and ranks.count(m.rank) > 1)
        raise SheetError(where, "meld", str(rulebook.ONE_GROUP_PER_RANK))
    if not side.closed:
        return
    if not side.pozzetto:
        raise SheetError(side.closed_where, "closed", f"{side.name!r} closed without its pozzetto: "
                         f"{rulebook.CLOSE_NEEDS_BURRACO}")
    kinds = [burraco_kind(m, options.semiclean) for _, m in side.melds]
    if options.clean_to_close and CLEAN not in kinds:
        raise SheetError(side.closed_where, "closed", f"{side.name!r} has no clean burraco: {rulebook.CLOSE_NEEDS_CLEAN}")
    if all(k == NOT_BURRACO for k in kinds):
        raise SheetError(side.closed_where, "closed", f"{side.name!r} has no burraco: {rulebook.CLOSE_NEEDS_BURRACO}")


def score_sheet(sheet: Sheet) -> list[SideScore]:
    """The score of every side of the sheet, in order."""
    options = BurracoOptions.for_rule_set(sheet.rules, players=sheet.players)
    return [score_side((i,), [m for _, m in side.melds], [c for _, hand in side.hands for c in hand],
                       took_pozzetto=bool(side.pozzetto), closed=side.closed, semiclean=options.semiclean)
            for i, side in enumerate(sheet.sides)]
