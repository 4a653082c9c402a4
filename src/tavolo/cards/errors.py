"""Errors raised when card notation cannot be read."""

from __future__ import annotations


class CardNotationError(ValueError):
    """A card written in a way no deck understands.

    The message starts with the text as written, then says what was wrong:
    ``'1x': unknown rank '1'``.
    """

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text!r}: {reason}")
        self.text = text
        self.reason = reason
