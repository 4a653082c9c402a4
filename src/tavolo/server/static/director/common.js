// What the director's and the hall's pages share: their texts (in the page's language) and the JSON calls.
const texts = JSON.parse(document.getElementById("texts").textContent);
export const lang = document.body.dataset.lang;

export function t(msgid, params = {}) {
  return (texts[msgid] || msgid).replace(/\{(\w+)\}/g, (_, key) => String(params[key] ?? ""));
}

export async function call(method, path, body) {
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, options);
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(data?.error?.message || `HTTP ${response.status}`);
  return data;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child instanceof Node ? child : String(child ?? ""));
  return node;
}

export function side(entrants) {
  return entrants.map((e) => `${e.number} ${e.name}`).join(" + ");
}

export function clockText(clock) {
  if (!clock) return "";
  if (clock.time_out) return `${t("Time out")} - ${clock.rule}`;
  const minutes = Math.floor(clock.remaining_s / 60);
  const seconds = String(clock.remaining_s % 60).padStart(2, "0");
  const text = t("Round {round}: {minutes}:{seconds} left", { round: clock.round, minutes, seconds });
  return clock.running ? text : `${text} (${t(clock.remaining_s === clock.minutes * 60 ? "not started" : "paused")})`;
}

// The round clock ticks on the page between the server's views.
export function tick(node, get) {
  setInterval(() => {
    const clock = get();
    if (clock && clock.running && clock.remaining_s > 0) clock.remaining_s -= 1;
    if (clock && clock.running && clock.remaining_s === 0) clock.time_out = true;
    node.textContent = clockText(clock);
    node.classList.toggle("out", Boolean(clock?.time_out));
  }, 1000);
}

export const TIES = "Equal VP, MP and points: the same place, listed by number (the next round's pairing takes them in the order of round 1's seating).";

// Each column's class: a phone leaves out the club and the rounds played (director.css).
const COLUMNS = ["place", "number", "name", "club", "played", "vp", "mp", "points", "prize"];

export function standingsTable(ranking) {
  const head = el("tr", {}, ...["Pl.", "No.", "Name", "Club", "P", "VP", "MP", "Points", "Prize"].map((h, i) => el("th", { class: COLUMNS[i] }, t(h))));
  return el("table", { class: "standings", "data-title": ranking.title }, el("caption", {}, ranking.title),
    el("thead", {}, head), el("tbody", {}, ...ranking.lines.map(lineRow)),
    el("tfoot", {}, el("tr", {}, el("td", { colSpan: 9, class: "small" }, t(TIES)))));
}

// A withdrawn entrant (codice art. 33) is marked, and ranked after those still playing by the server.
const lineClass = (line) => (line.withdrawn ? "withdrawn" : line.prize ? "prize" : "");
const lineCells = (line) => [line.place, line.number, line.withdrawn ? `${line.name}${t(" (withdrawn)")}` : line.name,
  line.club, line.played, line.vp, line.mp, line.points, line.prize || ""].map((c) => String(c ?? ""));
const lineRow = (line) => el("tr", { class: lineClass(line) }, ...lineCells(line).map((c, i) => el("td", { class: COLUMNS[i] }, c)));

// The standings shown in ``section``: the tables kept, and only the cells whose text changed rewritten, so a new
// result on 2,000 lines costs the lines it moves, not the whole page's layout.
const shownLines = new WeakMap();  // a standings row -> the line it shows (JSON)
export function showStandings(section, rankings) {
  const tables = [...section.querySelectorAll("table.standings")];
  if (tables.length !== rankings.length || rankings.some((r, i) => tables[i].dataset.title !== r.title)) {
    section.replaceChildren(...rankings.map(standingsTable));
    return;
  }
  rankings.forEach((ranking, i) => {
    const body = tables[i].tBodies[0];
    while (body.rows.length > ranking.lines.length) body.lastElementChild.remove();
    ranking.lines.forEach((line, n) => {
      const row = body.rows[n];
      if (!row) return body.append(lineRow(line));
      const key = JSON.stringify(line);
      if (shownLines.get(row) === key) return;
      shownLines.set(row, key);
      if (row.className !== lineClass(line)) row.className = lineClass(line);
      lineCells(line).forEach((text, j) => { if (row.cells[j].textContent !== text) row.cells[j].textContent = text; });
    });
  });
}

// A table's points, N/S then E/W: "-1400 / 600", never "-1400-600".
export function points(result) {
  return `${result.ns_points} / ${result.ew_points}`;
}

export function roundTable(round, title) {
  const head = el("tr", {}, ...["Table", "North/South", "East/West", "VP"].map((h) => el("th", {}, t(h))));
  const rows = round.tables.map((row) =>
    el("tr", { "data-table": row.table },
      el("td", {}, row.table), el("td", {}, side(row.ns)), el("td", {}, side(row.ew)),
      el("td", { class: "result" }, row.result ? `${row.result.ns_vp}-${row.result.ew_vp} (${points(row.result)})` : t("to enter"))));
  const byes = round.byes.map((s) => el("tr", {}, el("td", {}, t("rest")), el("td", {}, side(s)), el("td", {}), el("td", {})));
  return el("table", { class: "round" }, el("caption", {}, title), el("thead", {}, head), el("tbody", {}, ...rows, ...byes));
}
