"""A server killed with SIGKILL mid-game and restarted resumes every table exactly
(issue 9: "a server killed with kill -9 and restarted resumes every table, with no
move lost or applied twice"). PostgreSQL is covered by the two-process test."""

from __future__ import annotations

from tests.server.processes import Seat, Server


def test_a_killed_server_resumes_the_table_exactly(db_url):
    server = Server(db_url)
    try:
        made = server.post("/api/quick", {"game": "burraco", "name": "Anna", "options": {"players": 2}})
        table_id, token = made["table_id"], made["token"]
        with server.socket(table_id) as ws:
            seat = Seat(ws)
            seat.greet(token)
            state = seat.settled()
            acked = []
            for _ in range(3):  # draw, discard, then the bot's turn and ours again
                acked.append(seat.move("draw" if "draw" in state["view"]["legal"] else state["view"]["legal"][0]))
                state = seat.settled()
                acked.append(seat.move(next(m for m in state["view"]["legal"] if m.startswith("discard"))))
                state = seat.settled()
        before, before_log = state, seat.log
    finally:
        server.kill()
    server = Server(db_url)
    try:
        with server.socket(table_id) as ws:
            seat = Seat(ws)
            assert seat.greet(token)["seat"] == 0
            after = seat.settled()
            assert after["seq"] == before["seq"]
            assert after["view"]["obs"] == before["view"]["obs"]
            assert seat.log == before_log  # the first state after hello brings it
            seqs = [e["seq"] for e in seat.log]
            assert seqs == sorted(set(seqs)) and set(acked) <= set(seqs)
            assert seat.move("draw") == after["seq"] + 1
    finally:
        server.kill()
