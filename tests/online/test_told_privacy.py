"""No frame or log line of the web table names a card its reader may not see (issue 22,
"Hidden cards in the move log"): for every game, over random hands, each move is told to each
seat and to a spectator through the service's frames (the ``events`` of each ``state``, and the
recent ``log`` a client gets after its hello), and every card those texts name must be in view
of that reader right after the move (tests/privacy.py says what each game shows). The seat that
played reads its own move whole.

The games' own texts are checked action by action in tests/test_action_privacy.py; this file
checks that the web table tells each reader the game's text for that reader, and nothing more.
"""

from __future__ import annotations

import random
from collections import Counter

import orjson
import pytest

from tavolo.online.service import Client, TableService
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
    """The deal, a continue at a hand's end, or a random legal move of the seat to act."""
    entries = table.next_entries()
    if not entries and table.waiting:
        entries = table.continue_entries(min(table.waiting))
    if not entries:
        seat = table.to_act
        entries = table.action_entries(seat, [rng.choice(table.state.legal_actions())])
    return entries


def told_texts(client: Client) -> tuple[list[tuple[int, int, str]], list[tuple[int, int, str]]]:
    """(seq, seat that acted, text) of the events, and of the log lines, in the frames ``client``
    was sent since the last call."""
    events, log = [], []
    while client.frames:
        frame = orjson.loads(client.frames.popleft())
        WORDS.extend((e["seq"], e["seat"], e["words"]) for e in frame.get("events", []) if e.get("words"))
        events += [(e["seq"], e["seat"], e["text"]) for e in frame.get("events", [])]
        log += [(e["seq"], e["seat"], e["text"]) for e in (frame.get("view") or {}).get("log", [])]
    return events, log


WORDS: list[tuple[int, int, dict]] = []
"""(seq, seat that acted, words) of the events :func:`told_texts` read last: the same moves in
words (issue 23), which must hide what the text hides."""


def unseen(state, reader: int | None, text: str) -> Counter[int]:
    """The cards ``text`` names that ``reader`` cannot see in ``state``: more copies named than
    the copies in its view."""
    hidden, deck = hidden_from(state, reader), state.game.deck_counts
    return Counter({c: n for c, n in named_cards(state, text).items() if n > deck[c] - hidden[c]})


def unseen_words(state, reader: int | None, words: dict) -> Counter[int]:
    """The cards a move's ``words`` name that ``reader`` cannot see in ``state``."""
    hidden, deck = hidden_from(state, reader), state.game.deck_counts
    return Counter({c: n for c, n in words_cards(state, words).items() if n > deck[c] - hidden[c]})


@pytest.mark.parametrize("game, options", GAMES, ids=[f"{g}-{o.get('rules', '')}".rstrip("-") for g, o in GAMES])
def test_no_frame_or_log_line_names_a_card_its_reader_cannot_see(game: str, options: dict) -> None:
    service, table, clients = seated(game, options)
    rng, played = random.Random(7), 0
    told: dict[int | None, dict[int, str]] = {reader: {} for reader in clients}
    for step in range(STEPS):
        if table.state.is_terminal():
            break
        entries = next_entries(table, rng)
        if step % 25 == 0:  # now and then a client (re)connects: its next state carries the log
            for client in clients.values():
                client.logged = False
        service._apply(table, entries)
        for reader, client in clients.items():
            WORDS.clear()
            events, log = told_texts(client)
            for seq, actor, text in events:  # checked as the move is told
                assert actor == reader or not unseen(table.state, reader, text), (game, reader, actor, text)
            for seq, actor, words in WORDS:  # and in words
                assert actor == reader or not unseen_words(table.state, reader, words), (game, reader, actor, words)
                told[reader][seq] = text
            for seq, _, text in log:  # the log repeats what was told then, word for word
                assert told[reader][seq] == text, (game, reader, seq, text)
        played += sum(entry.kind == "action" for entry in entries)
    assert played > 20


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
        WORDS.clear()
        assert told_texts(clients[reader]) == ([(seq, passer, "pass a card")], [])
        assert WORDS == [(seq, passer, {"key": "pass a card", "params": {}})]
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


def told_words(client: Client) -> tuple[list[tuple[int, int, dict]], list[tuple[int, int, dict]]]:
    """(seq, seat that acted, words JSON) of the events, and of the log lines, ``client`` was
    sent since the last call (issue 23: the frames carry the move in words beside its text)."""
    events, log = [], []
    while client.frames:
        frame = orjson.loads(client.frames.popleft())
        events += [(e["seq"], e["seat"], e["words"]) for e in frame.get("events", [])]
        log += [(e["seq"], e["seat"], e["words"]) for e in (frame.get("view") or {}).get("log", []) if "words" in e]
    return events, log


def words_tokens(words: dict) -> str:
    """The cards (and Mercante's figures) a words JSON names, as notation tokens."""
    found: list[str] = []
    for value in words["params"].values():
        if isinstance(value, dict) and "cards" in value:
            found += value["cards"]
        elif isinstance(value, dict) and "key" in value:
            found += [value["key"], words_tokens(value)]
    return " ".join(found)


@pytest.mark.parametrize("game", ["petrangola", "perlina", "mercante"])
def test_no_words_in_a_frame_name_a_card_their_reader_cannot_see(game: str) -> None:
    """The parlour games' words (a Perlina card changed or dropped goes out face down, raccolta,
    Perlina, "Giocata") name only cards in view of each reader as the move is told, and the log
    repeats those words exactly."""
    service, table, clients = seated(game, {})
    rng, checked = random.Random(11), 0
    told: dict[int | None, dict[int, dict]] = {reader: {} for reader in clients}
    for step in range(STEPS):
        if table.state.is_terminal():
            break
        entries = next_entries(table, rng)
        if step % 25 == 0:
            for client in clients.values():
                client.logged = False
        service._apply(table, entries)
        for reader, client in clients.items():
            events, log = told_words(client)
            for seq, actor, words in events:
                checked += 1
                assert actor == reader or not unseen(table.state, reader, words_tokens(words)), (game, reader, words)
                told[reader][seq] = words
            for seq, _, words in log:
                assert told[reader][seq] == words, (game, reader, seq, words)
    assert checked > 100
