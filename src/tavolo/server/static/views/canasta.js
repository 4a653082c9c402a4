// The Canasta table: each side's combinations by rank (yours first; a canasta marked), its red 3s,
// score and opening minimum; the stock and the pozzo (its top card, how many face up and face
// down); your hand below. Tap cards, then Cala (lay them: a new combination or onto your side's of
// that rank; wilds alone: tap one of your side's combinations), or one card and Scarta. Pesca draws,
// Prendi il pozzo takes it whole, Ritira takes back an opening short of its minimum.
import { button, el } from "../api.js";
import { cardElement } from "../cards.js";
import { rummyStyles, endedBy, revealedHands, DECK, actionRow, chosenCards, has, hasVerb, pickableHand, stockPile } from "./rummy_common.js";

export const PLAY_DIRECTION = "counterclockwise";
const RANKS = ["*", "A", "2", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const ui = { selected: [], sortBy: localStorage.getItem("tavolo.sort") || "rank", handKey: "" };

const sideOf = (obs, seat) => seat % obs.scores.length;

function sides(ctx, obs) {
  const mine = ctx.seat === null ? 0 : sideOf(obs, ctx.seat);
  const order = [mine, ...obs.scores.map((_, i) => i).filter((i) => i !== mine)];
  return order.map((side) => {
    const seats = Array.from({ length: obs.players }, (_, s) => s).filter((s) => sideOf(obs, s) === side);
    const melds = obs.melds[side].map((cards, i) => [cards, RANKS[i]]).filter(([cards]) => cards.length).map(([cards, rank]) => {
      const meld = el("div", `meld${side === mine ? " ours" : ""}${cards.length >= 7 ? " canasta" : ""}`);
      meld.append(el("span", "meld-number", cards.length >= 7 ? `${rank} ★` : rank),
        el("div", "meld-cards", "", ...cards.map((c) => cardElement(c, DECK, "small"))));
      if (side === mine) meld.addEventListener("click", () => {
        const chosen = chosenCards(ui, obs);
        if (chosen.length) { ui.selected = []; ctx.send(`lay ${chosen.join(" ")} on ${rank}`); }
      });
      return meld;
    });
    const head = el("div", "side-head", "", el("strong", "", ctx.sideName(seats)),
      el("span", "", ctx.t("{points} points", { points: obs.scores[side] })),
      el("span", "", ctx.t("opening {points}", { points: obs.minimums[side] })),
      el("span", "", ctx.t("red 3s: {count}", { count: obs.red_threes[side].length })));
    return el("section", "side", "", head, el("div", "melds", "", ...melds));
  });
}

function middle(ctx, obs) {
  const stock = stockPile(ctx, obs);
  const top = obs.pozzo_up.length ? [cardElement(obs.pozzo_up[obs.pozzo_up.length - 1], DECK, "small")] : [];
  const up = obs.pozzo_up.length;                    // "1 scoperta", "2 scoperte": the count's own number
  const label = `${ctx.t("pozzo")}: ${faceUp(ctx, up)}, ${faceDown(ctx, obs.pozzo_down)}`;
  return el("section", "middle", "", stock, el("div", "pile", "", el("span", "label", label), el("div", "pile-cards", "", ...top)));
}

function actionButtons(ctx, obs) {
  const chosen = chosenCards(ui, obs);
  const lay = () => { ui.selected = []; ctx.send(`lay ${chosen.join(" ")}`); };
  const actions = [
    [button(ctx.t("Draw"), () => ctx.send("draw"), "act-draw"), has(ctx, "draw")],
    [button(ctx.t("Take the pozzo"), () => ctx.send("take"), "act-take"), has(ctx, "take")],
    [button(ctx.t("Lay"), lay, "act-lay"), chosen.length > 0 && hasVerb(ctx, "lay")],
    [button(ctx.t("Take back the opening"), () => ctx.send("retract"), "act-retract"), has(ctx, "retract")],
    [button(ctx.t("Discard"), () => ctx.send(`discard ${chosen[0]}`), "act-discard"), chosen.length === 1 && has(ctx, `discard ${chosen[0]}`)],
  ];
  return actionRow(ctx, actions);
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  rummyStyles();
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  board.className = "board rummy canasta";
  board.replaceChildren(...sides(ctx, obs), middle(ctx, obs));
  const controls = document.getElementById("controls");
  controls.replaceChildren(...(ctx.seat === null ? [] : [pickableHand(ctx, obs, ui), actionButtons(ctx, obs)]));
}

/** "1 scoperta" / "3 scoperte", "1 coperta" / "0 coperte": the count agrees with its number. */
const faceUp = (ctx, count) => (count === 1 ? ctx.t("one card face up") : ctx.t("{count} face up", { count }));
const faceDown = (ctx, count) => (count === 1 ? ctx.t("one card face down") : ctx.t("{count} face down", { count }));

/** The hand-end screen: each side's cards on the table, canaste, red 3s, closing, cards in hand. */
export function handEnd(ctx, end) {
  const obs = ctx.view.obs;
  const result = end.result;
  const names = result.sides.map((_, side) => ctx.sideName(Array.from({ length: obs.players }, (_, s) => s).filter((s) => sideOf(obs, s) === side)));
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), ...names.map((n) => el("th", "", n))));
  const closed = result.sides.some((s) => s.closing);             // no "Chiusura 0 0" when no one closed
  const rows = [["Cards on the table", "melded", 1], ["Canaste", "canaste", 1], ["Red 3s", "red_threes", 1],
    ...(closed ? [["Closing", "closing", 1]] : []), ["Cards in hand", "in_hand", -1]];
  for (const [label, field, sign] of rows) {
    table.append(el("tr", "", "", el("th", "", ctx.t(label)), ...result.sides.map((s) => el("td", "", String(sign * s[field])))));
  }
  const total = (s) => s.melded + s.canaste + s.red_threes + s.closing - s.in_hand;
  table.append(el("tr", "", "", el("th", "", ctx.t("Points of the hand")), ...result.sides.map((s) => el("td", "", String(total(s))))));
  table.append(el("tr", "", "", el("th", "", ctx.t("Match total")), ...obs.scores.map((p) => el("td", "", String(p)))));
  return el("div", "hand-end", "", endedBy(ctx, result), table, revealedHands(ctx, end.hands));
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  const total = (s) => s.melded + s.canaste + s.red_threes + s.closing - s.in_hand;
  return el("p", "history-line", `${ctx.t("Hand {number}", { number })}: ${result.sides.map(total).join(" · ")}`);
}
