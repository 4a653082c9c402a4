// The JSON API (contract in tavolo.online) and what the browser remembers:
// the player's name (localStorage "tavolo.name") and each seat's token
// (localStorage "tavolo.seat.<table_id>" = {seat, token}).
import { lang, t, tn } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error?.code;
  }
}

export async function api(method, path, body = undefined, token = undefined) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const sep = path.includes("?") ? "&" : "?";
  const response = await fetch(`${path}${sep}lang=${lang}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin",
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export function playerName() {
  return localStorage.getItem("tavolo.name") || "";
}

export function rememberName(name) {
  localStorage.setItem("tavolo.name", name.trim());
}

export function seatOf(tableId) {
  try {
    return JSON.parse(localStorage.getItem(`tavolo.seat.${tableId}`));
  } catch {
    return null;
  }
}

export function rememberSeat(tableId, seat, token) {
  localStorage.setItem(`tavolo.seat.${tableId}`, JSON.stringify({ seat, token }));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(`tavolo.seat.${tableId}`);
}

/** An element with class, text and children: el("p", "hint", "text") */
export function el(tag, className = "", text = "", ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  node.append(...children);
  return node;
}

export function button(label, onClick, className = "") {
  const b = el("button", className, label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** Games that four play as two pairs (in coppia); with two or three each plays for himself. */
const PAIRS_AT_FOUR = new Set(["burraco", "tressette", "bridge", "canasta", "pinnacola", "briscola", "tarocchi"]);

/** How each option reads in a table's summary; an option not named here shows its value's own word. */
const OPTION_WORDS = {
  target: (v) => t("to {points} points", { points: v }),
  elimination: (v) => t("out at {points}", { points: v }),
  hands: (v) => (v ? tn("{count} hand", "{count} hands", v) : null),
  boards: (v) => tn("{count} board", "{count} boards", v),
  rounds: (v) => tn("{count} round", "{count} rounds", v),
  tokens: (v) => tn("{count} token each", "{count} tokens each", v),
  prizes: (v) => tn("{count} prize", "{count} prizes", v),
  deck: (v) => (v === "italian" ? t("Italian cards") : t("French cards")),
  rules: (v) => (v === "hearts" ? t("Hearts rules") : t("Peppa rules")),
  rule_set: (v) => ({ fibur: t("FIBUR rules"), fedibur1985: t("FEDIBUR 1985 rules"), internazionale: t("international code") })[v] ?? v,
  scoring: (v) => (v === "rubber" ? t("rubber scoring") : t("duplicate scoring")),
  accusi: (v) => (v === "automatic" ? t("accusi counted by themselves") : t("accusi declared")),
  mercante: (v) => (v === "player" ? t("a player is the mercante") : t("the house is the mercante")),
  match: (v) => (v === "hands" ? t("hands with fiches") : t("out over {points}", { points: v })),
};

/** Who plays: "2 giocatori", "in coppia" (four as two pairs). */
export function playersSummary(players, game) {
  if (players === 4 && PAIRS_AT_FOUR.has(game)) return t("in pairs");
  return tn("{count} player", "{count} players", players);
}

/** A table's options in a few words, in the reader's language: "2 giocatori · regole FIBUR · a 2005 punti";
 * ``seats``: how many sit at it, when the options leave the players out (a game's default). */
export function optionsSummary(options, game = "", seats = null) {
  const parts = [];
  const given = { ...(options || {}) };
  if ((given.players === undefined || given.players === null) && seats) given.players = seats;
  for (const [name, value] of Object.entries(given)) {
    if (value === null || value === undefined || typeof value === "boolean") continue;
    if (name === "players") parts.unshift(playersSummary(value, game));
    else if (OPTION_WORDS[name]) parts.push(OPTION_WORDS[name](value));
    else if (typeof value === "string") parts.push(t(value));
  }
  return parts.filter(Boolean).join(" · ");
}
