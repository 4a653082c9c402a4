"""The protocol machinery every parlour game's state shares: tokens and returns,
refusals with the rule broken, and the notation of moves (a verb and its words,
English or Italian).

A game subclasses :class:`ParlourState`, keeps each seat's tokens in
``_tokens`` (its options name the starting ``tokens``), and writes ``_text``
(an action's notation), ``_parse`` (words to an action id) and
``_why_game_illegal``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tavolo.cards import CardNotationError
from tavolo.engine.errors import NotationError, Rule, Text
from tavolo.engine.game import DealtState


@dataclass(frozen=True)
class ParlourRules:
    """The refusals every parlour game shares, citing that game's seed section."""

    game_over: Rule
    deal_first: Rule
    no_such_action: Rule
    not_now: Rule

    @classmethod
    def for_game(cls, seed: str) -> ParlourRules:
        """``seed`` names the game's section of the seed file.

        >>> ParlourRules.for_game("raccolta, Perlina").not_now.code
        'not-now'
        """
        return cls(
            game_over=Rule("game-over", Text("the game is over"), seed),
            deal_first=Rule("deal-first", Text("the cards must be dealt first"), seed),
            no_such_action=Rule("no-such-action", Text("not an action of this game"), seed),
            not_now=Rule("not-now", Text("that move belongs to another moment of the game"), seed),
        )


class ParlourState(DealtState):
    """A parlour game in progress: see the module docstring."""

    __slots__ = ()
    rules: ClassVar[ParlourRules]
    moves_help: ClassVar[Text]
    _tokens: list[int]

    # --- protocol ------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Tokens won (positive) or lost (negative) by each seat so far."""
        start = self.game.options.tokens
        return [float(t - start) for t in self._tokens]

    def action_to_string(self, action: int) -> str:
        if not 0 <= action < self.game.num_distinct_actions():
            raise ValueError(f"{action} is not an action id of {self.game.name}")
        return self._text(action)

    def parse_action(self, text: str) -> int:
        """The one action ``text`` names here; raises :class:`NotationError` or
        :class:`IllegalActionError` with the rule it breaks."""
        words = text.replace(",", " ").lower().split()
        if not words:
            raise NotationError(text, Text("empty move; {moves}", moves=self.moves_help))
        try:
            action = self._parse(text, words[0], words[1:])
        except CardNotationError as exc:
            raise NotationError(text, str(exc)) from None
        if action is None:
            raise NotationError(text, Text("unknown move {verb}; {moves}", verb=repr(words[0]),
                                           moves=self.moves_help))
        if action not in self.legal_actions():
            raise self.refusal(text, action, *self._why_illegal(action))
        return action

    def _why_illegal(self, action: int) -> tuple[Rule, Text | str]:
        if self.is_terminal():
            return self.rules.game_over, ""
        if self.is_chance_node():
            return self.rules.deal_first, ""
        if not 0 <= action < self.game.num_distinct_actions():
            return self.rules.no_such_action, Text("{action} is not an action id of {game}", action=action,
                                                   game=self.game.name)
        return self._why_game_illegal(action)

    # --- loading -----------------------------------------------------------------------------

    @classmethod
    def blank(cls, game: Any, data: dict[str, Any]) -> Any:
        """A new state of ``game`` for :meth:`to_json`'s ``data`` to fill in, once it is
        sure ``data`` is a state of that game."""
        if data.get("game") != game.name:
            raise ValueError(f"not a {game.name} state: game is {data.get('game')!r}")
        return cls(game)

    def check_whole(self) -> None:
        """Refuse a loaded state that lost or gained a card or a token."""
        if self.all_cards() != self.game.deck_counts:
            raise ValueError("the state's cards are not exactly the deck's")
        if self._tokens_in_play() != self.game.options.tokens * self.game.num_players:
            raise ValueError("the state's tokens are not exactly the players' purses")

    # --- what each game says ---------------------------------------------------------------

    @abstractmethod
    def _tokens_in_play(self) -> int:
        """Every token, wherever it is (purses, pot, prizes): always the purses' total at the start."""

    @abstractmethod
    def _text(self, action: int) -> str:
        """The notation of a valid action id."""

    @abstractmethod
    def _parse(self, text: str, verb: str, args: list[str]) -> int | None:
        """The action id the words name (legal or not), or None for an unknown verb;
        raises :class:`NotationError` for a known verb with wrong words."""

    @abstractmethod
    def _why_game_illegal(self, action: int) -> tuple[Rule, Text | str]:
        """The rule a well-formed action that is not legal now breaks."""


def expect(text: str, args: list[str], count: int, example: str) -> list[str]:
    """``args`` if there are ``count`` of them, else a :class:`NotationError` about ``text``."""
    if len(args) != count:
        raise NotationError(text, Text("say it like {example}", example=repr(example)))
    return args


def number(text: str, word: str, what: Text) -> int:
    """``word`` as a whole number in digits 0-9, else a :class:`NotationError` naming ``what`` it should be."""
    if not (word.isascii() and word.isdigit()):
        raise NotationError(text, Text("{what} is a whole number, not {word}", what=what, word=repr(word)))
    return int(word)


def cards_named(text: str, words: list[str], parse: Callable[[str], int]) -> list[int]:
    """The cards ``words`` name, by the deck's ``parse``."""
    if not words:
        raise NotationError(text, Text("name the cards, e.g. 'the 3 of cups'"))
    return [parse(w) for w in words]
