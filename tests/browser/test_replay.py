"""Replay from a game record (issue 9: "A game record can be downloaded (JSON,
the engine's record) and replayed move by move in the browser"): the frames
and hands' ends pages.py builds from a record, a record that does not replay,
and the page at a hand's last move (issue 37: "look at what you made")."""

from __future__ import annotations

import json
import random

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.engine.record import GameRecord
from tavolo.games import make_game
from tavolo.server import pages
from tavolo.server.limits import Guard, Limits


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(pages.router)
    app.state.guard = Guard(Limits(replays_burst=1000))  # these tests ask for more pages than a person
    return TestClient(app)


@pytest.fixture(scope="module")
def record():
    game = make_game("burraco", players=2, target=None)
    return play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=3)


def every_frame(client, record: dict) -> list[dict]:
    """The record's frames, page after page as the replay page reads them."""
    frames: list[dict] = []
    while True:
        answer = client.post(f"/replay/frames?from={len(frames)}", json=record).json()
        assert answer["from"] == len(frames) and len(answer["frames"]) <= pages.FRAMES_PAGE
        frames += answer["frames"]
        if len(frames) == answer["total"]:
            return frames


def test_every_move_is_a_frame_and_the_hand_end_is_where_it_happened(client, record):
    frames = every_frame(client, record.to_json())
    assert len(frames) == len(record.actions) + 1 > pages.FRAMES_PAGE
    assert [f["text"] for f in frames[1:]] == record.actions
    assert [len(f["obs"][0]["hand"]) for f in frames[:1]] == [11]       # fibur art. 3: eleven cards each
    ends = [i for i, f in enumerate(frames) if f["hand_end"]]
    assert ends == [len(frames) - 1]
    assert frames[-1]["hand_end"]["result"]["sides"][0]["seats"] == [0]


def test_the_hands_ends_agree_with_the_engine(client, record):
    answer = client.post("/replay/hands", json=record.to_json()).json()
    (end,) = answer["hand_ends"]
    assert [side["total"] for side in end["result"]["sides"]] == record.result


def test_an_online_record_replays_from_its_stored_shuffles(client):
    """Online shuffles come from OS entropy: the record's seed is 0 and its ``chance`` list deals."""
    game = make_game("briscola", players=2)
    state = game.new_initial_state()
    shuffle = state.sample_chance(random.Random(8))
    state.apply_chance(shuffle)
    first_hand = state.observation(0).to_json()["hand"]
    actions = []
    while not state.is_terminal():
        action = state.legal_actions()[0]
        actions.append(state.action_to_string(action))
        state.apply(action)
    online = {"game": "briscola", "options": game.options_json(), "seats": ["Anna", "Bot"], "seed": 0,
              "actions": actions, "result": state.returns(), "chance": [shuffle]}
    frames = every_frame(client, online)
    assert frames[0]["obs"][0]["hand"] == first_hand
    assert frames[-1]["hand_end"]["result"]["points"] == list(state.round_results[-1].points)


@pytest.mark.parametrize("bad, field", [
    ({"game": "chess", "options": {}, "seats": [], "seed": 0, "actions": []}, "chess"),
    ({"game": "briscola", "options": {"players": 2}, "seats": ["a", "b"], "seed": 0, "actions": ["fly"]}, "fly"),
    ({"game": "briscola", "options": {"players": 2}, "seats": ["a", "b"], "seed": 0, "actions": [], "chance": []},
     "mescolate"),
])
def test_a_record_that_does_not_replay_is_refused_naming_why(client, bad, field):
    """(A field missing or of the wrong form is a 422: tests/server/test_replay_record.py.)"""
    answer = client.post("/replay/frames", json=bad)
    assert answer.status_code == 400
    message = answer.json()["error"]["message"]
    assert message.startswith("Questa partita non si può rivedere") and field in message


def first_hand(record: GameRecord) -> tuple[GameRecord, int, list[int]]:
    """``record`` cut after the move that ended its first hand, the melds on the table then and
    each side's points in them."""
    state = make_game("burraco", **record.options).new_initial_state()
    rng = random.Random(record.seed)
    for done, text in enumerate(record.actions, 1):
        while state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        state.apply(state.parse_action(text))
        if state.hand_results:
            melds = sum(len(side) for side in state.observation(0).to_json()["melds"])
            points = [side["melded"] for side in state.hand_results[0].to_json()["sides"]]
            cut = GameRecord(record.game, record.options, record.seats, record.seed, record.actions[:done])
            return cut, melds, points
    raise AssertionError("the match ended no hand")


@pytest.mark.parametrize("viewport", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_a_hands_last_move_shows_the_board_it_left_and_the_hands_end(browser, server, tmp_path, viewport):
    """The last move of a Burraco hand of a longer match shows the melds as that move left them,
    with the hand's end (every hand revealed, the breakdown per side), as the live table shows it
    until "Continua", each side's points on the table read as there: never the next hand's empty
    table (codice di gara art. 13: the kind of each burraco and its points are checked when the
    points are counted; art. 17, the count)."""
    match = play(make_game("burraco", players=2), [RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    record, melds, points = first_hand(match)
    assert melds > 0
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale="it-IT")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/replay/file")
    page.wait_for_load_state("networkidle")
    page.set_input_files("#record-file", {"name": "partita.json", "mimeType": "application/json",
                                          "buffer": json.dumps(record.to_json()).encode()})
    page.wait_for_selector("#position:has-text('mossa 0')")
    page.click("#last")
    total = len(record.actions)
    page.wait_for_selector(f"#position:has-text('mossa {total} di {total}')")
    page.wait_for_selector("#replay-hand-end .breakdown")
    assert page.locator("#board .meld").count() == melds
    assert page.locator("#board .side-points").all_inner_texts() == [f"{p} punti in tavola" for p in points]
    assert page.locator("#board").bounding_box()["y"] < viewport[1] / 2    # in sight, the hand's end beside or under
    assert page.locator("#replay-hand-end").inner_text().startswith("Fine della smazzata 1")
    page.screenshot(path=str(tmp_path / f"replay-hand-end-{viewport[0]}.png"), full_page=True)
    assert errors == []
    context.close()
