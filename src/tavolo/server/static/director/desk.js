// The director's desk: registration and import with a preview, seating round 1 (draw, registration order or the
// director's choice), publishing rounds, a keyboard score grid (Enter moves on at once; a row is saved as it was
// typed when it is left, however it is left; a result already entered is corrected with a reason), the clock.
// A desk at the import's cap (2,000 entrants) stays quick: each refresh redraws only the sections and the rows
// whose data changed.
import { call, clockText, el, lang, points, showStandings, side, t, tick } from "./common.js";

const desk = document.getElementById("desk");
const name = desk.dataset.name;
const api = `/api/direttore/${encodeURIComponent(name)}`;
const message = document.getElementById("message");
let view = null;
let states = null;  // the current round's tables by state: { disputed, pending, missing, corrected } as Sets
let asked = 0;  // the number of the latest look at the desk's state

// A section is redrawn only when the data it shows changed since it was last drawn.
const drawn = new Map();
function redraw(id, data, draw) {
  const key = JSON.stringify(data);
  if (drawn.get(id) === key) return;
  drawn.set(id, key);
  draw();
}

async function refresh() {
  const mine = ++asked;
  const fresh = await call("GET", `${api}?entrants=${view?.entrants_tag ?? ""}`);
  if (mine !== asked) return;  // a later look (after a later save) answers instead
  fresh.entrants ??= view.entrants;  // the same list as before: not sent again
  view = fresh;
  states = Object.fromEntries(["disputed", "pending", "missing", "corrected"].map((key) => [key, new Set(view[key])]));
  redraw("entrants", view.entrants, () => {
    document.getElementById("count").textContent = `(${view.entrants.length})`;
    document.getElementById("entrants").replaceChildren(...view.entrants.map((e) =>
      el("li", { value: e.number }, `${e.name}${e.club ? ` · ${e.club}` : ""}`)));
  });
  document.getElementById("seat").hidden = Boolean(view.round);
  document.getElementById("seating").hidden = Boolean(view.round);
  choice();
  document.getElementById("pair").disabled = !view.can_pair;
  grid();
  redraw("flags", view.flags, () => document.getElementById("flags").replaceChildren(...view.flags.map((f) => el("li", {}, f.message))));
  redraw("standings", view.standings, () => showStandings(document.getElementById("standings"), view.standings));
  document.getElementById("clock").textContent = clockText(view.clock);
  redraw("affected", view.affected, () => document.getElementById("affected").replaceChildren(...view.affected.map((text) => el("li", {}, text))));
  if (view.version !== shownVersion) {  // the corrections' round and the history follow, once typing pauses
    const wait = shownVersion === null ? 0 : 1000;
    shownVersion = view.version;
    clearTimeout(later);
    later = setTimeout(() => { fixRounds(); history().catch(() => {}); }, wait);
  }
}
let shownVersion = null;
let later = null;

// A row's state: a stable key for its CSS class (state-pending, state-disputed...), and the words it shows.
const STATE_TEXTS = { disputed: "disputed", pending: "pending", missing: "to enter", corrected: "corrected", entered: "entered" };
function state(number) {
  for (const key of ["disputed", "pending", "missing"]) if (states[key].has(number)) return key;
  return states.corrected.has(number) ? "corrected" : "entered";
}

// The points each side proposed from its phone, for a table pending or disputed.
function proposals(table) {
  return (view.proposed[table] || []).map((p) =>
    el("div", { class: `proposed ${p.side}` }, `${t(p.side === "ns" ? "Proposed by N/S" : "Proposed by E/W")}: ${p.ns} / ${p.ew}`));
}

// The score grid. Enter moves to the next field at once, whatever the server is doing, so no key typed meanwhile
// falls into the row before. A row is saved with what was typed in it when it is left (Enter after its E/W
// figure, Tab, a click elsewhere), one save after another; a row left half typed is marked not saved. A row being
// saved says so; a row whose save failed, or whose typed figures differ from the result stored meanwhile (from a
// phone, the other director), keeps the typed figures marked not saved, with the stored ones beside them.
const saving = new Map();  // table -> null while its save is on its way, or the reason it was not saved
const queued = new Map();  // table -> the figures ("ns|ew") on their way, or asked a reason for
let saves = Promise.resolve();
const rows = new Map();  // table -> { tr, ns, ew, cell, shown }: the grid's rows, built once per round

const field = (line, table) => rows.get(table)?.[line];
const typedIn = (table) => ["ns", "ew"].some((line) => field(line, table).hasAttribute("data-typed"));
const tableRow = (table) => view.round?.tables.find((r) => r.table === table);
const total = (text) => text.replace(/\s/g, "").split(/(?<=\d)\+/).reduce((sum, part) => sum + Number(part), 0);

// Built once per round (and when a late pair adds a table), then updated in place on every refresh (every 5 s,
// and after each save): the field being typed in and what was typed and not yet saved are never touched.
function grid() {
  const body = document.querySelector("#grid tbody");
  if (!view.round) { body.replaceChildren(); rows.clear(); delete body.dataset.round; return; }
  const tables = view.round.tables.map((row) => row.table).join(",");
  if (body.dataset.round !== String(view.round.number) || body.dataset.tables !== tables) build(body, tables);
  for (const row of view.round.tables) show(row);
}

function build(body, tables) {
  const sameRound = body.dataset.round === String(view.round.number);
  const typed = new Map(sameRound ? [...body.querySelectorAll("input[data-typed]")].map((input) => [input.name, input.value]) : []);
  const focused = body.contains(document.activeElement) ? document.activeElement.name : null;
  if (!sameRound) { saving.clear(); queued.clear(); }
  body.dataset.round = view.round.number;
  body.dataset.tables = tables;
  document.getElementById("round-title").textContent = t("Round {round}", { round: view.round.number });
  rows.clear();
  body.replaceChildren(...view.round.tables.map((row) => {
    const input = (line) => el("input", { name: `${line}-${row.table}`, inputMode: "numeric", autocomplete: "off",
      "data-table": row.table, "data-line": line, ariaLabel: `${t("Table")} ${row.table} ${line === "ns" ? "N/S" : "E/O"}` });
    const parts = { ns: input("ns"), ew: input("ew"), cell: el("td", { class: "state" }), shown: null };
    parts.tr = el("tr", { "data-table": row.table }, el("td", {}, row.table), el("td", { class: "who" }, side(row.ns)),
      el("td", { class: "who" }, side(row.ew)), el("td", {}, parts.ns), el("td", {}, parts.ew), parts.cell);
    rows.set(row.table, parts);
    return parts.tr;
  }));
  for (const [inputName, value] of typed) {
    const input = body.querySelector(`input[name="${inputName}"]`);
    if (!input) continue;
    input.value = value;
    input.dataset.typed = "";
    input.classList.toggle("bad", value !== "" && !plausible(value));
  }
  if (focused) body.querySelector(`input[name="${focused}"]`)?.focus();
}

// A row as the server has it, unless the director typed in it since, and its state (or its save's); redrawn
// only when one of these changed.
function show(row) {
  const parts = rows.get(row.table);
  const stored = row.result ? { ns: String(row.result.ns_points), ew: String(row.result.ew_points) } : null;
  if (typedIn(row.table) && stored && !saving.has(row.table) && !queued.has(row.table)
      && total(parts.ns.value) === Number(stored.ns) && total(parts.ew.value) === Number(stored.ew)) {
    for (const line of ["ns", "ew"]) parts[line].removeAttribute("data-typed");  // typed as stored: nothing to save
  }
  const typed = typedIn(row.table);
  const key = state(row.table);
  const reason = saving.has(row.table) ? saving.get(row.table) ?? "" : undefined;
  const signature = JSON.stringify([stored, key, view.proposed[row.table] ?? null, reason ?? null, typed, parts.ns.value, parts.ew.value]);
  if (parts.shown === signature) return;
  parts.shown = signature;
  for (const line of ["ns", "ew"]) {
    if (typed) continue;
    parts[line].value = stored ? stored[line] : "";
    parts[line].classList.remove("bad");
  }
  const differs = typed && stored && reason !== "" && !queued.has(row.table);  // typed, not saved, a result stored
  const failed = (reason !== undefined && reason !== "") || differs;
  parts.tr.className = failed ? "failed" : reason === "" ? "saving" : `state-${key}`;
  const storedText = differs || (failed && stored) ? [el("div", { class: "stored" }, t("Stored: {points}", { points: `${stored.ns} / ${stored.ew}` }))] : [];
  if (failed) parts.cell.replaceChildren(reason ? `${t("not saved")}: ${reason}` : t("not saved"), ...storedText);
  else if (reason === "") parts.cell.replaceChildren(t("saving"));
  else parts.cell.replaceChildren(t(STATE_TEXTS[key]), ...proposals(row.table));
}

// Checked as typed: multiples of 5, at most 5000 a deal (the server checks again and says why).
function plausible(text) {
  const parts = text.replace(/\s/g, "").split(/(?<=\d)\+/).filter(Boolean);
  return parts.length > 0 && parts.every((p) => /^-?\d+$/.test(p) && Number(p) % 5 === 0 && Math.abs(Number(p)) <= 5000 * (parts.length > 1 ? 1 : 4));
}

const gridForm = document.getElementById("grid");
gridForm.addEventListener("input", (event) => {
  event.target.dataset.typed = "";
  event.target.classList.toggle("bad", event.target.value !== "" && !plausible(event.target.value));
  const table = Number(event.target.dataset.table);
  if (typeof saving.get(table) === "string") saving.delete(table);  // retyped: the old reason no longer applies
  const row = tableRow(table);
  if (row) show(row);
});
gridForm.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || event.target.tagName !== "INPUT") return;
  event.preventDefault();
  const inputs = [...gridForm.querySelectorAll("input")];
  inputs[inputs.indexOf(event.target) + 1]?.focus();  // before anything else: the next key belongs to the next field
  if (event.target.dataset.line === "ew") save(Number(event.target.dataset.table));
});
// Leaving a row (Tab, Shift+Tab, a click elsewhere in the page) saves it; another window taking the focus does not.
gridForm.addEventListener("focusout", (event) => {
  const left = event.target.closest("tr");
  if (!left || left.contains(event.relatedTarget)) return;
  setTimeout(() => {
    if (left.contains(document.activeElement)) return;  // still here (another window took the focus)
    leave(Number(left.dataset.table));
  }, 0);
});

// A row left: saved when both figures are there, marked not saved when only one is.
function leave(table) {
  const row = tableRow(table);
  if (!row || !field("ns", table) || !typedIn(table)) return;
  const ns = field("ns", table).value.trim();
  const ew = field("ew", table).value.trim();
  if (ns && ew) return save(table);
  if (!ns && !ew && !row.result) {  // emptied again: nothing was typed after all
    for (const line of ["ns", "ew"]) field(line, table).removeAttribute("data-typed");
    saving.delete(table);
  } else saving.set(table, t("both lines' points are needed"));
  show(row);
}
window.addEventListener("beforeunload", (event) => {  // figures typed and not stored are not lost unawares
  if ([...rows.keys()].some((table) => typedIn(table))) event.preventDefault();
});

// Reads the row now, as typed, and queues its save behind the others (once: Enter and leaving the row both ask).
async function save(table) {
  const ns = field("ns", table).value.trim();
  const ew = field("ew", table).value.trim();
  if (!ns && !ew) return;
  const figures = `${ns}|${ew}`;
  if (queued.get(table) === figures) return;  // on its way already
  const row = tableRow(table);
  const body = { round: view.round.number, table, ns, ew };
  if (row.result) {
    if (row.result.ns_points === total(ns) && row.result.ew_points === total(ew)) {  // as stored: nothing to save
      saving.delete(table);
      for (const line of ["ns", "ew"]) field(line, table).removeAttribute("data-typed");
      return show(row);
    }
    queued.set(table, figures);
    body.correct = true;
    body.reason = await reasonFor(body.round, row, ns, ew);
    queued.delete(table);
    if (!body.reason) {  // no reason, no correction: the figures stay on screen, marked not saved
      saving.set(table, t("a correction needs its reason"));
      return show(tableRow(table) || row);
    }
  }
  queued.set(table, figures);
  saving.set(table, null);
  show(row);
  saves = saves.then(() => send(body));
}

// The reason for correcting a stored result, asked naming what is stored, who stored it and when, and what the
// director typed: two directors at one desk see whose figures they replace.
const storedBy = (by) => t("stored by {author} at {time}",
  { author: by.author, time: new Date(by.at).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }) });

async function reasonFor(round, row, ns, ew) {
  const tables = await call("GET", `${api}/turni/${round}`).then((r) => r.tables).catch(() => []);
  const by = tables.find((r) => r.table === row.table)?.stored_by;
  const said = t("Table {table} has {stored}, {by}; you typed {typed}.",
    { table: row.table, stored: points(row.result), by: by ? storedBy(by) : "?", typed: `${ns} / ${ew}` });
  return (prompt(`${said}\n${t("Reason for the correction (codice art. 19)")}`) || "").trim();
}

async function send(body) {
  try {
    await call("POST", `${api}/punteggi`, body);
    saving.delete(body.table);  // the row says "saving" until the view after this save shows it stored
    for (const line of ["ns", "ew"]) {
      const input = field(line, body.table);
      if (input?.value.trim() === body[line]) input.removeAttribute("data-typed");  // unless retyped since
    }
    message.textContent = "";
  } catch (error) {
    saving.set(body.table, error.message);
    message.textContent = `${t("Table")} ${body.table}: ${error.message}`;
  }
  if (queued.get(body.table) === `${body.ns}|${body.ew}`) queued.delete(body.table);
  const row = view.round?.number === body.round && tableRow(body.table);
  if (row && field("ns", body.table)) show(row);
  refresh().catch(() => {});
}

document.getElementById("add").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  try {
    await call("POST", `${api}/iscritti`, { players: [form.get("p1"), form.get("p2")], club: form.get("club") || "",
      fill_bye: form.get("fill_bye") === "on" });
    event.target.reset();
    await refresh();
  } catch (error) { message.textContent = error.message; }
});

let listFile = null;
document.querySelector("#import input[type=file]").addEventListener("change", async (event) => {
  listFile = event.target.files[0];
  await importList(false);
});
document.getElementById("register-list").addEventListener("click", () => importList(true));

async function importList(confirm) {
  const form = new FormData();
  form.append("file", listFile);
  try {
    const result = await call("POST", `${api}/importa?confirm=${confirm}`, form);
    const refused = result.rows.filter((r) => r.refused);
    document.getElementById("preview").replaceChildren(
      el("p", {}, result.sheets_read.length ? `${result.sheets_read.join(", ")}` : ""),
      el("table", { class: "preview" }, el("tbody", {}, ...result.rows.map((r) =>
        el("tr", { class: r.refused ? "bad" : "" }, el("td", {}, r.line), el("td", {}, r.players.join(" - ")), el("td", {}, r.club), el("td", {}, r.categories.join(", ")), el("td", {}, r.refused || "✓"))))),
      el("p", {}, refused.length ? t("Refused lines: nothing registered") : result.registered ? t("Registered {count} entrants", { count: result.registered }) : ""));
    document.getElementById("register-list").hidden = confirm || refused.length > 0;
    if (result.registered) await refresh();
  } catch (error) { message.textContent = error.message; }
}

async function act(path, body, after) {
  try {
    const result = await call("POST", `${api}/${path}`, body);
    if (after) after(result);
    await refresh();
  } catch (error) { message.textContent = error.message; }
}
// The director's choice: a N/S and an E/W place per table, filled in registration order to start from;
// the server refuses a seating that leaves someone out or names someone twice, and says whom.
function choice() {
  const method = document.getElementById("seating").value;
  const table = document.getElementById("choice");
  table.hidden = method !== "choice" || Boolean(view.round);
  const body = table.querySelector("tbody");
  const playing = view.entrants.filter((e) => e.withdrawn_from === null || e.withdrawn_from > 1);
  if (table.hidden || body.querySelectorAll("select").length === playing.length + (playing.length % 2)) return;
  const place = (index) => el("select", { "data-place": index }, el("option", { value: "" }, "—"),
    ...playing.map((e) => el("option", { value: e.number, selected: index === playing.indexOf(e) }, `${e.number}. ${e.name}`)));
  body.replaceChildren(...Array.from({ length: Math.ceil(playing.length / 2) }, (_, i) =>
    el("tr", {}, el("td", {}, String(i + 1)), el("td", {}, place(2 * i)), el("td", {}, place(2 * i + 1)))));
}
document.getElementById("seating").addEventListener("change", choice);
function seating() {
  const method = document.getElementById("seating").value;
  if (method !== "choice") return { method };
  const chosen = [...document.querySelectorAll("#choice select")].map((s) => s.value).filter(Boolean);
  return { method, order: chosen.map(Number) };
}
document.getElementById("seat").addEventListener("click", () => act("assegna", seating(), (r) => {
  document.getElementById("seed").textContent = r.seed === null ? "" : `${t("Seed of the draw")}: ${r.seed}`;
}));
document.getElementById("pair").addEventListener("click", () => act("abbina", {}));
// Undo asks first, naming what it would take back, and then says what it took back.
document.getElementById("undo").addEventListener("click", async () => {
  try {
    const last = await call("GET", `${api}/annulla`);
    if (!confirm(t("Undo the last action? {what}", { what: last.said.join("; ") }))) return;
    const done = await call("POST", `${api}/annulla`, {});
    message.textContent = t("Undone: {what}", { what: done.said.join("; ") });
    await refresh();
  } catch (error) { message.textContent = error.message; }
});
// The two name fields serve a substitution (who leaves, who comes in) and a typo (as written, as it should be).
const decide = document.getElementById("decide");
decide.elements.action.addEventListener("change", () => {
  const typo = decide.elements.action.value === "rename";
  decide.elements.old.placeholder = t(typo ? "Name as written" : "Player leaving");
  decide.elements.new.placeholder = t(typo ? "Name as it should be" : "Player coming in");
});
document.getElementById("decide").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = { action: form.get("action"), round: view.round?.number || 0, justified: form.get("justified") === "on" };
  for (const key of ["number", "table", "minutes", "ns_vp", "ew_vp"]) if (form.get(key)) body[key] = Number(form.get(key));
  for (const key of ["old", "new", "reason"]) if (form.get(key)) body[key] = form.get(key);
  act("decisioni", body, () => event.target.reset());
});
for (const action of ["start", "pause", "resume"]) {
  document.getElementById(`clock-${action}`).addEventListener("click", () => act("orologio", { action }));
}
document.getElementById("clock-add").addEventListener("click", () => act("orologio", { action: "add", minutes: 5 }));

// Any earlier round, table by table: a result is corrected with its reason (codice art. 19); the answer names the
// published pairings the corrected standings would have made otherwise, which stay (art. 19 b).
const fixRound = document.getElementById("fix-round");
const fix = document.getElementById("fix");
let fixing = null;  // the table being corrected: { round, table, hadResult }

function fixRounds() {
  const count = view.round ? view.round.number : 0;
  const chosen = fixRound.value || String(count);
  fixRound.replaceChildren(...Array.from({ length: count }, (_, i) =>
    el("option", { value: String(i + 1), selected: String(i + 1) === chosen }, t("Round {round}", { round: i + 1 }))));
  if (count) loadFixRound().catch((error) => { fixMessage(error.message); });
}

// Only the rows whose table changed are rebuilt (a round of 1,000 tables, one new result).
const fixRows = new Map();  // "round/table" -> [what it showed, its row]
async function loadFixRound() {
  const round = await call("GET", `${api}/turni/${fixRound.value}`);
  const body = document.querySelector("#fix-table tbody");
  const rowsNow = round.tables.map((row) => {
    const key = `${round.number}/${row.table}`;
    const shown = JSON.stringify(row);
    if (fixRows.get(key)?.[0] !== shown) fixRows.set(key, [shown, fixRow(round.number, row)]);
    return fixRows.get(key)[1];
  });
  if (rowsNow.length !== body.rows.length) return body.replaceChildren(...rowsNow);
  rowsNow.forEach((tr, i) => { if (body.rows[i] !== tr) body.rows[i].replaceWith(tr); });
}

function fixRow(number, row) {
  return el("tr", { "data-fix": row.table },
    el("td", {}, row.table), el("td", { class: "who" }, side(row.ns)), el("td", { class: "who" }, side(row.ew)),
    el("td", { class: "result" }, row.result ? `${points(row.result)} (${row.result.ns_vp}-${row.result.ew_vp} VP)` : t("to enter"),
      ...row.corrections.map((text) => el("div", { class: "small" }, text))),
    el("td", {}, el("button", { type: "button", class: "secondary", onclick: () => openFix(number, row) }, t("Correct"))));
}

function openFix(round, row) {
  fixing = { round, table: row.table, hadResult: Boolean(row.points) };
  fix.hidden = false;
  fix.elements.ns.value = row.points ? row.points.ns : "";
  fix.elements.ew.value = row.points ? row.points.ew : "";
  fix.elements.reason.value = "";
  const by = row.stored_by ? ` (${storedBy(row.stored_by)})` : "";
  document.getElementById("fix-what").textContent = `${t("Round {round}", { round })} - ${t("Table")} ${row.table}: N/S ${side(row.ns)} - E/O ${side(row.ew)}${by}`;
  fix.elements.ns.focus();
}

function fixMessage(text) { document.getElementById("fix-message").textContent = text; }

fixRound.addEventListener("change", () => { fix.hidden = true; loadFixRound().catch((error) => fixMessage(error.message)); });
document.getElementById("fix-cancel").addEventListener("click", () => { fix.hidden = true; fixing = null; });
fix.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = { round: fixing.round, table: fixing.table, ns: fix.elements.ns.value.trim(), ew: fix.elements.ew.value.trim() };
  if (fixing.hadResult) Object.assign(body, { correct: true, reason: fix.elements.reason.value.trim() });
  try {
    const result = await call("POST", `${api}/punteggi`, body);
    fix.hidden = true;
    fixing = null;
    const kept = t("The code keeps these pairings as published: the next round is paired on the corrected standings.");
    fixMessage(result.affected.length ? `${result.said}. ${kept}` : result.said);
    await refresh();
  } catch (error) { fixMessage(error.message); }
});

// The log in words, the latest first (a correction with its old and new points and its reason).
async function history() {
  const rows = await call("GET", `${api}/registro`);
  document.getElementById("journal").replaceChildren(...rows.map((row) => el("li", { value: row.seq, class: row.undone ? "undone" : "", "data-kind": row.kind },
    el("span", { class: "small" }, `${new Date(row.at).toLocaleString(lang)} · ${row.author} · `), row.text)));
}

// The hall's address: the score cards' QR codes carry it, for every event of this server. A desk opened at
// http://127.0.0.1 would print cards no phone can open: the desk shows this machine's addresses on the hall's
// network, says whether Tavolo answers there (and how to start it so that it does), and asks before such a printout.
const hallForm = document.getElementById("hall");
const hallMessage = document.getElementById("hall-message");
let hall = null;

async function loadHall() {
  hall = await call("GET", `${api}/indirizzo`);
  showHall();
  document.getElementById("hall-lan").replaceChildren(...(hall.lan.length ? hall.lan.map((lan) =>
    el("button", { type: "button", class: lan.listening ? "secondary" : "secondary deaf", "data-address": lan.address,
      title: lan.listening ? "" : t("Tavolo does not answer here yet"),
      onclick: () => { hallForm.elements.address.value = lan.address; } }, lan.address))
    : [t("none found")]));
  document.getElementById("hall-listen").hidden = !hall.lan.length || hall.lan.some((lan) => lan.listening);
}

function showHall() {
  hallForm.elements.address.value = hall.address;
  const warning = document.getElementById("hall-warning");
  warning.hidden = !hall.loopback;
  warning.textContent = t("{address} is this computer's own address: phones cannot open it.", { address: hall.address });
}

hallForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    Object.assign(hall, await call("POST", `${api}/indirizzo`, { address: hallForm.elements.address.value }));
    showHall();
    hallMessage.textContent = "";
  } catch (error) { hallMessage.textContent = error.message; }
});

document.querySelector('a[data-paper="cards"]').addEventListener("click", (event) => {
  if (hall?.loopback && !confirm(t("The score cards' QR codes would carry {address}: no phone can open it. Set the hall's address first. Print them anyway?", { address: hall.address }))) {
    event.preventDefault();
  }
});
loadHall().catch((error) => { hallMessage.textContent = error.message; });

tick(document.getElementById("clock"), () => view?.clock);
refresh().catch((error) => { message.textContent = error.message; });
setInterval(() => refresh().catch(() => {}), 5000);
