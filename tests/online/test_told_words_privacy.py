"""No frame or log line of the web table names, in its words, a card its reader may not see
(issue 23, for the rummy family): the ``words`` each event carries beside its text are followed
through the service's frames like the text in test_told_privacy.py, for Burraco, Scala 40, Ramino,
Pinnacola, Canasta and Machiavelli with the lobby's defaults; every card the words name must be in
view of that reader right after the move, and the log repeats the words told then."""

from __future__ import annotations

import random

import orjson
import pytest

from tests.online.test_told_privacy import STEPS, next_entries, seated, unseen
from tests.test_rummy_words_privacy import told_cards

RUMMY = ("burraco", "scala40", "ramino", "pinnacola", "canasta", "machiavelli")


def told_words(client) -> tuple[list, list]:
    """(seq, seat that acted, words) of the events, and of the log lines, sent since the last call."""
    events, log = [], []
    while client.frames:
        frame = orjson.loads(client.frames.popleft())
        events += [(e["seq"], e["seat"], e["words"]) for e in frame.get("events", [])]
        log += [(e["seq"], e["seat"], e["words"]) for e in (frame.get("view") or {}).get("log", [])]
    return events, log


@pytest.mark.parametrize("game", RUMMY)
def test_no_words_told_name_a_card_their_reader_cannot_see(game: str) -> None:
    service, table, clients = seated(game, {})
    rng, named = random.Random(11), 0
    told: dict = {reader: {} for reader in clients}
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
                cards = " ".join(told_cards(words).elements())
                named += bool(cards)
                assert actor == reader or not unseen(table.state, reader, cards), (game, reader, actor, words)
                told[reader][seq] = words
            for seq, _, words in log:
                assert told[reader][seq] == words, (game, reader, seq, words)
    assert named, "no words named a card: the walk proves nothing"
