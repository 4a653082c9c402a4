// Moves and cards in the reader's language (the "moves" catalog, merged into /i18n/<lang>.json):
// what the log, the move list and the buttons say of a move, as tavolo/i18n/moves.py says it in
// the terminal. A move's words come from the server (State.action_words_for):
// {key: the English msgid with {placeholders}, params: {name: text | number | {cards, deck} |
// {seat} | nested words}}.
//
//   say({ key: "discard {cards}", params: { cards: { cards: ["3h"], deck: "french" } } }, seatName)
//   // "scarta 3♥"
//   cardName("Jd", "italian")   // "fante di denari" (a screen reader's label)

import { t } from "./i18n.js";

const SUIT_SYMBOLS = { h: "♥", d: "♦", c: "♣", s: "♠" };
const FRENCH_SUITS = { h: "hearts", d: "diamonds", c: "clubs", s: "spades" };
const ITALIAN_SUITS = { c: "cups", d: "coins", b: "batons", s: "swords" };
const RANK_NAMES = {
  A: "ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", T: "10", 10: "10",
  J: "jack", Q: "queen", K: "king",
};
const ITALIAN_RANK_NAMES = { ...RANK_NAMES, C: "knight" };
const ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
  "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

const codeOf = (token) => token.split("(")[0].trim();

/** ``token`` as a move names it: "3♥", "10♥", "Jolly"; "fante di denari"; "XXI". */
export function cardShort(token, deck) {
  const code = codeOf(token);
  if (code.startsWith("*")) return t("Joker");
  if (deck === "french") {
    const rank = code.slice(0, -1);
    return `${t(rank === "T" ? "10" : rank)}${SUIT_SYMBOLS[code.slice(-1)] ?? code.slice(-1)}`;
  }
  if (deck === "tarot" && ROMAN.includes(code)) return code === "0" ? t("the Fool") : code;
  return cardName(code, deck);
}

/** ``token`` said whole: "fante di cuori", "asso di coppe", "jolly", "trionfo XXI". */
export function cardName(token, deck) {
  const code = codeOf(token);
  if (code.startsWith("*")) return t("joker");
  if (deck === "tarot" && ROMAN.includes(code)) return code === "0" ? t("the Fool") : t("trump {number}", { number: code });
  const rank = code.slice(0, -1), suit = code.slice(-1);
  const suits = deck === "french" ? FRENCH_SUITS : ITALIAN_SUITS;
  const ranks = deck === "french" ? RANK_NAMES : ITALIAN_RANK_NAMES;
  if (!(suit in suits) || !(rank in ranks)) return code;
  return t("{rank} of {suit}", { rank: t(ranks[rank]), suit: t(suits[suit]) });
}

/** ``words`` in the reader's language; ``seatName(seat)`` names a seat as the reader knows it. */
export function say(words, seatName = (seat) => String(seat + 1)) {
  const params = {};
  for (const [name, value] of Object.entries(words.params || {})) params[name] = sayParam(value, seatName);
  return t(words.key, params);
}

function sayParam(value, seatName) {
  if (typeof value === "string" || typeof value === "number") return String(value);
  if ("cards" in value) return value.cards.map((token) => cardShort(token, value.deck)).join(" ");
  if ("seat" in value) return seatName(value.seat);
  return say(value, seatName);
}
