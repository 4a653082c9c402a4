"""A whole hand reviewed (issue 41): a hand where Campione sat comes out with few marks, one
where the seat played at random with many more; the summary adds the points lost by kind of
decision; another game with a sampler is reviewed through the same code."""

from __future__ import annotations

from pathlib import Path

from tavolo.analysis import analyse, read_record
from tavolo.analysis.records import Recorded
from tavolo.analysis.review import kinds_in_order
from tavolo.bots.briscola import SimpleBriscolaBot
from tavolo.engine.play import play
from tavolo.games import make_game

DATA = Path(__file__).parent / "data"
"""Records written by data/make_records.py: one 4-player fibur hand each, seed 11."""


def lost(review) -> float:
    return sum(d.lost for d in review.decisions)


def test_a_hand_played_by_campione_has_few_marks_and_a_random_one_more():
    campione = analyse(read_record(DATA / "campione4.json"), 0, deals=60, seed=3)
    random_play = analyse(read_record(DATA / "random4.json"), 0, deals=60, seed=3)
    errors = [d for d in campione.decisions if d.lost > 0]
    assert len(campione.decisions) > 20 and len(errors) <= 1 and lost(campione) <= 60
    assert lost(random_play) >= 150 and lost(random_play) > 3 * max(lost(campione), 1)


def test_the_summary_adds_each_kind_of_decision():
    review = analyse(read_record(DATA / "random4.json"), 0, deals=8, seed=1)
    summary = review.summary()
    assert sum(row["decisions"] for row in summary.values()) == len(review.decisions)
    assert abs(sum(row["lost"] for row in summary.values()) - lost(review)) < 1e-9
    assert set(kinds_in_order(review)) <= {"draw or take", "opening", "attaching", "discarding", "closing"}
    assert kinds_in_order(review)[0] == "draw or take"


def test_the_budget_caps_the_cpu_time_of_a_hand():
    """At least a few deals a decision, and no more time than the budget beyond its last decision."""
    review = analyse(read_record(DATA / "campione4.json"), 0, budget=1.0)
    assert review.seconds < 1.0 + 0.3
    assert min(d.deals for d in review.decisions) >= 8


def test_briscola_is_reviewed_through_the_protocol():
    game = make_game("briscola", players=2)
    record = play(game, [SimpleBriscolaBot(seed=1), SimpleBriscolaBot(seed=2)], seed=4)
    review = analyse(Recorded(record, None, game), 1, deals=3, seed=2)
    assert review.unit == "value" and review.decisions
    assert {d.kind for d in review.decisions} == {"play"}
    assert all(d.deals == 3 for d in review.decisions)


def test_a_room_record_with_its_shuffles_reviews_as_the_seeded_one():
    """The room's ``/api/tables/{id}/record`` gives the shuffles in ``chance`` (seed 0): the same
    hand read that way gives the same decisions and marks."""
    import json
    import random

    from tavolo.analysis import read_record_text

    data = json.loads((DATA / "random4.json").read_text(encoding="utf-8"))
    state, rng, shuffles = read_record(DATA / "random4.json").game.new_initial_state(), random.Random(data["seed"]), []
    while state.is_chance_node():
        shuffles.append(state.sample_chance(rng))
        state.apply_chance(shuffles[-1])
    room = read_record_text(json.dumps(data | {"seed": 0, "chance": shuffles}))
    seeded, served = (analyse(r, 0, deals=4, seed=1) for r in (read_record(DATA / "random4.json"), room))
    assert [(d.number, d.mark, d.best.action) for d in seeded.decisions] == \
           [(d.number, d.mark, d.best.action) for d in served.decisions]
