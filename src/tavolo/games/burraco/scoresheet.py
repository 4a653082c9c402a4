"""Counting a hand played at a real table: the score sheet (foglio del punteggio).

A player writes, for each side, its melds, the cards left in each player's
hand, whether it took its pozzetto and whether it closed; Tavolo checks that
the hand could have happened and gives the points with their breakdown.

Text format (``#`` starts a comment; indentation is free; every field has its
Italian name too, in brackets; names of rule sets in any case)::

    rules: fibur            # (regole) fibur | fedibur1985 | internazionale, optional
    players: 4              # (giocatori) 2-6, decides two or three decks, optional (4)
    side: Noi               # (coppia, squadra, lato)
      closed: yes           # (chiuso) yes | no (sì | no), default no
      pozzetto: taken       # taken | not taken (preso | non preso)
      meld: 3h 4h 5h 6h 7h 8h 9h        # (gioco)
      meld: Kd Kc Ks *(K)   # a wild may say the rank it stands for
      hand:                 # (mano) one line per player: the cards left (none here)
      hand: 7c 8d
    side: Loro
      pozzetto: not taken
      meld: Ah Ad As
      hand: Qs Qd 4c
      hand: 5h

JSON format, validated by :data:`SHEET_SCHEMA` (unknown keys and wrong types
refused)::

    {"rules": "fibur", "players": 4, "sides": [{"name": "Noi", "closed": true, "pozzetto": true,
     "melds": ["3h 4h 5h"], "hands": ["", "7c 8d"]}, ...]}

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
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tavolo.cards import CardNotationError
from tavolo.cards import french as fr
from tavolo.engine.errors import ActionError, AmbiguousActionError, IllegalActionError, Sentence, Text
from tavolo.games.burraco import rulebook
from tavolo.games.burraco.melds import CLEAN, NOT_BURRACO, Group, Meld, burraco_kind, cards_of
from tavolo.games.burraco.notation import parse_meld
from tavolo.games.burraco.rules import RULE_SETS, BurracoOptions
from tavolo.games.burraco.scoring import SideScore, score_side

MAX_SHEET_BYTES = 100_000
"""A real hand's sheet is a few hundred bytes; anything past this is not one."""
MOST_SIDES = {2: 2, 3: 3, 4: 2, 5: 5, 6: 2}
"""Sides a table can have: 3 and 5 players are all alone until a pozzetto is taken."""
MOST_PLAYERS_PER_SIDE = {2: 1, 3: 2, 4: 2, 5: 2, 6: 3}

_FIELDS = {
    "side": "side", "coppia": "side", "squadra": "side", "lato": "side",
    "closed": "closed", "chiuso": "closed", "chiusura": "closed",
    "pozzetto": "pozzetto",
    "meld": "meld", "gioco": "meld",
    "hand": "hand", "mano": "hand",
    "rules": "rules", "regole": "rules",
    "players": "players", "giocatori": "players",
}
_YES = {"yes": True, "y": True, "si": True, "sì": True, "true": True, "vero": True,
        "no": False, "n": False, "false": False, "falso": False}
_POZZETTO = {"taken": True, "preso": True, "yes": True, "si": True, "sì": True,
             "not taken": False, "non preso": False, "no": False}


class SheetError(ValueError):
    """A score sheet that cannot be right; says where (line or JSON path) and
    which field. ``message`` is the whole sentence as a :class:`Text`."""

    def __init__(self, where: str, field_name: str, reason: Sentence) -> None:
        self.message = Text("{where}, {field}: {reason}", where=where, field=field_name, reason=reason)
        super().__init__(str(self.message))
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


# --- the JSON format -------------------------------------------------------------------------

class SideModel(BaseModel):
    """One side of a JSON score sheet."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=60, description="the side's name, e.g. 'Noi'")
    closed: bool = Field(False, description="whether a player of this side closed the hand")
    pozzetto: bool = Field(description="whether the side took its pozzetto")
    melds: list[str] = Field(default_factory=list, max_length=60,
                             description="each meld's cards, e.g. '5c 6c 2d(7) 8c'")
    hands: list[str] = Field(default_factory=list, max_length=3,
                             description="one entry per player: the cards left in hand ('' for none)")


class SheetModel(BaseModel):
    """A JSON score sheet: the table and its sides."""

    model_config = ConfigDict(extra="forbid", strict=True, title="Burraco score sheet")
    rules: str = Field("fibur", description=f"rule set, any case: {', '.join(RULE_SETS)}")
    players: int = Field(4, ge=2, le=6, description="players at the table, 2-6 (three decks for 5 and 6)")
    sides: list[SideModel] = Field(min_length=2, max_length=max(MOST_SIDES.values()))


SHEET_SCHEMA: dict[str, Any] = SheetModel.model_json_schema()
"""The JSON Schema of a score sheet (``tavolo burraco score --schema`` prints it)."""


def sheet_text(data: bytes) -> str:
    """The text of a score sheet file: UTF-8, a byte-order mark dropped; a
    binary file (an image, a zip) is refused in one line."""
    if len(data) > MAX_SHEET_BYTES:
        raise SheetError("file", "size", Text("a score sheet is at most {most} bytes, this file has {size}",
                                              most=MAX_SHEET_BYTES, size=len(data)))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = "\x00"
    if "\x00" in text:
        raise SheetError("file", "text", Text("this is not a text file: a score sheet is text or JSON (UTF-8)"))
    return text


def parse_sheet(text: str, rules: str | None = None) -> Sheet:
    """Either format: JSON when the text starts with ``{``."""
    text = text.lstrip("\ufeff")
    reader = parse_sheet_json if text.lstrip().startswith("{") else parse_sheet_text
    return reader(text, rules)


def parse_sheet_json(text: str, rules: str | None = None) -> Sheet:
    """Read the JSON format; :class:`SheetError` names the JSON path of a mistake."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SheetError(f"line {exc.lineno}", "json", exc.msg) from None
    if _is_result(data):
        raise SheetError("top level", "sides", Text("this is a result of 'tavolo burraco score --json', "
                                                    "not a score sheet"))
    sides = data.get("sides") if isinstance(data, dict) else None
    if isinstance(sides, list) and len(sides) > max(MOST_SIDES.values()):
        raise SheetError("sides", "sides", Text("a table has at most {most} sides", most=max(MOST_SIDES.values())))
    try:
        model = SheetModel.model_validate(data)
    except ValidationError as exc:
        raise _json_error(exc.errors()[0]) from None
    sheet = Sheet()
    _set_table(sheet, "rules", model.rules, "rules")
    _set_table(sheet, "players", str(model.players), "players")
    for i, item in enumerate(model.sides):
        where = f"sides[{i}]"
        side = SheetSide(item.name, where, item.closed, f"{where}.closed", item.pozzetto)
        sheet.sides.append(side)
        for j, meld in enumerate(item.melds):
            _set_side_field(side, "meld", meld, f"{where}.melds[{j}]")
        for j, hand in enumerate(item.hands):
            _set_side_field(side, "hand", hand, f"{where}.hands[{j}]")
    return _checked(sheet, rules)


def _is_result(data: object) -> bool:
    """Whether ``data`` looks like the command's own ``--json`` output."""
    sides = data.get("sides") if isinstance(data, dict) else None
    return isinstance(sides, list) and any(isinstance(s, dict) and "total" in s for s in sides)


def _json_error(error: dict[str, Any]) -> SheetError:
    path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error["loc"]).lstrip(".") or "top level"
    name = str(next((p for p in reversed(error["loc"]) if isinstance(p, str)), "sheet"))
    if error["type"] == "extra_forbidden":
        keys = SideModel.model_fields if "sides[" in path else SheetModel.model_fields
        plural = f"{name}s"
        hint = Text("did you mean {key}?", key=plural) if plural in keys else ""
        return SheetError(path, name, Text("unknown field; the fields are {keys} {hint}",
                                           keys=", ".join(keys), hint=hint))
    if error["type"] == "missing":
        return SheetError(path, name, Text("this field is required"))
    return SheetError(path, name, Text("{problem}, not {value}", problem=error["msg"].lower(),
                                       value=json.dumps(error.get("input"))[:40]))


# --- the text format -------------------------------------------------------------------------

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
        word, sep, value = line.partition(":")
        word, value = word.strip().lower(), value.strip()
        if not sep:
            raise SheetError(where, "?", Text("expected 'field: value', got {line}", line=repr(line)))
        key = _FIELDS.get(word, word)
        if key == "side":
            if len(sheet.sides) == max(MOST_SIDES.values()):
                raise SheetError(where, "side", Text("a table has at most {most} sides", most=len(sheet.sides)))
            side = SheetSide(value or f"side {len(sheet.sides) + 1}", where)
            sheet.sides.append(side)
        elif key in ("rules", "players"):
            _set_table(sheet, key, value, where)
        elif side is None:
            raise SheetError(where, word, Text("write 'side: <name>' before the side's fields"))
        else:
            _set_side_field(side, key, value, where)
    return _checked(sheet, rules)


def _set_table(sheet: Sheet, key: str, value: str, where: str) -> None:
    if key == "rules":
        name = value.strip().lower()
        if name not in RULE_SETS:
            raise SheetError(where, "rules", Text("rule set {name}: choose one of {sets}", name=repr(value),
                                                  sets=", ".join(RULE_SETS)))
        sheet.rules, sheet.rules_where = name, where
    elif not value.isdigit() or not 2 <= int(value) <= 6:
        raise SheetError(where, "players", Text("between 2 and 6 players, not {value}", value=repr(value)))
    else:
        sheet.players = int(value)


def _set_side_field(side: SheetSide, key: str, value: str, where: str) -> None:
    if key == "closed":
        if value.lower() not in _YES:
            raise SheetError(where, key, Text("write yes or no, not {value}", value=repr(value)))
        side.closed, side.closed_where = _YES[value.lower()], where
    elif key == "pozzetto":
        if value.lower() not in _POZZETTO:
            raise SheetError(where, key, Text("write 'taken' or 'not taken', not {value}", value=repr(value)))
        side.pozzetto = _POZZETTO[value.lower()]
    elif key == "meld":
        side.melds.append((where, _meld(value, where)))
    elif key == "hand":
        side.hands.append((where, _cards(value, where)))
    else:
        raise SheetError(where, key, Text("unknown field; a side has closed, pozzetto, meld and hand"))


def _meld(text: str, where: str) -> Meld:
    try:
        return parse_meld(text)
    except AmbiguousActionError as exc:
        raise SheetError(where, "meld", Text("write it as one of: {melds}", melds="; ".join(exc.candidates))) from None
    except IllegalActionError as exc:
        reason = Text("{detail}: {rule}", detail=exc.detail, rule=exc.rule.message) if exc.detail else exc.rule.message
        raise SheetError(where, "meld", reason) from None
    except (ActionError, CardNotationError) as exc:
        raise SheetError(where, "meld", getattr(exc, "message", str(exc))) from None


def _cards(text: str, where: str) -> list[int]:
    try:
        return fr.parse_many(text)
    except CardNotationError as exc:
        raise SheetError(where, "hand", str(exc)) from None


# --- could the hand have happened? -------------------------------------------------------------

def _checked(sheet: Sheet, rules: str | None) -> Sheet:
    """Refuse sheets that no real hand could produce."""
    if rules is not None:
        _set_table(sheet, "rules", rules, "--rules")
    options = BurracoOptions.for_rule_set(sheet.rules, players=sheet.players)
    _check_table(sheet)
    _check_card_counts(sheet, options)
    closers = [s for s in sheet.sides if s.closed]
    if len(closers) > 1:
        raise SheetError(closers[1].closed_where, "closed", Text("only one side can close a hand"))
    for side in sheet.sides:
        if side.pozzetto is None:
            raise SheetError(side.where, "pozzetto", Text("say whether {name} took its pozzetto", name=repr(side.name)))
        _check_side(side, options, sheet.players)
    return sheet


def _check_table(sheet: Sheet) -> None:
    """As many sides and hands as the table can have (DECISIONS.md: sides for 2 to 6 players)."""
    n = sheet.players
    if len(sheet.sides) < 2:
        raise SheetError("sheet", "side", Text("a hand has at least two sides, this sheet has {count}",
                                               count=len(sheet.sides)))
    if len(sheet.sides) > MOST_SIDES[n]:
        raise SheetError(sheet.sides[MOST_SIDES[n]].where, "side",
                         Text("{players} players make at most {most} sides", players=n, most=MOST_SIDES[n]))
    most = min(MOST_PLAYERS_PER_SIDE[n], n - len(sheet.sides) + 1)  # every other side has a player
    for side in sheet.sides:
        if len(side.hands) > most:
            raise SheetError(side.hands[most][0], "hand",
                             Text("with {players} players in {sides} sides a side has at most {most} players, "
                                  "so as many hands", players=n, sides=len(sheet.sides), most=most))
    hands = [where for side in sheet.sides for where, _ in side.hands]
    if len(hands) > n:
        raise SheetError(hands[n], "hand", Text("{count} hands, but the table has {players} players",
                                                count=len(hands), players=n))


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
        raise SheetError(where, field_name, Text("{card} appears {count} times, but {decks} decks hold {most}",
                                                 card=fr.name(c), count=seen[c], decks=options.decks, most=limit[c]))


def _check_side(side: SheetSide, options: BurracoOptions, players: int) -> None:
    _check_groups(side, options, players)
    if not side.closed:
        return
    if not side.pozzetto:
        raise SheetError(side.closed_where, "closed", Text("{name} closed without its pozzetto: {rule}",
                                                           name=repr(side.name), rule=rulebook.CLOSE_NEEDS_BURRACO.message))
    if all(cards for _, cards in side.hands):
        raise SheetError(side.closed_where, "closed", Text("{name} closed, so the closer's hand is empty: write it "
                                                           "as an empty 'hand:' line", name=repr(side.name)))
    kinds = [burraco_kind(m, options.semiclean) for _, m in side.melds]
    if options.clean_to_close and CLEAN not in kinds:
        raise SheetError(side.closed_where, "closed", Text("{name} has no clean burraco: {rule}", name=repr(side.name),
                                                           rule=rulebook.CLOSE_NEEDS_CLEAN.message))
    if all(k == NOT_BURRACO for k in kinds):
        raise SheetError(side.closed_where, "closed", Text("{name} has no burraco: {rule}", name=repr(side.name),
                                                           rule=rulebook.CLOSE_NEEDS_BURRACO.message))


def _check_groups(side: SheetSide, options: BurracoOptions, players: int) -> None:
    """Combinations of allowed ranks, one per rank; with 3 or 5 players a pair may hold two,
    one opened by each partner before the sides formed (DECISIONS.md, issue 11)."""
    most = 2 if players in (3, 5) and len(side.hands) != 1 else 1
    seen: Counter[int] = Counter()
    for where, meld in side.melds:
        if type(meld) is not Group:
            continue
        if options.group_ranks is not None and meld.rank not in options.group_ranks:
            raise SheetError(where, "meld", rulebook.GROUP_RANKS.message)
        seen[meld.rank] += 1
        if seen[meld.rank] > most:
            raise SheetError(where, "meld", rulebook.ONE_GROUP_PER_RANK.message)


def score_sheet(sheet: Sheet) -> list[SideScore]:
    """The score of every side of the sheet, in order."""
    options = BurracoOptions.for_rule_set(sheet.rules, players=sheet.players)
    return [score_side((i,), [m for _, m in side.melds], [c for _, hand in side.hands for c in hand],
                       took_pozzetto=bool(side.pozzetto), closed=side.closed, semiclean=options.semiclean)
            for i, side in enumerate(sheet.sides)]
