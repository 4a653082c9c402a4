"""Errors raised when card notation cannot be read."""

from __future__ import annotations


class CardNotationError(ValueError):
    """A card written in a way no deck understands.

    The message starts with the text as written, then says what was wrong:
    ``'1x': unknown rank '1'``. ``template`` is the reason with ``{named}``
    placeholders and ``params`` fill them, so that an interface can say it in
    the player's language.

    >>> str(CardNotationError("1x", "unknown rank {rank}", rank="'1'"))
    "'1x': unknown rank '1'"
    """

    def __init__(self, text: str, template: str, **params: object) -> None:
        self.text = text
        self.template = template
        self.params = params
        self.reason = template.format(**params) if params else template
        super().__init__(f"{text!r}: {self.reason}")
