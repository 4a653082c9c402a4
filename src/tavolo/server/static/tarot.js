// Tarot cards (tarocchi, 78) drawn as SVG, beside cards.js: the suited cards are
// Italian-suited (ranks A 2-9 T J C Q K: fante, cavallo, donna, re; suits c d b s)
// and drawn by cards.js; the trumps I..XXI and the Matto "0" are drawn here, the
// numeral large on a gold-framed face and again in the top left corner, so that a
// hand overlapped on a phone still shows it (XV, XVI, XVII, XVIII).
//
//   import { tarotCard, sortTarot } from "/static/tarot.js";
//   hand.append(tarotCard("XXI"));      // <svg class="card trump" data-card="XXI" aria-label="XXI, il Mondo">

import { cardElement } from "./cards.js";
import { t } from "./i18n.js";
import { cardName } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
  "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];
/** The figures of the trumps, as the "moves" catalog names them ("il Bagatto", "l'Angelo", "il Mondo"). */
const TRUMP_NAMES = ["the Fool", "the Bagatto", "the Popess", "the Empress", "the Emperor", "the Pope", "the Lovers",
  "the Chariot", "Justice", "the Hermit", "the Wheel", "Strength", "the Hanged Man", "Death", "Temperance",
  "the Devil", "the Tower", "the Star", "the Moon", "the Sun", "the Angel", "the World"];
const SUITS = "cdbs";
const RANKS = "A23456789TJCQK";

/** The trump number of ``token`` (0 for the Matto), or -1 for a suited card. */
export function trumpNumber(token) {
  return ROMAN.indexOf(token);
}

/** A tarot card said whole, for a screen reader: "XXI, il Mondo", "il Matto", "re di coppe". */
export function tarotName(token) {
  const number = trumpNumber(token);
  if (number === 0) return t("the Fool");
  if (number > 0) return t("{numeral}, {figure}", { numeral: token, figure: t(TRUMP_NAMES[number]) });
  return cardName(token, "tarot");
}

/** An SVG element drawing a tarot card: a trump here, a suited card by cards.js. */
export function tarotCard(token, extraClass = "") {
  const number = trumpNumber(token);
  if (number < 0) return cardElement(token, "tarot", extraClass);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("class", `card trump ${extraClass}`.trim());
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", tarotName(token));
  svg.dataset.card = token;
  const size = number === 0 ? 12 : token.length > 3 ? 15 : 20;
  const corner = number === 0 ? "" : `<text x="4" y="16" font-size="13" font-weight="800" fill="#5b2a86" class="corner" aria-hidden="true">${token}</text>`;
  svg.innerHTML = `<rect x="1" y="1" width="58" height="82" rx="6" class="card-face"/>` +
    `<rect x="6" y="6" width="48" height="72" rx="4" fill="none" stroke="#b8860b" stroke-width="2.5"/>` + corner +
    `<text aria-hidden="true" x="30" y="${number === 0 ? 52 : 50}" text-anchor="middle" font-size="${size}" font-weight="700" ` +
    `fill="#5b2a86">${number === 0 ? t("Fool") : token}</text>` +
    (number === 0 ? `<circle cx="30" cy="66" r="5" fill="#c8102e"/>` : `<path d="M22 64h16l-8 8z" fill="#b8860b"/>`);
  return svg;
}

/** A hand in order: suits c d b s (by rank) then the trumps by number, the Matto first. */
export function sortTarot(cards, by) {
  const key = (token) => {
    const n = trumpNumber(token);
    if (n >= 0) return [4, n];
    const s = SUITS.indexOf(token.slice(-1)), r = RANKS.indexOf(token[0]);
    return by === "rank" ? [r, s] : [s, r];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a), kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}
