// The bridge table: the board (number, dealer, vulnerability), the auction box by seat,
// the contract, the trick on the table and the tricks each side has won, the dummy's hand
// once the opening lead is made; your calls as buttons (pass, X, XX and the bids still
// possible) and your cards to tap. The declarer taps the dummy's cards on the dummy's turn.
// A bridge card is written suit first (SA, HT): drawn as the French card "As", "Th".
import { button, el } from "../api.js";
import { cardElement, sortCards } from "../cards.js";

const SEATS = "NESW";
const SIDES = [[0, 2], [1, 3]];
const VULNERABILITY = ["None", "North-South", "East-West", "All"];
const french = (token) => token.slice(1) + token[0].toLowerCase();
const bridgeToken = (token) => token.slice(-1).toUpperCase() + token.slice(0, -1);
const seatLabel = (ctx, seat) => `${ctx.seatName(seat)} (${SEATS[seat]})`;

function cards(ctx, tokens, playable, cls = "") {
  const legal = new Set(ctx.view.legal || []);
  return sortCards(tokens.map(french), "french", "suit").map((token) => {
    const bridge = bridgeToken(token);
    const can = playable && legal.has(bridge);
    const card = cardElement(token, "french", `${cls} ${can ? "playable" : ""}`.trim());
    card.addEventListener("click", () => can && ctx.send(bridge));
    return card;
  });
}

function header(ctx, obs) {
  const won = SIDES.map((seats, side) => `${ctx.sideName(seats)} ${obs.tricks_won[side]}`).join(" · ");
  return el("div", "trick-scores", "",
    el("span", "", ctx.t("Board {board} · dealer {dealer} · vulnerable: {vul}",
      { board: obs.board, dealer: seatLabel(ctx, obs.dealer), vul: ctx.t(VULNERABILITY[obs.vulnerability]) })),
    el("span", "", obs.contract ? ctx.t("Contract {contract} · tricks {tricks}", { contract: obs.contract, tricks: won }) : ""));
}

function auctionBox(ctx, obs) {
  const table = el("table", "breakdown auction");
  table.append(el("tr", "", "", ...[0, 1, 2, 3].map((seat) => el("th", "", seatLabel(ctx, seat)))));
  let row = Array(obs.dealer).fill("");
  const rows = [];
  for (const call of obs.calls) {
    row.push(call);
    if (row.length === 4) { rows.push(row); row = []; }
  }
  if (obs.phase === "auction") row.push("?");
  if (row.length) rows.push(row.concat(Array(4 - row.length).fill("")));
  for (const r of rows) table.append(el("tr", "", "", ...r.map((call) => el("td", "", call === "pass" ? ctx.t("pass") : call))));
  return table;
}

function trickOnTable(ctx, obs) {
  const slots = obs.trick.map((token, i) => el("div", "trick-card", "", cardElement(french(token), "french"),
    el("span", "who", seatLabel(ctx, (obs.leader + i) % 4))));
  return el("div", "trick", "", ...(slots.length ? slots : [el("p", "hint", ctx.t("No card on the table"))]));
}

function dummy(ctx, obs) {
  if (!obs.dummy_hand.length) return el("span");
  const declarerPlays = ctx.seat !== null && obs.to_play !== ctx.seat && obs.current_player === ctx.seat;
  return el("div", "partner", "", el("span", "label", ctx.t("Dummy: {name}", { name: seatLabel(ctx, (SEATS.indexOf(obs.contract.split(" by ")[1]) + 2) % 4) })),
    el("div", "pile-cards", "", ...cards(ctx, obs.dummy_hand, declarerPlays, "small")));
}

function callButtons(ctx) {
  const calls = (ctx.view.legal || []).filter((move) => !/^[SHDC]/.test(move));
  return el("div", "hand-tools calls", "", ...calls.map((call) => button(call === "pass" ? ctx.t("pass") : call, () => ctx.send(call))));
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  board.className = "board tricks bridge";
  board.replaceChildren(header(ctx, obs), auctionBox(ctx, obs), el("section", "middle", "", dummy(ctx, obs), trickOnTable(ctx, obs)));
  if (ctx.seat === null) return document.getElementById("controls").replaceChildren();
  const mine = obs.phase === "play" && obs.to_play === ctx.seat;
  const hand = el("div", "hand", "", ...cards(ctx, obs.hand, mine));
  document.getElementById("controls").replaceChildren(...(obs.phase === "auction" && obs.current_player === ctx.seat ? [callButtons(ctx), hand] : [hand]));
}

/** The end of a board: the contract, the tricks and the points of each side. */
export function handEnd(ctx, end) {
  const result = end.result;
  const line = result.contract
    ? ctx.t("{contract}: {tricks} tricks", { contract: result.contract, tricks: result.tricks })
    : ctx.t("Passed out: no score");
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), ...SIDES.map((seats) => el("th", "", ctx.sideName(seats)))));
  table.append(el("tr", "match-total", "", el("th", "", ctx.t("Points")), ...result.points.map((p) => el("td", "", String(p)))));
  const analysis = result.par === null ? el("span") : el("p", "note", ctx.t(
    "Double dummy: {tricks} tricks in the contract; par {score} for North-South ({contracts})",
    { tricks: result.dd_tricks, score: result.par, contracts: result.par_contracts.join(", ") || "-" }));
  return el("div", "hand-end", "", el("p", "note", line), table, analysis);
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  const parts = SIDES.map((seats, side) => `${ctx.sideName(seats)} ${result.points[side]}`);
  return el("p", "history-line", `${ctx.t("Board {board}", { board: result.number })}: ${result.contract || ctx.t("passed out")} · ${parts.join(" · ")}`);
}
