// Playing cards drawn as SVG by our own code (carte da gioco).
//
// French cards (Burraco, Scala 40): ranks A 2-9 T J Q K, suits h d c s (cuori,
// quadri, fiori, picche), "*" the joker (jolly). Italian cards (Briscola,
// Tressette): ranks A 2-7 J C K (fante, cavallo, re), suits c d b s (coppe,
// denari, bastoni, spade); the tarot's suited cards ("tarot" deck) add 8-10 and
// Q (donna). A meld token may carry the rank a wild stands for, "*(6)" or
// "2h(7)", drawn as a small tag on the card.
//
// The face prints what the deck prints: French cards K Q J in every language
// (as Italian French-suited packs print them, Modiano and Dal Negro alike);
// Italian and tarot cards in Italian R C F D (re, cavallo, fante, donna), in
// English K Kn J Q. Every face is an image named for a screen reader in the
// reader's language ("fante di cuori", words.js cardName); a back says nothing.
// The token stays in data-card.
//
//   import { cardElement } from "/static/cards.js";
//   hand.append(cardElement("Qs", "french"));      // <svg class="card" data-card="Qs" aria-label="donna di picche">

import { lang } from "./i18n.js";
import { cardName } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";

// Suit shapes on a 100 x 100 box.
const FRENCH_SUITS = {
  h: { color: "#c8102e", shape: '<path d="M50 90C22 66 6 48 6 29 6 14 18 5 30 5c9 0 16 5 20 13 4-8 11-13 20-13 12 0 24 9 24 24 0 19-16 37-44 61z"/>' },
  d: { color: "#c8102e", shape: '<path d="M50 4 86 50 50 96 14 50z"/>' },
  c: { color: "#111", shape: '<circle cx="50" cy="27" r="19"/><circle cx="27" cy="58" r="19"/><circle cx="73" cy="58" r="19"/><path d="M45 50 39 95h22l-6-45z"/>' },
  s: { color: "#111", shape: '<path d="M50 5C78 31 94 46 94 62c0 13-10 22-22 22-8 0-14-4-18-10 1 9 5 16 12 21H34c7-5 11-12 12-21-4 6-10 10-18 10C16 84 6 75 6 62 6 46 22 31 50 5z"/>' },
};
const ITALIAN_SUITS = {
  d: { color: "#b8860b", shape: '<circle cx="50" cy="50" r="42" fill="#e8b923" stroke="#8a6408" stroke-width="5"/><circle cx="50" cy="50" r="25" fill="none" stroke="#8a6408" stroke-width="4"/><circle cx="50" cy="50" r="8" fill="#c8102e"/>' },
  c: { color: "#c8102e", shape: '<path d="M18 10h64c0 32-14 46-26 50v16l16 12v6H28v-6l16-12V60C32 56 18 42 18 10z" fill="#d4a017" stroke="#8a6408" stroke-width="4"/><path d="M24 18h52" stroke="#c8102e" stroke-width="6"/>' },
  s: { color: "#1d4f9c", shape: '<path d="M46 4h8l3 62H43z" fill="#9bb7e0" stroke="#1d4f9c" stroke-width="3"/><rect x="24" y="64" width="52" height="8" rx="3" fill="#1d4f9c"/><rect x="45" y="72" width="10" height="16" fill="#8a6408"/><circle cx="50" cy="92" r="6" fill="#1d4f9c"/>' },
  b: { color: "#2e7d32", shape: '<path d="M38 6c14-5 26 2 24 16l-4 70c0 6-16 6-16 0L38 22c-4-6-4-12 0-16z" fill="#8d5a2b" stroke="#4e2f12" stroke-width="4"/><circle cx="47" cy="36" r="5" fill="#2e7d32"/><circle cx="54" cy="58" r="5" fill="#2e7d32"/><circle cx="46" cy="78" r="4" fill="#2e7d32"/>' },
};
const FRENCH_RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const ITALIAN_RANKS = {
  it: { T: "10", J: "F", C: "C", Q: "D", K: "R" },      // fante, cavallo, donna, re
  en: { T: "10", J: "J", C: "Kn", Q: "Q", K: "K" },
};

/** The parts of a card token: {code, rank, suit, declared, joker}. */
export function parseCard(token) {
  const match = /^([^()]+)(?:\((\w+)\))?$/.exec(token.trim());
  const code = match ? match[1] : token;
  const declared = match && match[2] ? match[2] : null;
  if (code.startsWith("*")) return { code: "*", rank: "*", suit: null, declared, joker: true };
  return { code, rank: code.slice(0, -1), suit: code.slice(-1), declared, joker: false };
}

/** The rank as printed on the card face: French K Q J everywhere, Italian and tarot R C F D in Italian. */
export function rankLabel(rank, deck, language = lang) {
  if (deck === "french") return FRENCH_RANKS[rank] ?? rank;
  return (ITALIAN_RANKS[language] ?? ITALIAN_RANKS.it)[rank] ?? rank;
}

function suitOf(suit, deck) {
  return (deck === "french" ? FRENCH_SUITS : ITALIAN_SUITS)[suit];
}

function suitSymbol(suit, deck, x, y, size) {
  const s = suitOf(suit, deck);
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 100 100" fill="${s.color}">${s.shape}</svg>`;
}

function faceMarkup(card, deck) {
  if (card.joker) {
    return `<text x="30" y="50" class="joker-star">★</text><text x="30" y="70" class="joker-word">JOLLY</text>`;
  }
  const s = suitOf(card.suit, deck);
  if (!s) return `<text x="30" y="48" class="rank-big">?</text>`;
  const label = rankLabel(card.rank, deck);
  return `<text x="4" y="19" class="rank" fill="${s.color}">${label}</text>` +
    suitSymbol(card.suit, deck, 4, 23, 16) +
    suitSymbol(card.suit, deck, 20, 40, 36);
}

/** An SVG element drawing ``token`` from the ``deck`` ("french", "italian" or "tarot"), named
 * for a screen reader ("fante di cuori"; a wild's declared rank said after it). */
export function cardElement(token, deck, extraClass = "") {
  const card = parseCard(token);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("class", `card ${extraClass}`.trim());
  svg.setAttribute("role", "img");
  const declared = card.declared && card.declared !== "w" ? ` (${rankLabel(card.declared, deck)})` : "";
  svg.setAttribute("aria-label", cardName(card.code, deck) + declared);
  svg.dataset.card = card.code;
  const tag = card.declared && card.declared !== "w"
    ? `<rect x="2" y="60" width="24" height="20" rx="4" class="declared"/><text x="14" y="75" class="declared-text">${rankLabel(card.declared, deck)}</text>` : "";
  svg.innerHTML = `<rect x="1" y="1" width="58" height="82" rx="6" class="card-face"/>` + faceMarkup(card, deck) + tag;
  return svg;
}

/** The back of a card (a hidden card: the stock, another player's hand). */
export function cardBack(extraClass = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("class", `card back ${extraClass}`.trim());
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = '<rect x="1" y="1" width="58" height="82" rx="6" class="card-back"/><rect x="7" y="7" width="46" height="70" rx="4" class="card-back-inner"/>';
  return svg;
}

const FRENCH_SUIT_ORDER = "hdcs";
const FRENCH_RANK_ORDER = "A23456789TJQK";
const ITALIAN_SUIT_ORDER = "dcbs";
const ITALIAN_RANK_ORDER = "A23456789TJCQK";

/** Sort keys of a hand: by suit then rank, or by rank then suit; jokers last. */
export function sortCards(cards, deck, by) {
  const suits = deck === "french" ? FRENCH_SUIT_ORDER : ITALIAN_SUIT_ORDER;
  const ranks = deck === "french" ? FRENCH_RANK_ORDER : ITALIAN_RANK_ORDER;
  const key = (token) => {
    const c = parseCard(token);
    if (c.joker) return [99, 99];
    const s = suits.indexOf(c.suit), r = ranks.indexOf(c.rank);
    return by === "rank" ? [r, s] : [s, r];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a), kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}
