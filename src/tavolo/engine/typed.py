"""How the move box reads a typed move (la mossa scritta): in the notation (``play Jc``,
``discard Qs``), or in the words the move log says, Italian or English, its cards said as people
say them (:mod:`tavolo.cards.spoken`). Every face that takes a typed move (the web table's "Scrivi
una mossa", the terminal's prompt) reads it through :meth:`~tavolo.engine.game.State.parse_move`,
which asks a :class:`MoveReader`; every game gains it, each saying which deck its words name
(:attr:`~tavolo.engine.game.Game.words_deck`).

A move is read in three ways, the first that names a legal move winning:

1. the game's notation, as it is typed (``play Jc``; a long Burraco opening is several actions);
2. the same with its cards said in words put in notation ("gioca il fante di coppe" is read as
   ``gioca Jc``, "scarta tre di cuori" as ``scarta 3h``);
3. the words of a legal move, as the log says them in either language ("raccoglie gli scarti",
   "lega 7♦ alla 2 come matta", "offre 5 gettoni per il gallo"), compared word by word, the
   cards by what they are, case, accents and commas aside (a word more, "pesca.", is no move).
   Where two legal moves say the same words the move is ambiguous, and the refusal lists both.

A move none of them reads is refused with what its notation says of it; a refusal always quotes
what the person typed, never the notation it was put into::

    >>> import random
    >>> from tavolo.games import make_game
    >>> state = make_game("briscola", players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(2)))
    >>> state.legal_action_strings()
    ['play 3c', 'play As', 'play Cs']
    >>> [state.action_to_string(a) for a in state.parse_move("gioca il cavallo di spade")]
    ['play Cs']
    >>> state.parse_move("gioca il re di spade")
    Traceback (most recent call last):
    ...
    tavolo.engine.errors.IllegalActionError: illegal move 'gioca il re di spade': you do not hold Ks: a player plays one card of his own hand, in turn (raccolta, Briscola, Le Mani)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tavolo.cards import spoken
from tavolo.engine.errors import ActionError, AmbiguousActionError, IllegalActionError, NotationError
from tavolo.engine.words import Cards, Seat, Words
from tavolo.i18n import LANGUAGES
from tavolo.i18n.moves import word

if TYPE_CHECKING:
    from tavolo.engine.game import State


class MoveReader:
    """Reads typed moves in one position of ``state`` (which must not change meanwhile): the
    words of its legal moves are said once, when a move first needs them."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.deck: str | None = state.game.words_deck
        self._said: list[tuple[int, set[tuple[str, ...]]]] | None = None

    def read(self, text: str) -> list[int]:
        """The actions ``text`` makes; raises :class:`NotationError`,
        :class:`AmbiguousActionError` or :class:`IllegalActionError` quoting ``text``."""
        try:
            return self.notation(text)
        except ActionError as exc:
            refusal = exc
        if self.deck is not None:
            rewritten = spoken.rewrite(text, self.deck)
            if rewritten.split() != text.split():
                try:
                    return self.notation(rewritten)
                except ActionError as exc:
                    refusal = requoted(exc, text)
        found = self.said_as(text)
        if len(found) == 1:
            return found
        if found:
            raise AmbiguousActionError(text, [self.state.action_to_string(a) for a in found])
        if isinstance(refusal, IllegalActionError) and refusal.words is None:
            refusal.deck = self.deck  # its detail's cards said in words ("non hai in mano re di spade")
        raise refusal

    def notation(self, text: str) -> list[int]:
        """The actions the game's notation reads in ``text`` (its faces' ``parse_move``, else one
        action)."""
        parse = self.state.game.faces.parse_move
        return [self.state.parse_action(text)] if parse is None else parse(self.state, text)

    def said_as(self, text: str) -> list[int]:
        """The legal actions whose words, in either language, are ``text``'s."""
        typed = spoken.words(text, self.deck)
        return [action for action, forms in self.said() if typed in forms]

    def said(self) -> list[tuple[int, set[tuple[str, ...]]]]:
        """Each legal action and its words in every language, as :func:`spoken.words` gives them."""
        if self._said is None:
            state = self.state
            self._said = []
            for action in state.legal_actions():
                said = state.action_words(action)
                self._said.append((action, {spoken.words(spelt(said, lang), self.deck) for lang in LANGUAGES}))
        return self._said


def spelt(words: Words, lang: str) -> str:
    """``words`` in ``lang`` as :func:`tavolo.i18n.moves.say` writes them, but each card as
    :data:`~tavolo.cards.spoken.CARD_MARK` and its token (the words' own card, whatever name the
    log gives it)."""
    return word(words.key, lang).format(**{name: _spelt(value, lang) for name, value in words.params})


def _spelt(value: Any, lang: str) -> str:
    if isinstance(value, Cards):
        return " ".join(spoken.CARD_MARK + spoken.canonical(token, value.deck) for token in value.tokens)
    if isinstance(value, Seat):
        return str(value.seat + 1)
    if isinstance(value, Words):
        return spelt(value, lang)
    return str(value)


def requoted(refusal: ActionError, text: str) -> ActionError:
    """``refusal`` of a rewritten move, quoting ``text`` as the person typed it (not the move's
    words: a move in notation, a tapped card's, is the one said in words)."""
    if isinstance(refusal, IllegalActionError):
        return IllegalActionError(text, refusal.rule, refusal.detail)
    if isinstance(refusal, AmbiguousActionError):
        return AmbiguousActionError(text, refusal.candidates)
    if isinstance(refusal, NotationError):
        return NotationError(text, refusal.reason)
    return refusal
