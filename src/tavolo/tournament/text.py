"""Text (testo) that no name, title or reason may hold: control characters.

PostgreSQL cannot store NUL in a text column, and a page cannot show the other control characters;
SQLite stores them, so a database holding them could not move to PostgreSQL. What a person writes
(a request's fields, a file's cells, a backup's events) is checked here before it is stored. Only a
free text (:data:`FREE_TEXT`: a correction's reason, codice art. 19) may hold tabs and line ends::

    >>> control_field({"name": "Anna", "options": {"seat": "a\\x00"}})
    'options.seat'
    >>> control_field({"reason": "riga 1\\nriga 2", "players": ["Bruno", "Carla\\x07"]})
    'players.1'
    >>> control_field({"reason": "un\\x00altro"}), control_field(["Anna", 3, None])
    ('reason', None)
"""

from __future__ import annotations

import re
from typing import Any

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""A control character: C0, DEL, C1."""
FREE_TEXT_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""A control character a free text may not hold either (tabs and line ends it may)."""
FREE_TEXT = frozenset({"reason"})
"""The body fields written as free text: a correction's reason (codice art. 19)."""


def control_field(value: Any, path: str = "", free: bool = False) -> str | None:
    """The dotted path of the first string in ``value`` (JSON: its keys too) holding a control
    character, or ``None``; ``free``: ``value`` is free text (:data:`FREE_TEXT`)."""
    if isinstance(value, str):
        return (path or "body") if (FREE_TEXT_CONTROL if free else CONTROL).search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            inner = f"{path}.{key}" if path else str(key)
            if CONTROL.search(str(key)):
                return path or "body"
            if (found := control_field(item, inner, key in FREE_TEXT)) is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if (found := control_field(item, f"{path}.{i}" if path else str(i), free)) is not None:
                return found
    return None
