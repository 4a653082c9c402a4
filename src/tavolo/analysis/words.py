"""A review in words (le parole dell'analisi), as keys of the ``moves`` catalog so that every face
says them alike: the mark, the kind of decision, and one sentence for each marked decision with
the move played and Campione's in the move's own words ("hai raccolto gli scarti; Campione avrebbe
pescato: +38 punti attesi").

    >>> from tavolo.i18n.moves import say
    >>> say(mark_words("blunder").to_json(), "it"), say(kind_words("draw or take").to_json(), "it")
    ('errore grave', 'pesca o raccolta')
"""

from __future__ import annotations

from tavolo.analysis.review import Decision
from tavolo.engine.words import Words

DRAW_TAKE = {
    ("draw", "take the discards"): "you drew; Campione would have taken the discards: {gain}",
    ("take the discards", "draw"): "you took the discards; Campione would have drawn: {gain}",
}
"""Burraco's draw against the take said as people say it."""


def amount(value: float, unit: str) -> Words:
    """An expected amount: "+38 punti attesi" (points), "+0,12 di valore atteso" (a position value)."""
    if unit == "points":
        return Words.of("{amount} expected points", amount=f"{value:+.0f}")
    return Words.of("{amount} of expected value", amount=f"{value:+.2f}")


def mark_words(mark: str) -> Words:
    """A mark's name: ottima, ok, imprecisione, errore, errore grave, non stimata."""
    return Words.of({"best": "excellent", "not estimated": "not estimated"}.get(mark, mark))


def kind_words(kind: str) -> Words:
    """A kind of decision: Burraco's (pesca o raccolta, calata, attacco, scarto, chiusura) or a
    game's move verb."""
    return Words.of(kind)


def decision_words(decision: Decision, unit: str) -> Words:
    """The sentence of a decision: what Campione would have played and what it was worth, or
    why an "ottima" was one."""
    played, best = decision.played.words, decision.best.words
    if decision.mark == "best":
        return Words.of("you found the best move ({played}); a quick look would have played another: {gain}",
                        played=played, gain=amount(decision.gain.mean, unit))
    if decision.mark == "not estimated":
        return Words.of("the move played ({played}) was not among the moves valued", played=played)
    if decision.played.action == decision.best.action:
        return Words.of("you played {played}, as Campione would", played=played)
    gain = amount(decision.loss.mean, unit)
    key = DRAW_TAKE.get((played.key, best.key))
    if key is not None:
        return Words.of(key, gain=gain)
    return Words.of("you played {played}; Campione would have played {best}: {gain}", played=played, best=best,
                    gain=gain)
