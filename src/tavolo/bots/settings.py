"""A search bot's settings read from its spec (impostazioni): each value from text, refused in words.

A bot names a reader for each setting it takes; :func:`read_settings` applies them and says, in a
:class:`~tavolo.engine.errors.Text` the terminal translates, which setting is unknown or which value
does not fit and what it must be:

    >>> READERS = {"time": seconds, "rounds": whole, "clock": one_of(("wall", "cpu"))}
    >>> read_settings("pimc", {"time": "0.5", "rounds": "8"}, READERS)
    {'time': 0.5, 'rounds': 8}
    >>> read_settings("pimc", {"rounds": "0"}, READERS)
    Traceback (most recent call last):
    ...
    ValueError: pimc: rounds must be a whole number >= 1, got '0'
    >>> read_settings("pimc", {"speed": "1"}, READERS)
    Traceback (most recent call last):
    ...
    ValueError: pimc: unknown setting 'speed'; known: clock, rounds, time
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from tavolo.engine.errors import Text

Reader = Callable[[str], object]
"""A setting's value from its text; :class:`Unfit` (what the value must be) when it does not fit."""


class Unfit(ValueError):
    """A value a setting cannot take; ``args[0]`` says what it must be, as a :class:`Text`."""


def read_settings(bot: str, settings: Mapping[str, str], readers: Mapping[str, Reader]) -> dict[str, object]:
    """Each of ``settings`` read by its reader in ``readers``; a ``ValueError`` with a :class:`Text`
    naming ``bot``, the setting and the value for an unknown setting or a value that does not fit."""
    unknown = sorted(set(settings) - set(readers))
    if unknown:
        raise ValueError(Text("{bot}: unknown setting {setting}; known: {known}", bot=bot, setting=repr(unknown[0]),
                              known=", ".join(sorted(readers))))
    typed = {}
    for key, value in settings.items():
        try:
            typed[key] = readers[key](value)
        except Unfit as exc:
            raise ValueError(Text("{bot}: {key} must be {what}, got {value}", bot=bot, key=key, what=exc.args[0],
                                  value=repr(value))) from None
    return typed


def _number(value: str, low_ok: bool, what: Text) -> float:
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not (number >= 0 if low_ok else number > 0) or number == math.inf:
        raise Unfit(what)
    return number


def seconds(value: str) -> float:
    """A time budget: ``"0.5"`` -> 0.5; more than zero."""
    return _number(value, False, Text("a number of seconds > 0"))


def positive(value: str) -> float:
    """A number more than zero."""
    return _number(value, False, Text("a number > 0"))


def non_negative(value: str) -> float:
    """A number, zero or more."""
    return _number(value, True, Text("a number >= 0"))


def whole(value: str) -> int:
    """A count: a whole number, one or more."""
    if not value.isdigit() or int(value) < 1:
        raise Unfit(Text("a whole number >= 1"))
    return int(value)


def one_of(choices: tuple[str, ...]) -> Reader:
    """A reader that takes one of ``choices`` as it is written."""
    def read(value: str) -> str:
        if value not in choices:
            raise Unfit(Text("one of {choices}", choices=", ".join(choices)))
        return value
    return read
