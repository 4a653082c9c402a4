// The director's home: their tournaments, and a new one.
import { call, el, t } from "./common.js";

const message = document.getElementById("message");
call("GET", "/api/direttore").then((data) => {
  document.getElementById("mine").replaceChildren(...data.tournaments.map((name) =>
    el("li", {}, el("a", { href: `/direttore/${encodeURIComponent(name)}` }, name))));
}).catch((error) => { message.textContent = error.message; });

document.getElementById("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const body = {
    name: form.get("name"), deals: Number(form.get("deals")), rounds: Number(form.get("rounds")),
    system: form.get("system"), prizes: Number(form.get("prizes")), kind: form.get("kind"),
    minutes: Number(form.get("minutes") || 0), sessions: form.get("sessions") || "",
    internazionale: form.get("internazionale") === "on", timeout: form.get("timeout"), prize_ties: form.get("prize_ties"),
    phases: String(form.get("phases") || "").split(/\s+/).filter(Boolean),
    category_prizes: String(form.get("category_prizes") || "").split(/\s+/).filter(Boolean),
  };
  try {
    const created = await call("POST", "/api/direttore", body);
    location.href = created.url;
  } catch (error) { message.textContent = error.message; }
});

// A director of the server names another: an account registered already.
document.getElementById("name-director").addEventListener("submit", async (event) => {
  event.preventDefault();
  const said = document.getElementById("directors-message");
  try {
    const named = await call("POST", "/api/direttore/direttori", { account: new FormData(event.target).get("account") });
    said.textContent = named.directors.join(", ");
    event.target.reset();
  } catch (error) { said.textContent = error.message; }
});

// A backup restored from its file: read and checked first, then restored once the director confirms what it holds.
document.getElementById("restore-file").addEventListener("change", async (event) => {
  const said = document.getElementById("restore-message");
  const file = event.target.files[0];
  const send = (confirm) => {
    const form = new FormData();
    form.append("file", file);
    return call("POST", `/api/direttore/ripristina?confirm=${confirm}`, form);
  };
  try {
    const { preview } = await send(false);
    const question = t("Restore {name}: {events} events, {entrants} entrants, {rounds} rounds, last changed {last}?",
      { ...preview, last: new Date(preview.last).toLocaleString(document.body.dataset.lang) });
    if (!confirm(question)) { event.target.value = ""; return; }
    const restored = await send(true);
    location.href = restored.url;
  } catch (error) { said.textContent = error.message; event.target.value = ""; }
});
