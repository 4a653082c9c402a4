// The lobby's Tornei section: the room's tournaments (open for registration, running, finished) from
// GET /api/tournaments, and, for an organizer, the form of a new one (POST /api/tournaments).
import { api, el } from "./api.js";
import { loadCatalog, t, tn } from "./i18n.js";

const GROUPS = [
  ["registration", "Registration open"],
  ["running", "Running"],
  ["finished", "Finished"],
];

/** "Danish · 3 rounds · 2 deals · FIBUR · sit & go of 4": a tournament as players read it. */
export function tournamentSummary(tour) {
  const parts = [t(systemWord(tour.system)), tn("{count} tournament round", "{count} tournament rounds", tour.rounds),
    tn("{count} deal", "{count} deals", tour.deals), ruleWord(tour.rule_set)];
  if (tour.kind === "individual") parts.push(t("individual"));
  if (tour.sit_and_go) parts.push(t("sit & go of {count}", { count: tour.sit_and_go }));
  if (tour.duplicate) parts.push(t("duplicate deals"));
  return parts.join(" · ");
}

export function systemWord(system) {
  return { danish: "Danish", modified: "modified Danish", mitchell: "Mitchell", roundrobin: "round robin",
    strict: "Danish, no rematch" }[system] || system;
}

export function ruleWord(rules) {
  return { fibur: "FIBUR", internazionale: t("Internazionale"), fedibur1985: "FEDIBUR 1985" }[rules] || rules;
}

function row(tour) {
  const link = el("a", `table-row tournament-row status-${tour.status}`);
  link.href = `/tornei/${tour.id}`;
  const count = tour.sit_and_go
    ? t("{count} of {total} entrants", { count: tour.entrants, total: tour.sit_and_go })
    : tn("{count} entrant", "{count} entrants", tour.entrants);
  link.append(
    el("strong", "", tour.name),
    el("span", "hint", tournamentSummary(tour)),
    el("span", "state", count),
  );
  return link;
}

async function showTournaments() {
  const box = document.getElementById("tournament-lists");
  try {
    const listing = await api("GET", "/api/tournaments");
    const groups = GROUPS.map(([status, title]) => {
      const found = listing.tournaments.filter((tour) => tour.status === status);
      if (!found.length) return null;
      const list = el("div", "tables", "", ...found.slice(0, 20).map(row));
      return el("div", `tournament-group group-${status}`, "", el("h3", "", t(title)), list);
    }).filter(Boolean);
    box.replaceChildren(...(groups.length ? groups : [el("p", "hint", t("No tournament for now."))]));
    document.getElementById("tournament-create").hidden = !listing.can_create;
  } catch (error) {
    box.replaceChildren(el("p", "error", error.message));
  }
}

/** A datetime-local's value as UTC ISO (the server's times are UTC), or "". */
function isoOf(value) {
  return value ? new Date(value).toISOString().slice(0, 19) + "+00:00" : "";
}

async function createTournament(event) {
  event.preventDefault();
  const form = event.target;
  const data = new FormData(form);
  const number = (name) => Number(data.get(name) || 0);
  const body = {
    name: data.get("name").trim(), kind: data.get("kind"), system: data.get("system"), rounds: number("rounds"),
    deals: number("deals"), minutes: data.get("minutes") ? number("minutes") : null, rule_set: data.get("rule_set"),
    opens: isoOf(data.get("opens")), closes: isoOf(data.get("closes")), starts: isoOf(data.get("starts")),
    sit_and_go: number("sit_and_go"), duplicate: data.get("duplicate") === "on", substitute: data.get("substitute"),
    grace_seconds: number("grace_seconds"), spectators: data.get("spectators"),
  };
  const error = document.getElementById("tournament-error");
  try {
    const made = await api("POST", "/api/tournaments", body);
    location.href = `/tornei/${made.id}`;
  } catch (failure) {
    error.textContent = failure.message;
  }
}

async function start() {
  await loadCatalog();
  document.getElementById("tournament-form").addEventListener("submit", createTournament);
  await showTournaments();
  setInterval(showTournaments, 10000);
}

if (document.getElementById("tournament-lists")) start();
