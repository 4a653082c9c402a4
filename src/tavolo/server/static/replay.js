// Replay (moviola): a finished game move by move, from its record (the
// table's, or a record file the player opens), seen from any seat.
import { api, el } from "./api.js";
import { loadCatalog, t } from "./i18n.js";
import { say } from "./words.js";
import { labelButton, setUpAnalysis } from "./analysis.js";

const page = document.getElementById("replay");
const ctx = { seat: 0, table: null, view: null, t, refresh: () => show(), send: () => {}, seatName, sideName };
let replay = null;          // {game, seats, total, frames: the pages read so far, by position}
let record = null;
let position = 0;
let families = {};
const PAGE = 100;           // positions a page holds (pages.FRAMES_PAGE)
const TRIES = 5;            // a page refused as one too many is asked again after its Retry-After

/** A seat by the record's name for it; a name that several seats share ("RandomBot") gets its seat's number. */
function seatName(seat) {
  const name = replay?.seats[seat];
  if (!name) return t("Seat {number}", { number: seat + 1 });
  const shared = replay.seats.filter((other) => other === name).length > 1;
  return shared ? t("{name} (seat {number})", { name, number: seat + 1 }) : name;
}

function sideName(seats) {
  return seats.map(seatName).join(" + ");
}

/** The page of positions from ``start`` (the server works out a page at a time). */
async function fetchPage(start) {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`/replay/frames?from=${start}&count=${PAGE}&lang=${document.body.dataset.lang}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record),
    });
    const data = await response.json();
    if (response.ok) return data;
    const wait = Number(response.headers.get("Retry-After"));
    if (response.status !== 429 || !wait || attempt === TRIES) throw new Error(data.error.message);
    document.getElementById("replay-error").textContent = data.error.message;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    document.getElementById("replay-error").textContent = "";
  }
}

/** The position ``at``, its page read first if it was not yet. */
async function frameAt(at) {
  if (!replay.frames[at]) {
    const data = await fetchPage(Math.floor(at / PAGE) * PAGE);
    data.frames.forEach((frame, i) => { replay.frames[data.from + i] = frame; });
  }
  return replay.frames[at];
}

async function load(chosen) {
  record = chosen;
  const data = await fetchPage(0);
  replay = { game: data.game, seats: data.seats, total: data.total, frames: [] };
  data.frames.forEach((frame, i) => { replay.frames[i] = frame; });
  ctx.module = await import(`/static/views/${families[data.game]}.js`);
  const viewer = document.getElementById("viewer");
  viewer.replaceChildren(...data.seats.map((name, seat) => Object.assign(el("option", "", seatName(seat)), { value: seat })));
  position = 0;
  show();
}

async function show() {
  if (!replay) return;
  const at = position;
  const frame = await frameAt(at).catch((error) => fail(error));
  if (!frame || at !== position) return;                 // another step was asked for meanwhile
  const obs = frame.obs[ctx.seat];
  ctx.view = { family: families[replay.game], obs, legal: [], to_act: obs.current_player, melds: frame.melds ?? null, hand_end: null, finished: null };
  ctx.module.render(ctx);
  const end = document.getElementById("replay-hand-end");
  end.hidden = !frame.hand_end;
  end.replaceChildren(...(frame.hand_end
    ? [el("h2", "", t("End of hand {number}", { number: frame.hand_end.number })), ctx.module.handEnd(ctx, frame.hand_end)] : []));
  document.getElementById("position").textContent = t("move {number} of {count}", { number: position, count: replay.total - 1 });
  const move = frame.words ? say(frame.words, seatName) : frame.text;        // in words; an old page's frame in notation
  document.getElementById("replay-move").textContent = frame.text ? `${seatName(frame.seat)}: ${move}` : t("The deal");
}

function step(to) {
  if (!replay) return;
  position = Math.max(0, Math.min(replay.total - 1, to));
  show();
}

/** The replay at ``at`` seen from ``seat`` (a decision chosen in the analysis: the position before it). */
function goTo(at, seat) {
  ctx.seat = seat;
  document.getElementById("viewer").value = String(seat);
  step(at);
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
  document.getElementById("viewer").addEventListener("change", (e) => { ctx.seat = Number(e.target.value); labelButton(); show(); });
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") step(position + 1);
    if (e.key === "ArrowLeft") step(position - 1);
  });
  document.getElementById("record-file").addEventListener("change", async (e) => {
    try { await load(JSON.parse(await e.target.files[0].text())); } catch (error) { fail(error); }
  });
  if (page.dataset.tableId !== "file") {
    try { await load(await api("GET", `/api/tables/${page.dataset.tableId}/record`)); } catch (error) { fail(error); return; }
    await setUpAnalysis({ tableId: page.dataset.tableId, seatName, currentSeat: () => ctx.seat, goTo });
  }
}

start();
