// The trick table (Briscola, Tressette, Peppa, Tarocchi): the trick on the table by
// seat, the briscola (trump card) under the stock, the points taken in the round
// and the match score; tap a card of your hand to play it. Tressette's accusi,
// Peppa's blind draw and passing, the Tarocchi dealer's discard and any other move
// are in the possible moves and the typed notation.
import { button, el } from "../api.js";
import { cardBack, cardElement, sortCards } from "../cards.js";
import { sortTarot, tarotCard } from "../tarot.js";

const DECKS = { peppa: "french", tarocchi: "tarocchi" };
let DECK = "italian";
const drawCard = (token, deck, cls = "") => (deck === "tarocchi" ? tarotCard(token, cls) : cardElement(token, deck, cls));
const sortHand = (cards, deck, by) => (deck === "tarocchi" ? sortTarot(cards, by) : sortCards(cards, deck, by));
const ui = { sortBy: localStorage.getItem("tavolo.sort") || "suit" };
/** Briscola and Tressette turn counter-clockwise (raccolta, Briscola: "sempre in senso
antiorario"; Tressette: "in senso antiorario"). */
export const PLAY_DIRECTION = "counter-clockwise";

function trickOnTable(ctx, obs) {
  const slots = obs.trick.map((token, i) => {
    const seat = obs.trick_seats ? obs.trick_seats[i] : (obs.leader + i) % obs.players;
    return el("div", "trick-card", "", drawCard(token, DECK), el("span", "who", ctx.seatName(seat)));
  });
  return el("div", "trick", "", ...(slots.length ? slots : [el("p", "hint", ctx.t("No card on the table"))]));
}

function lastTrick(ctx, obs) {
  const last = obs.tricks[obs.tricks.length - 1];
  if (!last) return el("span");
  const [, played, winner] = last;
  return el("div", "last-trick", "", el("span", "label", ctx.t("Last trick, taken by {name}", { name: ctx.seatName(winner) })),
    el("div", "pile-cards", "", ...played.map((token) => drawCard(token, DECK, "small"))));
}

function scores(ctx, obs) {
  return el("div", "trick-scores", "", ...obs.sides.map((seats, side) => el("span", "side-score", "",
    el("strong", "", ctx.sideName(seats)),
    el("span", "", ctx.t("{points} this round · match {score}", { points: obs.round_points[side], score: obs.scores[side] })))));
}

function stock(ctx, obs) {
  const parts = [];
  if (obs.stock_size > 0) parts.push(cardBack("small"), el("span", "count", ctx.t("stock: {count}", { count: obs.stock_size })));
  if (obs.trump_card) parts.push(el("span", "label", ctx.t("Briscola")), cardElement(obs.trump_card, DECK, "small trump"));
  return el("div", "stock", "", ...parts);
}

function handSection(ctx, obs) {
  const legal = new Set(ctx.view.legal || []);
  const hand = el("div", "hand");
  for (const token of sortHand(obs.hand, DECK, ui.sortBy)) {
    const playable = legal.has(`play ${token}`);
    const card = drawCard(token, DECK, playable ? "playable" : "");
    card.addEventListener("click", () => playable && ctx.send(`play ${token}`));
    hand.append(card);
  }
  const sort = button(ui.sortBy === "suit" ? ctx.t("Sort by rank") : ctx.t("Sort by suit"), () => {
    ui.sortBy = ui.sortBy === "suit" ? "rank" : "suit";
    localStorage.setItem("tavolo.sort", ui.sortBy);
    ctx.refresh();
  }, "sort");
  const partner = obs.partner_hand?.length
    ? el("div", "partner", "", el("span", "label", ctx.t("Your partner's hand")), el("div", "pile-cards", "", ...obs.partner_hand.map((c) => drawCard(c, DECK, "small"))))
    : el("span");
  return [hand, el("div", "hand-tools", "", sort), partner];
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  DECK = DECKS[obs.game] || "italian";
  board.className = `board tricks ${obs.game || ""}`;
  board.replaceChildren(scores(ctx, obs), el("section", "middle", "", stock(ctx, obs), trickOnTable(ctx, obs)), lastTrick(ctx, obs));
  document.getElementById("controls").replaceChildren(...(ctx.seat === null ? [] : handSection(ctx, obs)));
}

/** The end of a round: points per side (cards and accusi) and the match total. */
export function handEnd(ctx, end) {
  const obs = ctx.view.obs;
  const result = end.result;
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), ...obs.sides.map((seats) => el("th", "", ctx.sideName(seats)))));
  table.append(el("tr", "", "", el("th", "", ctx.t("Card points")), ...result.points.map((p) => el("td", "", String(p)))));
  const bonus = obs.game === "peppa" ? ctx.t("Every point taken") : ctx.t("Accusi");
  if (result.bonus?.some((b) => b)) table.append(el("tr", "", "", el("th", "", bonus), ...result.bonus.map((b) => el("td", "", String(b)))));
  table.append(el("tr", "match-total", "", el("th", "", ctx.t("Match total")), ...obs.scores.map((s) => el("td", "", String(s)))));
  const notes = { void: ctx.t("The round does not count"), cappotto: ctx.t("Cappotto: one side took every point"),
    shoot: ctx.t("One player took every point: 0 to him, the others score them all") };
  const note = result.note ? el("p", "note", notes[result.note] || result.note) : el("span");
  return el("div", "hand-end", "", table, note);
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  const obs = ctx.view.obs;
  const parts = obs.sides.map((seats, side) => `${ctx.sideName(seats)} ${result.points[side] + (result.bonus?.[side] || 0)}`);
  return el("p", "history-line", `${ctx.t("Round {number}", { number })}: ${parts.join(" · ")}`);
}
