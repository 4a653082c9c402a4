"""A refused move comes back in the player's language, with the rule it breaks and
its seed article (issue 9: "refusals in the player's language")."""

from __future__ import annotations

import pytest

from tests.server.conftest import hello, next_frame, send, settled_state

DRAW_FIRST = {
    # fedibur-1985 art. 4 (and codice art. 28): a turn begins by drawing or taking the discard pile.
    "it": ("mossa non consentita", "il turno comincia pescando dal tallone o raccogliendo tutti gli scarti"),
    "en": ("illegal move", "a turn begins by drawing from the stock or taking the whole discard pile"),
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_discarding_before_drawing_is_refused_in_the_players_language(client, lang):
    made = client.post("/api/quick", json={"game": "burraco", "name": "Anna", "options": {"players": 2}}).json()
    with client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws:
        hello(ws, made["token"], lang)
        hand = settled_state(ws)["view"]["obs"]["hand"]
        send(ws, type="move", text=f"discard {hand[0]}", ref="d1")
        error = next_frame(ws, "error")
    message, rule = DRAW_FIRST[lang]
    assert error["code"] == "illegal" and error["ref"] == "d1"
    assert error["message"].startswith(message), error["message"]
    assert error["rule"]["text"] == rule
    assert error["rule"]["code"] == "draw-first"
    assert "fedibur-1985 art. 4" in error["rule"]["source"]


def test_a_notation_error_follows_the_language_the_player_switches_to(client):
    made = client.post("/api/quick", json={"game": "burraco", "name": "Anna", "options": {"players": 2}}).json()
    with client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws:
        hello(ws, made["token"], "it")
        settled_state(ws)
        send(ws, type="move", text="fly", ref="a")
        italian = next_frame(ws, "error")
        send(ws, type="lang", lang="en")
        send(ws, type="move", text="fly", ref="b")
        english = next_frame(ws, "error")
    assert italian["code"] == english["code"] == "notation" and italian["rule"] is None
    assert italian["message"].startswith("non capisco 'fly': mossa sconosciuta"), italian["message"]
    assert english["message"].startswith("cannot read 'fly': unknown move"), english["message"]


@pytest.mark.parametrize(("lang", "said"), [("it", "a Hearts si gioca in 4, non in 6"),
                                            ("en", "Hearts is played by 4 players, not 6")])
def test_options_the_games_rules_refuse_are_refused_in_the_players_language(client, lang, said):
    """The lobby's form offers Hearts and six players one by one; together the rules refuse them
    (raccolta, "Peppa-Chat noir-Hearts": Hearts is for four), and the reason comes in the reader's words,
    with no table made."""
    before = client.get("/api/tables").json()
    options = {"rules": "hearts", "players": 6}
    reply = client.post("/api/tables", json={"game": "peppa", "name": "Anna", "options": options},
                        headers={"Accept-Language": lang})
    assert reply.status_code == 422
    error = reply.json()["error"]
    assert error["code"] == "bad_message" and error["field"] == "options"
    assert error["message"] == said                     # the form says which field: no "options:" before it
    assert client.get("/api/tables").json() == before
