// The director's desk: registration and import with a preview, seating round 1 (draw, registration order or the
// director's choice), publishing rounds, a keyboard score grid (Enter moves on at once, each row is saved as it
// was typed; a result already entered is corrected with a reason), the clock.
import { call, clockText, el, lang, side, standingsTable, t, tick } from "./common.js";

const desk = document.getElementById("desk");
const name = desk.dataset.name;
const api = `/api/direttore/${encodeURIComponent(name)}`;
const message = document.getElementById("message");
let view = null;
let asked = 0;  // the number of the latest look at the desk's state

async function refresh() {
  const mine = ++asked;
  const fresh = await call("GET", api);
  if (mine !== asked) return;  // a later look (after a later save) answers instead
  view = fresh;
  document.getElementById("count").textContent = `(${view.entrants.length})`;
  document.getElementById("entrants").replaceChildren(...view.entrants.map((e) =>
    el("li", { value: e.number }, `${e.name}${e.club ? ` · ${e.club}` : ""}`)));
  document.getElementById("seat").hidden = Boolean(view.round);
  document.getElementById("seating").hidden = Boolean(view.round);
  choice();
  document.getElementById("pair").disabled = !view.can_pair;
  grid();
  document.getElementById("flags").replaceChildren(...view.flags.map((f) => el("li", {}, f.message)));
  document.getElementById("standings").replaceChildren(...view.standings.map(standingsTable));
  document.getElementById("clock").textContent = clockText(view.clock);
  document.getElementById("affected").replaceChildren(...view.affected.map((text) => el("li", {}, text)));
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
  if (view.disputed.includes(number)) return "disputed";
  if (view.pending.includes(number)) return "pending";
  if (view.missing.includes(number)) return "missing";
  return view.corrected.includes(number) ? "corrected" : "entered";
}

// The points each side proposed from its phone, for a table pending or disputed.
function proposals(table) {
  return (view.proposed[table] || []).map((p) =>
    el("div", { class: `proposed ${p.side}` }, `${t(p.side === "ns" ? "Proposed by N/S" : "Proposed by E/W")}: ${p.ns} - ${p.ew}`));
}

// The score grid. Enter moves to the next field at once, whatever the server is doing, so no key typed meanwhile
// falls into the row before; leaving a row's E/W field saves that row with what was typed in it, one save after
// another. A row being saved says so; a row whose save failed keeps its figures and shows why, until it is saved.
const saving = new Map();  // table -> null while its save is on its way, or the reason it failed
let saves = Promise.resolve();

const field = (line, table) => document.querySelector(`#grid input[name="${line}-${table}"]`);

// Built once per round (and when a late pair adds a table), then updated in place on every refresh (every 5 s,
// and after each save): the field being typed in and what was typed and not yet saved are never touched.
function grid() {
  const body = document.querySelector("#grid tbody");
  if (!view.round) { body.replaceChildren(); delete body.dataset.round; return; }
  const tables = view.round.tables.map((row) => row.table).join(",");
  if (body.dataset.round !== String(view.round.number) || body.dataset.tables !== tables) build(body, tables);
  for (const row of view.round.tables) show(row);
}

function build(body, tables) {
  const sameRound = body.dataset.round === String(view.round.number);
  const typed = new Map(sameRound ? [...body.querySelectorAll("input[data-typed]")].map((input) => [input.name, input.value]) : []);
  const focused = body.contains(document.activeElement) ? document.activeElement.name : null;
  if (!sameRound) saving.clear();
  body.dataset.round = view.round.number;
  body.dataset.tables = tables;
  document.getElementById("round-title").textContent = t("Round {round}", { round: view.round.number });
  body.replaceChildren(...view.round.tables.map((row) => {
    const input = (line) => el("input", { name: `${line}-${row.table}`, inputMode: "numeric", autocomplete: "off",
      "data-table": row.table, "data-line": line });
    return el("tr", { "data-table": row.table }, el("td", {}, row.table), el("td", {}, side(row.ns)),
      el("td", {}, side(row.ew)), el("td", {}, input("ns")), el("td", {}, input("ew")), el("td", { class: "state" }));
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

// A row as the server has it, unless the director typed in it since, and its state (or its save's).
function show(row) {
  const tr = document.querySelector(`#grid tr[data-table="${row.table}"]`);
  for (const line of ["ns", "ew"]) {
    const input = field(line, row.table);
    if (input.hasAttribute("data-typed")) continue;
    input.value = row.result ? String(line === "ns" ? row.result.ns_points : row.result.ew_points) : "";
    input.classList.remove("bad");
  }
  const key = state(row.table);
  const failed = saving.has(row.table) && saving.get(row.table) !== null;
  tr.className = failed ? "failed" : saving.has(row.table) ? "saving" : `state-${key}`;
  const cell = tr.querySelector("td.state");
  if (failed) cell.textContent = `${t("not saved")}: ${saving.get(row.table)}`;
  else if (saving.has(row.table)) cell.textContent = t("saving");
  else cell.replaceChildren(t(STATE_TEXTS[key]), ...proposals(row.table));
}

// Checked as typed: multiples of 5, at most 5000 a deal (the server checks again and says why).
function plausible(text) {
  const parts = text.replace(/\s/g, "").split(/(?<=\d)\+/).filter(Boolean);
  return parts.length > 0 && parts.every((p) => /^-?\d+$/.test(p) && Number(p) % 5 === 0 && Math.abs(Number(p)) <= 5000 * (parts.length > 1 ? 1 : 4));
}

document.getElementById("grid").addEventListener("input", (event) => {
  event.target.dataset.typed = "";
  event.target.classList.toggle("bad", event.target.value !== "" && !plausible(event.target.value));
});
document.getElementById("grid").addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || event.target.tagName !== "INPUT") return;
  event.preventDefault();
  const inputs = [...document.querySelectorAll("#grid input")];
  inputs[inputs.indexOf(event.target) + 1]?.focus();  // before anything else: the next key belongs to the next field
  if (event.target.dataset.line === "ew") save(Number(event.target.dataset.table));
});

// Reads the row now, as typed, and queues its save behind the others.
function save(table) {
  const ns = field("ns", table).value.trim();
  const ew = field("ew", table).value.trim();
  if (!ns && !ew) return;
  const row = view.round.tables.find((r) => r.table === table);
  const body = { round: view.round.number, table, ns, ew };
  if (row.result) {
    if (row.result.ns_points === Number(ns) && row.result.ew_points === Number(ew)) {  // as stored: nothing to save
      saving.delete(table);
      return show(row);
    }
    body.correct = true;
    body.reason = (prompt(t("Reason for the correction (codice art. 19)")) || "").trim();
    if (!body.reason) {  // no reason, no correction: the figures stay on screen, marked not saved
      saving.set(table, t("a correction needs its reason"));
      return show(row);
    }
  }
  saving.set(table, null);
  show(row);
  saves = saves.then(() => send(body));
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
    const row = view.round?.number === body.round && view.round.tables.find((r) => r.table === body.table);
    if (row && field("ns", body.table)) show(row);
  }
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

async function loadFixRound() {
  const round = await call("GET", `${api}/turni/${fixRound.value}`);
  document.querySelector("#fix-table tbody").replaceChildren(...round.tables.map((row) => el("tr", { "data-fix": row.table },
    el("td", {}, row.table), el("td", {}, side(row.ns)), el("td", {}, side(row.ew)),
    el("td", { class: "result" }, row.result ? `${row.result.ns_points} - ${row.result.ew_points} (${row.result.ns_vp}-${row.result.ew_vp} VP)` : t("to enter"),
      ...row.corrections.map((text) => el("div", { class: "small" }, text))),
    el("td", {}, el("button", { type: "button", class: "secondary", onclick: () => openFix(round.number, row) }, t("Correct"))))));
}

function openFix(round, row) {
  fixing = { round, table: row.table, hadResult: Boolean(row.points) };
  fix.hidden = false;
  fix.elements.ns.value = row.points ? row.points.ns : "";
  fix.elements.ew.value = row.points ? row.points.ew : "";
  fix.elements.reason.value = "";
  document.getElementById("fix-what").textContent = `${t("Round {round}", { round })} - ${t("Table")} ${row.table}: N/S ${side(row.ns)} - E/O ${side(row.ew)}`;
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

// The hall's address: the score cards' QR codes carry it. A desk opened at http://127.0.0.1 would print cards no
// phone can open: the desk shows this machine's addresses on the hall's network and asks before such a printout.
const hallForm = document.getElementById("hall");
let hall = null;

async function loadHall() {
  hall = await call("GET", `${api}/indirizzo`);
  showHall();
  document.getElementById("hall-lan").replaceChildren(...(hall.lan.length ? hall.lan.map((address) =>
    el("button", { type: "button", class: "secondary", "data-address": address, onclick: () => { hallForm.elements.address.value = address; } }, address))
    : [t("none found")]));
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
    message.textContent = "";
  } catch (error) { message.textContent = error.message; }
});

document.querySelector('a[data-paper="cards"]').addEventListener("click", (event) => {
  if (hall?.loopback && !confirm(t("The score cards' QR codes would carry {address}: no phone can open it. Set the hall's address first. Print them anyway?", { address: hall.address }))) {
    event.preventDefault();
  }
});
loadHall().catch((error) => { message.textContent = error.message; });

tick(document.getElementById("clock"), () => view?.clock);
refresh().catch((error) => { message.textContent = error.message; });
setInterval(() => refresh().catch(() => {}), 5000);
