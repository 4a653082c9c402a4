"""Reading a game record for the analysis (lettura della partita): a file as the room's
``/api/tables/{id}/record`` gives it (the engine's record and ``chance``, the shuffles in order)
or as ``tavolo play ... --record`` saves it (the shuffles drawn from ``seed``), replayed move by
move. Every fault is a :class:`RecordError` whose :attr:`~RecordError.text` names where it is: the
line and column of a file that is not JSON, the field (``actions[3]``) of one of the wrong form,
the action that does not apply.

    >>> read_record_text('{"game": "briscola"')
    Traceback (most recent call last):
    ...
    tavolo.analysis.records.RecordError: line 1, column 20: not JSON (Expecting ',' delimiter)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tavolo.engine.errors import Text
from tavolo.engine.game import Game, State
from tavolo.engine.record import GameRecord

FIELDS: tuple[tuple[str, tuple[type, ...], str, bool], ...] = (
    ("game", (str,), "a string", True),
    ("options", (dict,), "an object", True),
    ("seats", (list,), "a list", True),
    ("seed", (int,), "a whole number", True),
    ("actions", (list,), "a list", False),
    ("result", (list, type(None)), "a list", False),
    ("chance", (list, type(None)), "a list", False),
)
"""A record's fields: their type, its words, whether the field is needed."""


class RecordError(ValueError):
    """A record that cannot be analysed; :attr:`text` says where and why, in words."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


@dataclass(frozen=True)
class Recorded:
    """A record read and checked: the engine's record, its shuffles (None: from the seed) and its game."""

    record: GameRecord
    chance: list[Any] | None
    game: Game


def read_record(path: str | Path) -> Recorded:
    """The record in the file ``path``, checked (see :func:`read_record_text`)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(Text("cannot read {path}: {reason}", path=str(path), reason=str(exc))) from None
    return read_record_text(text)


def read_record_text(text: str) -> Recorded:
    """A record from JSON text: its fields checked by form, its game made from its options, one
    seat a player."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(Text("line {line}, column {column}: not JSON ({reason})", line=exc.lineno,
                               column=exc.colno, reason=exc.msg)) from None
    if not isinstance(data, dict):
        raise RecordError(Text("the record must be a JSON object"))
    _check_fields(data)
    record = GameRecord.from_json(data)
    game = _game_of(record)
    if len(record.seats) != game.num_players:
        raise RecordError(Text("field {field}: must name {count} players", field="seats", count=game.num_players))
    return Recorded(record, data.get("chance"), game)


def _check_fields(data: dict[str, Any]) -> None:
    for name, types, form, needed in FIELDS:
        if name not in data:
            if needed:
                raise RecordError(Text("field {field}: missing", field=name))
            continue
        value = data[name]
        if isinstance(value, bool) or not isinstance(value, types):
            raise RecordError(Text("field {field}: must be {form}", field=name, form=Text(form)))
    for i, action in enumerate(data.get("actions") or []):
        if not isinstance(action, str):
            raise RecordError(Text("field {field}: must be {form}", field=f"actions[{i}]", form=Text("a string")))


def _game_of(record: GameRecord) -> Game:
    from tavolo.games import game_names, make_game_from_json

    if record.game not in game_names():
        raise RecordError(Text("field {field}: Tavolo plays no game called {name}", field="game", name=record.game))
    try:
        return make_game_from_json(record.game, record.options)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise RecordError(Text("field {field}: {reason}", field="options", reason=str(exc))) from None


@dataclass
class Step:
    """One action of the record: its number (from 1), the hand it belongs to (from 0, a new deal
    starts a new hand), the state before it (read by the driver alone) and the action."""

    number: int
    hand: int
    state: State
    action: int


def steps(recorded: Recorded) -> Iterator[Step]:
    """Every action of the record with the state before it, the shuffles applied as the record
    says; a :class:`RecordError` naming the action that does not apply or the missing shuffle."""
    record, game = recorded.record, recorded.game
    state = game.new_initial_state()
    rng = random.Random(record.seed)
    shuffles = iter(recorded.chance) if recorded.chance is not None else None
    hand = -1
    for number, text in enumerate(record.actions, start=1):
        hand += _deal(state, rng, shuffles, number)
        try:
            action = state.parse_action(text)
        except ValueError as exc:
            raise RecordError(Text("field {field}: action {number} ({move}) does not apply: {reason}",
                                   field=f"actions[{number - 1}]", number=number, move=text,
                                   reason=str(exc))) from None
        yield Step(number, max(hand, 0), state, action)
        state.apply(action)


def _deal(state: State, rng: random.Random, shuffles: Iterator[Any] | None, number: int) -> int:
    """Resolve the chance nodes before action ``number``; 1 where a deal was made, else 0."""
    dealt = 0
    while state.is_chance_node():
        try:
            outcome = state.sample_chance(rng) if shuffles is None else next(shuffles)
            state.apply_chance(outcome)
        except StopIteration:
            raise RecordError(Text("field {field}: no shuffle left before action {number}", field="chance",
                                   number=number)) from None
        except (ValueError, TypeError) as exc:
            raise RecordError(Text("field {field}: the shuffle before action {number} is not a deal: {reason}",
                                   field="chance", number=number, reason=str(exc))) from None
        dealt = 1
    return dealt
