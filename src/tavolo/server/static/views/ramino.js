// The Ramino table: every seat with its cards in hand and its penalty points (or fiches),
// the stock and the last discard in the middle, your hand below, sorted your way. Tap a
// card, then Scarta (discard) or Chiudi (close with it); Pesca and Prendi draw. The hand's
// end shows each player's loose cards, what they paid and the match so far.
import { button, el } from "../api.js";
import { cardElement, sortCards } from "../cards.js";
import { rummyStyles, cardRow, endedBy,
  DECK, actionRow, has, revealedHands, seatHistoryLine, sortButton, stockPile,
} from "./rummy_common.js";

/** The seed deals and plays counterclockwise ("in senso antiorario", raccolta, Ramino). */
export const PLAY_DIRECTION = "counterclockwise";
const ui = { selected: null, sortBy: localStorage.getItem("tavolo.sort") || "suit", handKey: "" };


function seats(ctx, obs) {
  const fiches = obs.fiches.some((f) => f !== 0);
  return el("section", "side ramino-seats", "", el("div", "side-head", "", ...obs.hand_sizes.map((size, seat) => {
    const mark = obs.out[seat] ? ` · ${ctx.t("out")}` : obs.reentered[seat] ? ` · ${ctx.t("back in")}` : "";
    const points = fiches ? ctx.t("{count} fiches", { count: obs.fiches[seat] }) : ctx.t("{points} penalty points", { points: obs.scores[seat] });
    return el("span", `opened${seat === ctx.view.to_act ? " yes" : ""}`, `${ctx.seatName(seat)}: ${ctx.t("{count} cards", { count: size })} · ${points}${mark}`);
  })));
}

function middle(ctx, obs) {
  const stock = stockPile(ctx, obs);
  const top = obs.pile_top ? [cardElement(obs.pile_top, DECK, "small")] : [];
  const pile = el("div", "pile", "", el("span", "label", ctx.t("discard pile: {count}", { count: obs.pile_size })), el("div", "pile-cards", "", ...top));
  return el("section", "middle", "", stock, pile);
}

function handSection(ctx, obs) {
  const key = JSON.stringify(obs.hand);
  if (key !== ui.handKey) { ui.handKey = key; ui.selected = null; }
  const hand = el("div", "hand");
  sortCards(obs.hand, DECK, ui.sortBy).forEach((token, index) => {
    const card = cardElement(token, DECK, ui.selected === index ? "selected" : "");
    card.addEventListener("click", () => { ui.selected = ui.selected === index ? null : index; ctx.refresh(); });
    hand.append(card);
  });
  return hand;
}

function actionButtons(ctx, obs) {
  const chosen = ui.selected === null ? null : sortCards(obs.hand, DECK, ui.sortBy)[ui.selected];
  const closeMove = chosen ? `close ${chosen}` : "close";
  const actions = [
    [button(ctx.t("Draw"), () => ctx.send("draw"), "act-draw"), has(ctx, "draw")],
    [button(ctx.t("Take the discard"), () => ctx.send("take"), "act-take"), has(ctx, "take")],
    [button(ctx.t("Discard"), () => ctx.send(`discard ${chosen}`), "act-discard"), chosen && has(ctx, `discard ${chosen}`)],
    [button(ctx.t("Close"), () => ctx.send(closeMove), "act-close"), has(ctx, closeMove)],
  ];
  const sort = sortButton(ctx, ui, null);
  return [actionRow(ctx, actions), el("div", "hand-tools", "", sort)];
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  rummyStyles();
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  board.className = "board rummy ramino";
  board.replaceChildren(seats(ctx, obs), middle(ctx, obs));
  const controls = document.getElementById("controls");
  controls.replaceChildren(...(ctx.seat === null ? [] : [handSection(ctx, obs), ...actionButtons(ctx, obs)]));
}

/** The hand-end screen: each player's loose cards, what they paid, every hand revealed. */
export function handEnd(ctx, end) {
  const obs = ctx.view.obs;
  const result = end.result;
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), el("th", "", ctx.t("Penalty points")), el("th", "", ctx.t("Match total"))));
  result.points.forEach((points, seat) => {
    const out = result.eliminated.includes(seat) ? ` · ${ctx.t("out")}` : result.reentered.includes(seat) ? ` · ${ctx.t("back in")}` : "";
    const loose = el("td", "cards-row", "", el("span", "hint", `${ctx.t("Loose cards")}: `), cardRow(ctx, result.loose[seat] ? result.loose[seat].split(" ") : []));
    loose.colSpan = 3;                                     // the loose cards on a line of their own, full width
    table.append(el("tr", "", "", el("th", "", ctx.seatName(seat) + out), el("td", "", String(points)),
      el("td", "", String(result.fiches.some((f) => f !== 0) ? obs.fiches[seat] : obs.scores[seat]))));
    table.append(el("tr", "", "", loose));
  });
  return el("div", "hand-end", "", endedBy(ctx, result), table, revealedHands(ctx, end.hands));
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  return seatHistoryLine(ctx, number, result.points);
}
