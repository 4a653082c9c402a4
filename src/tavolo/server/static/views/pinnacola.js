// The Pinnacola table: the melds of each side (yours first), the pozzo laid in a row (tap a
// card to take it and every card discarded after it), the stock, your hand below. Tap cards,
// then Cala (meld them), Lega (then tap one of your side's melds), Sostituisci (then tap a
// meld with a matta) or Scarta. The hand's end shows each side's closing, melds and cards in hand.
import { button, el } from "../api.js";
import { cardElement } from "../cards.js";
import { rummyStyles, endedBy,
  DECK, actionRow, chosenCards, has, hasVerb, pickableHand, revealedHands, sortButton, stockPile,
} from "./rummy_common.js";

export const PLAY_DIRECTION = "clockwise";
const ui = { selected: [], sortBy: localStorage.getItem("tavolo.sort") || "suit", mode: null, handKey: "" };

/** The side of a seat: partners facing at four with two sides, else each alone. */
const sideOf = (obs, seat) => (obs.players === 4 && obs.scores.length === 2 ? seat % 2 : seat);

function meldTapped(ctx, number) {
  if (ui.mode === "shift") { ui.mode = null; ctx.send(`shift ${number}`); return; }  // the wild to the run's other end
  const chosen = chosenCards(ui, ctx.view.obs);
  if (!chosen.length || !ui.mode) return;
  ctx.send(ui.mode === "swap" ? `swap ${chosen[0]} on ${number}` : `attach ${chosen[0]} to ${number}`);
}

function sides(ctx, obs) {
  const mine = ctx.seat === null ? 0 : sideOf(obs, ctx.seat);
  const order = [mine, ...obs.scores.map((_, i) => i).filter((i) => i !== mine)];
  return order.map((side) => {
    const seats = Array.from({ length: obs.players }, (_, s) => s).filter((s) => sideOf(obs, s) === side);
    const melds = obs.table.map((text, i) => [text, i]).filter(([, i]) => sideOf(obs, obs.owners[i]) === side).map(([text, i]) => {
      const meld = el("div", `meld${side === mine ? " ours" : ""}`);
      meld.dataset.meld = i + 1;
      meld.append(el("span", "meld-number", String(i + 1)), el("div", "meld-cards", "", ...text.split(" ").map((c) => cardElement(c, DECK, "small"))));
      meld.addEventListener("click", () => meldTapped(ctx, i + 1));
      return meld;
    });
    const head = el("div", "side-head", "", el("strong", "", ctx.sideName(seats)),
      el("span", "side-seats", seats.map((s) => `${ctx.seatName(s)} ${obs.hand_sizes[s]}${obs.opened[s] ? ` · ${ctx.t("opened")}` : ""}`).join(" + ")),
      el("span", "side-score", ctx.t("match {score}", { score: obs.scores[side] })));
    return el("section", `side${side === mine ? " our-side" : ""}`, "", head, el("div", "melds", "", ...(melds.length ? melds : [el("p", "hint", ctx.t("no melds yet"))])));
  });
}

function middle(ctx, obs) {
  const stock = stockPile(ctx, obs);
  const row = obs.pozzo.map((token, i) => {
    const card = cardElement(token, DECK, "small");
    const count = obs.pozzo.length - i;
    if (has(ctx, `take ${count}`)) {
      card.classList.add("takeable");
      card.addEventListener("click", () => ctx.send(`take ${count}`));
    }
    return card;
  });
  const pile = el("div", "pile", "", el("span", "label", ctx.t("pozzo: {count}", { count: obs.pozzo.length })), el("div", "pile-cards", "", ...row));
  return el("section", "middle", "", stock, pile);
}

function actionButtons(ctx, obs) {
  const chosen = chosenCards(ui, obs);
  const myTurn = ctx.view.to_act === ctx.seat && ctx.seat !== null;
  const actions = [
    [button(ctx.t("Draw"), () => ctx.send("draw"), "act-draw"), has(ctx, "draw")],
    [button(ctx.t("Meld"), () => ctx.send(`meld ${chosen.join(" ")}`), "act-open"), hasVerb(ctx, "meld") && chosen.length >= 3],
    [button(ctx.t("Attach"), () => { ui.mode = "attach"; ctx.refresh(); }, "act-attach"), hasVerb(ctx, "attach") && chosen.length === 1],
    [button(ctx.t("Swap the joker"), () => { ui.mode = "swap"; ctx.refresh(); }, "act-swap"), hasVerb(ctx, "swap") && chosen.length === 1],
    [button(ctx.t("Discard"), () => ctx.send(`discard ${chosen[0]}`), "act-discard"), chosen.length === 1 && has(ctx, `discard ${chosen[0]}`)],
    [button(ctx.t("Move the wild"), () => { ui.mode = "shift"; ctx.refresh(); }, "act-shift"), hasVerb(ctx, "shift")],
  ];
  const sort = sortButton(ctx, ui, []);
  const notes = [];
  if (obs.owed.length && myTurn) notes.push(el("p", "hint", ctx.t("Meld {cards} this turn", { cards: obs.owed.join(" ") })));
  if (ui.mode === "shift") notes.push(el("p", "hint mode", ctx.t("Now tap the run")));
  else if (ui.mode && chosen.length) notes.push(el("p", "hint mode", ctx.t("Now tap the meld")));
  return [actionRow(ctx, actions), el("div", "hand-tools", "", sort, ...notes)];
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  rummyStyles();
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  board.className = "board rummy pinnacola";
  board.replaceChildren(...sides(ctx, obs), middle(ctx, obs));
  const controls = document.getElementById("controls");
  controls.replaceChildren(...(ctx.seat === null ? [] : [pickableHand(ctx, obs, ui, { reset: () => { ui.mode = null; } }), ...actionButtons(ctx, obs)]));
  if (ui.mode) board.classList.add(`choosing-${ui.mode}`);
}

/** The hand-end screen: each side's closing, melds and cards in hand, every hand revealed. */
export function handEnd(ctx, end) {
  const obs = ctx.view.obs;
  const r = end.result;
  const names = r.points.map((_, side) => ctx.sideName(Array.from({ length: obs.players }, (_, s) => s).filter((s) => sideOf(obs, s) === side)));
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), ...names.map((n) => el("th", "", n))));
  const closing = r.closing.some((v) => v) ? [[ctx.t("Closing"), r.closing]] : [];   // no "Chiusura 0 0" when no one closed
  for (const [label, row] of [...closing, [ctx.t("Melded cards"), r.melded], [ctx.t("Cards in hand"), r.in_hand],
    [ctx.t("Hand total"), r.points], [ctx.t("Match total"), obs.scores]]) {
    table.append(el("tr", "", "", el("th", "", label), ...row.map((v) => el("td", "", String(v)))));
  }
  return el("div", "hand-end", "", endedBy(ctx, r), table, revealedHands(ctx, end.hands));
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  return el("p", "history-line", `${ctx.t("Hand {number}", { number })}: ${result.points.join(" · ")}`);
}
