"""Two people at one Burraco table, each in their own browser, and a spectator:
every WebSocket frame each one receives is read for the others' cards (issue 9, "The server is
the only authority": a client receives only what its seat may see, never
another seat's hand, the pozzetti or the stock order)."""

from __future__ import annotations

import json
from collections import Counter

from tests.browser.play import SCRIPT_ERRORS, act, create_table, exact_legal, new_player, wait_turn

TURNS = 6


def listen(page, frames: list[dict]) -> None:
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))


def card_tokens(value) -> Counter:
    """Every card named anywhere in a frame (meld texts split into cards, declared ranks dropped)."""
    found: Counter = Counter()
    if isinstance(value, dict):
        for v in value.values():
            found += card_tokens(v)
    elif isinstance(value, list):
        for v in value:
            found += card_tokens(v)
    elif isinstance(value, str):
        for word in value.split():
            token = word.split("(")[0]
            if len(token) == 2 and token[0] in "A23456789TJQK" and token[1] in "hdcs":
                found[token] += 1
    return found


def public_cards(obs: dict) -> Counter:
    """The cards an observation may name without secrets: the seat's own hand (none
    for a spectator), the pile, the melds, and cards seen taken from the pile
    (codice art. 11: the discard pile is public)."""
    return (card_tokens(obs.get("hand", [])) + card_tokens(obs["pile"]) + card_tokens(obs["melds"])
            + card_tokens(obs["known"]))


def check_frames(frames: list[dict], own_seat: int, other_hands: dict[int, list[str]]) -> int:
    """No frame before the hand's end names a card beyond what its seat (or a
    spectator, before sitting) may know, nor holds the other's hand; a draw
    is announced without its card. The number of the seat's state frames read."""
    states = [f for f in frames if f.get("type") == "state" and not f["view"]["hand_end"]]
    for frame in states:
        obs = frame["view"]["obs"]
        public = (public_cards(obs) + card_tokens(frame["view"]["legal"]) + card_tokens(frame["view"]["legal_words"])
                  + card_tokens(frame["view"]["log"])
                  + card_tokens(frame["events"]))
        assert card_tokens(frame) - public == Counter(), json.dumps(frame)
        other = other_hands.get(frame["seq"])
        if other and "hand" in obs:
            assert obs["seat"] == own_seat
            assert Counter(other) - public_cards(obs), "the other's whole hand is visible"
    events = [e for f in frames if f.get("type") == "state" for e in f["events"] + f["view"]["log"]]
    for event in events:
        if event["text"].split()[0] in ("draw", "pesca"):
            assert not card_tokens(event["text"]), event
    return sum("hand" in f["view"]["obs"] for f in states)


def test_two_people_see_only_their_own_cards(browser, server):
    anna = new_player(browser, server, "Anna")
    bruno = new_player(browser, server, "Bruno", viewport=(390, 844))
    frames = {0: [], 1: []}
    listen(anna, frames[0])
    listen(bruno, frames[1])
    table_id = create_table(anna, "burraco", {"players": "2", "target": "null"}, {}, start=False)
    bruno.goto(f"{server}/t/{table_id}")
    bruno.click("#waiting .sit")
    bruno.wait_for_selector("#waiting .waiting-seat >> text=Bruno")
    anna.wait_for_selector("#waiting .waiting-seat >> text=Bruno")
    anna.click("#waiting .start")
    carla = new_player(browser, server, "Carla")                          # a spectator: public information only
    frames[None] = []
    listen(carla, frames[None])
    carla.evaluate(f"localStorage.setItem('tavolo.seat.{table_id}', JSON.stringify({{seat: 0, token: 'guessed'}}))")
    carla.goto(f"{server}/t/{table_id}")                                  # a guessed token holds no seat
    for page in (anna, bruno):
        page.wait_for_selector(".hand .card")
        page.click("#legal-box summary")
    turns = 0
    while turns < TURNS:
        anna.wait_for_timeout(30)
        for page in (anna, bruno):
            if page.locator("#legal .legal-move").count():
                legal = wait_turn(page)
                move = "draw" if "draw" in legal else next(m for m in legal if m.startswith("discard "))
                act(page, lambda: exact_legal(page, move).click())
                turns += 1
    hands = {seat: {f["seq"]: f["view"]["obs"]["hand"] for f in frames[seat]
                    if f.get("type") == "state" and "hand" in f["view"]["obs"]} for seat in (0, 1)}
    assert check_frames(frames[0], 0, hands[1]) > TURNS
    assert check_frames(frames[1], 1, hands[0]) > TURNS
    assert check_frames(frames[None], None, {}) == 0                      # no hand in any of the spectator's frames
    assert sum(f.get("type") == "state" for f in frames[None]) > TURNS
    assert carla.locator(".hand .card").count() == 0
    assert carla.evaluate(f"localStorage.getItem('tavolo.seat.{table_id}')") is None
    assert any(f.get("code") == "forbidden" for f in frames[None])
    assert SCRIPT_ERRORS[anna] == SCRIPT_ERRORS[bruno] == SCRIPT_ERRORS[carla] == []
