"""Why an action was refused.

Every refusal is an :class:`ActionError`; its subclass says what kind of
wrong it is, so that a user interface can answer helpfully:

* :class:`NotationError` - the text could not be read as a move at all;
* :class:`AmbiguousActionError` - the text fits several legal moves;
* :class:`IllegalActionError` - a well-formed move the rules forbid now; it
  carries the :class:`Rule` it breaks, with the seed article.

Every sentence in a refusal is a :class:`Text`: an English template with
named placeholders and the values that fill them. ``str()`` gives the
English; an interface translates the template at the edge (the ``rules``
catalog of :mod:`tavolo.i18n`, whose msgid is the English template), so the
games never need to know the player's language::

    >>> error = NotationError("fly", Text("unknown move {verb}", verb="'fly'"))
    >>> str(error)
    "cannot read 'fly': unknown move 'fly'"
    >>> error.message.template, dict(error.message.params)["reason"].template
    ('cannot read {text}: {reason}', 'unknown move {verb}')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Union

from tavolo.cards.errors import CardNotationError


@dataclass(frozen=True, init=False)
class Text:
    """A sentence a person reads (testo): an English ``template`` with
    ``{named}`` placeholders, and the ``params`` that fill them. A param may
    itself be a :class:`Text`, translated in its turn; anything else (a card
    in notation, a number) is shown as it is.

    >>> str(Text("you do not hold {cards}", cards="Ah Kd"))
    'you do not hold Ah Kd'
    >>> str(Text("{rank} may not be combined", rank=Text("kings")))
    'kings may not be combined'
    >>> Text("the game is over") == Text("the game is over")
    True
    """

    template: str
    params: tuple[tuple[str, object], ...]

    def __init__(self, template: str, /, **params: object) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __str__(self) -> str:
        return self.template.format_map({name: str(value) for name, value in self.params})

    def texts(self) -> Iterator[Text]:
        """This text and every text among its params, depth first.

        >>> [t.template for t in Text("{a}: {b}", a=Text("x"), b=1).texts()]
        ['{a}: {b}', 'x']
        """
        yield self
        for _, value in self.params:
            if isinstance(value, Text):
                yield from value.texts()


Sentence = Union[Text, str]
"""What a refusal accepts for a sentence: a :class:`Text`, or a plain string
(a card list in notation) shown as it is in every language."""


@dataclass(frozen=True)
class Rule:
    """A rule of a game, as the seed documents state it.

    ``text`` is the rule in English (a :class:`Text` or a plain string);
    ``source`` cites the seed file and article, e.g. ``"fedibur-1985 art. 5"``
    (a citation, the same in every language).

    >>> str(Rule("one-draw", Text("one draw per turn"), "FISCA Scala 40 art. 5.1"))
    'one draw per turn (FISCA Scala 40 art. 5.1)'
    """

    code: str
    text: Sentence
    source: str

    @property
    def message(self) -> Text:
        """The rule and its source, as one sentence to translate."""
        return Text("{rule} ({source})", rule=self.text, source=self.source)

    def __str__(self) -> str:
        return str(self.message)


class ActionError(ValueError):
    """An action or move that was refused; ``message`` is the whole refusal
    as a :class:`Text` (``str()`` of the error is its English)."""

    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.message = message


class NotationError(ActionError):
    """Text that is not a move in the game's notation."""

    def __init__(self, text: str, reason: Sentence) -> None:
        super().__init__(Text("cannot read {text}: {reason}", text=repr(text), reason=reason))
        self.text = text
        self.reason = reason


class AmbiguousActionError(ActionError):
    """Text that names more than one legal move; ``candidates`` lists them."""

    def __init__(self, text: str, candidates: list[str]) -> None:
        super().__init__(Text("{text} is ambiguous: say which of {options}",
                              text=repr(text), options="; ".join(candidates)))
        self.text = text
        self.candidates = candidates


class IllegalActionError(ActionError):
    """A move the rules forbid in this position; ``rule`` says which rule and
    ``detail`` (optional) what in this position breaks it."""

    def __init__(self, action: str, rule: Rule, detail: Sentence = "") -> None:
        if detail:
            message = Text("illegal move {action}: {detail}: {rule}", action=repr(action),
                           detail=detail, rule=rule.message)
        else:
            message = Text("illegal move {action}: {rule}", action=repr(action), rule=rule.message)
        super().__init__(message)
        self.action = action
        self.rule = rule
        self.detail = detail
        self.words: dict[str, Any] | None = None
        """The move in words (:meth:`~tavolo.engine.game.State.action_words` JSON) where the state
        that refused it could say it: a refusal then names the move as a person reads it."""
        self.deck: str | None = None
        """The deck whose cards the detail names in notation (where the refusal's words name no
        cards, or it has none: a typed move refused as it was read, quoted as typed): a refusal
        then says them in words."""



def unreadable_card(text: str, error: CardNotationError) -> NotationError:
    """The refusal of the move ``text``, one of whose cards ``error`` could not read.

    >>> from tavolo.cards import french
    >>> try:
    ...     french.parse("1x")
    ... except CardNotationError as exc:
    ...     print(unreadable_card("discard 1x", exc))
    cannot read 'discard 1x': '1x': unknown rank '1'
    """
    reason = Text(error.template, **error.params)
    return NotationError(text, Text("{card}: {reason}", card=repr(error.text), reason=reason))
