// A table (tavolo): the WebSocket to the table service, the seating, whose
// turn, the timer, refusals, announcements, the possible moves and the typed
// notation; the game itself is drawn by the view of its family
// (static/views/<family>.js: render(ctx) and handEnd(ctx, handEnd)).
import { api, button, el, forgetSeat, optionsSummary, playerName, rememberName, rememberSeat, seatOf } from "./api.js";
import { botName, lang, loadCatalog, t, tn } from "./i18n.js";
import { kindLabel } from "./views/rummy.js";
import { say } from "./words.js";

const page = document.getElementById("table");
const tableId = page.dataset.tableId;
const ANNOUNCE_MS = 3000;
const MAX_ANNOUNCED = 2;
const MAX_ROUND = 6;                                        // seats drawn around the bar's round table at most
const RETRY_MS = [1000, 2000, 4000, 8000, 15000, 30000];    // reconnecting: waits, then the last one again
const CROWDED_MS = 60000;                                   // refused as one too many: wait longer
const PING_MS = 15000;                                      // a silent connection is tested this often...
const SILENT_MS = 35000;                                    // ...and given up when nothing came for this long
const TOO_MANY = 4029;                                      // the close code of a socket refused (ws.py)

const ctx = {
  tableId, seat: null, token: null, table: null, view: null, module: null, online: false,
  send: sendMove, t, say: (words) => say(words, seatName), seatName, sideName, refresh: () => draw(),
  direction: () => playDirection(), seatPlace,
};
let socket = null;
let timerInterval = null;
let shownHandEnd = null;
let retries = 0;
let heardAt = 0;
let everConnected = false;

function seatName(seat) {
  if (seat === ctx.seat) return t("You");
  const info = ctx.table?.seats[seat];
  if (!info || info.kind === "free") return t("Seat {number}", { number: seat + 1 });
  return info.kind === "bot" ? botName(info) : info.name;
}

/** A side as its players say it: Noi, Loro; a spectator reads the names. */
function sideName(seats) {
  if (ctx.seat === null) return seats.map(seatName).join(" + ");
  return seats.includes(ctx.seat) ? t("Us") : t("Them");
}

// --- the seats around the table ---------------------------------------------------------------

/** Which way each game turns, from its seed: the seat after ``s`` (s + 1) is the next to act.
 * Clockwise (in senso orario) the next player sits on your left; counter-clockwise (in senso
 * antiorario, most Italian games) on your right. */
const GAME_DIRECTION = {
  burraco: "clockwise",        // fibur-regolamento "I turni di gioco si susseguono in senso orario"
  scala40: "clockwise",        // raccolta, Scala 40 art. 2.1 "in senso orario"
  pinnacola: "clockwise",
  machiavelli: "clockwise",    // raccolta, Machiavelli "Si prosegue in questo modo in senso orario"
  bridge: "clockwise",         // N E S W, the order of play
  peppa: "clockwise",          // raccolta, Peppa "il mazziere dà le carte in senso orario"; Hearts alike
  ramino: "counterclockwise",  // raccolta, Ramino "in senso antiorario"
  canasta: "counterclockwise", // raccolta, Canasta "si procede in senso antiorario"
  briscola: "counterclockwise",// raccolta, Briscola "sempre in senso antiorario"
  tressette: "counterclockwise", // raccolta, Tressette "in senso antiorario"
  tarocchi: "counterclockwise",
  petrangola: "counterclockwise", // raccolta, Petrangola "in senso antiorario"
  perlina: "counterclockwise",
  mercante: "counterclockwise",
};

/** "clockwise" or "counterclockwise": the game's own, else what its view says. */
function playDirection() {
  const known = GAME_DIRECTION[ctx.table?.game];
  if (known) return known;
  return /^clockwise$/.test(ctx.module?.PLAY_DIRECTION || "") ? "clockwise" : "counterclockwise";
}

/** Where ``seat`` sits around a round table seen from above, you (or seat 0) at the bottom:
 * {x, y} from -1 to 1, y down; the next player to act is on the side the game turns to.
 * Every view that draws the seats around a table places them with this. */
function seatPlace(seat) {
  const count = ctx.table.seats.length;
  const offset = (seat - (ctx.seat ?? 0) + count) % count;
  const angle = (2 * Math.PI * offset) / count;
  const side = playDirection() === "clockwise" ? -1 : 1;
  return { x: side * Math.sin(angle), y: Math.cos(angle) };
}

// --- the connection -------------------------------------------------------------------------

// The page says when the connection is lost and when it is back; it reconnects by itself,
// waiting longer after each failed try (RETRY_MS, with some jitter so that a room cut off at once
// does not come back at once). A move tried while offline is refused on the page, never queued:
// the position may have changed by the time the connection is back.

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const mine = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
  socket = mine;
  mine.addEventListener("open", () => {
    heardAt = Date.now();
    mine.send(JSON.stringify({ type: "hello", token: ctx.token, lang }));
  });
  mine.addEventListener("message", (message) => {
    if (mine !== socket) return;
    heardAt = Date.now();
    receive(JSON.parse(message.data));
  });
  mine.addEventListener("close", (event) => {
    if (mine === socket) lost(event.code === TOO_MANY ? CROWDED_MS : null);
  });
}

/** The connection is gone: say so, stop offering moves, and try again after a while. */
function lost(wait = null) {
  socket = null;
  ctx.online = false;
  const delay = wait ?? RETRY_MS[Math.min(retries, RETRY_MS.length - 1)] * (0.75 + Math.random() / 2);
  retries += 1;
  showConnection(t("Connection lost: reconnecting…"), "offline");
  draw();
  setTimeout(connect, delay);
}

/** Back online (a state came after hello): say so for a moment. */
function back() {
  if (ctx.online) return;
  ctx.online = true;
  retries = 0;
  if (everConnected) {
    showConnection(t("Connected again"), "online");
    setTimeout(() => { if (ctx.online) showConnection(null); }, ANNOUNCE_MS);
  } else {
    showConnection(null);
  }
  everConnected = true;
}

function showConnection(text, kind = "") {
  const box = document.getElementById("connection");
  box.hidden = !text;
  box.className = `connection ${kind}`;
  box.textContent = text || "";
  page.dataset.online = String(ctx.online);
}

/** A connection that went silent (a phone that lost its network) is given up and made again. */
function watchConnection() {
  setInterval(() => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - heardAt > SILENT_MS) {
      const dead = socket;
      lost();
      dead.close();
    } else {
      socket.send(JSON.stringify({ type: "ping" }));
    }
  }, PING_MS);
}

function receive(frame) {
  if (frame.type === "presence") {                                // who is connected, now and then
    if (!ctx.table) return;
    ctx.table.seats.forEach((seat, i) => { seat.connected = frame.seats[i] > 0; });
    ctx.table.watchers = frame.watchers;
    if (ctx.table.status === "waiting") draw();
    else if (ctx.view && ctx.module) drawStatus();
  } else if (frame.type === "welcome") {
    ctx.seat = frame.seat;
    ctx.table = frame.table;
  } else if (frame.type === "state") {
    back();
    for (const event of frame.events) tell(event);                   // the actions that led to it, in order
    ctx.table = frame.table;
    ctx.view = frame.view;
    page.dataset.seq = frame.seq;
    if (frame.view.log.length) showLog(frame.view.log);             // the first state after hello only
    hideRefusal();
    draw();
  } else if (frame.type === "again") {                              // our seat at the table played again
    rememberSeat(frame.table_id, frame.seat, frame.token);
  } else if (frame.type === "error" && frame.code === "forbidden" && !ctx.table) {
    forgetSeat(tableId);                                             // a seat this table no longer knows:
    ctx.seat = ctx.token = null;                                     // watch, and sit again if a seat is free
    socket.send(JSON.stringify({ type: "hello", token: null, lang }));
  } else if (frame.type === "error") {
    showRefusal(frame);
  }
}

function sendMove(text) {
  if (!text) return;
  if (!ctx.online || !socket || socket.readyState !== WebSocket.OPEN) {
    showRefusal({ message: t("No connection: the move was not sent. Play it again once the connection is back.") });
    return;
  }
  socket.send(JSON.stringify({ type: "move", text, ref: `m${Date.now()}` }));
}

// --- what happened --------------------------------------------------------------------------

/** The moments told to their own seat, in the second person. */
const TO_YOU = {
  "{seat} takes the pozzetto": (p) => t("You take the pozzetto", p),
  "{seat} makes a burraco {kind}": (p) => t("You make a burraco {kind}", p),
  "{seat} closes": (p) => t("You close", p),
  "{seat} takes the trick": (p) => t("You take the trick", p),
  "{seat} is out": (p) => t("You are out", p),
};

function momentText(moment) {
  const params = { ...moment.params };
  if ("kind" in params) params.kind = kindLabel(ctx, params.kind);
  if (params.seat === ctx.seat && ctx.seat !== null && TO_YOU[moment.key]) return TO_YOU[moment.key](params);
  if ("seat" in params) params.seat = seatName(params.seat);
  return t(moment.key, params);
}

function announce(text) {
  const box = document.getElementById("announce");
  const item = el("p", "moment", text);
  while (box.children.length >= MAX_ANNOUNCED) box.firstChild.remove();
  box.append(item);
  setTimeout(() => item.remove(), ANNOUNCE_MS);
}

/** One applied action: into the log, its moments announced. */
function tell(event) {
  logEvent(event);
  for (const moment of event.moments || []) announce(momentText(moment));
}

/** The recent events a (re)connected client is sent once; later ones come in each state's events. */
function showLog(events) {
  document.getElementById("log").replaceChildren();
  for (const event of events) logEvent(event);
}

function logEvent(frame) {
  const log = document.getElementById("log");
  const timer = frame.timer ? ` (${t("time ran out")})` : "";
  const text = frame.words ? say(frame.words, seatName) : frame.text;
  const last = log.firstElementChild;
  if (ctx.module?.GROUP_TURN && last?.dataset.seat === String(frame.seat)) {  // h-rummy: a turn of many moves, one line
    last.textContent += ` · ${text}${timer}`;
    return;
  }
  const line = el("p", "event", `${seatName(frame.seat)}: ${text}${timer}`);
  line.dataset.seat = frame.seat;
  log.prepend(line);
  while (log.children.length > 12) log.lastChild.remove();
}

function showRefusal(frame) {
  const box = document.getElementById("refusal");
  page.dataset.refusals = Number(page.dataset.refusals || 0) + 1;
  box.hidden = false;
  const said = frame.code === "ambiguous" && frame.candidate_words?.every(Boolean);  // h-rummy: the choice in words only
  const rule = frame.rule ? `${frame.rule.text} (${frame.rule.source})` : "";
  const message = rule && frame.message.endsWith(`: ${rule}`) ? frame.message.slice(0, -rule.length - 2) : frame.message;
  const parts = [el("strong", "", said ? t("This move can be made in more than one way.") : message)];  // the rule once, below
  if (rule) parts.push(el("p", "rule", rule));
  if (frame.candidates?.length) {                          // h-rummy: the choice in words, one button each
    const words = frame.candidate_words || [];
    const choices = frame.candidates.map((c, i) => {
      const choice = button(words[i] ? say(words[i], seatName) : c, () => { hideRefusal(); sendMove(c); }, "candidate");
      choice.dataset.move = c;
      return choice;
    });
    parts.push(el("p", "", t("Which one do you mean?")), el("div", "buttons", "", ...choices));
  }
  box.replaceChildren(...parts);
  keepInSight(box);
}

// The refusal in sight, above the bar of the hand and its buttons that sticks to the bottom of a
// phone's screen (views/rummy.css) and would otherwise cover it and its choice buttons.
function keepInSight(box) {
  const bar = document.getElementById("controls");
  const covered = getComputedStyle(bar).position === "sticky" ? bar.offsetHeight : 0;
  box.style.scrollMarginBottom = `${covered + 8}px`;
  box.scrollIntoView({ block: "nearest" });
}

function hideRefusal() {
  document.getElementById("refusal").hidden = true;
}

// --- drawing --------------------------------------------------------------------------------

async function draw() {
  const table = ctx.table;
  if (!table) return;
  document.title = `Tavolo · ${table.title}`;
  document.getElementById("table-title").textContent = table.title;   // the page's heading, for a screen reader
  const waiting = document.getElementById("waiting");
  waiting.hidden = table.status !== "waiting";
  showHelpers(table.status !== "waiting" && ctx.seat !== null);
  if (table.status === "waiting") return drawWaiting(waiting);
  if (!ctx.view) return;
  if (!ctx.module) ctx.module = await import(`/static/views/${ctx.view.family}.js`);
  const focused = focusKey(document.activeElement);
  drawStatus();
  ctx.module.render(ctx);
  drawLegal();
  drawOverlay();
  refocus(focused);
}

/** The notation box and the list of moves are a player's helpers: a spectator and the waiting
 * screen have no move to make, so neither shows them. */
function showHelpers(shown) {
  document.getElementById("typed-box").hidden = !shown;
  document.getElementById("legal-box").hidden = !shown;
}

function drawStatus() {
  const view = ctx.view;
  const bar = document.getElementById("status");
  // A view that draws the seats around its own table (export const DRAWS_SEATS = true, placing
  // them with ctx.seatPlace) keeps the chips in the bar as a row only, never a second round table.
  // Beyond six seats the ellipse crowds: the chips go in a row, in the order of play.
  const inRow = ctx.module.DRAWS_SEATS || ctx.table.seats.length > MAX_ROUND;
  const seats = el("div", `seating ${playDirection()}${inRow ? " in-row" : ""}`);
  const sizes = view.obs.hand_sizes || [];
  const count = ctx.table.seats.length;
  const first = ctx.seat ?? 0;
  for (let i = 0; i < count; i += 1) {
    const seat = (first + i) % count;
    const chip = el("div", `seat-chip${seat === view.to_act ? " to-act" : ""}${seat === ctx.seat ? " me" : ""}`);
    chip.dataset.seat = seat;
    const place = seatPlace(seat);                              // you at the bottom, the next one the game's way
    chip.style.setProperty("--x", place.x.toFixed(3));
    chip.style.setProperty("--y", place.y.toFixed(3));
    chip.append(el("span", "name", seatName(seat)));
    const info = ctx.table.seats[seat];
    if (info?.kind === "human" && !info.connected && seat !== ctx.seat) {
      chip.classList.add("away");
      chip.title = t("not connected");
    }
    if (sizes[seat] !== undefined) chip.append(el("span", "count", tn("{count} card", "{count} cards", sizes[seat])));
    seats.append(chip);
  }
  const closed = ctx.table.status === "abandoned";
  const tournament = ctx.table.tournament;
  const turn = closed && tournament ? t("The arbiter closed this table by the code (late arrival or abandonment, codice art. 33-34)")
    : closed ? t("This table was closed: nobody played here for a long while")
    : !ctx.online ? t("Connection lost: reconnecting…")
      : view.to_act === ctx.seat && ctx.seat !== null ? t("Your turn")
        : view.to_act >= 0 ? t("It is {name}'s turn", { name: seatName(view.to_act) }) : "";
  const mine = ctx.online && !closed && view.to_act === ctx.seat;
  const watchers = ctx.table.watchers ? el("span", "watchers", tn("{count} spectator", "{count} spectators", ctx.table.watchers)) : "";
  const left = view.obs?.time_out_plays_left;
  const timeOut = left === null || left === undefined ? ""
    : el("p", "time-out", t("Time out (codice art. 15): the hand ends after {count} more plays", { count: left }));
  const back = tournament ? el("a", "tournament-link", t("Back to the tournament")) : "";
  if (back) back.href = `/tornei/${tournament.id}`;
  bar.replaceChildren(seats, el("p", `turn${mine ? " mine" : ""}`, turn), timeOut, watchers, el("span", "timer", ""), back);
  startTimer(bar.querySelector(".timer"), view.deadline_ms);
}

function startTimer(node, deadline) {
  clearInterval(timerInterval);
  if (!deadline) return;
  const tick = () => {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    node.textContent = t("{seconds} s", { seconds: left });
    node.classList.toggle("urgent", left <= 5);
  };
  tick();
  timerInterval = setInterval(tick, 250);
}

function drawLegal() {
  const legal = ctx.online ? ctx.view.legal || [] : [];
  const box = document.getElementById("legal");
  const words = ctx.online ? ctx.view.legal_words || [] : [];
  box.replaceChildren(...legal.map((text, i) => {
    const move = button(words[i] ? say(words[i], seatName) : text, () => sendMove(text), "legal-move");
    move.dataset.move = text;                                   // the notation, for the box and the tests
    return move;
  }));
  document.getElementById("legal-box").classList.toggle("empty", legal.length === 0);
  drawTypedHint(words);
}

/** The box's example is a move of this seat's own, as the log says it, which the box reads as it
 * reads the notation: "Scrivi una mossa, es. gioca fante di coppe" (one that names a card where
 * one does); no move to make, no example. */
function drawTypedHint(words) {
  const namesCards = (said) => Object.values(said.params || {}).some((p) => p && typeof p === "object" && "cards" in p);
  const example = words.find((said) => said && namesCards(said)) || words.find(Boolean);
  document.getElementById("typed-move").placeholder = example
    ? t("Type a move, e.g. {move}", { move: say(example, seatName) }) : t("Type a move");
}

function drawOverlay() {
  const overlay = document.getElementById("overlay");
  const { hand_end: handEnd, finished } = ctx.view;
  if (!handEnd && !finished) {
    overlay.hidden = true;
    shownHandEnd = null;
    return;
  }
  const key = JSON.stringify([handEnd?.number, handEnd?.waiting_for, Boolean(finished)]);
  if (key === shownHandEnd) return;
  shownHandEnd = key;
  const box = el("div", "overlay-box");
  if (handEnd) {
    rememberHand(handEnd);
    box.append(...handEndPanel(handEnd));
    if (!finished && ctx.seat !== null && handEnd.waiting_for.includes(ctx.seat)) {
      box.append(button(t("Continue"), () => socket.send(JSON.stringify({ type: "continue" })), "primary continue"));
    } else if (!finished) {
      box.append(el("p", "hint", t("Waiting for the other players…")));
    }
  }
  if (finished) box.append(finishedPanel(finished));
  box.append(historyPanel());
  overlay.replaceChildren(box);
  overlay.hidden = false;
  if (finished) showWholeMatch(box, Boolean(handEnd)).catch(() => null);   // the score above stays either way
}

function handEndPanel(handEnd) {
  return [el("h2", "", t("End of hand {number}", { number: handEnd.number })), ctx.module.handEnd(ctx, handEnd)];
}

/** At the end: every hand of the match from its record (and the last one's breakdown if the table sent none). */
async function showWholeMatch(box, lastShown) {
  const record = await api("GET", `/api/tables/${tableId}/record`);
  const answer = await fetch(`/replay/hands?lang=${lang}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record),
  }).then((r) => r.json());
  const ends = answer.hand_ends || [];
  for (const end of ends) rememberHand(end);
  if (!lastShown && ends.length) box.prepend(...handEndPanel(ends[ends.length - 1]));
  box.querySelector(".match-history")?.remove();
  box.append(historyPanel());
}

function finishedPanel(finished) {
  const partners = finished.winners.length > 1 && ctx.view.obs.sides;
  const names = partners ? `${sideName(finished.winners)} (${finished.winners.map(seatName).join(" + ")})` : finished.winners.map(seatName).join(", ");
  const everyone = finished.winners.length === ctx.table.seats.length;       // a tied match: nobody won
  const title = everyone ? t("A tied match: nobody wins") : t("Winner: {names}", { names });
  const panel = el("div", "finished", "", el("h2", "winner", title));
  const links = el("div", "buttons");
  links.append(button(t("Play again"), playAgain, "primary play-again"));
  const record = el("a", "button", t("Download the record"));
  record.href = `/api/tables/${tableId}/record`;
  record.download = `tavolo-${tableId}.json`;
  const replay = el("a", "button", t("Replay"));
  replay.href = `/replay/${tableId}`;
  links.append(record, replay);
  if (ctx.seat !== null) {                                           // Campione's review, on the replay page
    const review = el("a", "button analyse-link", t("Analyse my hand"));
    review.href = `/replay/${tableId}#analysis`;
    links.append(review);
  }
  panel.append(links);
  return panel;
}

/** The same seats at a new table, already dealt (the server opens it once for every seat). */
async function playAgain() {
  if (!ctx.token) {                                                  // a spectator follows the players
    if (ctx.table.next_table) location.href = `/t/${ctx.table.next_table}`;
    return;
  }
  const seat = await api("POST", `/api/tables/${tableId}/again`, {}, ctx.token).catch((e) => announce(e.message));
  if (!seat) return;
  rememberSeat(seat.table_id, seat.seat, seat.token);
  location.href = `/t/${seat.table_id}`;
}

// --- match history (kept for this table in the browser's session) ---------------------------

function historyKey() {
  return `tavolo.history.${tableId}`;
}

function rememberHand(handEnd) {
  const history = JSON.parse(sessionStorage.getItem(historyKey()) || "{}");
  history[handEnd.number] = handEnd.result;
  sessionStorage.setItem(historyKey(), JSON.stringify(history));
}

function historyPanel() {
  const history = JSON.parse(sessionStorage.getItem(historyKey()) || "{}");
  const numbers = Object.keys(history).map(Number).sort((a, b) => a - b);
  if (numbers.length < 2) return el("div");
  return el("div", "match-history", "", el("h3", "", t("Match history")),
    ...numbers.map((n) => ctx.module.historyLine(ctx, n, history[n])));
}

// --- before the game: seats, bots, invite, start ----------------------------------------------

function drawWaiting(box) {
  const table = ctx.table;
  const creator = ctx.seat === 0 && ctx.token;
  const invite = `${location.origin}/t/${tableId}`;
  const rows = table.seats.map((s) => waitingSeat(s, creator));
  const inviteInput = Object.assign(el("input", "invite"), { value: invite, readOnly: true });
  inviteInput.setAttribute("aria-label", t("Invite link"));
  box.replaceChildren(
    el("h2", "", `${table.title}, ${optionsSummary(table.options, table.game, table.seats.length)}`),
    el("p", "", t("Invite a friend with this link:")),
    el("div", "invite-row", "", inviteInput, button(t("Copy"), () => {
      inviteInput.select();
      navigator.clipboard?.writeText(invite).then(() => announce(t("Link copied")), () => document.execCommand("copy"));
    }, "copy-invite")),
    el("div", "waiting-seats", "", ...rows),
  );
  if (creator) {
    const start = button(t("Start"), () => api("POST", `/api/tables/${tableId}/start`, {}, ctx.token).catch((e) => announce(e.message)), "primary start");
    start.disabled = table.seats.some((s) => s.kind === "free");
    box.append(start);
  } else {
    box.append(el("p", "hint", t("The table starts when its creator says so.")));
  }
}

function waitingSeat(seat, creator) {
  const row = el("div", "waiting-seat", "", el("strong", "", t("Seat {number}", { number: seat.seat + 1 })));
  if (seat.kind !== "free") {
    row.append(el("span", "", seat.kind === "bot" ? botName(seat) : seat.name));
    if (creator && seat.kind === "bot") {
      row.append(button(t("Free the seat"), () => api("DELETE", `/api/tables/${tableId}/seats/${seat.seat}/bot`, undefined, ctx.token)));
    }
    return row;
  }
  if (ctx.seat === null) row.append(button(t("Sit here"), () => sit(seat.seat), "sit"));
  if (creator) {
    const select = el("select", "bot-level");
    select.setAttribute("aria-label", t("Bot level for seat {number}", { number: seat.seat + 1 }));
    for (const bot of ctx.bots || []) select.append(Object.assign(el("option", "", t(bot.label)), { value: bot.spec }));
    row.append(select, button(t("Seat a bot"), () =>
      api("PUT", `/api/tables/${tableId}/seats/${seat.seat}/bot`, { spec: select.value }, ctx.token).catch((e) => announce(e.message)), "add-bot"));
  }
  return row;
}

async function sit(seatNumber) {
  let name = playerName();
  if (!name) {
    name = (prompt(t("Your name")) || "").trim();
    if (!name) return;
    rememberName(name);
  }
  try {
    const seat = await api("POST", `/api/tables/${tableId}/seats/${seatNumber}`, { name });
    rememberSeat(tableId, seat.seat, seat.token);
    location.reload();
  } catch (error) {
    announce(error.message);
  }
}

// --- the keyboard -------------------------------------------------------------------------------

// Every game is playable from the keyboard with no change to the views: whatever a view makes
// tappable (a card, a meld, a pile: anything given a click handler that is not already a button,
// link or field) becomes reachable with Tab, and Enter or Space does what a tap does. The focus
// follows the same card or meld across a redraw.

const NATIVE = new Set(["BUTTON", "A", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "DETAILS", "LABEL"]);
const addListener = EventTarget.prototype.addEventListener;

/** Mark ``node`` as tappable: in the Tab order, activated by Enter and Space. */
function tappable(node) {
  if (!(node instanceof Element) || NATIVE.has(node.tagName) || node.id === "table" || node === document.body) return;
  node.dataset.tap = "";
  if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
}

EventTarget.prototype.addEventListener = function addEventListenerTappable(type, listener, options) {
  if (type === "click" && this instanceof Element) tappable(this);
  return addListener.call(this, type, listener, options);
};

/** Enter or Space on a tappable element taps it; true when it did. */
function keyTap(event) {
  const node = event.target;
  if (!(node instanceof Element) || !("tap" in node.dataset) || (event.key !== "Enter" && event.key !== " ")) return false;
  event.preventDefault();
  node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  return true;
}

/** What the focus is on, to find it again after a redraw: a card, a meld, a button by its text. */
function focusKey(node) {
  if (!(node instanceof Element) || !node.closest("#table")) return null;
  const area = node.closest("[id]")?.id;
  if (node.dataset.card) return { area, selector: `[data-card="${CSS.escape(node.dataset.card)}"]` };
  if (node.dataset.meld) return { area, selector: `[data-meld="${CSS.escape(node.dataset.meld)}"]` };
  if (node.tagName === "BUTTON") return { area, text: node.textContent };
  return null;
}

function refocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  const box = document.getElementById(key.area) || page;
  const found = key.selector ? box.querySelector(`${key.selector}[tabindex]`)
    : [...box.querySelectorAll("button")].find((b) => b.textContent === key.text);
  (found || box.querySelector("[data-tap], button:not(:disabled)"))?.focus({ preventScroll: true });   // else the area's first
}

// --- start ------------------------------------------------------------------------------------

async function start() {
  await loadCatalog();
  const mine = seatOf(tableId);
  if (mine) ({ seat: ctx.seat, token: ctx.token } = mine);
  const table = await api("GET", `/api/tables/${tableId}`).catch(() => null);
  if (table) {
    const games = await api("GET", "/api/games");
    ctx.bots = games.find((g) => g.name === table.game)?.bots || [];
  }
  document.addEventListener("keydown", (event) => {                // typing anywhere writes a move
    if (keyTap(event)) return;                                     // Enter or Space on a card taps it
    const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName);
    const helper = !document.getElementById("typed-box").hidden;
    if (helper && !typing && event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey) {
      document.getElementById("typed-move").focus();
    }
  });
  document.getElementById("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("typed-move");
    sendMove(input.value.trim());
    input.value = "";
  });
  connect();
  watchConnection();
}

start();
