"""Analisi in the room (issue 41, "What a person does" and "Cost"): a finished game's seat reviewed
in a worker process, its progress followed, kept with the record and shown again at once; the
refusals in Italian (a table not finished, a seat not played while the record is private, a busy
queue); a waiting job dropped when its page closes, a started one kept."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from tavolo.online.analyses import TINY_BUDGET, AnalysisLimits, Analyses, AnalysisStore, check_access
from tavolo.online.messages import Refusal
from tavolo.server.app import create_app
from tavolo.store.online import SeatRecord, TableRecord, make_online_engine
from tests.server.test_play import play_to_the_end, quick

ANNA = {"name": "Anna", "password": "tre tigri"}


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    """The app, Anna logged in, and a Briscola match she played to its end (seat 0)."""
    database = f"sqlite:///{tmp_path_factory.mktemp('analyses') / 'tavolo.sqlite'}"
    with TestClient(create_app(database, pace=0)) as client:
        client.post("/api/accounts", json=ANNA)
        play_to_the_end(client, "briscola", players=2)
        [game] = client.get("/api/players/Anna").json()["games"]
        yield client, game["table_id"]


def wait_done(client, job: str, limit_s: float = 120) -> dict:
    """Follow ``job`` as the page does until it ends; the progress seen on the way is checked."""
    deadline, seen = time.monotonic() + limit_s, []
    while time.monotonic() < deadline:
        news = client.get(f"/api/analyses/jobs/{job}").json()
        seen.append((news["done"], news["total"]))
        if news["status"] not in ("queued", "running"):
            assert all(total is None or 0 <= done <= total for done, total in seen)
            return news
        time.sleep(0.2)
    raise AssertionError(f"the analysis did not end in {limit_s} s: {seen[-3:]}")


def test_the_seats_say_which_is_mine_and_which_may_be_analysed(room):
    client, table_id = room
    info = client.get(f"/api/analyses/{table_id}").json()
    assert info["finished"] and [s["mine"] for s in info["seats"]] == [True, False]
    assert all(s["allowed"] for s in info["seats"])  # an ordinary finished table is public


def test_a_review_runs_in_a_worker_is_kept_and_shown_again_at_once(room):
    client, table_id = room
    asked = client.post(f"/api/analyses/{table_id}/0?budget={TINY_BUDGET}")
    assert asked.status_code == 202 and asked.json()["status"] in ("queued", "running")
    news = wait_done(client, asked.json()["job"])
    assert news["status"] == "done" and news["done"] == news["total"] == len(news["review"]["decisions"])
    review = news["review"]
    assert review["game"] == "briscola" and review["seat"] == 0 and review["name"] == "Anna"
    assert len(review["decisions"]) >= 10 and {d["mark"] for d in review["decisions"]} <= {
        "best", "ok", "inaccuracy", "mistake", "blunder", "not estimated"}
    assert review["summary"] and all(d["sentence"]["key"] for d in review["decisions"])
    started = time.monotonic()
    again = client.post(f"/api/analyses/{table_id}/0?budget={TINY_BUDGET}")
    assert again.status_code == 200 and again.json() == {"status": "done", "review": review}
    assert time.monotonic() - started < 2  # the kept review, not a new analysis
    assert client.get(f"/api/analyses/{table_id}/0").json()["review"] == review
    assert client.get(f"/api/analyses/{table_id}").json()["seats"][0]["kept"] == TINY_BUDGET
    page = client.get(f"/analisi/{table_id}/0")
    assert page.status_code == 200 and 'data-seat="0"' in page.text and "Analisi di Campione" in page.text


def test_a_table_not_finished_is_refused_in_italian(room):
    client, _ = room
    table_id, _ = quick(client, "briscola", players=2)
    refused = client.post(f"/api/analyses/{table_id}/0")
    assert refused.status_code == 409
    assert refused.json()["error"]["message"] == "Si può analizzare solo una partita finita"


def test_a_game_campione_does_not_review_is_refused_in_italian(room):
    client, _ = room
    table_id, _ = quick(client, "peppa", players=4)
    assert client.get(f"/api/analyses/{table_id}").json()["analysable"] is False
    refused = client.post(f"/api/analyses/{table_id}/0")
    assert refused.status_code == 400
    assert refused.json()["error"]["message"] == "Campione non analizza ancora questo gioco"


def test_a_budget_and_a_seat_that_do_not_exist_are_refused(room):
    client, table_id = room
    assert client.post(f"/api/analyses/{table_id}/0?budget=7").status_code == 422
    missing = client.post(f"/api/analyses/{table_id}/5")
    assert missing.status_code == 404 and missing.json()["error"]["message"] == "Questo tavolo non ha il posto 5"


def test_a_busy_queue_says_so_a_waiting_job_is_cancelled_a_started_one_kept(room):
    """Anna's analysis runs: a second one of hers is refused (her account has one in the queue);
    a guest at the same address asks for another, which waits, and closes the page: it is dropped.
    Anna closes her page too: her analysis, started, finishes and is kept."""
    client, table_id = room
    first = client.post(f"/api/analyses/{table_id}/1?budget=1")
    assert first.status_code == 202
    job = first.json()["job"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/analyses/jobs/{job}").json()["status"] == "queued":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    second = client.post(f"/api/analyses/{table_id}/1?budget=10")
    assert second.status_code == 429 and second.headers["Retry-After"]
    assert second.json()["error"]["message"] == "Hai già un'analisi in coda: aspetta che finisca"
    client.post("/api/logout")
    try:
        waiting = client.post(f"/api/analyses/{table_id}/0?budget=10")
        assert waiting.status_code == 202 and waiting.json()["status"] == "queued" and waiting.json()["position"] == 0
        assert client.post(f"/api/analyses/jobs/{waiting.json()['job']}/cancel").json() == {"cancelled": True}
        assert client.get(f"/api/analyses/jobs/{waiting.json()['job']}").json()["status"] == "cancelled"
    finally:
        client.post("/api/login", json=ANNA)
    assert client.post(f"/api/analyses/jobs/{job}/cancel").json() == {"cancelled": False}
    assert wait_done(client, job)["status"] == "done"
    assert client.get(f"/api/analyses/{table_id}/1?budget=1").status_code == 200


# --- who may analyse, the queue's limits and cancellation, without a worker ------------------------


def finished(*accounts: str | None) -> TableRecord:
    seats = [SeatRecord(i, a or f"Bot {i}", "human" if a else "bot", None, None, a) for i, a in enumerate(accounts)]
    return TableRecord("t1", "briscola", {"players": 2}, "off", "finished", seats)


def test_a_seat_not_played_is_refused_until_the_record_is_public():
    table = finished("Anna", "Bruno")
    check_access(table, 0, "Anna", public=False)     # her own seat, the record still private
    check_access(table, 1, "Anna", public=True)      # any seat of a public record
    with pytest.raises(Refusal) as refused:
        check_access(table, 1, "Anna", public=False)
    assert refused.value.code == "forbidden"
    assert refused.value.message("it") == ("Puoi analizzare solo un posto in cui hai giocato, "
                                           "finché la partita non è pubblica")
    with pytest.raises(Refusal):
        check_access(table, 0, None, public=False)   # nobody logged in plays no seat


def queue(**limits) -> Analyses:
    return Analyses(AnalysisStore(make_online_engine("sqlite://")), AnalysisLimits(**limits))


def test_the_queue_has_a_limit_an_account_an_address_and_in_all():
    runner = queue(per_account=1, per_address=2, total=3)
    runner.ask("t1", 0, 1.0, {}, "Anna", "10.0.0.1")
    with pytest.raises(Refusal) as account:
        runner.ask("t1", 1, 1.0, {}, "Anna", "10.0.0.2")
    assert account.value.code == "too_fast"
    runner.ask("t1", 1, 1.0, {}, None, "10.0.0.1")
    with pytest.raises(Refusal) as address:
        runner.ask("t2", 0, 1.0, {}, None, "10.0.0.1")
    assert address.value.message("it") == "Dal tuo indirizzo ci sono già 2 analisi in coda: aspetta che una finisca"
    runner.ask("t2", 0, 1.0, {}, "Bruno", "10.0.0.3")
    with pytest.raises(Refusal) as full:
        runner.ask("t3", 0, 1.0, {}, "Carla", "10.0.0.4")
    assert full.value.code == "unavailable"       # 503
    assert full.value.message("it") == "La coda delle analisi è piena: riprova tra qualche minuto"
    same = runner.ask("t1", 0, 1.0, {}, "Carla", "10.0.0.4")   # the same review: the job already queued
    assert same.pages == 2 and len(runner.waiting) == 3


def test_a_waiting_job_is_dropped_when_its_last_page_closes_a_started_one_is_kept():
    runner = queue(per_address=5)
    job = runner.ask("t1", 0, 1.0, {}, None, "10.0.0.1")
    runner.ask("t1", 0, 1.0, {}, None, "10.0.0.2")            # a second page waits for it
    assert not runner.cancel(job.id) and job.status == "queued"
    assert runner.cancel(job.id) and job.status == "cancelled" and job not in runner.waiting
    assert runner.news(job.id)["status"] == "cancelled"
    started = runner.ask("t1", 1, 1.0, {}, None, "10.0.0.1")
    started.status = "running"
    runner.waiting.remove(started)
    assert not runner.cancel(started.id) and started.status == "running"


def test_a_waiting_job_whose_page_stopped_asking_is_forgotten():
    runner = queue(forget_s=5, per_address=5)
    job = runner.ask("t1", 0, 1.0, {}, None, "10.0.0.1")
    job.seen_at -= 10
    runner.ask("t2", 0, 1.0, {}, None, "10.0.0.1")
    assert job.status == "cancelled" and [j.table_id for j in runner.waiting] == ["t2"]
