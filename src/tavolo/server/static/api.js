// The JSON API (contract in tavolo.online) and what the browser remembers:
// the player's name (localStorage "tavolo.name") and each seat's token
// (localStorage "tavolo.seat.<table_id>" = {seat, token}).
import { lang, t } from "./i18n.js";

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

/** A table's options in a few words: "fibur · 4 · 2005". */
export function optionsSummary(options) {
  // a word among the values ("french") in the reader's language ("francese"), not "mazzo french"
  return Object.values(options || {}).filter((v) => v !== null && typeof v !== "boolean")
    .map((v) => (typeof v === "string" ? t(v) : v)).join(" · ");
}
