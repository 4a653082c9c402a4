"""A person plays against the server's bots over the WebSocket (issue 9, "Tavolo online")."""

from __future__ import annotations

import re

from tests.server.conftest import after_ack, hello, next_frame, send, settled_state


def quick(client, game: str, **options) -> tuple[str, str]:
    reply = client.post("/api/quick", json={"game": game, "name": "Anna", "options": options})
    assert reply.status_code == 201, reply.text
    return reply.json()["table_id"], reply.json()["token"]


def play_to_the_end(client, game: str, **options) -> tuple[dict, list[dict]]:
    """Seat 0 plays its first legal move each turn and continues each hand's end."""
    table_id, token = quick(client, game, **options)
    seen: list[dict] = []
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert hello(ws, token)["seat"] == 0
        view = settled_state(ws, seen)["view"]
        while not view["finished"]:
            if view["legal"]:
                send(ws, type="move", text=view["legal"][0], ref="m")
                view = after_ack(ws, seen)["view"]
            else:
                send(ws, type="continue")
                view = settled_state(ws, seen)["view"]
        return view, seen


def test_a_briscola_match_is_played_to_its_winner(client):
    view, seen = play_to_the_end(client, "briscola", players=2)
    assert view["finished"]["winners"], view["finished"]
    events = [e for f in seen if f["type"] == "state" for e in f["events"]]
    seqs = [e["seq"] for e in events]
    assert seqs == sorted(set(seqs))  # in order, each told once
    assert {e["seat"] for e in events} == {0, 1}


def test_a_tressette_hand_end_waits_for_the_person(client):
    """Tressette to 21 by two: a round ends, every hand shown, the next deal waits for 'continue'."""
    view, seen = play_to_the_end(client, "tressette", players=2, target=21)
    held = [f["view"]["hand_end"] for f in seen if f["type"] == "state" and f["view"]["hand_end"]]
    assert held and held[0]["waiting_for"] == [0] and len(held[0]["hands"]) == 2
    assert view["finished"]


def test_a_burraco_move_of_several_actions_is_all_or_nothing(client):
    table_id, token = quick(client, "burraco", players=2, target=None)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        view = settled_state(ws)["view"]
        assert view["legal"] == ["draw", "take"]
        send(ws, type="move", text="discard 5h", ref="r1")
        error = next_frame(ws, "error")
        assert error["code"] in ("illegal", "notation") and error["ref"] == "r1"
        send(ws, type="move", text="draw", ref="r2")
        assert next_frame(ws, "ack")["ref"] == "r2"


def test_a_record_only_once_finished(client):
    table_id, _ = quick(client, "briscola", players=2)
    reply = client.get(f"/api/tables/{table_id}/record")
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "conflict"


def test_the_recent_events_come_once_after_hello(client):
    """The contract (tavolo.online, ``View.log``): the first state after hello carries the last
    events, later states carry none (each event was sent once, in the ``events`` of the state it
    led to); a second
    socket of the same seat gets them in its own first state."""
    table_id, token = quick(client, "briscola", players=2)
    seen: list[dict] = []
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        view = settled_state(ws, seen)["view"]
        for _ in range(3):
            send(ws, type="move", text=view["legal"][0], ref="m")
            view = after_ack(ws, seen)["view"]
    states = [f for f in seen if f["type"] == "state"]
    events = [e for f in states for e in f["events"]]
    assert len(events) >= 5 and all(s["view"]["log"] == [] for s in states[1:])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        first = next_frame(ws, "state")
    assert first["view"]["log"][-len(events):] == events


def test_a_bots_seat_carries_its_level_for_the_readers_language(client):
    """Pages name a bot in the reader's language from its level's label (a web msgid with
    its Italian in the catalog), not from the English stored in the seat's name."""
    from tavolo.i18n import translate

    table_id, _ = quick(client, "burraco", players=4)
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    bots = [s for s in seats if s["kind"] == "bot"]
    assert len(bots) == 3 and all(s["bot_label"] == "Normal" for s in bots)
    assert translate(bots[0]["bot_label"], "it", "web") == "Normale"
    assert seats[0]["bot_label"] is None


def test_a_match_s_result_is_stored_before_anyone_is_told(client, monkeypatch):
    """Nothing is told before it is stored: the state that shows the match finished (the bot's
    last card or the person's) goes out only once the result and the ratings are stored."""
    service, order = client.app.state.service, []
    broadcast, finish = service._broadcast, service.store.finish

    def telling(table, events=()):
        if table.state.is_terminal():
            order.append("told")
        broadcast(table, events)

    def storing(*args, **kwargs):
        order.append("stored")
        return finish(*args, **kwargs)
    monkeypatch.setattr(service, "_broadcast", telling)
    monkeypatch.setattr(service.store, "finish", storing)
    for _ in range(3):  # who plays the last card varies with the deal
        view, seen = play_to_the_end(client, "briscola", players=2)
        [first_finished, *_] = [f for f in seen if f["type"] == "state" and f["view"]["finished"]]
        assert first_finished["events"]  # the last card, held until the result was stored, told with it
    assert re.fullmatch(r"(stored(,told)+,?){3}", ",".join(order)), order


def test_a_person_plays_burraco_against_the_champion(client):
    """The "Campione" level (issue 27: the search that beats strong, ``pimc``) is offered where the
    compiled core is built, and plays a web table: its moves come and the person plays on (the
    search runs from the table's compiled state, test_engines.py)."""
    from tavolo.games.burraco import native
    from tavolo.i18n import translate

    burraco = next(g for g in client.get("/api/games", headers={"Accept-Language": "it"}).json() if g["name"] == "burraco")
    offered = {b["spec"]: b["label"] for b in burraco["bots"]}
    assert offered.get("pimc") == ("Campione" if native.available() else None)
    if not native.available():
        return
    made = client.post("/api/tables", json={"game": "burraco", "name": "Anna", "options": {"players": 2, "target": None},
                                            "bots": {"1": "pimc"}}).json()
    reply = client.post(f"/api/tables/{made['table_id']}/start", headers={"Authorization": f"Bearer {made['token']}"})
    assert reply.status_code == 200, reply.text
    seats = client.get(f"/api/tables/{made['table_id']}").json()["seats"]
    assert translate(seats[1]["bot_label"], "it", "web") == "Campione"
    seen: list[dict] = []
    with client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws:
        hello(ws, made["token"])
        view = settled_state(ws, seen)["view"]
        for _ in range(6):                      # three turns of Anna's: the champion moves between them
            assert view["legal"], view
            send(ws, type="move", text=view["legal"][0], ref="m")
            view = after_ack(ws, seen)["view"]
            while not view["legal"] and not view["finished"]:
                view = settled_state(ws, seen)["view"]
    told = [e for f in seen if f["type"] == "state" for e in f["events"]]
    assert sum(1 for e in told if e.get("seat") == 1) >= 2, told
