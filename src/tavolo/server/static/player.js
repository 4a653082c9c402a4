// A player's page: rating (OpenSkill, for players with an account) and finished games.
import { api, el } from "./api.js";
import { botName, lang, loadCatalog, t } from "./i18n.js";

function gameRow(game) {
  const row = el("div", "table-row");
  const names = game.seats.map((name, seat) => (game.bot_labels?.[seat] ? botName({ seat, bot_label: game.bot_labels[seat] }) : name));
  const winners = game.winners.map((seat) => names[seat]).join(", ");
  const replay = el("a", "button", t("Replay"));
  replay.href = `/replay/${game.table_id}`;
  const when = new Date(game.finished).toLocaleDateString(lang);
  const outcome = game.won === undefined ? "" : ` · ${game.won ? t("won") : t("lost")}`;
  row.append(el("span", "", "", el("strong", "", game.title), el("span", "hint", ` ${when}${outcome}`)),
    el("span", "seats", names.join(" · ")),
    el("span", "state", "", el("span", "", t("Winner: {names}", { names: winners })), replay));
  return row;
}

async function start() {
  await loadCatalog();
  const name = document.getElementById("player").dataset.name;
  const games = document.getElementById("games");
  try {
    const player = await api("GET", `/api/players/${encodeURIComponent(name)}`);
    document.getElementById("rating").textContent = player.rating
      ? t("Rating {ordinal} (μ {mu}, σ {sigma})", { ordinal: player.rating.ordinal.toFixed(1), mu: player.rating.mu.toFixed(1), sigma: player.rating.sigma.toFixed(1) })
      : t("No rating yet: ratings are kept for players with an account.");
    games.replaceChildren(...(player.games.length ? player.games.map(gameRow) : [el("p", "hint", t("No finished games yet."))]));
  } catch (error) {
    const unknown = error.status === 404;                            // no game finished under this name yet
    games.replaceChildren(el("p", unknown ? "hint" : "error", unknown ? t("No finished games yet.") : error.message));
  }
}

start();
