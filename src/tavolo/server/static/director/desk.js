// The director's desk: registration and import with a preview, seating round 1 (draw, registration order or the
// director's choice), publishing rounds, a keyboard score grid (Enter moves on; a result already entered is
// corrected with a reason), the clock.
import { call, clockText, el, side, standingsTable, t, tick } from "./common.js";

const desk = document.getElementById("desk");
const name = desk.dataset.name;
const api = `/api/direttore/${encodeURIComponent(name)}`;
const message = document.getElementById("message");
let view = null;

async function refresh() {
  view = await call("GET", api);
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
}

function state(number) {
  if (view.disputed.includes(number)) return t("disputed");
  if (view.pending.includes(number)) return t("pending");
  if (view.missing.includes(number)) return t("to enter");
  return view.corrected.includes(number) ? t("corrected") : t("entered");
}

// Rebuilt on every refresh (every 5 s, and after each entry): what the director has typed and not yet sent, and
// the field being typed in, survive it.
function grid() {
  const body = document.querySelector("#grid tbody");
  const sameRound = Number(body.dataset.round) === view.round?.number;
  const typed = new Map(sameRound ? [...body.querySelectorAll("input[data-typed]")].map((input) => [input.name, input.value]) : []);
  const focused = body.contains(document.activeElement) ? document.activeElement.name : null;
  if (!view.round) { body.replaceChildren(); return; }
  body.dataset.round = view.round.number;
  document.getElementById("round-title").textContent = t("Round {round}", { round: view.round.number });
  body.replaceChildren(...view.round.tables.map((row) => {
    const entered = row.result !== null;
    const input = (lineName) => el("input", { name: `${lineName}-${row.table}`, inputMode: "numeric", autocomplete: "off",
      value: entered ? String(lineName === "ns" ? row.result.ns_points : row.result.ew_points) : "", "data-table": row.table, "data-line": lineName });
    return el("tr", { "data-table": row.table, class: state(row.table) },
      el("td", {}, row.table), el("td", {}, side(row.ns)), el("td", {}, side(row.ew)),
      el("td", {}, input("ns")), el("td", {}, input("ew")), el("td", { class: "state" }, state(row.table)));
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

// Checked as typed: multiples of 5, at most 5000 a deal (the server checks again and says why).
function plausible(text) {
  const parts = text.replace(/\s/g, "").split(/(?<=\d)\+/).filter(Boolean);
  return parts.length > 0 && parts.every((p) => /^-?\d+$/.test(p) && Number(p) % 5 === 0 && Math.abs(Number(p)) <= 5000 * (parts.length > 1 ? 1 : 4));
}

document.getElementById("grid").addEventListener("input", (event) => {
  event.target.dataset.typed = "";
  event.target.classList.toggle("bad", event.target.value !== "" && !plausible(event.target.value));
});
document.getElementById("grid").addEventListener("keydown", async (event) => {
  if (event.key !== "Enter" || event.target.tagName !== "INPUT") return;
  event.preventDefault();
  const inputs = [...document.querySelectorAll("#grid input")];
  const next = inputs[inputs.indexOf(event.target) + 1]?.name;
  if (event.target.dataset.line === "ew") await send(Number(event.target.dataset.table));
  if (next) document.querySelector(`#grid input[name="${next}"]`)?.focus();
});

async function send(table) {
  const ns = document.querySelector(`input[name="ns-${table}"]`).value;
  const ew = document.querySelector(`input[name="ew-${table}"]`).value;
  if (!ns || !ew) return;
  const row = view.round.tables.find((r) => r.table === table);
  const body = { round: view.round.number, table, ns, ew };
  if (row.result) {
    if (row.result.ns_points === Number(ns) && row.result.ew_points === Number(ew)) return;
    body.correct = true;
    body.reason = prompt(t("corrected")) || "";
  }
  try {
    await call("POST", `${api}/punteggi`, body);
    message.textContent = "";
    for (const lineName of ["ns", "ew"]) document.querySelector(`input[name="${lineName}-${table}"]`)?.removeAttribute("data-typed");
    await refresh();
  } catch (error) { message.textContent = error.message; }
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
        el("tr", { class: r.refused ? "bad" : "" }, el("td", {}, r.line), el("td", {}, r.players.join(" - ")), el("td", {}, r.club), el("td", {}, r.refused || "✓"))))),
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
document.getElementById("undo").addEventListener("click", () => act("annulla", {}));
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

tick(document.getElementById("clock"), () => view?.clock);
refresh().catch((error) => { message.textContent = error.message; });
setInterval(() => refresh().catch(() => {}), 5000);
