"""No frame or log line of the web table names a card its reader may not see (issue 22,
"Hidden cards in the move log"; issue 23, the same in words): for every game, over random hands,
each move is told to each seat and to a spectator through the service's frames (the ``events`` of
each ``state``, and the recent ``log`` a client gets after its hello), and every card those texts
and those words name must be in view of that reader right after the move (tests/privacy.py says
what each game shows). The seat that played reads its own move whole.

The games' own texts and words are checked action by action in tests/test_action_privacy.py and
tests/test_rummy_words_privacy.py; this file checks that the web table tells each reader the
game's text and words for that reader, and nothing more.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import orjson
import pytest

from tavolo.online.clients import Client
from tavolo.online.service import TableService
from tavolo.online.tables import Table
from tavolo.online.views import CATALOG, view_of
from tavolo.store.online import OnlineStore, SeatRecord, TableRecord, make_online_engine
from tests.privacy import hidden_from, named_cards
from tests.words_cards import words_cards

GAMES = [(name, {}) for name in CATALOG] + [("peppa", {"rules": "hearts"})]
"""Every game offered online with its lobby's defaults, and Peppa's Hearts rules."""

STEPS = 400
"""Stored entries a game is followed for (a hand or more of every game)."""


def seated(game: str, options: dict) -> tuple[TableService, Table, dict[int | None, Client]]:
    """A table of ``game`` where every seat is a person, each with a client, and a spectator,
    in a service that tells them (no store writes: entries are applied as if stored)."""
    players = view_of(game).build(options).num_players
    seats = [SeatRecord(s, f"P{s}", "human", None, f"h{s}", None) for s in range(players)]
    table = Table(TableRecord("t1", game, options, "off", "playing", seats))
    service = TableService(OnlineStore(make_online_engine("sqlite://")))
    service.tables[table.id] = table
    clients = {seat: Client(seat, "it", length=10**6) for seat in [*range(players), None]}
    service.clients[table.id] = set(clients.values())
    return service, table, clients


def next_entries(table: Table, rng: random.Random) -> list:
    """The deal, a continue at a hand's end, or a random legal move of the seat to act; the deal
    shuffled by ``rng``, not the table's OS entropy, so that a walk from one seed replays."""
    entries = table.next_entries()
    if entries and entries[0].kind == "chance":
        entries = [replace(entries[0], payload={"outcome": table.state.sample_chance(rng)})]
    if not entries and table.waiting:
        entries = table.continue_entries(min(table.waiting))
    if not entries:
        seat = table.to_act
        entries = table.action_entries(seat, [rng.choice(table.state.legal_actions())])
    return entries


def told(client: Client) -> tuple[list[dict], list[dict]]:
    """The events, and the log lines, of the frames ``client`` was sent since the last call: each
    with ``seq``, ``seat`` (who acted), ``text`` and, for a move, its ``words`` (issue 23)."""
    events, log = [], []
    while client.frames:
        frame = orjson.loads(client.frames.popleft())
        events += frame.get("events", [])
        log += (frame.get("view") or {}).get("log", [])
    return events, log


def told_texts(client: Client) -> tuple[list[tuple[int, int, str]], list[tuple[int, int, str]]]:
    """(seq, seat that acted, text) of the events, and of the log lines, ``client`` was sent since
    the last call."""
    events, log = told(client)
    return [(e["seq"], e["seat"], e["text"]) for e in events], [(e["seq"], e["seat"], e["text"]) for e in log]


def walk(game: str, options: dict, seed: int):
    """A table of ``game`` played at random for :data:`STEPS` entries, every seat a person with a
    client and a spectator too (now and then a client reconnects, and its next state carries the
    log): after each entry, for each reader, the events and log lines told to it since the last,
    and the state they were told in."""
    service, table, clients = seated(game, options)
    rng = random.Random(seed)
    for step in range(STEPS):
        if table.state.is_terminal():
            break
        entries = next_entries(table, rng)
        if step % 25 == 0:
            for client in clients.values():
                client.logged = False
        service._apply(table, entries)
        for reader, client in clients.items():
            yield table.state, reader, *told(client)


def unseen(state, reader: int | None, text: str) -> Counter[int]:
    """The cards ``text`` names that ``reader`` cannot see in ``state``: more copies named than
    the copies in its view."""
    hidden, deck = hidden_from(state, reader), state.game.deck_counts
    return Counter({c: n for c, n in named_cards(state, text).items() if n > deck[c] - hidden[c]})


def unseen_words(state, reader: int | None, words: dict) -> Counter[int]:
    """The cards a move's ``words`` name that ``reader`` cannot see in ``state``."""
    hidden, deck = hidden_from(state, reader), state.game.deck_counts
    return Counter({c: n for c, n in words_cards(state, words).items() if n > deck[c] - hidden[c]})


IDS = [f"{g}-{o.get('rules', '')}".rstrip("-") for g, o in GAMES]


@pytest.mark.parametrize("game, options", GAMES, ids=IDS)
def test_no_frame_or_log_line_names_a_card_its_reader_cannot_see(game: str, options: dict) -> None:
    texts: dict[int | None, dict[int, str]] = {}
    moves = 0
    for state, reader, events, log in walk(game, options, seed=7):
        for e in events:  # checked as the move is told
            assert e["seat"] == reader or not unseen(state, reader, e["text"]), (game, reader, e)
            texts.setdefault(reader, {})[e["seq"]] = e["text"]
            moves += reader is None  # each move is told once to the spectator
        for e in log:  # the log repeats what was told then, word for word
            assert texts[reader][e["seq"]] == e["text"], (game, reader, e)
    assert moves > 20


@pytest.mark.parametrize("game, options", GAMES, ids=IDS)
def test_no_words_in_a_frame_or_log_line_name_a_card_their_reader_cannot_see(game: str, options: dict) -> None:
    """The words each event carries beside its text (issue 23) hide what the text hides: a card
    drawn from the face-down stock (fedibur-regolamento-1985 art. 4, the "tallone coperto";
    raccolta, each game's "mazzo" face down), another seat's hand, a Perlina card changed or
    dropped, which goes out face down (raccolta, Perlina, "Giocata"), a Mercante figure still
    covered; the log repeats the words told then exactly; and the walk's words do name cards
    (or figures), or it would prove nothing."""
    said: dict[int | None, dict[int, dict]] = {}
    checked = named = 0
    for state, reader, events, log in walk(game, options, seed=11):
        for e in [e for e in events if "words" in e]:
            checked += 1
            named += bool(words_cards(state, e["words"]))
            assert e["seat"] == reader or not unseen_words(state, reader, e["words"]), (game, reader, e)
            said.setdefault(reader, {})[e["seq"]] = e["words"]
        for e in [e for e in log if "words" in e]:
            assert said[reader][e["seq"]] == e["words"], (game, reader, e)
    assert checked > 100 and named > 4, (checked, named)  # one walk a seed; an OS-shuffled one left Mercante 0


def test_the_seat_that_passed_reads_its_cards_and_the_others_do_not() -> None:
    """Hearts (raccolta, Peppa e Hearts: "ogni giocatore passa tre carte"): the passer's frame
    names the card it passed, the other seats' and the spectator's say only that a card went."""
    service, table, clients = seated("peppa", {"rules": "hearts"})
    rng = random.Random(3)
    service._apply(table, next_entries(table, rng))  # the deal
    for client in clients.values():
        told_texts(client)
        client.logged = True
    passer = table.to_act
    action = table.state.legal_actions()[0]
    whole = table.state.action_to_string(action)
    service._apply(table, table.action_entries(passer, [action]))
    seq = table.seq
    assert told_texts(clients[passer]) == ([(seq, passer, whole)], [])
    for reader in [s for s in clients if s != passer]:
        events, _ = told(clients[reader])
        assert [(e["seq"], e["seat"], e["text"], e["words"]) for e in events] == [
            (seq, passer, "pass a card", {"key": "pass a card", "params": {}})]
    for client in clients.values():
        client.logged = False
    service._broadcast(table)
    assert told_texts(clients[passer]) == ([], [(seq, passer, whole)])  # the log after a hello
    for reader in [s for s in clients if s != passer]:
        assert told_texts(clients[reader]) == ([], [(seq, passer, "pass a card")])


@pytest.mark.parametrize("game", list(CATALOG))
def test_a_spectator_s_view_is_the_same_from_every_seat(game: str) -> None:
    """What a spectator is sent is read from seat 0's observation with the seat's own fields
    left out: it must not depend on the seat it was read from, or a seat's private field
    would be missing from the game view's ``hidden_keys``."""
    view = view_of(game)
    state, rng = view.build({}).new_initial_state(), random.Random(5)
    for _ in range(150):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        public = {orjson.dumps(view.public(state.observation(s).to_json()), option=orjson.OPT_NON_STR_KEYS)
                  for s in range(state.game.num_players)}
        assert len(public) == 1
        state.apply(rng.choice(state.legal_actions()))
