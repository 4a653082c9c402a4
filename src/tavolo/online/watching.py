"""Who may watch or replay a tournament's table (issue 39, "Spectators" and "Hidden information").

A pure decision, no I/O: the server reads the facts (the table's link to its tournament, the
tournament's state, the session's account) and asks :func:`decide` at its two doors, the table's
socket without a seat (``live``) and the table's record and replay (``record``):

* while the table's round is running, a registered player of the tournament only sits at its own
  seat (its seat's token): it never watches a table of its tournament, its own included (no
  kibitzing for a partner);
* the organizer and the staff (director, arbiter) watch any table live, with the spectator's view
  (which shows no hand); its record only as far as the deals finished there;
* anyone else: nothing where the organizer chose ``none``; with ``delayed``, not the live table
  but its record one deal behind (the deals finished there); with duplicate deals, not even that
  until every table of the round has finished (a deal is told to nobody before every table has
  played it: the simplest honest rule is the round complete);
* once the round is complete (or the tournament over), its tables are public, as any table's.

    >>> decide(Watch(LIVE, PLAYER, "delayed", duplicate=False, round_complete=False)).allowed
    False
    >>> decide(Watch(RECORD, OTHER, "delayed", duplicate=False, round_complete=False)).deals
    'finished'
    >>> decide(Watch(RECORD, OTHER, "none", duplicate=True, round_complete=True)).deals
    'all'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

LIVE, RECORD = "live", "record"
"""The doors: the table's socket as a spectator; the table's record (and its replay page)."""
PLAYER, STAFF, OTHER = "player", "staff", "other"
"""Who knocks: a registered player of the tournament; its organizer or staff; anyone else."""
ALL, FINISHED = "all", "finished"
"""What a record may hold: the whole game; the deals finished at the table only."""

NO_KIBITZ = "No kibitzing: during the round a player of the tournament does not watch the tables (sit at your own seat)"
NO_SPECTATORS = "This tournament takes no spectators while a round is running: its tables open when the round is over"
DELAYED = "Spectators see this tournament's tables one deal behind: open the table's replay"
DUPLICATE = ("Duplicate deals: a table's replay opens when every table of the round has finished "
             "(nobody sees a deal before it is played everywhere)")


@dataclass(frozen=True, slots=True)
class Watch:
    """The facts of one request: the ``door``, who knocks (``role``), the organizer's
    ``spectators`` setting, whether the round's deals are duplicate, and whether the table's
    round is complete (or the tournament over)."""

    door: str
    role: str
    spectators: str
    duplicate: bool
    round_complete: bool


@dataclass(frozen=True, slots=True)
class Verdict:
    """Allowed or not; ``deals``: what a record may hold (:data:`ALL`, :data:`FINISHED`);
    ``reason``: the refusal's msgid (``server`` catalog) when not allowed."""

    allowed: bool
    deals: str = ALL
    reason: str | None = None


def decide(watch: Watch) -> Verdict:
    """Whether ``watch`` may go through its door, and what a record may hold (see the module)."""
    if watch.round_complete:
        return Verdict(True)
    if watch.role == PLAYER:
        return Verdict(False, reason=NO_KIBITZ)
    if watch.role == STAFF:
        return Verdict(True, ALL if watch.door == LIVE else FINISHED)
    if watch.spectators == "none":
        return Verdict(False, reason=NO_SPECTATORS)
    if watch.door == LIVE:
        return Verdict(False, reason=DELAYED)
    if watch.duplicate:
        return Verdict(False, reason=DUPLICATE)
    return Verdict(True, FINISHED)


def role_of(account: str | None, players: Iterable[str], staff: Iterable[str]) -> str:
    """``account``'s part in a tournament whose registered accounts are ``players`` and whose
    organizer and staff are ``staff``: a player first (an organizer who also plays does not watch
    the others' tables), then staff, else anyone. Names compare without case."""
    if account is None:
        return OTHER
    folded = account.casefold()
    if any(name.casefold() == folded for name in players):
        return PLAYER
    return STAFF if any(name.casefold() == folded for name in staff) else OTHER


def finished_deals(record: dict[str, Any], results: Any, game: Any) -> dict[str, Any]:
    """``record`` (a table's :meth:`~tavolo.online.tables.Table.game_record`) cut after the last deal
    finished: its actions up to the move that ended it, the shuffles dealt until then (never the deal
    in play's), no result. ``game`` is the record's game, ``results(state)`` its finished hands."""
    state = game.new_initial_state()
    shuffles = iter(record.get("chance") or [])
    dealt = kept = cut = done = 0
    for index, text in enumerate(record["actions"]):
        while state.is_chance_node():
            state.apply_chance(next(shuffles))
            dealt += 1
        state.apply(state.parse_action(text))
        if len(results(state)) > done:
            done, kept = len(results(state)), index + 1
            cut = dealt
    return record | {"actions": record["actions"][:kept], "chance": (record.get("chance") or [])[:cut],
                     "result": None}


__all__ = ["ALL", "FINISHED", "LIVE", "OTHER", "PLAYER", "RECORD", "STAFF", "Verdict", "Watch", "decide",
           "finished_deals", "role_of"]
