// A table's phone page: one side enters the points with its code, the other side confirms with its own, seeing each
// deal's figures. The page follows the hall's live stream, so a proposal from the other side's phone shows at once;
// a second proposal never replaces the first: other points are a dispute, both shown, and the director decides.
import { call, el, side, t } from "./common.js";

const card = document.getElementById("card");
const name = card.dataset.name;
const base = `/api/torneo/${encodeURIComponent(name)}/tavolo/${card.dataset.table}`;
const code = document.getElementById("code");
const message = document.getElementById("message");
const enter = document.getElementById("enter");
const confirm = document.getElementById("confirm");
const proposed = document.getElementById("proposed");

let latest = 0;
let mine = "";  // the code the server last accepted on this phone: the live refreshes use it, never a wrong one

const typed = () => code.value.trim();

// A wrong code is refused by the server (and counted: too many in a minute, and every code waits a minute).
async function load(using = typed() || mine) {
  const asked = ++latest;
  let state;
  try {
    state = await call("GET", `${base}?code=${encodeURIComponent(using)}`);
  } catch (error) {
    if (asked !== latest) return;
    enter.hidden = true;
    confirm.hidden = true;
    proposed.replaceChildren();
    throw error;
  }
  if (asked !== latest) return;  // a later look-up (the code typed since) answers instead
  if (state.side) mine = using;
  show(state);
}

function show(state) {
  document.getElementById("seats").textContent = `${t("Round {round}", { round: state.round })}: N/S ${side(state.table.ns)} - E/O ${side(state.table.ew)}`;
  const known = Boolean(state.side);
  const waiting = state.waiting;
  enter.hidden = !known || Boolean(state.table.result) || Boolean(waiting) || state.disputed;
  confirm.hidden = !(waiting && waiting.side !== state.side) || state.disputed;
  if (state.table.result) message.textContent = t("Entered: thank you");
  else if (state.disputed) message.textContent = t("Disputed: the director decides");
  else if (waiting && waiting.side === state.side) message.textContent = t("Sent: now the other side confirms with its code");
  else message.textContent = "";
  if (state.table.result) proposed.replaceChildren();
  else if (state.disputed) proposed.replaceChildren(...state.proposals.map((p) => points(p, t(p.side === "ns" ? "Proposed by N/S" : "Proposed by E/W"))));
  else if (waiting) proposed.replaceChildren(points(waiting, t("Points proposed: N/S {ns}, E/W {ew}", waiting)));
  else proposed.replaceChildren();
}

// One side's proposal: its caption, and each deal's figures with the totals (one figure a side: the totals only).
function points(p, caption) {
  const deals = Math.max(p.ns_deals.length, p.ew_deals.length);
  const rows = deals > 1 ? Array.from({ length: deals }, (_, i) =>
    el("tr", { class: "deal" }, el("td", {}, i + 1), el("td", {}, p.ns_deals[i] ?? ""), el("td", {}, p.ew_deals[i] ?? ""))) : [];
  return el("table", { class: `proposal ${p.side}`, "data-side": p.side }, el("caption", {}, caption),
    el("thead", {}, el("tr", {}, el("th", {}, t("Deal")), el("th", {}, "N/S"), el("th", {}, "E/O"))),
    el("tbody", {}, ...rows, el("tr", { class: "total" }, el("th", {}, t("Total")), el("th", {}, p.ns), el("th", {}, p.ew))));
}

code.addEventListener("input", () => { if (typed().length >= 6) load(typed()).catch(fail); });
enter.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await call("POST", `${base}/proposta`, { code: typed() || mine, ns: document.getElementById("ns").value, ew: document.getElementById("ew").value });
    mine = typed() || mine;
    code.value = "";  // one phone may go round the table: the other side types its own code here
    await load();
  } catch (error) { fail(error); }
});
for (const [id, agree] of [["yes", true], ["no", false]]) {
  document.getElementById(id).addEventListener("click", async () => {
    try {
      await call("POST", `${base}/conferma`, { code: typed() || mine, agree });
      await load();
    } catch (error) { fail(error); }
  });
}
function fail(error) { message.textContent = error.message; }

// The hall's live stream says when anything changes (the other side's proposal included): look again with the code
// this phone had accepted; not while another code is typed (its own look-up answers, and a wrong one is not resent).
const stream = new EventSource(`/api/torneo/${encodeURIComponent(name)}/live`);
stream.onmessage = () => { if (!typed() || typed() === mine) load(mine).catch(() => {}); };
load().catch(fail);
