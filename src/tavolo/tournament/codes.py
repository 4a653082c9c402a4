"""The codes printed on a score card, that let a table's players enter and confirm their own result.

Each side of each table gets its own short code for the round, derived from
the tournament's secret (kept in its log, never shown on a public page): one
side enters the points with its code, the other confirms with its own, as
Bridgemate does for Bridge. A page that has not the code cannot change the
result::

    >>> secret = "00112233445566778899aabbccddeeff"
    >>> side_code(secret, 1, 4, "ns"), side_code(secret, 1, 4, "ew")
    ('WPE7X7', 'KKH4TP')
    >>> check_code(secret, 1, 4, "wpe7x7")
    'ns'
    >>> check_code(secret, 1, 4, "ABCDEF") is None, check_code(secret, 1, 4, "WPE7Xè") is None
    (True, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
"""Letters and digits that cannot be read as one another (no 0/O, 1/I/L, 5/S, 8/B, 2/Z, 6/G)."""
LENGTH = 6
SIDES = ("ns", "ew")


def new_secret() -> str:
    """A fresh secret for a tournament's codes (OS entropy)."""
    return secrets.token_hex(16)


def side_code(secret: str, round_number: int, table: int, side: str) -> str:
    """The code of ``side`` (``ns`` or ``ew``) at ``table`` in ``round_number``."""
    digest = hmac.new(bytes.fromhex(secret), f"{round_number}/{table}/{side}".encode(), hashlib.sha256).digest()
    value = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(LENGTH):
        value, index = divmod(value, len(ALPHABET))
        letters.append(ALPHABET[index])
    return "".join(letters)


def check_code(secret: str, round_number: int, table: int, code: str) -> str | None:
    """The side whose code ``code`` is (typed in any case), or ``None`` (for any text: compared as UTF-8 bytes,
    since :func:`hmac.compare_digest` refuses a ``str`` that is not ASCII)."""
    typed = code.strip().upper().encode("utf-8")
    for side in SIDES:
        if hmac.compare_digest(typed, side_code(secret, round_number, table, side).encode("ascii")):
            return side
    return None
