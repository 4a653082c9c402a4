"""Why an action was refused.

Every refusal is an :class:`ActionError`; its subclass says what kind of
wrong it is, so that a user interface can answer helpfully:

* :class:`NotationError` - the text could not be read as a move at all;
* :class:`AmbiguousActionError` - the text fits several legal moves;
* :class:`IllegalActionError` - a well-formed move the rules forbid now; it
  carries the :class:`Rule` it breaks, with the seed article.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """A rule of a game, as the seed documents state it.

    ``source`` cites the seed file and article, e.g. ``"fedibur-1985 art. 5"``.
    """

    code: str
    text: str
    source: str

    def __str__(self) -> str:
        return f"{self.text} ({self.source})"


class ActionError(ValueError):
    """An action or move that was refused."""


class NotationError(ActionError):
    """Text that is not a move in the game's notation."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"cannot read {text!r}: {reason}")
        self.text = text
        self.reason = reason


class AmbiguousActionError(ActionError):
    """Text that names more than one legal move; ``candidates`` lists them."""

    def __init__(self, text: str, candidates: list[str]) -> None:
        options = "; ".join(candidates)
        super().__init__(f"{text!r} is ambiguous: say which of {options}")
        self.text = text
        self.candidates = candidates


class IllegalActionError(ActionError):
    """A move the rules forbid in this position; ``rule`` says which rule."""

    def __init__(self, action: str, rule: Rule, detail: str = "") -> None:
        why = f"{detail}: " if detail else ""
        super().__init__(f"illegal move {action!r}: {why}{rule}")
        self.action = action
        self.rule = rule
        self.detail = detail
