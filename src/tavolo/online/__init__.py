"""Tables played online (tavoli): the contract between the table service
(``tavolo.online``), the web server (``tavolo.server``, HTTP and WebSocket, no
game logic) and the browser (``tavolo/server/static``).

The layers
==========
* ``tavolo.online.views``: one :class:`GameView` per game offered online: its
  family (``"rummy"`` or ``"tricks"``, which JS view draws it), its option
  fields for the lobby form, how to build the game from them, the public part
  of an observation (for spectators), the hand-end summary (every hand
  revealed, the score breakdown), the moments to announce, and the move the
  timer plays. A new game appears in the browser by adding its view here (and,
  for a new family, ``server/static/views/<family>.js``), never by changing
  the server.
* ``tavolo.online`` (service): tables, seats and tokens, the append-only move
  log (stored before anyone is told), bots run off the event loop, the move
  timer, resume after a restart, and fan-out to the connected clients (in
  process, or through Redis when ``TAVOLO_REDIS_URL`` is set so that several
  ``tavolo serve`` processes serve one table).
* ``tavolo.server``: FastAPI routes, Jinja2 pages, the WebSocket endpoint.

Identity
========
No account is needed: the browser remembers the player's name
(``localStorage["tavolo.name"]``). Taking a seat returns a *seat token* (32
random bytes, URL-safe), shown once, stored only as its SHA-256; the browser
keeps ``localStorage["tavolo.seat.<table_id>"] = {"seat", "token"}``. The token
is the only thing that lets anyone act for that seat. The invite link is
``/t/<table_id>``: it opens the table to watch or to sit in a free seat.
Optional accounts (name + password of at least 8 characters, argon2) ride on a
signed session cookie (``tavolo_session``, 30 days; its key from
``TAVOLO_SECRET_KEY`` or made once and kept in the database) and add history and
ratings. A seat taken while logged in (create, quick, sit) belongs to the
account and bears its name. When a match with account holders ends, their
OpenSkill ratings (Plackett-Luce; partners one team, teams ranked by the
returns; guests and bots at the default rating) are updated once, in the
transaction that marks the table finished (``tavolo.online.ratings``). The
rating people see is the ordinal, ``mu - 3 sigma`` (0 for a new account).

REST (JSON)
===========
Errors are 4xx with ``{"error": {"code": str, "message": str, "field": str|null}}``,
the message in the request's language (``?lang=`` or ``Accept-Language``).

=========================================  ===================================================
``GET  /healthz``                          200 ``{"ok": true}`` once the app and its database answer
``GET  /api/games``                        ``[{name, family, title, options: [{name, kind, choices,
                                           default, label}], bots: [{spec, label}]}]``
``GET  /api/tables?page=0&size=50``        the lobby, a page of it: ``[TableInfo]`` waiting or playing, of
                                           every process, newest first (at most 50 a page; fewer: the last)
``POST /api/tables``                       ``{game, options, name, timer, bots: {seat: spec}}`` ->
                                           ``{table_id, seat: 0, token}`` (the creator sits at 0)
``GET  /api/tables/{id}``                  ``TableInfo``
``POST /api/tables/{id}/seats/{seat}``     ``{name}`` -> ``{seat, token}``: sit in a free seat
``PUT  /api/tables/{id}/seats/{seat}/bot`` ``{spec}`` with the creator's ``Authorization: Bearer
                                           <token>``; ``DELETE`` frees the seat again
``POST /api/tables/{id}/start``            creator's token; 409 while a seat is free
``POST /api/quick``                        ``{game, name, options?}`` -> ``{table_id, seat, token}``:
                                           "gioca subito", you and bots, already started
``POST /api/tables/{id}/again``            "gioca ancora": any seat's token of the finished table (``Authorization:
                                           Bearer``) -> 201 ``{table_id, seat, token}``: the same seats (names,
                                           accounts, bots) at a new table of the same game and options, started
                                           at once; the first call opens it, later ones (any seat) find it and
                                           get the same token for their seat; 409 before the end
``GET  /api/tables/{id}/record``           the engine's ``GameRecord`` JSON, once finished (409 before),
                                           plus ``chance``: the shuffles in order (OS entropy, so
                                           ``seed`` is 0: replay by applying ``chance[i]`` at the
                                           i-th chance node, not from the seed)
``POST /api/accounts``                     ``{name, password}`` -> 201 ``{name}``: register, and log in
                                           (409 ``conflict`` name taken, 422 password too short)
``POST /api/login``                        ``{name, password}`` -> ``{name}`` and the session cookie
                                           (401 ``unauthorized``: wrong name or password; after 5
                                           wrong ones for a name in a minute, 429 ``too_fast``)
``POST /api/logout``                       -> ``{name: null}``, the session cleared
``GET  /api/me``                           ``{name}`` of the logged-in player, or ``{name: null}``
``GET  /api/players/{name}``               an account's ``{name, rating: {mu, sigma, ordinal}, games:
                                           [{table_id, game, title, finished: ISO time, seat,
                                           seats: [name], bot_labels: [level msgid | null],
                                           winners: [seat], returns: [float],
                                           won: bool, record: URL, replay: URL}]}`` newest first;
                                           404 ``not_found`` for a name with no account
=========================================  ===================================================

``TableInfo``: ``{id, game, title, options, timer, status: "waiting"|"playing"|
"finished"|"abandoned", seats: [{seat, name, kind: "free"|"human"|"bot", bot, bot_label,
connected, account: str|null, rating: ordinal|null}], created, next_table:
str|null, watchers: int}`` (``abandoned``: closed after no person acted there for a long
while, no result; ``connected`` and ``watchers``, the spectators, over every process) (``bot_label``: a bot's level as an English ``web`` msgid, so pages
name the bot in the reader's language; ``rating``: the account holder's shown
rating, for the lobby to put next to the name; ``next_table``: where the same seats play again). Timer: ``"off"``, ``"code"`` (codice art. 32 bis: 10 s under 4
cards in hand, 20 s under 11, 40 s otherwise; then the timer's move is played
for the player: in Burraco the highest card is discarded), ``"relaxed"`` (the
code's times, tripled). The timer's move: rummy games draw if needed, then
discard the card of most points (ties: the first in the legal list); trick
games play the weakest legal card; its events carry ``"timer": true``.
HTTP status by error code: 404 ``not_found``, 403 ``forbidden`` and ``watch_refused`` (a
tournament's table while its round runs: ``tavolo.online.watching``), 401
``unauthorized``, 409 ``conflict``, 429 ``too_fast`` (with ``Retry-After``: tables made, replay
pages or logins too fast from one address), 413 ``too_large`` (a body over 1 MB), 422
``bad_message`` (a wrong option or field, named in ``field``). The limits are
``tavolo.server.limits``'s.

WebSocket ``/ws/tables/{id}``
=============================
Text frames of JSON. A client frame is at most 4 KiB; more than 20 frames a
second are refused with ``too_fast``. An address with too many sockets open, or a
spectator at a table that has all it takes, gets ``error`` ``too_many`` and the socket is
closed with code 4029. A bad frame gets an ``error`` and
changes nothing; the connection stays open. A client that falls 2000 frames
behind the table (a stalled phone) is closed with code 4008 ("too slow") rather
than left with frames missing: it reconnects and says hello again, which sends
the full state.

The client's first frame: ``{"type": "hello", "token": str|null, "lang":
"it"|"en"}`` (no token: a spectator, who sees only public information).

Client -> server:

* ``{"type": "move", "text": "open 5h 6h 7h", "ref": "c12"}``: a move in the
  game's notation (what the terminal accepts; a long Burraco opening is one
  move of several actions, applied all or nothing);
* ``{"type": "continue"}``: done looking at the hand's end (the next hand is
  dealt when every human seat has said so; at a table with a move timer, the timer
  says it for a person who has not within the longest move time, 40 s, relaxed 120 s);
* ``{"type": "ping"}`` -> ``{"type": "pong"}``; ``{"type": "lang", "lang": "en"}``.

Server -> client:

* ``{"type": "welcome", "seat": int|null, "table": TableInfo}``; a token that
  holds no seat at this table gets ``error`` ``forbidden`` instead (say hello again);
* ``{"type": "state", "seq": int, "table": TableInfo, "view": View, "events":
  [Event]}``: what this seat may see now, after every change, with the actions
  that led to it since the last state, in order (``[]`` after a change that is
  no action: a deal, a seat taken; a client that comes gets its own state alone, and the
  others learn of it from ``presence``). ``Event``:
  ``{"type": "event", "seq": int, "seat": int, "text": str, "moments": [{"key":
  msgid, "params": {}}], "timer": true?}``, one applied action in public
  notation, the same for every seat; bots' moves are paced so that a person can
  follow them (one state each). One frame per seat and change: the browser logs
  and announces the events, then draws the view;
* ``{"type": "presence", "seats": [int], "watchers": int}``: who is connected now, over
  every process: the sockets of each seat and the spectators (at most one every 0.5 s a table,
  however many come and go);
* ``{"type": "ack", "ref": str, "seq": int}``: your move was stored and applied;
* ``{"type": "again", "table_id": str, "seat": int, "token": str}``: the table is
  played again; sent to each connected seat alone, with its own token for the
  new table (spectators see only ``table.next_table``);
* ``{"type": "error", "code": str, "message": str, "rule": {"code", "text",
  "source"}|null, "candidates": [str]|null, "candidate_words": [Words JSON|null]|null (the same in words), "ref": str|null}``; codes:
  ``illegal`` (with the rule and its seed article), ``notation``,
  ``ambiguous`` (with the candidates), ``not_your_turn``, ``bad_message``,
  ``too_fast``, ``forbidden``, ``not_found``, ``too_many``, ``watch_refused`` (a spectator a
  tournament's running table does not take: ``tavolo.online.watching``).

``View``: ``{"game", "family", "obs": the game's observation(seat).to_json()
(spectators: the view's public part), "legal": [notation] for the seat to act
(else []), "legal_words": [Words JSON] the same moves in words (see below), "to_act": seat|-1, "deadline_ms": epoch ms|null, "hand_end": null|
{"number" (1 for the first hand), "hands": [[card]], "result": the engine's hand result JSON,
"waiting_for": [seat]}, "finished": null|{"returns": [float], "winners":
[seat]}, "log": [the last 50 events] in the first state after hello (the
browser's log panel starts from it), [] in every later one (the events come in
each state's ``events``: each is sent once, not repeated with every move), "melds": null|[[{"kind": "pulito"|
"semipulito"|"sporco"|null, "points": int}]]}``. When the match ends, ``hand_end`` may still hold its last hand (with
``waiting_for: []``) beside ``finished``; where it does not, the browser reads
every hand's end from the record (``POST /replay/hands``, pages.py). ``melds`` is the game view's
reading of the melds on the table, in the order of ``obs`` (Burraco: one list
per side, as ``obs.melds``; Scala 40: one list, as ``obs.table``), so that the
browser marks each burraco and adds a side's points without game logic of its
own (null for games without melds).

Moments (``key`` is an English msgid of the ``web`` catalog, ``params`` fill
it; ``seat`` params are seat numbers the browser turns into names):
``"{seat} takes the pozzetto"``, ``"{seat} makes a burraco {kind}"`` (kind:
pulito, semipulito, sporco), ``"{seat} closes"``, ``"Last cards of the stock:
{count}"``, ``"{seat} takes the trick"``, ``"{seat} is out"`` (Scala 40).

Words (``tavolo.engine.words``): an event carries ``"text"`` (the notation, for the box and the
files) and ``"words"``: ``{"key": msgid of the moves catalog, "params": {name: str | int |
{"cards": [token], "deck": "french"|"italian"|"tarot"} | {"seat": int} | nested words}}``, as
that reader may learn the move (``State.action_words_for``); the browser says it with
``static/words.js`` ("Bot 3 scarta 3♥"), the terminal with :mod:`tavolo.i18n.moves`.
"""
