"""An arena's journal (``tavolo arena --journal``): a long run killed at any moment resumes where it
stopped, with the same results as a run that was never stopped; a journal of another plan, or a
malformed line, is refused with what is wrong and where."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tavolo.arena import make_plan, run_plan
from tavolo.arena.journal import FORMAT, Journal, JournalError, code_digest
from tavolo.cli import app

runner = CliRunner(env={"TAVOLO_LANG": None})
PAIR = ("simple", "random")


def plan(deals: int = 5, seed: int = 3):
    return make_plan(["simple"], deals, vs="random", players=2, seed=seed)


def lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def test_a_run_killed_midway_resumes_to_the_results_of_an_unbroken_run(tmp_path):
    whole = run_plan(plan(), workers=1)[PAIR]
    path = tmp_path / "arena.jsonl"
    run_plan(plan(deals=3), workers=1, journal=Journal.open(path, plan(deals=3)))
    header, *deals = lines(path)
    assert json.loads(header)["format"] == FORMAT and len(deals) == 3
    assert all(json.loads(line)["code"] == code_digest() for line in deals)
    # killed while writing the third deal: two whole lines and half of one
    path.write_text("\n".join([header, *deals[:2]]) + "\n" + deals[2][:17], encoding="utf-8")
    journal = Journal.open(path, plan())
    assert [index for _, index in journal.missing(plan())] == [2, 3, 4]
    told = []
    resumed = run_plan(plan(), workers=2, journal=journal, progress=told.append)[PAIR]
    assert resumed == whole
    assert told[0] == 2 and sum(told) == 5  # the two journaled deals first, then the three played
    assert sorted(json.loads(line)["index"] for line in lines(path)[1:]) == [0, 1, 2, 3, 4]


def test_a_journal_of_every_deal_plays_nothing_more(tmp_path):
    path = tmp_path / "arena.jsonl"
    first = run_plan(plan(deals=2), workers=1, journal=Journal.open(path, plan(deals=2)))
    before = path.read_bytes()
    again = run_plan(plan(deals=2), workers=1, journal=Journal.open(path, plan(deals=2)))
    assert again == first and path.read_bytes() == before


@pytest.mark.parametrize(("field", "other"), [("seed", plan(seed=4)),
                                              ("players", make_plan(["simple"], 5, vs="random", players=4, seed=3)),
                                              ("bots", make_plan(["heuristic:easy"], 5, vs="random", players=2, seed=3))])
def test_a_journal_of_another_plan_is_refused_naming_the_field(tmp_path, field, other):
    path = tmp_path / "arena.jsonl"
    Journal.open(path, plan())
    with pytest.raises(JournalError) as refused:
        Journal.open(path, other)
    said = str(refused.value)
    assert f"was started for {field} " in said and "start another journal" in said


@pytest.mark.parametrize(("line", "said"), [
    ("{not json", "journal line 2: not JSON"),
    ('{"pair": ["simple", "random"], "index": -1, "points": [[1, 2], [3, 4]], "code": "x"}',
     "journal line 2: field index is wrong (-1)"),
    ('{"pair": ["simple", "random"], "index": 0, "points": [[1, "two"], [3, 4]], "code": "x"}',
     "journal line 2: field points is wrong"),
    ('{"pair": ["simple", "strong"], "index": 0, "points": [[1, 2], [3, 4]], "code": "x"}',
     "journal line 2: field pair is wrong"),
])
def test_a_malformed_line_is_refused_with_its_number_and_field(tmp_path, line, said):
    path = tmp_path / "arena.jsonl"
    Journal.open(path, plan())
    with path.open("a", encoding="utf-8") as file:
        file.write(line + "\n")
    with pytest.raises(JournalError, match=said.replace("(", r"\(").replace(")", r"\)")):
        Journal.open(path, plan())


def test_a_deal_written_twice_is_refused(tmp_path):
    path = tmp_path / "arena.jsonl"
    journal = Journal.open(path, plan())
    run_plan(plan(deals=1), workers=1, journal=Journal.open(path, plan(deals=1)))
    with path.open("a", encoding="utf-8") as file:
        file.write(lines(path)[1] + "\n")
    with pytest.raises(JournalError, match="line 3: deal 0 of simple against random is there twice"):
        Journal.open(path, plan())
    assert journal.path == path


def test_the_command_resumes_and_says_in_italian_what_is_wrong(tmp_path):
    path = tmp_path / "arena.jsonl"

    def args(deals: str = "2", seed: str = "3") -> list[str]:
        return ["arena", "simple", "--vs", "random", "--players", "2", "--deals", deals, "--seed", seed,
                "--workers", "1", "--journal", str(path)]

    first = runner.invoke(app, args())
    assert first.exit_code == 0, first.output
    assert len(lines(path)) == 3
    again = runner.invoke(app, args(deals="4"))  # two more
    assert again.exit_code == 0, again.output
    assert len(lines(path)) == 5
    refused = runner.invoke(app, args(seed="5"))
    assert refused.exit_code == 2
    assert "il registro" in refused.output and "seed" in refused.output and "Traceback" not in refused.output
