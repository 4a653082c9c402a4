// The rummy table (Burraco, Scala 40): melds of both sides (each burraco
// marked pulito, semipulito or sporco, with the side's points), the discard
// pile (in full for Burraco), the stock and the pozzetti, your hand sorted
// your way; select cards by tapping them and act with the players' words:
// Pesca, Raccogli, Apri/Cala, Lega (then tap the meld), Scarta, Sostituisci.
import { button, el } from "../api.js";
import { cardElement, sortCards } from "../cards.js";
import { draggable } from "../drag.js";
import { tn } from "../i18n.js";
import { rummyStyles, endedBy, DECK, chosenCards, hasVerb, revealedHands, seatHistoryLine, sortButton, stockPile } from "./rummy_common.js";

/** Burraco and Scala 40 turn clockwise (codice art. 4, "in senso orario"; FISCA Scala 40 art. 2.1). */
export const PLAY_DIRECTION = "clockwise";
const ui = { selected: [], sortBy: localStorage.getItem("tavolo.sort") || "suit", mode: null, handKey: "" };

function isBurraco(obs) {
  return Array.isArray(obs.melds);
}

/** A burraco's kind in the player's words (codice art. 13: pulito, semipulito, sporco). */
export function kindLabel(ctx, kind) {
  return { pulito: ctx.t("clean"), semipulito: ctx.t("semi-clean"), sporco: ctx.t("dirty") }[kind] || kind;
}

function cards(tokens, className = "") {
  return tokens.map((token) => cardElement(token, DECK, className));
}

// --- the table ---------------------------------------------------------------------------------

/** Whether a Burraco run's first card is a free wild (matta libera: written first, with no rank it
 *  stands for; a pinella of the run's own suit marked "(w)"), which may still move to either end. */
export function startsWithFreeWild(text) {
  const tokens = text.split(" ");
  const [first, ...rest] = tokens;
  const naturals = rest.filter((t) => !t.includes("(") && !t.startsWith("*"));
  if (tokens.length < 3 || !naturals.length || new Set(naturals.map((t) => t.slice(0, -1))).size < naturals.length) return false;
  if (first.endsWith("(w)") || first === "*") return true;
  return !first.includes("(") && first.startsWith("2") && first.slice(-1) !== naturals[0].slice(-1);
}

function meldElement(ctx, text, number, info, mine) {
  const meld = el("div", `meld${info?.kind ? ` burraco ${info.kind}` : ""}${mine ? " ours" : ""}`);
  meld.dataset.meld = number;
  meld.append(el("span", "meld-number", String(number)), el("div", "meld-cards", "", ...cards(text.split(" "), "small")));
  if (startsWithFreeWild(text)) meld.append(el("span", "free-wild", ctx.t("free wild")));
  if (info?.kind) meld.append(el("span", "badge", kindLabel(ctx, info.kind)));
  if (info && typeof info.points === "number") meld.append(el("span", "meld-points", String(info.points)));
  if (mine) meld.addEventListener("click", () => meldTapped(ctx, number));
  return meld;
}

function sidePanel(ctx, obs, side) {
  const seats = obs.sides[side];
  const mine = ctx.seat !== null && seats.includes(ctx.seat);
  const infos = ctx.view.melds?.[side] || [];
  const points = infos.reduce((sum, info) => sum + (info?.points || 0), 0);
  const pozzetto = obs.pozzetti.find((p) => p.side === side);
  // "Noi" with the names beside; a spectator and the replay read the names as the side's own: once
  const said = ctx.sideName(seats);
  const names = seats.map(ctx.seatName).join(" + ");
  const head = el("div", "side-head", "",
    el("strong", "", said),
    ...(names === said ? [] : [el("span", "side-seats", names)]),
    el("span", "side-points", ctx.t("{points} points on the table", { points })),
    el("span", "side-score", ctx.t("match {score}", { score: obs.scores[seats[0]] })));
  if (pozzetto) head.append(el("span", `pozzetto${pozzetto.taken ? " taken" : ""}`, pozzetto.taken ? ctx.t("pozzetto taken") : tn("pozzetto: {count} card", "pozzetto: {count} cards", pozzetto.size)));
  const melds = obs.melds[side].map((text, i) => meldElement(ctx, text, i + 1, infos[i], mine && ctx.view.to_act === ctx.seat));
  return el("section", `side${mine ? " our-side" : ""}`, "", head, el("div", "melds", "", ...(melds.length ? melds : [el("p", "hint", ctx.t("no melds yet"))])));
}

function scala40Table(ctx, obs) {
  const infos = ctx.view.melds?.[0] || [];
  const melds = obs.table.map((text, i) => {
    const m = meldElement(ctx, text, i + 1, infos[i], ctx.view.to_act === ctx.seat);
    m.title = ctx.seatName(obs.owners[i]);
    m.append(el("span", "meld-owner", ctx.seatName(obs.owners[i])));   // whose meld, on the table itself
    return m;
  });
  const opened = obs.opened.map((o, seat) => el("span", `opened${o ? " yes" : ""}`, `${ctx.seatName(seat)}: ${o ? ctx.t("opened") : ctx.t("not opened")} · ${obs.scores[seat]}`));
  if (obs.opening_points) opened.push(el("span", "opening", ctx.t("opening under way: {points} points", { points: obs.opening_points })));
  return el("section", "side scala40-table", "", el("div", "side-head", "", ...opened), el("div", "melds", "", ...(melds.length ? melds : [el("p", "hint", ctx.t("no melds yet"))])));
}

function middle(ctx, obs) {
  const stock = stockPile(ctx, obs);
  let pile;
  if (isBurraco(obs)) {
    pile = el("div", "pile", "", el("span", "label", ctx.t("discard pile: {count}", { count: obs.pile.length })),
      el("div", "pile-cards", "", ...cards(obs.pile, "small")));
  } else {
    pile = el("div", "pile", "", el("span", "label", ctx.t("discard pile: {count}", { count: obs.pile_size })),
      el("div", "pile-cards", "", ...(obs.pile_top ? cards([obs.pile_top], "small") : [])));
  }
  return el("section", "middle", "", stock, pile);
}

// --- your hand and your moves ---------------------------------------------------------------

function handSection(ctx, obs) {
  const key = JSON.stringify(obs.hand);
  if (key !== ui.handKey) {
    ui.handKey = key;
    ui.selected = [];
    ui.mode = null;
  }
  const hand = el("div", "hand");
  sortCards(obs.hand, DECK, ui.sortBy).forEach((token, index) => {
    const card = cardElement(token, DECK, ui.selected.includes(index) ? "selected" : "");
    card.dataset.index = index;
    card.addEventListener("click", () => {
      ui.selected = ui.selected.includes(index) ? ui.selected.filter((i) => i !== index) : [...ui.selected, index];
      ctx.refresh();
    });
    draggable(card, (place) => dropped(ctx, obs, index, place));
    hand.append(card);
  });
  hand.dataset.sorted = ui.sortBy;
  return hand;
}

/** A card let go on a meld of your side (Lega, with the other selected cards), on
the discard pile (Scarta), or on your side's table (Apri/Cala the selection). */
function dropped(ctx, obs, index, place) {
  const sorted = sortCards(obs.hand, DECK, ui.sortBy);
  const cards = [...new Set([...ui.selected, index])].map((i) => sorted[i]);
  const meld = place?.closest(".meld.ours");
  if (meld) return ctx.send(`attach ${cards.join(" ")} to ${meld.dataset.meld}`);
  if (place?.closest(".pile")) return ctx.send(`discard ${sorted[index]}`);
  if (place?.closest(".our-side, .scala40-table") && cards.length >= 3) {
    return ctx.send(`${isBurraco(obs) ? "open" : "meld"} ${cards.join(" ")}`);
  }
  return undefined;
}

function meldTapped(ctx, number) {
  const chosen = chosenCards(ui, ctx.view.obs);
  if (!chosen.length) return;
  const verb = ui.mode === "swap" ? "swap" : "attach";
  ctx.send(verb === "swap" ? `swap ${chosen[0]} on ${number}` : `attach ${chosen.join(" ")} to ${number}`);
}

function actionButtons(ctx, obs) {
  const chosen = chosenCards(ui, obs);
  const myTurn = ctx.view.to_act === ctx.seat && ctx.seat !== null;
  const openVerb = isBurraco(obs) ? "open" : "meld";
  const actions = [
    button(ctx.t("Draw"), () => ctx.send("draw"), "act-draw"),
    button(ctx.t("Take the pile"), () => ctx.send("take"), "act-take"),
    button(isBurraco(obs) ? ctx.t("Open") : ctx.t("Meld"), () => ctx.send(`${openVerb} ${chosen.join(" ")}`), "act-open"),
    button(ctx.t("Attach"), () => { ui.mode = "attach"; ctx.refresh(); }, "act-attach"),
    button(ctx.t("Discard"), () => ctx.send(`discard ${chosen[0]}`), "act-discard"),
  ];
  if (!isBurraco(obs)) actions.push(button(ctx.t("Swap the joker"), () => { ui.mode = "swap"; ctx.refresh(); }, "act-swap"));
  const enabled = {
    "act-draw": hasVerb(ctx, "draw"), "act-take": hasVerb(ctx, "take"),
    "act-open": hasVerb(ctx, openVerb) && chosen.length >= 3,
    "act-attach": hasVerb(ctx, "attach") && chosen.length >= 1,
    "act-discard": hasVerb(ctx, "discard") && chosen.length === 1,
    "act-swap": hasVerb(ctx, "swap") && chosen.length === 1,
  };
  for (const b of actions) b.disabled = !myTurn || !enabled[b.className];
  const sort = sortButton(ctx, ui, []);
  const hint = ui.mode && chosen.length ? el("p", "hint mode", ctx.t("Now tap the meld")) : el("span");
  return [el("div", "actions", "", ...actions), el("div", "hand-tools", "", sort, hint)];
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  rummyStyles();
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  board.className = `board rummy ${isBurraco(obs) ? "burraco" : "scala40"}`;
  const parts = [];
  if (isBurraco(obs)) {
    const order = ctx.seat === null ? [0, 1] : [obs.side_of[ctx.seat], ...obs.sides.map((_, i) => i).filter((i) => i !== obs.side_of[ctx.seat])];
    parts.push(...order.map((side) => sidePanel(ctx, obs, side)));
  } else {
    parts.push(scala40Table(ctx, obs));
  }
  parts.push(middle(ctx, obs));
  board.replaceChildren(...parts);
  const controls = document.getElementById("controls");
  controls.replaceChildren(...(ctx.seat === null ? [] : [handSection(ctx, obs), ...actionButtons(ctx, obs)]));
  if (ui.mode) board.classList.add(`choosing-${ui.mode}`);
}

// --- the end of a hand ------------------------------------------------------------------------

function burracoBreakdown(ctx, result, obs) {
  const closed = result.sides.some((s) => s.closing);
  const rows = [
    ...(closed ? [[ctx.t("Closing"), (s) => s.closing]] : []),     // no "Chiusura 0 0" when no one closed
    [ctx.t("Burraci"), (s) => s.burraci.length ? s.burraci.map((k) => kindLabel(ctx, k)).join(", ") : "—"],
    [ctx.t("Burraco points"), (s) => s.burraco_bonus],
    [ctx.t("Melded cards"), (s) => s.melded],
    [ctx.t("Cards in hand"), (s) => s.in_hand],
    [ctx.t("Pozzetto"), (s) => s.pozzetto],
    [ctx.t("Hand total"), (s) => s.total],
  ];
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), ...result.sides.map((s) => el("th", "", ctx.sideName(s.seats)))));
  for (const [label, value] of rows) {
    table.append(el("tr", "", "", el("th", "", label), ...result.sides.map((s) => el("td", "", String(value(s))))));
  }
  table.append(el("tr", "match-total", "", el("th", "", ctx.t("Match total")), ...result.sides.map((s) => el("td", "", String(obs.scores[s.seats[0]])))));
  return table;
}

function scala40Breakdown(ctx, result, obs) {
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), el("th", "", ctx.t("Penalty points")), el("th", "", ctx.t("Match total"))));
  result.points.forEach((points, seat) => {
    const out = (result.eliminated || []).includes(seat) ? ` · ${ctx.t("out")}` : "";
    table.append(el("tr", "", "", el("th", "", ctx.seatName(seat) + out), el("td", "", String(points)), el("td", "", String(obs.scores[seat]))));
  });
  return table;
}

/** The hand-end screen: every hand revealed and the score breakdown. */
export function handEnd(ctx, end) {
  const obs = ctx.view.obs;
  const result = end.result;
  const breakdown = result.sides ? burracoBreakdown(ctx, result, obs) : scala40Breakdown(ctx, result, obs);
  const closers = result.sides ? result.sides.find((s) => s.closing)?.seats || [] : null;
  return el("div", "hand-end", "", endedBy(ctx, result, closers), breakdown, revealedHands(ctx, end.hands));
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  if (!result.sides) return seatHistoryLine(ctx, number, result.points);
  const scores = result.sides.map((s) => `${ctx.sideName(s.seats)} ${s.total}`);
  return el("p", "history-line", `${ctx.t("Hand {number}", { number })}: ${scores.join(" · ")}`);
}
