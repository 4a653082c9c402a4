"""What is stored of a secret token (a seat's, a score keeper's edit link): its SHA-256, never the token.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
"""

from __future__ import annotations

import hashlib


def token_hash(token: str) -> str:
    """``token``'s SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()
