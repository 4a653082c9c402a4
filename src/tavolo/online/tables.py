"""One table played online (tavolo): its seats, its game and the log that
rebuilds it. No I/O here: the service stores the entries a table proposes and
then applies them, the same way a restarted server replays them.

Log entries (``kind``, ``payload``):

* ``chance``: ``{"outcome": [...]}``, a shuffle drawn from OS entropy;
* ``action``: ``{"seat", "action", "text", "timer"?}``, one applied action;
* ``continue``: ``{"seat", "timer"?}``, a person done looking at a hand's end (or, with a move
  timer, the timer for them once the hand's end time ran out);
* ``timeout``: ``{}``, the round's time is out at a tournament's table (codice art. 15): the hand
  in play ends by its rule, and no new hand is dealt.

At a tournament's table with duplicate deals (``record.tournament["deals"]``), each shuffle is drawn
from that key and the hand's number, so every table of the round is dealt the same hands.

    >>> from tavolo.store.online import SeatRecord, TableRecord
    >>> record = TableRecord("t1", "briscola", {"players": 2}, "off", "playing",
    ...                      [SeatRecord(0, "Anna", "human", None, "h", None), SeatRecord(1, "Bot", "bot", "simple", None, None)])
    >>> table = Table(record)
    >>> [e.kind for e in table.next_entries()]
    ['chance']
"""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

import orjson

from tavolo.engine.errors import ActionError
from tavolo.engine.game import State
from tavolo.engine.record import GameRecord
from tavolo.engine.typed import MoveReader
from tavolo.online.messages import Refusal, refusal_of
from tavolo.online.views import view_of
from tavolo.store.online import LogEntry, SeatRecord, TableRecord, epoch

LOG_LENGTH = 50
_ENTROPY = secrets.SystemRandom()


@dataclass(frozen=True, slots=True)
class Event:
    """An applied action as the table tells it: whole (``own``) to the seat that played it, and
    as the game lets every other seat and a spectator learn it (``public``: Hearts' ``pass a
    card``), the same object where the game hides nothing (see
    :meth:`~tavolo.engine.game.State.action_to_string_for`)."""

    seat: int
    own: dict[str, Any]
    public: dict[str, Any]

    def told_to(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` (None: a spectator) may read it."""
        return self.own if seat == self.seat else self.public

    @property
    def hides(self) -> bool:
        """Whether the seats that did not play it read less than the one that did."""
        return self.own is not self.public


def told_to(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """``events`` as ``seat`` may read them."""
    return [event.told_to(seat) for event in events]


def table_info(record: TableRecord, view: Any, connected: dict[int, int] | None = None,
               ratings: dict[str, float] | None = None, watchers: int = 0) -> dict[str, Any]:
    """The ``TableInfo`` of the contract for ``record`` (its game's ``view`` names it and its
    bots): ``connected``, the sockets of each seat; ``ratings``, the shown rating of each
    account; ``watchers``, the spectators connected."""
    r, ratings, connected = record, ratings or {}, connected or {}
    return {"id": r.id, "game": r.game, "title": view.title, "options": r.options, "timer": r.timer,
            "status": r.status, "created": r.created_at.isoformat() if r.created_at else None,
            "next_table": r.next_table, "watchers": watchers,
            "tournament": ({k: r.tournament[k] for k in ("id", "round", "table")} if r.tournament else None),
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot,
                       "bot_label": view.bot_label(s.bot) if s.bot else None,
                       "connected": bool(connected.get(s.seat)), "account": s.account,
                       "rating": ratings.get(s.account) if s.account else None} for s in r.seats]}


class Table:
    """A table's seats and game, rebuilt from (and advanced by) log entries."""

    def __init__(self, record: TableRecord) -> None:
        self.record = record
        self.view = view_of(record.game)
        self.game = self.view.build(record.options)
        self.state: State = self.game.new_table_state()
        self.seq = 0
        self.game_seq = 0
        """The seq of the last entry that changed the game (a shuffle or an action, not a
        continue): what each seat sees is read once for it."""
        self.log: deque[tuple[int, orjson.Fragment, orjson.Fragment]] = deque(maxlen=LOG_LENGTH)
        """The last events: who played each, and the event as that seat and as every other seat
        reads it, kept encoded (text is no work for the garbage collector)."""
        self.hand_end: dict[str, Any] | None = None
        self.timed_out = False
        """The round's time ran out here (a ``timeout`` entry, codice art. 15)."""
        self.waiting: set[int] = set()
        self.chance: list[Any] = []
        self.actions: list[str] = []
        self.changed_at = time.time()
        """When the last entry was stored (epoch seconds): a move's time runs from it."""
        self.acted_at = epoch(record.created_at) if record.created_at else self.changed_at
        self.ended_at = self.changed_at
        """When the last hand ended (epoch seconds, its last action's stored time)."""
        """When a person last acted here (epoch seconds): the table's making, a person's move
        (not one the timer played for them) or continue; an idle table is closed from it."""
        self._melds: tuple[int, Any] = (-1, None)
        """The melds read at a game seq: public, so one reading serves every seat's view."""
        self._public: tuple[int, dict[str, Any]] = (-1, {})
        """The public part of the observation at a game seq (the moments compare two of them)."""
        self._typed: tuple[int, State | None, MoveReader | None] = (-1, None, None)
        """The reader of typed moves at a game seq: a move the notation does not read is compared
        with the words of every legal move, said once a position however many moves are typed."""
        self._seen: tuple[int, dict[int | None, orjson.Fragment]] = (-1, {})
        """Each seat's observation JSON at a game seq (None: a spectator's), encoded once however
        often it is sent: kept as text, not as the thousands of dicts and lists of every
        table's views that the garbage collector would otherwise walk."""

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def seats(self) -> list[SeatRecord]:
        return self.record.seats

    @property
    def to_act(self) -> int:
        """The seat to act, or -1 (dealing, waiting at a hand's end, over, not started)."""
        if self.record.status != "playing" or self.waiting:
            return -1
        player = self.state.current_player()
        return player if player >= 0 else -1

    def human_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human"]

    # --- proposing entries (live play) ---------------------------------------------------------

    def move_entries(self, seat: int, text: str) -> list[LogEntry]:
        """The entries of ``seat``'s move ``text`` (several actions for a long
        Burraco opening), checked on a copy: all legal, or :class:`Refusal`."""
        if self.record.status != "playing":
            raise Refusal("not_your_turn", "The game is not being played")
        if self.to_act != seat:
            raise Refusal("not_your_turn", "It is not your turn")
        try:
            actions = self._reader().read(text)
            return self._action_entries(seat, actions)
        except ActionError as exc:
            refusal = refusal_of(exc)
            refusal.candidate_words = self._candidate_words(refusal.candidates)
            raise refusal from None

    def _reader(self) -> MoveReader:
        seq, state, reader = self._typed
        if seq != self.game_seq or state is not self.state or reader is None:
            reader = self.state.move_reader()
            self._typed = (self.game_seq, self.state, reader)
        return reader

    def _candidate_words(self, candidates: list[str] | None) -> list[dict | None] | None:
        """The words of each candidate of an ambiguous move (a pinella natural or wild, an ace
        low or high, the two readings of a long opening), so that the choice reads "lega 2♥ alla
        3 come matta", "cala 2♥ … Q♥ Jolly A♥ con l'asso in alto"; None for a candidate that is
        not a move (the meld several attached cards could make), said by its notation."""
        if not candidates:
            return None
        said: list[dict | None] = []
        for text in candidates:
            try:
                said.append(self.state.move_words(text).to_json())
            except (ActionError, ValueError):
                said.append(None)
        return said

    def action_entries(self, seat: int, actions: list[int], timer: bool = False) -> list[LogEntry]:
        """Entries for actions a bot or the timer chose (legal by construction)."""
        return self._action_entries(seat, actions, timer)

    def _action_entries(self, seat: int, actions: list[int], timer: bool = False) -> list[LogEntry]:
        """The entries of ``actions``: one legal action is read off the state itself, several
        are tried on a copy (each one's legality and notation depend on those before it)."""
        state = self.state
        if len(actions) == 1 and state.current_player() == seat and actions[0] in state.legal_actions():
            return [self._action_entry(seat, actions[0], state.action_to_string(actions[0]), timer, 1)]
        trial = state.clone()
        entries = []
        for action in actions:
            if trial.current_player() != seat:
                raise Refusal("not_your_turn", "It is not your turn")
            text = trial.action_to_string(action)
            trial.apply(action)
            entries.append(self._action_entry(seat, action, text, timer, len(entries) + 1))
        return entries

    def _action_entry(self, seat: int, action: int, text: str, timer: bool, offset: int) -> LogEntry:
        payload = {"seat": seat, "action": action, "text": text}
        if timer:
            payload["timer"] = True
        return LogEntry(self.id, self.seq + offset, "action", payload)

    def timer_actions(self, seat: int) -> list[int]:
        """What the timer plays for ``seat`` when its time is up, to the end of its turn
        (codice art. 32 bis: draw if needed, then discard the highest card)."""
        trial, actions = self.state.clone(), []
        while trial.current_player() == seat and len(actions) < 60:
            actions.append(self.view.timer_action(trial))
            trial.apply(actions[-1])
        return actions

    def continue_entries(self, seat: int, timer: bool = False) -> list[LogEntry]:
        """``seat``'s "continua" at a hand's end; ``timer``: the timer's, for them."""
        if seat not in self.waiting:
            raise Refusal("bad_message", "Nothing to continue")
        return [LogEntry(self.id, self.seq + 1, "continue", {"seat": seat} | ({"timer": True} if timer else {}))]

    def next_entries(self) -> list[LogEntry]:
        """What the table does by itself now: a shuffle (OS entropy) when a deal is due."""
        if self.record.status == "playing" and self.state.is_chance_node() and not self.waiting and not self.over:
            outcome = self.state.sample_chance(self._shuffler())
            return [LogEntry(self.id, self.seq + 1, "chance", {"outcome": outcome})]
        return []

    def _shuffler(self) -> random.Random:
        """OS entropy; at a tournament's table with duplicate deals, the round's key and the shuffle's
        number (the same at every table of the round, and known to no player)."""
        key = (self.record.tournament or {}).get("deals")
        if not key:
            return _ENTROPY
        digest = hashlib.sha256(f"{key}:{len(self.chance)}".encode()).digest()
        return random.Random(int.from_bytes(digest, "big"))

    @property
    def over(self) -> bool:
        """The match is over: played to its end, or its time ran out before a hand was dealt."""
        return self.state.is_terminal() or (self.timed_out and self.state.is_chance_node())

    def returns(self) -> list[float]:
        """Each seat's result: the game's, or for a match its time-out ended between hands, the
        points each seat was credited in the hands played."""
        if self.state.is_terminal():
            return self.state.returns()
        return [float(sum(r.credited[seat] for r in self.view.results(self.state)))
                for seat in range(len(self.seats))]

    def timeout_entries(self) -> list[LogEntry]:
        """The round's time-out at this table (codice art. 15), once."""
        if self.timed_out or self.over:
            return []
        return [LogEntry(self.id, self.seq + 1, "timeout", {})]

    # --- applying stored entries (live and replay) ---------------------------------------------

    def apply(self, entry: LogEntry) -> Event | None:
        """Apply a stored entry; returns the :class:`Event` of an action (else None)."""
        if entry.seq != self.seq + 1:
            raise ValueError(f"table {self.id}: entry {entry.seq} after {self.seq}")
        payload = entry.payload
        if entry.kind == "action":  # read before the change, from what the last one left
            before = self._public_now(payload["seat"]), self._melds_now(payload["seat"])
        self.seq = entry.seq
        if entry.kind != "continue":
            self.game_seq = entry.seq
        self.changed_at = entry.recorded_at or time.time()
        if not payload.get("timer") and (entry.kind == "continue" or (
                entry.kind == "action" and self.seats[payload["seat"]].kind == "human")):
            self.acted_at = self.changed_at
        if entry.kind == "chance":
            self.state.apply_chance(payload["outcome"])
            self.chance.append(payload["outcome"])
            self.hand_end = None
            return None
        if entry.kind == "timeout":
            self.timed_out = True
            if not self.state.is_chance_node():  # at a hand not dealt yet: that hand is not played
                self.state.announce_time_out()
            return None
        if entry.kind == "continue":
            self.waiting.discard(payload["seat"])
            if self.hand_end is not None:
                self.hand_end["waiting_for"] = sorted(self.waiting)
            return None
        return self._apply_action(entry.seq, payload, *before)

    def _apply_action(self, seq: int, payload: dict[str, Any], before: dict[str, Any], melds_before: Any) -> Event:
        state, view, seat = self.state, self.view, payload["seat"]
        results = len(view.results(state))
        public_text = state.public_action_string(payload["action"])  # read before the move, as it is told
        own_words = state.action_words(payload["action"]).to_json()
        public_words = state.public_action_words(payload["action"]).to_json()
        state.apply(payload["action"])
        self.actions.append(payload["text"])
        finished = view.results(state)[results:]
        ended_by = getattr(finished[0], "ended_by", None) if finished else None
        moments = view.moments(seat, before, self._public_now(seat), melds_before, self._melds_now(seat), ended_by)
        own = {"type": "event", "seq": seq, "seat": seat, "text": payload["text"], "words": own_words,
               "moments": moments}
        if payload.get("timer"):
            own["timer"] = True
        hidden = public_text != payload["text"] or public_words != own_words
        event = Event(seat, own, own | {"text": public_text, "words": public_words} if hidden else own)
        own_json = orjson.Fragment(orjson.dumps(own))
        self.log.append((seat, own_json, own_json if not event.hides else orjson.Fragment(orjson.dumps(event.public))))
        if finished:
            self._hand_ended(finished[-1])
        return event

    def _hand_ended(self, result: Any) -> None:
        """Hold the hand's end on screen (every hand revealed) until each person continues; the
        match's last hand is shown with its end at once, in the same state (nobody continues)."""
        self.waiting = set() if self.over else set(self.human_seats())
        self.ended_at = self.changed_at
        self.hand_end = {"number": len(self.view.results(self.state)), "hands": self.view.hands(self.state),
                         "result": result.to_json(), "waiting_for": sorted(self.waiting)}

    # --- what people see ------------------------------------------------------------------------

    def info(self, connected: dict[int, int] | None = None, ratings: dict[str, float] | None = None,
             watchers: int = 0) -> dict[str, Any]:
        """The ``TableInfo`` of the contract (see :func:`table_info`)."""
        return table_info(self.record, self.view, connected, ratings, watchers)

    def seat_view(self, seat: int | None, deadline_ms: int | None = None, log: bool = True) -> dict[str, Any]:
        """The ``View`` of the contract for ``seat`` (None: a spectator, public information only);
        ``log``: with the last events (else ``[]``: the client has them from the states' ``events``).
        ``obs`` is the observation's JSON already encoded (an ``orjson.Fragment``)."""
        state, view = self.state, self.view
        to_act = self.to_act
        return {"game": self.record.game, "family": view.family, "obs": self._observed(seat),
                "legal": state.legal_action_strings() if seat is not None and to_act == seat else [],
                "legal_words": ([w.to_json() for w in state.legal_action_words()]
                                if seat is not None and to_act == seat else []),
                "to_act": to_act, "deadline_ms": deadline_ms,
                "hand_end": self.hand_end, "finished": self.finished(),
                "log": [own if actor == seat else public for actor, own, public in self.log] if log else [],
                "melds": self._melds_now(0 if seat is None else seat)}

    def _observed(self, seat: int | None) -> orjson.Fragment:
        """``seat``'s observation JSON now (None: its public part), encoded once a game seq."""
        if self._seen[0] != self.game_seq:
            self._seen = (self.game_seq, {})
        seen = self._seen[1]
        if seat not in seen:
            obs_json = self._read(0 if seat is None else seat)
            seen[seat] = orjson.Fragment(orjson.dumps(obs_json if seat is not None else self.view.public(obs_json),
                                                      option=orjson.OPT_NON_STR_KEYS))
        return seen[seat]

    def _read(self, seat: int) -> dict[str, Any]:
        """``seat``'s observation JSON now; the first reading at a game seq also reads the public
        part and the melds from it (the same from every seat)."""
        obs = self.state.observation(seat)
        obs_json = obs.to_json()
        if self._public[0] != self.game_seq:
            self._public = (self.game_seq, self.view.public(obs_json))
            self._melds = (self.game_seq, self.view.melds(self.state, obs))
        return obs_json

    def _public_now(self, seat: int) -> dict[str, Any]:
        """The public part of ``seat``'s observation now, once a game seq, for the moments: the
        fields they compare (pozzetti, stock, tricks, who is out) read alike from every seat."""
        if self._public[0] != self.game_seq:
            self._observed(seat)
        return self._public[1]

    def _melds_now(self, seat: int) -> Any:
        """The view's reading of the melds on the table now (read once a game seq, from ``seat``'s
        observation: the melds are public)."""
        if self._melds[0] != self.game_seq:
            self._observed(seat)
        return self._melds[1]

    def finished(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        returns = self.returns()
        best = max(returns)
        return {"returns": returns, "winners": [s for s, v in enumerate(returns) if v == best]}

    def game_record(self) -> dict[str, Any]:
        """The engine's game record, plus ``chance``: the shuffles in order (drawn
        from OS entropy, so ``seed`` is 0 and does not reproduce them)."""
        record = GameRecord(self.record.game, self.game.options_json(), [s.name for s in self.seats], 0,
                            list(self.actions), self.returns() if self.over else None)
        return record.to_json() | {"chance": self.chance}
