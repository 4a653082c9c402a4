// A tournament's page (/tornei/<id>): the round clock, your table ("Vai al tavolo"), your results round by
// round, the live standings, the rounds with each table's result and replay, registration by invitation and
// the check-in; for the organizer and the arbiters, every table's state with the clock, the corrections
// (codice art. 19), arbitral scores and warnings. It reads GET /api/tournaments/<id> and its live feed;
// every rule is the server's: a refusal comes back as the message to show.
import { api, button, el, rememberSeat } from "./api.js";
import { loadCatalog, t, tn } from "./i18n.js";
import { tournamentSummary } from "./tournament_lobby.js";

const root = document.getElementById("tournament");
const id = root.dataset.id;
const base = `/api/tournaments/${id}`;
let state = null;
let clockAt = 0;                                   // when the clock's reading came (performance.now())
const built = {};                                  // section id -> the key it was last built for

const STATUS = {
  registration: "Registration open",
  running: "Running",
  finished: "The tournament is over",
  cancelled: "Cancelled",
};
const TABLE_STATUS = {
  pending: "to open", waiting: "waiting for the players", playing: "playing", finished: "finished",
  abandoned: "closed without a result",
};

function section(name) {
  return document.getElementById(`tour-${name}`);
}

/** Build ``name``'s section again only when ``key`` changed (a form being filled is not wiped). */
function keyed(name, key, build) {
  const box = section(name);
  if (built[name] === key) return;
  built[name] = key;
  const children = build();
  box.hidden = !children.length;
  box.replaceChildren(...children);
}

function showError(error) {
  const box = document.getElementById("tour-error");
  box.textContent = error ? error.message : "";
  box.hidden = !error;
  if (error) box.scrollIntoView({ block: "nearest" });
}

async function send(path, body = {}) {
  try {
    const answer = await api("POST", `${base}/${path}`, body);
    showError(null);
    render(answer);
    return answer;
  } catch (error) {
    showError(error);
    return null;
  }
}

function clockText() {
  const clock = state?.clock;
  if (!clock || state.status !== "running") return null;
  const left = clock.running ? Math.max(0, clock.remaining_s - Math.floor((performance.now() - clockAt) / 1000))
    : clock.remaining_s;
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  if (clock.time_out || left === 0) return [t("Round {round}: time is up (codice art. 15)", { round: clock.round }), "time-out"];
  if (!clock.running) return [t("Round {round}: clock paused, {time} left", { round: clock.round, time }), "paused"];
  return [t("Round {round}: {time} left", { round: clock.round, time }), ""];
}

function tickClock() {
  const box = document.getElementById("tour-clock");
  const reading = clockText();
  box.hidden = !reading;
  if (!reading) return;
  box.textContent = reading[0];
  box.className = `tour-clock ${reading[1]}`;
}

function statusLine() {
  if (state.status === "running") {
    return t("Running: round {round} of {rounds}", { round: state.current_round, rounds: state.rounds });
  }
  if (state.status === "registration" && state.sit_and_go) {
    return t("Registration open: starts when {count} entrants have checked in", { count: state.sit_and_go });
  }
  return t(STATUS[state.status]);
}

function entrantName(number) {
  return state.entrants_list.find((e) => e.number === number)?.name || String(number);
}

// --- the player's part ----------------------------------------------------------------------------------

function goButton(seat) {
  return button(t("Go to the table"), () => {
    rememberSeat(seat.table_id, seat.seat, seat.token);
    location.href = `/t/${seat.table_id}`;
  }, "primary go");
}

function myTable() {
  const mine = state.rounds_played.find((r) => r.number === state.current_round);
  return mine?.tables.find((tb) => [...tb.ns_numbers, ...tb.ew_numbers].includes(state.me.entrant));
}

function meParts() {
  const me = state.me;
  if (!me) {
    const login = el("a", "button primary", t("Log in to register and play"));
    login.href = `/login?next=${encodeURIComponent(location.pathname)}`;
    return state.status === "registration" ? [login] : [];
  }
  const parts = [];
  if (me.invitation) {
    parts.push(el("div", "invite", "",
      el("p", "", t("{name} invites you to play as a pair", { name: me.invitation.by })),
      el("div", "buttons", "",
        button(t("Accept"), () => send("answer", { accept: true }), "primary accept-invitation"),
        button(t("Decline"), () => send("answer", { accept: false }), "decline-invitation"))));
  }
  if (state.status === "registration") parts.push(...registrationParts(me));
  if (state.status === "running" && me.entrant) parts.push(...runningParts(me));
  if (state.status === "finished" && me.entrant) {
    const line = state.standings[0]?.lines.find((l) => l.number === me.entrant);
    if (line) parts.push(el("p", "where", t("The tournament is over: you finished {place}°", { place: line.place })));
  }
  if (parts.length) parts.unshift(el("h2", "", t("You")));
  return parts;
}

function registrationParts(me) {
  if (me.entrant) {
    const name = entrantName(me.entrant);
    if (me.checked_in) return [el("p", "where", t("{name}: checked in. Wait for the start here.", { name }))];
    return [el("p", "where", t("Registered as {name}", { name })),
      el("p", "hint", t("Check in before the start, or you are left out (codice art. 34).")),
      button(t("Check in"), () => send("checkin"), "primary checkin")];
  }
  if (me.invited) return [el("p", "where", t("Invitation sent to {name}: waiting for the answer", { name: me.invited.partner })),
    button(t("Withdraw the invitation"), () => send("withdraw-invitation"), "withdraw-invitation")];
  if (state.kind === "individual") return [button(t("Register"), () => send("register", {}), "primary register")];
  const partner = el("input");
  Object.assign(partner, { name: "partner", required: true, maxLength: 40, autocomplete: "off" });
  const form = el("form", "register-form", "", el("label", "", t("Your partner's account"), partner),
    Object.assign(el("button", "primary", t("Invite and register")), { type: "submit" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send("register", { partner: partner.value.trim() });
  });
  return [el("p", "hint", t("A pair registers once: invite your partner, who accepts from this page.")), form];
}

function runningParts(me) {
  if (me.seat) {
    const table = myTable();
    const parts = [el("p", "where", t("Round {round} · table {table}", { round: me.seat.round, table: me.seat.table }))];
    if (table) {
      const ours = table.ns_numbers.includes(me.entrant) ? table.ew : table.ns;
      parts.push(el("p", "hint", t("Opponents: {names}", { names: ours.join(", ") })));
    }
    if (!table || table.status !== "finished") parts.push(goButton(me.seat));
    else parts.push(el("p", "hint", t("Your table has finished: the next round opens when every table has.")));
    return parts;
  }
  return [el("p", "where", t("No table for you in this round: wait for the next one."))];
}

// --- results and standings ------------------------------------------------------------------------------

function grid(headers, rows, numeric = new Set()) {
  const head = el("tr", "", "", ...headers.map((h, i) => el("th", numeric.has(i) ? "num" : "", h)));
  return el("table", "tour-grid", "", el("thead", "", "", head), el("tbody", "", "", ...rows.map(([cells, mine]) =>
    el("tr", mine ? "mine" : "", "", ...cells.map((c, i) => el("td", numeric.has(i) ? "num" : "", String(c)))))));
}

function mineParts() {
  const number = state.me?.entrant;
  if (!number) return [];
  const rows = [];
  for (const played of state.rounds_played) {
    const table = played.tables.find((tb) => [...tb.ns_numbers, ...tb.ew_numbers].includes(number));
    if (!table) continue;
    const ns = table.ns_numbers.includes(number);
    const r = table.result;
    rows.push([[played.number, (ns ? table.ew : table.ns).join(", "),
      r ? `${ns ? r.ns_points : r.ew_points}-${ns ? r.ew_points : r.ns_points}` : "…", r ? (ns ? r.ns_vp : r.ew_vp) : "…"], false]);
  }
  if (!rows.length) return [];
  return [el("h2", "", t("Your results")), grid([t("Round"), t("Opponents"), t("Points"), t("VP")], rows, new Set([0, 2, 3]))];
}

function standingsParts() {
  if (!state.standings.length) return [];
  const title = state.status === "finished" ? t("Final standings") : t("Standings");
  const parts = [el("h2", "", title)];
  for (const ranking of state.standings) {
    const rows = ranking.lines.map((line) => [[line.place, line.name + (line.withdrawn ? ` ${t("(withdrawn)")}` : ""),
      line.vp, line.points], line.number === state.me?.entrant]);
    parts.push(grid([t("Pl."), t("Name"), t("VP"), t("Points")], rows, new Set([0, 2, 3])));
  }
  return parts;
}

function tableCard(played, table) {
  const r = table.result;
  const mine = state.me?.entrant && [...table.ns_numbers, ...table.ew_numbers].includes(state.me.entrant);
  const line = (side, names, points, vp) => el("div", "line", "",
    el("span", "names", "", el("span", "side", side), names.join(" – ")),
    el("span", "score", r ? t("{points} pt · {vp} VP", { points, vp }) : ""));
  const meta = el("div", "meta", "", el("span", "", t("Table {table}", { table: table.table })),
    el("span", `badge ${table.status}`, t(TABLE_STATUS[table.status] || table.status)));
  if (table.corrected) meta.append(el("span", "badge corrected", t("corrected by the arbiter (codice art. 19)")));
  if (table.connected) {
    const dots = el("span", "dots", "");
    table.connected.forEach((on) => dots.append(el("span", on ? "dot-on" : "dot-off", on ? "●" : "○")));
    dots.title = t("Players connected");
    meta.append(dots);
  }
  if (table.table_id && table.status === "finished") {
    meta.append(Object.assign(el("a", "replay", t("Replay")), { href: `/replay/${table.table_id}` }));
  } else if (table.table_id && state.me?.staff && table.status !== "pending") {
    meta.append(Object.assign(el("a", "watch", t("Watch")), { href: `/t/${table.table_id}` }));
  } else if (table.table_id && table.status === "playing") {
    meta.append(Object.assign(el("a", "watch", t("Watch, one deal behind")), { href: `/replay/${table.table_id}` }));
  }
  if (state.me?.staff && table.status === "playing") {
    if (table.extra_minutes) meta.append(el("span", "extra", t("+{minutes} min", { minutes: table.extra_minutes })));
    meta.append(button(t("+5 min to this table"),
      () => send("table-time", { table: table.table, minutes: 5 }), "table-time"));
  }
  return el("div", `tour-table${mine ? " mine" : ""}`, "", line(t("N/S"), table.ns, r?.ns_points, r?.ns_vp),
    line(t("E/W"), table.ew, r?.ew_points, r?.ew_vp), meta);
}

function roundsParts() {
  if (!state.rounds_played.length) return [];
  const parts = [el("h2", "", t("Rounds"))];
  for (const played of [...state.rounds_played].reverse()) {
    const box = el("div", "tour-round", "", el("h3", "", t("Round {round}", { round: played.number })));
    played.tables.forEach((table) => box.append(tableCard(played, table)));
    if (played.byes.length) box.append(el("p", "hint", t("Rests: {names}", { names: played.byes.join(", ") })));
    parts.push(box);
  }
  return parts;
}

function entrantsParts() {
  if (state.status !== "registration" && state.rounds_played.length) return [];
  const rows = state.entrants_list.map((e) => [[e.number, e.name, e.checked_in ? "✓" : ""], e.number === state.me?.entrant]);
  return [el("h2", "", tn("{count} entrant", "{count} entrants", rows.length)),
    rows.length ? grid(["#", t("Name"), t("Check-in")], rows, new Set([0])) : el("p", "hint", t("No one yet: be the first."))];
}

// --- the arbiter's part ---------------------------------------------------------------------------------

function field(label, name, attrs = {}) {
  const input = Object.assign(el("input"), { name, ...attrs });
  return el("label", "", label, input);
}

function form(className, children, submit, onSubmit) {
  const box = el("form", className, "", ...children,
    Object.assign(el("button", "primary", submit), { type: "submit" }));
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    onSubmit(new FormData(box));
  });
  return box;
}

const points = (text) => String(text || "").trim().split(/[\s,;]+/).filter(Boolean).map(Number);

function arbiterParts() {
  if (!state.me?.staff) return [];
  const parts = [el("h2", "", t("Arbiter"))];
  if (state.status === "registration") {
    parts.push(form("bots-form", [field(t("Entrants played by bots"), "count", { type: "number", min: 1, max: 64, value: 1 })],
      t("Add bots"), (data) => send("bots", { count: Number(data.get("count")) })));
    parts.push(el("div", "buttons", "", button(t("Start now"), () => send("start"), "primary start-now"),
      button(t("Cancel the tournament"), () => confirm(t("Cancel the tournament?")) && send("cancel"), "cancel-tournament")));
    return parts;
  }
  if (state.status !== "running" && !state.rounds_played.length) return [];
  const round = state.current_round;
  if (state.status === "running") {
    const clock = state.clock;
    parts.push(el("div", "buttons clock-buttons", "",
      clock?.running ? button(t("Pause the clock"), () => send("clock", { action: "pause" }), "clock-pause")
        : button(t("Resume the clock"), () => send("clock", { action: "resume" }), "clock-resume"),
      button(t("+5 minutes"), () => send("clock", { action: "add", minutes: 5 }), "clock-add")));
    const next = round + 1;
    if (next <= state.rounds) {
      const held = state.held.includes(next);
      parts.push(button(held ? t("Release round {round}", { round: next }) : t("Hold round {round}", { round: next }),
        () => send("hold", { round: next, held: !held }), "hold-round"));
    }
  }
  const roundField = () => field(t("Round"), "round", { type: "number", min: 1, max: state.rounds, value: round, required: true });
  const tableField = () => field(t("Table"), "table", { type: "number", min: 1, value: 1, required: true });
  const reason = (required) => Object.assign(field(t("Reason (codice art. 19)"), "reason", { maxLength: 200, required }),
    { className: "reason" });
  parts.push(el("details", "correct", "", el("summary", "", t("Correct a result")),
    el("p", "hint", t("The deals' points of each line, separated by spaces; the published pairings stay (art. 19).")),
    form("correct-form", [roundField(), tableField(), field(t("N/S points"), "ns", { required: true }),
      field(t("E/W points"), "ew", { required: true }), reason(true)], t("Correct"),
    (data) => send("correct", { round: Number(data.get("round")), table: Number(data.get("table")),
      ns: points(data.get("ns")), ew: points(data.get("ew")), reason: data.get("reason") }))));
  parts.push(el("details", "arbitral", "", el("summary", "", t("Arbitral score")),
    form("arbitral-form", [roundField(), tableField(), field(t("N/S VP"), "ns_vp", { type: "number", min: 0, max: 30, required: true }),
      field(t("E/W VP"), "ew_vp", { type: "number", min: 0, max: 30, required: true }), reason(false)], t("Award"),
    (data) => send("arbitral", { round: Number(data.get("round")), table: Number(data.get("table")),
      ns_vp: Number(data.get("ns_vp")), ew_vp: Number(data.get("ew_vp")), reason: data.get("reason") }))));
  parts.push(el("details", "warning", "", el("summary", "", t("Warning (art. 20)")),
    form("warning-form", [roundField(), field(t("Entrant No."), "number", { type: "number", min: 1, required: true }),
      reason(false)], t("Warn"),
    (data) => send("warning", { round: Number(data.get("round")), number: Number(data.get("number")),
      reason: data.get("reason") }))));
  return parts;
}

// --- the page -------------------------------------------------------------------------------------------

let toldTable = null;                              // the table the notice last announced

function notice() {
  // The round's table opened for you: say it once, loud (a banner read out by screen readers, the tab's
  // title, a short vibration on a phone), until the next table.
  const seat = state.me?.seat;
  const box = document.getElementById("tour-notice");
  if (!seat || state.status !== "running") {
    box.hidden = true;
    document.title = document.title.replace(/^● /, "");
    return;
  }
  if (seat.table_id === toldTable) return;
  toldTable = seat.table_id;
  box.textContent = t("Round {round}: your table {table} is ready", { round: seat.round, table: seat.table });
  box.hidden = false;
  if (!document.title.startsWith("● ")) document.title = `● ${document.title}`;
  navigator.vibrate?.(200);
}

function render(next) {
  state = next;
  clockAt = performance.now();
  document.getElementById("tour-name").textContent = state.name;
  document.getElementById("tour-summary").textContent = tournamentSummary(state);
  document.getElementById("tour-status").textContent = statusLine();
  tickClock();
  const look = (what) => JSON.stringify(what);
  keyed("me", look([state.me, state.status, state.rounds_played.at(-1)?.tables.map((tb) => tb.status), state.entrants_list,
    state.standings]), meParts);
  keyed("mine", look([state.me?.entrant, state.rounds_played]), mineParts);
  keyed("standings", look([state.standings, state.status]), standingsParts);
  keyed("rounds", look([state.rounds_played, state.me?.staff]), roundsParts);
  keyed("entrants", look([state.entrants_list, state.status]), entrantsParts);
  keyed("arbiter", look([state.me?.staff, state.status, state.current_round, state.held, state.clock?.running]), arbiterParts);
  notice();
}

function listen() {
  const feed = new EventSource(`${base}/live`);
  feed.onmessage = (event) => render(JSON.parse(event.data));
}

async function start() {
  await loadCatalog();
  try {
    render(await api("GET", base));
  } catch (error) {
    showError(error);
  }
  listen();
  setInterval(tickClock, 1000);
}

start();
