// The Machiavelli table: every combination on the table numbered (those not valid yet marked),
// the stock, each player's cards and whether they have opened, your hand below. Tap cards of your
// hand, then a combination to put them there or Nuova to start one; tap a card on the table,
// then a combination (or Nuova) to move it there. Annulla takes a move back, Fine ends the turn,
// Pesca (Passo with the stock empty) puts everything back and draws.
import { button, el } from "../api.js";
import { cardElement } from "../cards.js";
import { rummyStyles, cardRow, endedBy, DECK, actionRow, chosenCards, has, pickableHand, seatHistoryLine, stockPile } from "./rummy_common.js";

export const PLAY_DIRECTION = "clockwise";
/** A turn's moves on one line of the log (table.js): a bot's rearrangement read as one turn. */
export const GROUP_TURN = true;
const ui = { selected: [], moving: null, sortBy: localStorage.getItem("tavolo.sort") || "suit", handKey: "" };


/** Put the chosen hand cards, or move the chosen table card, to combination ``target`` ("new" or a number). */
function sendTo(ctx, target) {
  const chosen = chosenCards(ui, ctx.view.obs);
  if (ui.moving) {
    const [group, card] = ui.moving;
    ui.moving = null;
    ctx.send(`move ${card} from ${group} to ${target}`);
  } else if (chosen.length) {
    ui.selected = [];
    ctx.send(`put ${chosen.join(" ")} to ${target}`);
  }
}

function seats(ctx, obs) {
  return el("section", "side", "", el("div", "side-head", "", ...obs.hand_sizes.map((size, seat) => {
    const opened = obs.opened[seat] ? ctx.t("opened") : ctx.t("not opened");
    return el("span", `opened${seat === ctx.view.to_act ? " yes" : ""}`,
      `${ctx.seatName(seat)}: ${ctx.t("{count} cards", { count: size })} · ${opened} · ${ctx.t("{points} points", { points: obs.scores[seat] })}`);
  })));
}

function tableSection(ctx, obs) {
  const stock = stockPile(ctx, obs);
  const melds = obs.table.map((cards, i) => {
    const meld = el("div", "meld");
    meld.dataset.meld = i + 1;
    const shown = cards.map((c) => {
      const card = cardElement(c, DECK, `small${ui.moving && ui.moving[0] === i + 1 && ui.moving[1] === c ? " selected" : ""}`);
      card.addEventListener("click", (event) => {
        if (!ui.selected.length) { event.stopPropagation(); ui.moving = [i + 1, c]; ctx.refresh(); }
      });
      return card;
    });
    meld.append(el("span", "meld-number", String(i + 1)), el("div", "meld-cards", "", ...shown));
    meld.addEventListener("click", () => sendTo(ctx, i + 1));
    return meld;
  });
  const empty = obs.table.length ? [] : [el("span", "hint", ctx.t("The table is empty."))];
  return el("section", "middle", "", stock, el("div", "melds", "", ...melds, ...empty));
}

function actionButtons(ctx) {
  const actions = [
    [button(ctx.t("New combination"), () => sendTo(ctx, "new"), "act-new"), true],
    [button(ctx.t("Undo"), () => ctx.send("undo"), "act-undo"), has(ctx, "undo")],
    [button(ctx.t("Done"), () => ctx.send("done"), "act-done"), has(ctx, "done")],
    [button(ctx.t("Draw"), () => ctx.send("draw"), "act-draw"), has(ctx, "draw")],
    [button(ctx.t("Pass"), () => ctx.send("pass"), "act-pass"), has(ctx, "pass")],
  ];
  return actionRow(ctx, actions);
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  rummyStyles();
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  board.className = "board rummy machiavelli";
  board.replaceChildren(seats(ctx, obs), tableSection(ctx, obs));
  const controls = document.getElementById("controls");
  controls.replaceChildren(...(ctx.seat === null ? [] : [pickableHand(ctx, obs, ui, { tapped: () => { ui.moving = null; } }), actionButtons(ctx)]));
}

/** The hand-end screen: each player's cards left, the points of the hand, the match so far. */
export function handEnd(ctx, end) {
  const obs = ctx.view.obs;
  const result = end.result;
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), el("th", "", ctx.t("Points of the hand")), el("th", "", ctx.t("Match total"))));
  result.points.forEach((points, seat) => {
    table.append(el("tr", "", "", el("th", "", ctx.seatName(seat)), el("td", "", String(points)), el("td", "", String(obs.scores[seat]))));
    const left = el("td", "cards-row", "", cardRow(ctx, result.left[seat] ? result.left[seat].split(" ") : []));
    left.colSpan = 3;                                      // the cards left on a line of their own, full width
    table.append(el("tr", "", "", left));
  });
  return el("div", "hand-end", "", endedBy(ctx, result), table);
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  return seatHistoryLine(ctx, number, result.points);
}
