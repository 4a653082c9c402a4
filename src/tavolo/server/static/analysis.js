// Analisi (issue 41): Campione's review of a seat on the replay page. The page asks for it
// (POST /api/analyses/<table>/<seat>), follows its progress, shows a kept one at once, cancels it
// when the page closes, and draws the timeline of the seat's decisions (mark in colour AND words),
// a chosen decision (the move played, Campione's, the best alternatives with their intervals) and
// the summary by kind of decision. The server: tavolo/server/analyses.py, tavolo/online/analyses.py.
import { api, el } from "./api.js";
import { t } from "./i18n.js";
import { say } from "./words.js";

const POLL_MS = 1000;
const SIGNS = { best: "!", inaccuracy: "?!", mistake: "?", blunder: "??", ok: "", "not estimated": "–" };
const MARKED = ["best", "inaccuracy", "mistake", "blunder"];
const LONG = 40;            // more decisions than this: the timeline shows the marked ones until asked
const AMOUNTS = ["{amount} expected points", "{amount} of expected value"];   // tavolo/analysis/words.py

let job = null;             // the job this page waits for
let options = null;         // {tableId, seatName, currentSeat, goTo}
let seats = [];             // GET /api/analyses/<table>: each seat, mine, allowed, kept
let shared = null;          // the seat a shared link (/analisi/<table>/<seat>) names

const $ = (id) => document.getElementById(id);

/** Set the analysis up on the replay page (``goTo(position, seat)`` steps the replay). */
export async function setUpAnalysis(given) {
  options = given;
  const section = $("analysis");
  if (options.tableId === "file") return;
  let info;
  try { info = await api("GET", `/api/analyses/${options.tableId}`); } catch { return; }
  if (!info.finished || !info.analysable) return;
  seats = info.seats;
  section.hidden = false;
  const budget = new URLSearchParams(location.search).get("budget");
  const select = $("analysis-budget");
  if (budget && ![...select.options].some((o) => o.value === budget)) {
    select.append(Object.assign(el("option", "", `${budget} s`), { value: budget }));   // a test's tiny budget
  }
  if (budget) select.value = budget;
  $("analyse").addEventListener("click", () => ask(seatToAnalyse()));
  $("analysis-cancel").addEventListener("click", () => cancel());
  window.addEventListener("pagehide", () => { if (job) navigator.sendBeacon(`/api/analyses/jobs/${job}/cancel`); });
  shared = section.dataset.seat !== "" && seats[Number(section.dataset.seat)] ? Number(section.dataset.seat) : null;
  labelButton();
  const first = seatToAnalyse();
  if (seats[first]?.kept !== null && seats[first]?.kept !== undefined) await showKept(first);
}

/** The seat the button analyses: the account's own, else the seat the replay is seen from. */
function seatToAnalyse() {
  if (shared !== null) return shared;
  const mine = seats.find((s) => s.mine);
  return mine ? mine.seat : options.currentSeat();
}

/** The button's words: "Analizza la mia mano", or the seat seen from where the account played none. */
export function labelButton() {
  const button = $("analyse");
  if (!button || !seats.length) return;
  const seat = seatToAnalyse();
  const mine = seats[seat]?.mine;
  button.textContent = mine ? t("Analyse my hand") : t("Analyse {name}'s play", { name: options.seatName(seat) });
  button.hidden = !seats[seat]?.allowed;
}

async function showKept(seat) {
  try {
    const kept = await api("GET", `/api/analyses/${options.tableId}/${seat}`);
    draw(kept.review);
  } catch (error) { fail(error); }
}

async function ask(seat) {
  fail(null);
  const budget = $("analysis-budget").value;
  try {
    const answer = await api("POST", `/api/analyses/${options.tableId}/${seat}?budget=${budget}`);
    if (answer.status === "done") { draw(answer.review); return; }
    job = answer.job;
    progress(answer);
    follow();
  } catch (error) { fail(error); }
}

async function follow() {
  while (job) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (!job) return;
    let news;
    try { news = await api("GET", `/api/analyses/jobs/${job}`); } catch (error) { job = null; fail(error); progress(null); return; }
    progress(news);
    if (news.status === "done") { job = null; progress(null); draw(news.review); }
    else if (news.status !== "queued" && news.status !== "running") {
      job = null; progress(null); fail(new Error(t("The analysis failed: try again later")));
    }
  }
}

async function cancel() {
  if (!job) return;
  const id = job;
  job = null;
  progress(null);
  try { await api("POST", `/api/analyses/jobs/${id}/cancel`); } catch { /* already over */ }
}

/** The progress bar and its words; ``news`` null: hidden. */
function progress(news) {
  $("analysis-progress").hidden = !news;
  $("analyse").disabled = Boolean(news);
  if (!news) return;
  const bar = $("analysis-bar");
  if (news.status === "queued") {
    bar.removeAttribute("value");
    $("analysis-status").textContent = news.position
      ? t("Waiting in the queue: {count} before yours", { count: news.position }) : t("Starting…");
  } else {
    bar.max = news.total || 1;
    bar.value = news.done;
    $("analysis-status").textContent = news.total
      ? t("Decision {done} of {total}", { done: news.done, total: news.total }) : t("Starting…");
  }
}

function fail(error) {
  $("analysis-error").textContent = error ? (error.data?.error?.message || error.message) : "";
}

/** An amount of the review's unit: "+38" points, "+0,12" of a position value. */
function amount(value, unit, sign = true) {
  if (value === null || value === undefined) return "–";
  const digits = unit === "points" ? 0 : 2;
  const text = Math.abs(value).toLocaleString(document.documentElement.lang || "it", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return sign ? `${value < 0 ? "−" : "+"}${text}` : text;
}

function interval(estimate, unit) {
  if (estimate.half === null) return t("too few deals for an interval");
  return `${amount(estimate.mean, unit)} ± ${amount(estimate.half, unit, false)}`;
}

const seatName = (seat) => options.seatName(seat);

/** ``words`` with its amounts ("+0.40 of expected value") written as the reader writes numbers. */
function localized(words, unit) {
  const params = {};
  for (const [name, value] of Object.entries(words.params || {})) {
    if (name === "amount" && AMOUNTS.includes(words.key) && !Number.isNaN(Number(value))) params[name] = amount(Number(value), unit);
    else params[name] = value && typeof value === "object" && "key" in value ? localized(value, unit) : value;
  }
  return { key: words.key, params };
}
const markText = (d) => `${SIGNS[d.mark] ? SIGNS[d.mark] + " " : ""}${say(d.mark_words, seatName)}`;

/** The review: its heading, the timeline, the chosen decision, the summary, the link to share. */
function draw(review) {
  const result = $("analysis-result");
  const marked = review.decisions.filter((d) => MARKED.includes(d.mark) && d.mark !== "best").length;
  const lost = review.summary.reduce((sum, row) => sum + (row.per_hand || 0), 0);
  const unitWords = review.unit === "points" ? t("points a hand") : t("of value a hand");
  const heading = el("p", "analysis-heading", t("{name}: {count} decisions; errors and inaccuracies: {marked}; lost: {lost} {unit}", {
    name: review.name, count: review.decisions.length, marked, lost: amount(lost, review.unit, false), unit: unitWords,
  }));
  const detail = el("div", "analysis-decision");
  detail.id = "analysis-decision";
  const timeline = el("ol", "analysis-timeline");
  timeline.setAttribute("aria-label", t("Your decisions, in order"));
  const chips = new Map();
  const hands = new Set(review.decisions.map((d) => d.hand)).size;
  let hand = null;
  for (const d of review.decisions) {
    if (hands > 1 && d.hand !== hand) {                         // a match: each hand's decisions under its number
      hand = d.hand;
      timeline.append(el("li", "analysis-hand", t("Hand {number}", { number: hand + 1 })));
    }
    const chip = el("button", `analysis-chip mark-${d.mark.replace(" ", "-")}`, "");
    chip.type = "button";
    chip.append(el("span", "chip-number", String(d.number)), el("span", "chip-mark", d.mark === "ok" ? "" : markText(d)));
    chip.setAttribute("aria-label", t("Move {number}: {mark}", { number: d.number, mark: say(d.mark_words, seatName) }));
    chip.addEventListener("click", () => choose(review, d, chip));
    chips.set(d, chip);
    timeline.append(el("li", d.mark === "ok" ? "chip-ok" : "", "", chip));
  }
  const parts = [heading, timeline];
  if (review.decisions.length > LONG) {                         // a long hand: the marked decisions first
    timeline.classList.add("marked-only");
    const all = el("button", "analysis-all", t("Show all {count} decisions", { count: review.decisions.length }));
    all.type = "button";
    all.setAttribute("aria-expanded", "false");
    all.addEventListener("click", () => {
      const open = timeline.classList.toggle("marked-only") === false;
      all.setAttribute("aria-expanded", String(open));
      all.textContent = open ? t("Show only the marked decisions") : t("Show all {count} decisions", { count: review.decisions.length });
    });
    parts.push(all);
  }
  const legend = el("p", "hint analysis-legend", t("Each number is the move's in the game.") + " " + t("Marks: ! excellent, ?! inaccuracy (from {low}), ? mistake (from {middle}), ?? blunder (from {high}), only where 10 deals at least and the 99% interval exclude zero.", {
    low: amount(review.thresholds[0], review.unit, false), middle: amount(review.thresholds[1], review.unit, false),
    high: amount(review.thresholds[2], review.unit, false) }));
  const link = el("a", "analysis-link", t("Link to share this analysis"));
  link.href = `/analisi/${options.tableId}/${review.seat}`;
  result.replaceChildren(...parts, legend, detail, summary(review), link);
  const firstMarked = review.decisions.findIndex((d) => MARKED.includes(d.mark) && d.mark !== "best");
  const start = firstMarked >= 0 ? firstMarked : review.decisions.findIndex((d) => d.mark === "best");
  if (start >= 0) choose(review, review.decisions[start], chips.get(review.decisions[start]));
}

/** A decision chosen on the timeline: its words, its alternatives, and the replay at its position. */
function choose(review, d, chip) {
  document.querySelectorAll(".analysis-chip[aria-pressed]").forEach((c) => c.removeAttribute("aria-pressed"));
  chip.setAttribute("aria-pressed", "true");
  const unit = review.unit;
  const moves = [...d.moves].sort((a, b) => (b.action === d.best.action) - (a.action === d.best.action));   // Campione's first
  const rows = moves.map((m) => {
    const tags = [m.action === d.played.action ? t("played") : "", m.action === d.best.action ? t("Campione") : ""].filter(Boolean);
    const row = el("tr", m.action === d.played.action ? "played" : "",
      "", el("td", "", say(m.words, seatName) + (tags.length ? ` (${tags.join(", ")})` : "")),
      el("td", "number", m.action === d.best.action ? t("reference") : interval(m.versus_best, unit)));
    return row;
  });
  const table = el("table", "analysis-moves", "",
    el("caption", "", t("The best moves, against Campione's (95% interval, {deals} deals)", { deals: d.deals })),
    el("thead", "", "", el("tr", "", "", el("th", "", t("Move")), el("th", "number", t("Against Campione")))),
    el("tbody", "", "", ...rows));
  const parts = [
    el("h3", `mark-title mark-${d.mark.replace(" ", "-")}`, `${t("Move {number}", { number: d.number })} · ${say(d.kind_words, seatName)} · ${markText(d)}`),
    el("p", "analysis-sentence", say(localized(d.sentence, unit), seatName)),
  ];
  if (d.reason) parts.push(el("p", "hint", say(d.reason, seatName)));
  const look = el("button", "analysis-look", t("See the position on the table"));
  look.type = "button";
  look.addEventListener("click", () => document.getElementById("board").scrollIntoView({ behavior: "smooth" }));
  if (MARKED.includes(d.mark) && d.mark !== "best") {
    parts.push(el("p", "hint", t("Lost against Campione's move: {loss}", { loss: interval(d.loss, unit) })));
  }
  parts.push(table);
  if (d.moves.some((m) => m.action !== d.best.action && (m.versus_best.mean ?? 0) > 0)) {
    parts.push(el("p", "hint", t("A plus: on these deals that move did better than Campione's, which was chosen on other deals; read the difference with its interval.")));
  }
  parts.push(look);
  $("analysis-decision").replaceChildren(...parts);
  options.goTo(d.number - 1, review.seat);
}

function summary(review) {
  const rows = review.summary.map((row) => el("tr", "", "",
    el("td", "", say(row.words, seatName)), el("td", "number", String(row.decisions)),
    el("td", "number", String(row.marked)), el("td", "number", amount(row.per_hand, review.unit, false))));
  return el("table", "analysis-summary", "",
    el("caption", "", t("What to work on: lost by kind of decision")),
    el("thead", "", "", el("tr", "", "", el("th", "", t("Kind")), el("th", "number", t("Decisions")),
      el("th", "number", t("Marked")), el("th", "number", t("Lost a hand")))),
    el("tbody", "", "", ...rows));
}
