// Replay (moviola): a finished game move by move, from its record (the
// table's, or a record file the player opens), seen from any seat.
import { api, el } from "./api.js";
import { loadCatalog, t } from "./i18n.js";

const page = document.getElementById("replay");
const ctx = { seat: 0, table: null, view: null, t, refresh: () => show(), send: () => {}, seatName, sideName };
let replay = null;
let position = 0;
let families = {};

function seatName(seat) {
  return replay?.seats[seat] || t("Seat {number}", { number: seat + 1 });
}

function sideName(seats) {
  return seats.map(seatName).join(" + ");
}

async function load(record) {
  const response = await fetch(`/replay/frames?lang=${document.body.dataset.lang}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error.message);
  replay = data;
  ctx.module = await import(`/static/views/${families[data.game]}.js`);
  const viewer = document.getElementById("viewer");
  viewer.replaceChildren(...data.seats.map((name, seat) => Object.assign(el("option", "", name || seatName(seat)), { value: seat })));
  position = 0;
  show();
}

function show() {
  if (!replay) return;
  const frame = replay.frames[position];
  const obs = frame.obs[ctx.seat];
  ctx.view = { family: families[replay.game], obs, legal: [], to_act: obs.current_player, melds: null, hand_end: null, finished: null };
  ctx.module.render(ctx);
  const end = document.getElementById("replay-hand-end");
  end.hidden = !frame.hand_end;
  end.replaceChildren(...(frame.hand_end
    ? [el("h2", "", t("End of hand {number}", { number: frame.hand_end.number })), ctx.module.handEnd(ctx, frame.hand_end)] : []));
  document.getElementById("position").textContent = t("move {number} of {count}", { number: position, count: replay.frames.length - 1 });
  document.getElementById("replay-move").textContent = frame.text ? `${seatName(frame.seat)}: ${frame.text}` : t("The deal");
}

function step(to) {
  if (!replay) return;
  position = Math.max(0, Math.min(replay.frames.length - 1, to));
  show();
}

function fail(error) {
  document.getElementById("replay-error").textContent = error.message;
}

async function start() {
  await loadCatalog();
  const games = await api("GET", "/api/games");
  families = Object.fromEntries(games.map((g) => [g.name, g.family]));
  document.getElementById("first").addEventListener("click", () => step(0));
  document.getElementById("prev").addEventListener("click", () => step(position - 1));
  document.getElementById("next").addEventListener("click", () => step(position + 1));
  document.getElementById("last").addEventListener("click", () => step(Infinity));
  document.getElementById("viewer").addEventListener("change", (e) => { ctx.seat = Number(e.target.value); show(); });
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") step(position + 1);
    if (e.key === "ArrowLeft") step(position - 1);
  });
  document.getElementById("record-file").addEventListener("change", async (e) => {
    try { await load(JSON.parse(await e.target.files[0].text())); } catch (error) { fail(error); }
  });
  if (page.dataset.tableId !== "file") {
    try { await load(await api("GET", `/api/tables/${page.dataset.tableId}/record`)); } catch (error) { fail(error); }
  }
}

start();
