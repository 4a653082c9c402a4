"""Optional accounts (issue 9, "Tavolo online"): register, log in and out with a
session cookie, seats that belong to the account, a player's finished games and
OpenSkill rating (partners as one team), shown in the lobby next to the name."""

from __future__ import annotations

import random


from fastapi.testclient import TestClient

from tavolo.online.ratings import rate, teams
from tavolo.online.views import view_of
from tavolo.server.app import create_app
from tavolo.store.online import OnlineStore, make_online_engine
from tests.server.test_play import play_to_the_end

ANNA = {"name": "Anna", "password": "tre tigri"}


def test_register_log_out_and_in_again(client):
    assert client.get("/api/me").json() == {"name": None}
    assert client.post("/api/accounts", json=ANNA).json() == {"name": "Anna"}
    assert client.get("/api/me").json() == {"name": "Anna"}
    assert client.post("/api/logout").json() == {"name": None}
    assert client.get("/api/me").json() == {"name": None}
    wrong = client.post("/api/login", json={"name": "Anna", "password": "tre tigre"})
    assert wrong.status_code == 401
    assert wrong.json()["error"] == {"code": "unauthorized", "message": "Nome o password errati", "field": None}
    assert client.post("/api/login", json={"name": "Nessuno", "password": "tre tigri"}).status_code == 401
    assert client.post("/api/login", json=ANNA).json() == {"name": "Anna"}
    assert client.get("/api/me").json() == {"name": "Anna"}


def test_a_taken_name_and_a_short_password_are_refused_saying_why(client):
    client.post("/api/accounts", json=ANNA)
    taken = client.post("/api/accounts?lang=en", json=ANNA)
    assert taken.status_code == 409 and taken.json()["error"]["message"] == "Name taken"
    short = client.post("/api/accounts", json={"name": "Bruno", "password": "1234"})
    assert short.status_code == 422
    assert short.json()["error"] == {"code": "bad_message", "field": "password",
                                     "message": "La password deve avere almeno 8 caratteri"}


def test_the_session_outlives_a_restart(db_url):
    """The cookie's key is kept in the database: a restarted server still knows the player."""
    with TestClient(create_app(db_url, pace=0)) as client:
        client.post("/api/accounts", json=ANNA)
        cookies = dict(client.cookies)
    assert "tavolo_session" in cookies
    with TestClient(create_app(db_url, pace=0), cookies=cookies) as client:
        assert client.get("/api/me").json() == {"name": "Anna"}


def test_a_finished_match_is_in_the_players_history_and_rating(client):
    client.post("/api/accounts", json=ANNA)
    view, _ = play_to_the_end(client, "briscola", players=2)
    player = client.get("/api/players/Anna").json()
    [game] = player["games"]
    assert game["game"] == "briscola" and game["seat"] == 0 and game["seats"][0] == "Anna"
    # the bot's seat: stored in Italian (the record keeps it), its level for the page to name in any language
    assert game["seats"][1] == "Bot 1 (Normale)" and game["bot_labels"] == [None, "Normal"]
    assert game["winners"] == view["finished"]["winners"] and game["returns"] == view["finished"]["returns"]
    assert game["won"] == (0 in view["finished"]["winners"])
    assert client.get(game["record"]).json()["seats"][0] == "Anna"
    assert game["replay"] == f"/replay/{game['table_id']}"
    rating = player["rating"]
    assert (rating["mu"] > 25) == game["won"] and rating["sigma"] < 25 / 3
    made = client.post("/api/tables", json={"game": "briscola", "name": "Anna", "options": {"players": 2}}).json()
    [lobby] = [t for t in client.get("/api/tables").json() if t["id"] == made["table_id"]]
    assert lobby["seats"][0]["account"] == "Anna" and lobby["seats"][0]["rating"] == rating["ordinal"]
    assert lobby["seats"][1] | {"seat": 1} == {"seat": 1, "name": "", "kind": "free", "bot": None,
                                               "bot_label": None, "connected": False, "account": None, "rating": None}


def test_a_guest_seat_belongs_to_no_account(client):
    made = client.post("/api/quick", json={"game": "briscola", "name": "Ospite", "options": {"players": 2}}).json()
    seat = client.get(f"/api/tables/{made['table_id']}").json()["seats"][0]
    assert (seat["name"], seat["account"], seat["rating"]) == ("Ospite", None, None)


def test_an_unknown_player_is_not_found(client):
    reply = client.get("/api/players/Nessuno?lang=en")
    assert reply.status_code == 404 and reply.json()["error"]["message"] == "No player Nessuno"


def test_partners_are_rated_as_one_team():
    """Burraco in four is a game of pairs (fedibur-1985, "gioco di coppia"): once dealt,
    seats 0 and 2 play against 1 and 3, and partners move together."""
    state = view_of("burraco").build({"players": 4}).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(0)))
    assert teams(state, 4) == [(0, 2), (1, 3)]
    new = rate(teams(state, 4), [1.0, -1.0, 1.0, -1.0], ["anna", "bruno", None, "carla"],
               {"anna": (30.0, 5.0)})
    assert new["anna"][0] > 30 and new["bruno"] == new["carla"] and new["bruno"][0] < 25
    assert set(new) == {"anna", "bruno", "carla"}


def test_a_match_is_rated_once(db_url):
    """However many processes see a match end, only the first one stores its ratings."""
    store = OnlineStore(make_online_engine(db_url))
    with TestClient(create_app(db_url, pace=0)) as client:
        client.post("/api/accounts", json=ANNA)
        made = client.post("/api/tables", json={"game": "briscola", "name": "Anna", "options": {"players": 2}}).json()
    assert store.finish(made["table_id"], [1.0, -1.0], [("Anna", 31.0, 7.0)])
    assert not store.finish(made["table_id"], [1.0, -1.0], [("Anna", 40.0, 2.0)])
    account = store.account("Anna")
    assert (account.mu, account.sigma) == (31.0, 7.0)


def test_guessing_a_password_is_stopped_after_five_tries(client):
    client.post("/api/accounts", json=ANNA)
    client.post("/api/logout")
    for _ in range(5):
        assert client.post("/api/login", json={"name": "Anna", "password": "indovino"}).status_code == 401
    stopped = client.post("/api/login?lang=en", json=ANNA)
    assert stopped.status_code == 429
    assert stopped.json()["error"]["message"] == "Too many wrong passwords: try again in a minute"
    assert client.get("/api/me").json() == {"name": None}
    client.post("/api/accounts", json={"name": "Bruno", "password": "cinque cani"})
    client.post("/api/logout")
    assert client.post("/api/login", json={"name": "Bruno", "password": "cinque cani"}).status_code == 200
