"""The analysis of a seat reads only what that seat knew then (issue 41, "Hidden information"):
the estimator is handed the seat's observation, never a state; and the hidden cards of the other
seats dealt again consistently with that observation leave every mark as it was (the same seeds
give the same numbers exactly, since nothing else reaches the search)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tavolo.analysis import analyse, estimator_for, read_record
from tavolo.analysis.records import steps
from tavolo.analysis.review import review_position
from tavolo.engine.game import State

DATA = Path(__file__).parent / "data"


class Spy:
    """An estimator that records what it is handed, then asks the real one."""

    def __init__(self, real) -> None:
        self.real, self.unit, self.seen = real, real.unit, []

    def estimate(self, observation, legal, seed, seconds=None, deals=None):
        self.seen.append((observation, tuple(legal), seed, seconds, deals))
        return self.real.estimate(observation, legal, seed, seconds, deals)


def test_the_estimator_receives_the_observation_and_never_a_state():
    recorded = read_record(DATA / "random4.json")
    spy = Spy(estimator_for(recorded.game, 0))
    review = analyse(recorded, 0, deals=2, estimator=spy)
    assert len(spy.seen) == len(review.decisions) > 5
    for observation, *rest in spy.seen:
        assert not isinstance(observation, State) and type(observation).__name__ == "BurracoObservation"
        assert observation.seat == 0 and "_core_view" not in observation.__dict__
        assert not any(isinstance(x, State) for x in rest)


def seat_decisions(name: str, seat: int, count: int):
    """The first ``count`` states where ``seat`` chose among several moves, with the move played."""
    found = []
    for step in steps(read_record(DATA / name)):
        if step.state.current_player() == seat and len(step.state.legal_actions()) > 1:
            found.append((step.state.clone(), step.action))
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("index", [0, 2, 5])
def test_redealing_the_other_seats_hidden_cards_changes_no_mark(index):
    state, played = seat_decisions("random4.json", 0, 6)[index]
    game, obs = state.game, state.observation(0)
    truth = reviewed(state, played)
    for k in range(3):
        other = game.sample_hidden_state(obs, random.Random(100 + k))
        assert other.observation(0) == obs
        assert other.to_json()["hands"][1:] != state.to_json()["hands"][1:]  # a different deal of the others' cards
        again = reviewed(other, played)
        assert (again.mark, again.best.action, again.loss, again.moves) == (truth.mark, truth.best.action,
                                                                             truth.loss, truth.moves)


def reviewed(state, played):
    return review_position(state, played, deals=12, seed=7)


def test_another_seed_of_the_search_moves_the_numbers_within_their_noise():
    """The same decision with another search seed: the loss of the move played agrees within the
    two intervals (what "beyond noise" means)."""
    state, played = seat_decisions("random4.json", 0, 1)[0]
    a = review_position(state, played, deals=60, seed=1)
    b = review_position(state, played, deals=60, seed=2)
    assert abs(a.loss.mean - b.loss.mean) <= a.loss.half + b.loss.half
