"""Analisi: Campione reviews a seat's play, move by move, as a coach would (issue 41).

The contract: :func:`analyse` takes a record (:func:`~tavolo.analysis.records.read_record`), a
seat and a budget, replays the record, and at each decision of that seat with more than one legal
move hands the game's estimator **only what the seat knew then** (its observation), the legal
moves and a seed. The estimator deals the cards the seat could not see, consistently with what it
had seen (the game's sampler), plays each candidate and then a play-out bot to the end of the hand
on each deal, the same deal and play-out seed for every candidate (common random numbers), and
gives one row of values a deal (:class:`~tavolo.analysis.estimators.DealValues`). The review
(:mod:`tavolo.analysis.review`) chooses Campione's move on half the deals and measures the move
played against it on the other half, paired, with a 95% interval; a decision is marked
(imprecisione, errore, errore grave; or "ottima") only where that interval excludes zero, and the
points lost are summed by kind of decision. :mod:`tavolo.analysis.words` says it in words.

Games: Burraco in the compiled core (strong plays out; points of a hand), and every game whose
Campione has a play-out bot (:data:`tavolo.bots.campione.PLAYOUT_BOTS`: Briscola, Tarocchi,
Tressette; the game's position value). Method, thresholds and limits: docs/analysis.md.
"""

from __future__ import annotations

from tavolo.analysis.estimators import DealValues, Estimator, ProtocolEstimator, estimator_for
from tavolo.analysis.records import RecordError, Recorded, read_record, read_record_text
from tavolo.analysis.review import DEFAULT_BUDGET_S, MARKS, THRESHOLDS, Decision, MoveValue, Review, analyse, judge

__all__ = ["DEFAULT_BUDGET_S", "MARKS", "THRESHOLDS", "DealValues", "Decision", "Estimator", "MoveValue",
           "ProtocolEstimator", "RecordError", "Recorded", "Review", "analyse", "estimator_for", "judge",
           "read_record", "read_record_text"]
