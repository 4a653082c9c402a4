// What the rummy table views share (Ramino, Pinnacola, Canasta, Machiavelli, and Burraco and
// Scala 40 in rummy.js): the legal-move checks, the stock, a hand whose cards are tapped to
// choose them, the row of action buttons live only on your turn, the sort button, every hand
// revealed at a hand's end and a history line per seat. Each view keeps its own ``ui`` state
// ({selected, sortBy, handKey, ...}) and passes it in.
import { button, el } from "../api.js";
import { cardBack, cardElement, sortCards } from "../cards.js";

export const DECK = "french";

/** The family's own styles (views/rummy.css), once; the page marked as a rummy table. Called by
 *  each view's render (not on import: table.js imports rummy.js for every game). */
export function rummyStyles() {
  document.body.classList.add("rummy-table");
  if (document.getElementById("rummy-css")) return;
  document.head.append(Object.assign(document.createElement("link"), { id: "rummy-css", rel: "stylesheet", href: "/static/views/rummy.css" }));
}

/** Whether ``move`` is legal now. */
export const has = (ctx, move) => (ctx.view.legal || []).includes(move);

/** Whether some legal move now is ``verb`` or starts with it (``lay Ah 2h`` for ``lay``). */
export const hasVerb = (ctx, verb) => (ctx.view.legal || []).some((m) => m.startsWith(`${verb} `) || m === verb);

/** The stock, face down, with how many cards it holds. */
export function stockPile(ctx, obs) {
  return el("div", "stock", "", cardBack("small"), el("span", "count", ctx.t("stock: {count}", { count: obs.stock_size })));
}

/** The cards ``ui.selected`` points at (indexes into the hand as sorted ``ui.sortBy``). */
export function chosenCards(ui, obs) {
  const sorted = sortCards(obs.hand, DECK, ui.sortBy);
  return ui.selected.map((i) => sorted[i]);
}

/** The hand, sorted ``ui.sortBy``; tapping a card chooses it or lets it go. A new hand clears
 *  the choice (and calls ``reset`` for the view's own marks); ``tapped`` runs on every tap. */
export function pickableHand(ctx, obs, ui, { reset = () => {}, tapped = () => {} } = {}) {
  const key = JSON.stringify(obs.hand);
  if (key !== ui.handKey) { ui.handKey = key; ui.selected = []; reset(); }
  const hand = el("div", "hand");
  sortCards(obs.hand, DECK, ui.sortBy).forEach((token, index) => {
    const card = cardElement(token, DECK, ui.selected.includes(index) ? "selected" : "");
    card.addEventListener("click", () => {
      tapped();
      ui.selected = ui.selected.includes(index) ? ui.selected.filter((i) => i !== index) : [...ui.selected, index];
      ctx.refresh();
    });
    hand.append(card);
  });
  return hand;
}

/** The action buttons ``[[button, legal], ...]``: each live only when legal on your own turn. */
export function actionRow(ctx, actions) {
  const myTurn = ctx.view.to_act === ctx.seat && ctx.seat !== null;
  for (const [b, ok] of actions) b.disabled = !myTurn || !ok;
  return el("div", "actions", "", ...actions.map(([b]) => b));
}

/** The button that sorts the hand by suit or by rank (remembered on this device); ``cleared``
 *  is what the choice becomes, as its indexes no longer point at the same cards. */
export function sortButton(ctx, ui, cleared) {
  return button(ui.sortBy === "suit" ? ctx.t("Sort by rank") : ctx.t("Sort by suit"), () => {
    ui.sortBy = ui.sortBy === "suit" ? "rank" : "suit";
    localStorage.setItem("tavolo.sort", ui.sortBy);
    ui.selected = cleared;
    ctx.refresh();
  }, "sort");
}

/** Why the hand ended, said plainly: who closed (a seat, or a side's seats), the stock run out,
 *  the time up. ``result.ended_by`` where the game says it ("closing", "closing in hand",
 *  "stock", "no stock", "time-out", "pinnacolone"); ``closer`` a seat or -1; ``closers`` the
 *  seats of the side that closed (Burraco names the side: "Chiusura: Noi"). */
export function endedBy(ctx, result, closers = null) {
  const names = closers?.map(ctx.seatName).join(" + ");
  const side = closers?.length ? ctx.sideName(closers) : "";
  const who = closers?.length ? (side === names ? names : `${side} (${names})`)
    : (typeof result.closer === "number" && result.closer >= 0 ? ctx.seatName(result.closer) : "");
  const how = result.ended_by;
  let text;
  if (how === "closing in hand" && who) text = ctx.t("{who} closed in hand", { who });
  else if (how === "pinnacolone" && who) text = ctx.t("{who} closed with a pinnacolone", { who });
  else if (how === "time-out") text = ctx.t("Time is up: the hand ends here");
  else if (how === "stock" || how === "no stock") text = ctx.t("The stock ran out: no one closed");
  else if (who) text = ctx.t("{who} closed the hand", { who });
  else text = ctx.t("The stock ran out: no one closed");
  return el("p", "ended-by", text);
}

/** Cards in a row that wraps, overlapping as in a hand (an end screen's cell or line). */
export function cardRow(ctx, tokens) {
  return tokens.length ? el("div", "revealed-cards", "", ...sortCards(tokens, DECK, "suit").map((c) => cardElement(c, DECK, "small")))
    : el("span", "hint", ctx.t("no cards"));
}

/** Every seat's hand at a hand's end, by suit ("no cards" for an empty one). */
export function revealedHands(ctx, hands) {
  return el("div", "revealed", "", ...hands.map((hand, seat) => el("div", "revealed-hand", "", el("strong", "", ctx.seatName(seat)),
    el("div", "revealed-cards", "", ...(hand.length ? sortCards(hand, DECK, "suit").map((c) => cardElement(c, DECK, "small")) : [el("span", "hint", ctx.t("no cards"))])))));
}

/** One line of the match history: each seat's points of the hand. */
export function seatHistoryLine(ctx, number, points) {
  return el("p", "history-line", `${ctx.t("Hand {number}", { number })}: ${points.map((p, seat) => `${ctx.seatName(seat)} ${p}`).join(" · ")}`);
}
