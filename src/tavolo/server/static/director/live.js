// The hall's live page and the projector: the public view, pushed by the server (server-sent events).
import { call, clockText, el, roundTable, showStandings, t, tick } from "./common.js";

const board = document.getElementById("board");
const name = board.dataset.name;
const projector = board.dataset.projector === "yes";
let view = null;

function show(next) {
  view = next;
  const round = document.getElementById("round");
  const standings = document.getElementById("standings");
  round.replaceChildren();
  if (view.round) round.append(Object.assign(roundTable(view.round, t("Round {round}", { round: view.round.number })), { id: "current" }));
  if (view.previous && !projector) round.append(Object.assign(roundTable(view.previous, t("Results of round {round}", { round: view.previous.number })), { id: "previous" }));
  showStandings(standings, view.standings);
  board.dataset.version = view.version;
  document.getElementById("clock").textContent = clockText(view.clock);
}

const stream = new EventSource(`/api/torneo/${encodeURIComponent(name)}/live`);
stream.onmessage = (message) => show(JSON.parse(message.data));
tick(document.getElementById("clock"), () => view?.clock);

if (projector) {
  // The tables' headings stay in sight under the bar while the page scrolls (CSS position: sticky, top: --bar).
  const bar = document.querySelector(".bar");
  const measure = () => document.body.style.setProperty("--bar", `${bar.offsetHeight}px`);
  measure();
  window.addEventListener("resize", measure);
  // Scroll through the tables and the standings by itself, then start again from the top.
  setInterval(() => {
    const bottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
    window.scrollTo({ top: bottom ? 0 : window.scrollY + 2, behavior: "auto" });
  }, 50);
} else {
  const finder = document.getElementById("finder");
  const found = document.getElementById("found");
  let timer = null;
  finder.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const people = finder.value.trim().length < 2 ? [] : await call("GET", `/api/torneo/${encodeURIComponent(name)}/cerca?q=${encodeURIComponent(finder.value)}`);
      found.replaceChildren(...people.map(describe));
      if (finder.value.trim().length >= 2 && !people.length) found.append(el("p", {}, t("No one found")));
    }, 250);
  });
}

function describe(person) {
  const where = person.where;
  const seat = !where ? "" : where.table ? `${t("Your table")}: ${where.table} (${where.line}) - ${t("Opponents")}: ${where.opponents.map((o) => `${o.number} ${o.name}`).join(" + ")}` : t("rests this round");
  const results = person.results.filter((r) => r.vp !== null).map((r) => `${r.round}: ${r.vp} VP`).join(" · ");
  return el("div", { class: "person" }, el("strong", {}, `${person.number} ${person.name}`), el("p", {}, seat), el("p", { class: "small" }, results));
}
