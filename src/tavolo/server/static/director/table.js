// A table's phone page: one side enters the points with its code, the other side confirms with its own.
import { call, side, t } from "./common.js";

const card = document.getElementById("card");
const base = `/api/torneo/${encodeURIComponent(card.dataset.name)}/tavolo/${card.dataset.table}`;
const code = document.getElementById("code");
const message = document.getElementById("message");
const enter = document.getElementById("enter");
const confirm = document.getElementById("confirm");

let latest = 0;

// A wrong code is refused by the server (and counted: too many in a minute, and every code waits a minute).
async function load() {
  const asked = ++latest;
  let state;
  try {
    state = await call("GET", `${base}?code=${encodeURIComponent(code.value.trim())}`);
  } catch (error) {
    if (asked !== latest) return;
    enter.hidden = true;
    confirm.hidden = true;
    throw error;
  }
  if (asked !== latest) return;  // a later look-up (the code typed since) answers instead
  document.getElementById("seats").textContent = `${t("Round {round}", { round: state.round })}: N/S ${side(state.table.ns)} - E/O ${side(state.table.ew)}`;
  const known = Boolean(state.side);
  enter.hidden = !known || Boolean(state.table.result) || Boolean(state.waiting);
  confirm.hidden = !(state.waiting && state.waiting.side !== state.side);
  if (state.table.result) message.textContent = t("Entered: thank you");
  else if (state.disputed) message.textContent = t("Disputed: the director decides");
  else if (state.waiting && state.waiting.side === state.side) message.textContent = t("Waiting for the other side to confirm");
  else message.textContent = "";
  if (state.waiting) document.getElementById("proposed").textContent = t("Points proposed: N/S {ns}, E/W {ew}", state.waiting);
}

code.addEventListener("input", () => { if (code.value.trim().length >= 6) load().catch(fail); });
enter.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await call("POST", `${base}/proposta`, { code: code.value.trim(), ns: document.getElementById("ns").value, ew: document.getElementById("ew").value });
    message.textContent = t("Sent: now the other side confirms with its code");
    code.value = "";
    enter.hidden = true;
  } catch (error) { fail(error); }
});
for (const [id, agree] of [["yes", true], ["no", false]]) {
  document.getElementById(id).addEventListener("click", async () => {
    try {
      await call("POST", `${base}/conferma`, { code: code.value.trim(), agree });
      await load();
    } catch (error) { fail(error); }
  });
}
function fail(error) { message.textContent = error.message; }
load().catch(fail);
