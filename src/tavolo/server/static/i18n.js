// The web catalog for the scripts (served by pages.py as /i18n/<lang>.json):
// msgid = the English text with {named} placeholders; a missing entry reads as English.
//
//   await loadCatalog("it");  t("It is {name}'s turn", { name: "Anna" })  // "Tocca ad Anna"

let messages = {};
export let lang = document.body.dataset.lang || "it";

export async function loadCatalog(language = lang) {
  lang = language;
  const response = await fetch(`/i18n/${language}.json`);
  messages = response.ok ? await response.json() : {};
}

export function t(msgid, params = {}) {
  const text = messages[msgid] || msgid;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** ``one`` or ``many`` by ``count`` (Italian and English share the rule), {count} filled. */
export function tn(one, many, count, params = {}) {
  return t(count === 1 ? one : many, { count, ...params });
}

/** A bot's seat as people read it, its level in their language: "Bot 2 (Facile)", "Bot 2 (Easy)". */
export function botName(seat) {
  return t("Bot {number} ({level})", { number: seat.seat, level: t(seat.bot_label || seat.bot) });
}
