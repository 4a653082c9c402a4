"""A game record posted to the replay (``POST /replay/frames`` and ``/replay/hands``, issue 9:
bad input gets a clear error, never a traceback): a field missing or of the wrong form is
refused with a 422 naming it as the client wrote it (``actions[0]``), in the page's language;
a record that does not replay keeps its 400; no record, however odd, gets a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.games import make_game
from tavolo.server.app import create_app
from tavolo.server.limits import Limits

ROUTES = ["/replay/frames", "/replay/hands"]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    """The whole app, once for the module (the replay keeps nothing between requests)."""
    database = f"sqlite:///{tmp_path_factory.mktemp('replay') / 'tavolo.sqlite'}"
    # one address asks for far more replay pages than a person would (the limits are tests/server/test_limits.py's)
    with TestClient(create_app(database, pace=0, limits=Limits(replays_burst=100_000))) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def record() -> dict:
    game = make_game("briscola", players=2)
    return play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=3).to_json()


def without(record: dict, field: str) -> dict:
    return {k: v for k, v in record.items() if k != field}


BAD_FIELDS = [
    ({"actions": [1, 2]}, "actions[0]", "actions[0] deve essere un testo"),
    ({"actions": [["draw"]]}, "actions[0]", "actions[0] deve essere un testo"),
    ({"actions": "play 3c"}, "actions", "actions deve essere una lista"),
    ({"actions": None}, "actions", "actions deve essere una lista"),
    ({"game": 5}, "game", "game deve essere un testo"),
    ({"options": [2]}, "options", "options deve essere un oggetto"),
    ({"seats": "ab"}, "seats", "seats deve essere una lista"),
    ({"seats": ["a", None]}, "seats[1]", "seats[1] deve essere un testo"),
    ({"seats": ["a", "b", "c"]}, "seats", "seats deve nominare 2 giocatori"),
    ({"seed": "7"}, "seed", "seed deve essere un numero intero"),
    ({"seed": True}, "seed", "seed deve essere un numero intero"),
    ({"seed": 1.5}, "seed", "seed deve essere un numero intero"),
    ({"result": "won"}, "result", "result deve essere una lista"),
    ({"result": [1, "x"]}, "result[1]", "result[1] deve essere un numero"),
    ({"chance": "shuffle"}, "chance", "chance deve essere una lista"),
    ({"chance": [5]}, "chance[0]", "chance[0] deve essere una lista"),
    ({"chance": [[0, "x"]]}, "chance[0][1]", "chance[0][1] deve essere un numero intero"),
]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("change, field, says", BAD_FIELDS, ids=[f for _, f, _ in BAD_FIELDS])
def test_a_field_of_the_wrong_form_is_refused_naming_it(client, record, route, change, field, says):
    answer = client.post(route, json=record | change)
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "bad_message" and error["field"] == field
    assert error["message"] == f"Questa partita non si può rivedere: {says}"
    assert "Traceback" not in answer.text


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("field", ["game", "options", "seats", "seed"])
def test_a_missing_field_is_refused_naming_it(client, record, route, field):
    answer = client.post(route + "?lang=en", json=without(record, field))
    assert answer.status_code == 422
    assert answer.json()["error"] == {"code": "bad_message", "field": field,
                                      "message": f"This record cannot be replayed: {field} is missing"}


def test_a_record_without_actions_or_result_or_chance_is_the_deal(client, record):
    bare = without(without(without(record, "actions"), "result"), "chance")
    frames = client.post("/replay/frames", json=bare).json()["frames"]
    assert len(frames) == 1 and frames[0]["text"] is None
    assert client.post("/replay/frames", json=record | {"result": None, "chance": None}).status_code == 200


@pytest.mark.parametrize("route", ROUTES)
def test_a_well_formed_record_that_does_not_replay_keeps_its_400_in_the_page_s_language(client, record, route):
    answer = client.post(route, json=record | {"actions": ["play 1x"]})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_record" and error["field"] == "record"
    assert error["message"].startswith("Questa partita non si può rivedere: non capisco 'play 1x'")


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=10)


@st.composite
def odd_records(draw, record: dict) -> dict:
    """The record with a few fields dropped or given any JSON value."""
    odd = dict(record)
    for field in draw(st.lists(st.sampled_from(sorted(record)), min_size=1, max_size=3, unique=True)):
        if draw(st.booleans()):
            odd.pop(field)
        else:
            odd[field] = draw(st.one_of(JSON, st.lists(st.text(max_size=10), max_size=3)))
    return odd


def test_no_record_gets_a_500(client, record):
    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(odd_records(record), st.sampled_from(ROUTES))
    def posted(odd: dict, route: str) -> None:
        answer = client.post(route, json=odd)
        assert answer.status_code in (200, 400, 422), answer.text
        if answer.status_code != 200:  # the record's own refusal, or the app's for a control character (issue 38)
            message = answer.json()["error"]["message"]
            assert message.startswith("Questa partita non si può rivedere: ") or (
                answer.status_code == 422 and message.endswith(" contiene un carattere di controllo: scrivilo senza")
            ), message

    posted()


def test_a_well_formed_record_replays_move_by_move(client, record):
    frames = client.post("/replay/frames", json=record).json()["frames"]
    assert [f["text"] for f in frames[1:]] == record["actions"]
