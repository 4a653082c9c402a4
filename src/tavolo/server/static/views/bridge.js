// The bridge table: the board (number, dealer, vulnerability), the auction by seat (Nord, Est,
// Sud, Ovest), the contract ("4♥ contrate da Sud"), the trick on the table and the tricks each
// side has won, the dummy's hand as large as yours once the opening lead is made. Your calls
// through a bidding box as bridge players know it: the level 1-7, then the strain ♣ ♦ ♥ ♠ SA,
// and Passo, Contro, Surcontro; a call not open to you now is disabled. Tap your cards to play
// (the ones you may play are marked; a tap on another says why not); the declarer taps the
// dummy's cards on the dummy's turn. A bridge card is written suit first (SA, HT): drawn as
// the French card "As", "Th".
import { button, el } from "../api.js";
import { cardElement, sortCards } from "../cards.js";
import { cardName, say } from "../words.js";

const SEATS = "NESW";
const COMPASS = ["North", "East", "South", "West"];
const SIDES = [[0, 2], [1, 3]];
const VULNERABILITY = ["None", "North-South", "East-West", "All"];
const STRAINS = ["C", "D", "H", "S", "NT"];
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const CONTRACT_KEYS = ["{bid} by {seat}", "{bid} doubled by {seat}", "{bid} redoubled by {seat}"];
const CALL_KEYS = { pass: "Pass", X: "Double", XX: "Redouble" };
const french = (token) => token.slice(1) + token[0].toLowerCase();
const bridgeToken = (token) => token.slice(-1).toUpperCase() + token.slice(0, -1);
const ui = { level: null, levelKey: "", auctionOpen: false };
/** Bridge turns clockwise (raccolta, Bridge: the players are the four compass points). */
export const PLAY_DIRECTION = "clockwise";

/** A seat as bridge players name it: "Tu (Sud)", "Bot 2 (Ovest)". */
const seatLabel = (ctx, seat) => `${ctx.seatName(seat)} (${ctx.t(COMPASS[seat])})`;

function ensureStyle() {
  if (document.getElementById("tricks-css")) return;
  document.head.append(Object.assign(document.createElement("link"), { id: "tricks-css", rel: "stylesheet", href: "/static/views/tricks.css" }));
}

/** A bid in the players' words: "1♣", "4♥", "3 SA". */
function bidWords(level, strain) {
  return strain === "NT" ? { key: "{level} NT", params: { level: Number(level) } }
    : { key: "{level}{strain}", params: { level: Number(level), strain: SYMBOLS[strain] } };
}

/** A call of the auction ("1C", "3NT", "pass", "X", "XX") in the players' words. */
export function callText(ctx, call) {
  if (call in CALL_KEYS) return ctx.t(CALL_KEYS[call]);
  const match = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  return match ? say(bidWords(match[1], match[2]), ctx.seatName) : call;
}

/** A contract ("4HX by S") in the players' words: "4♥ contrate da Sud". */
export function contractText(ctx, contract) {
  const match = /^([1-7])(C|D|H|S|NT)(X{0,2}) by ([NESW])$/.exec(contract || "");
  if (!match) return contract || "";
  return say({ key: CONTRACT_KEYS[match[3].length], params: {
    bid: bidWords(match[1], match[2]), seat: { key: COMPASS[SEATS.indexOf(match[4])], params: {} } } }, ctx.seatName);
}

function cards(ctx, tokens, playable, cls = "") {
  const legal = new Set(ctx.view.legal || []);
  return sortCards(tokens.map(french), "french", "suit").map((token) => {
    const bridge = bridgeToken(token);
    const can = playable && legal.has(bridge);
    const card = cardElement(token, "french", `${cls} ${can ? "playable" : playable ? "unplayable" : ""}`.trim());
    card.setAttribute("aria-label", cardName(token, "french"));
    if (playable) {
      card.setAttribute("tabindex", "0");
        card.addEventListener("click", () => ctx.send(bridge));        // an unplayable card too: the refusal says why
      card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.send(bridge); } });
    }
    return card;
  });
}

function header(ctx, obs) {
  const won = SIDES.map((seats, side) => `${ctx.sideName(seats)} ${obs.tricks_won[side]}`).join(" · ");
  return el("div", "trick-scores", "",
    el("span", "", ctx.t("Board {board} · dealer {dealer} · vulnerable: {vul}",
      { board: obs.board, dealer: seatLabel(ctx, obs.dealer), vul: ctx.t(VULNERABILITY[obs.vulnerability]) })),
    el("span", "", obs.contract ? ctx.t("Contract {contract} · tricks {tricks}", { contract: contractText(ctx, obs.contract), tricks: won }) : ""));
}

function auctionBox(ctx, obs) {
  const table = el("table", "breakdown auction");
  table.append(el("tr", "", "", ...[0, 1, 2, 3].map((seat) => el("th", "", "", el("span", "", ctx.t(COMPASS[seat])),
    el("br"), el("small", "", ctx.seatName(seat))))));
  let row = Array(obs.dealer).fill("");
  const rows = [];
  for (const call of obs.calls) {
    row.push(call);
    if (row.length === 4) { rows.push(row); row = []; }
  }
  if (obs.phase === "auction") row.push("?");
  if (row.length) rows.push(row.concat(Array(4 - row.length).fill("")));
  for (const r of rows) table.append(el("tr", "", "", ...r.map((call) => el("td", /[DH]$/.test(call) ? "red-suit" : "", call && call !== "?" ? callText(ctx, call) : call))));
  if (obs.phase === "auction") return table;
  // Once the cards are played the contract line says how the auction ended: its calls fold away
  // (a tap opens them), so that a 1366×768 screen keeps your hand in sight under the dummy.
  const box = el("details", "auction-box", "", el("summary", "", ctx.t("The auction")), table);
  box.open = ui.auctionOpen;
  box.addEventListener("toggle", () => { ui.auctionOpen = box.open; });
  return box;
}

function trickOnTable(ctx, obs) {
  const slots = obs.trick.map((token, i) => {
    const card = cardElement(french(token), "french");
    card.setAttribute("aria-label", cardName(french(token), "french"));
    return el("div", "trick-card", "", card, el("span", "who", seatLabel(ctx, (obs.leader + i) % 4)));
  });
  return el("div", "trick", "", ...(slots.length ? slots : [el("p", "hint", ctx.t("No card on the table"))]));
}

function dummy(ctx, obs) {
  if (!obs.dummy_hand.length) return el("span");
  const declarerPlays = ctx.seat !== null && obs.to_play !== ctx.seat && obs.current_player === ctx.seat
    && (ctx.view.legal || []).length > 0;
  const seat = (SEATS.indexOf(obs.contract.split(" by ")[1]) + 2) % 4;
  return el("div", "partner dummy", "", el("span", "label", ctx.t("Dummy: {name}", { name: seatLabel(ctx, seat) })),
    el("div", "hand", "", ...cards(ctx, obs.dummy_hand, declarerPlays)));
}

/** The bidding box: tap a level, then a strain; Passo, Contro and Surcontro at once. */
function biddingBox(ctx, obs) {
  const legal = new Set(ctx.view.legal || []);
  const key = `${obs.board}:${obs.calls.length}`;
  if (key !== ui.levelKey) { ui.level = null; ui.levelKey = key; }
  const levels = el("div", "bid-row levels", "", ...[1, 2, 3, 4, 5, 6, 7].map((level) => {
    const open = STRAINS.some((s) => legal.has(`${level}${s}`));
    const b = button(String(level), () => { ui.level = level; ctx.refresh(); }, ui.level === level ? "chosen" : "");
    b.disabled = !open;
    b.setAttribute("aria-label", ctx.t("level {level}", { level }));
    b.setAttribute("aria-pressed", String(ui.level === level));
    return b;
  }));
  const strains = el("div", "bid-row strains", "", ...STRAINS.map((strain) => {
    const call = `${ui.level}${strain}`;
    const label = strain === "NT" ? ctx.t("NT") : SYMBOLS[strain];
    const b = button(label, () => ctx.send(call), /[DH]/.test(strain) ? "strain-red" : "");
    b.disabled = ui.level === null || !legal.has(call);
    if (ui.level !== null) b.setAttribute("aria-label", callText(ctx, call));
    return b;
  }));
  const calls = el("div", "bid-row calls", "", ...[["pass", "pass"], ["X", "double"], ["XX", "redouble"]].map(([call, cls]) => {
    const b = button(callText(ctx, call), () => ctx.send(call), cls);
    b.disabled = !legal.has(call);
    return b;
  }));
  const hint = el("p", "hint", ui.level === null ? ctx.t("Your call: choose a level, then the strain") : ctx.t("Level {level}: now the strain", { level: ui.level }));
  return el("section", "bidding-box", "", hint, levels, strains, calls);
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  ensureStyle();
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  board.className = "board tricks bridge";
  board.replaceChildren(header(ctx, obs), auctionBox(ctx, obs), el("section", "middle", "", dummy(ctx, obs), trickOnTable(ctx, obs)));
  const controls = document.getElementById("controls");
  controls.classList.add("tricks-controls");
  if (ctx.seat === null) return controls.replaceChildren();
  const live = (ctx.view.legal || []).length > 0;           // a replay shows the hands, nothing to tap
  const mine = live && obs.phase === "play" && obs.to_play === ctx.seat && obs.current_player === ctx.seat;
  controls.classList.toggle("my-turn", obs.phase === "play" && obs.current_player === ctx.seat);
  const hand = el("div", "hand", "", ...cards(ctx, obs.hand, mine));
  hand.setAttribute("aria-label", ctx.t("Your hand"));
  controls.replaceChildren(...(live && obs.phase === "auction" && obs.current_player === ctx.seat ? [biddingBox(ctx, obs), hand] : [hand]));
}

/** The end of a board: the contract, the tricks and the points of each side. */
export function handEnd(ctx, end) {
  const result = end.result;
  const line = result.contract
    ? ctx.t("{contract}: {tricks} tricks", { contract: contractText(ctx, result.contract), tricks: result.tricks })
    : ctx.t("Passed out: no score");
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), ...SIDES.map((seats) => el("th", "", ctx.sideName(seats)))));
  table.append(el("tr", "match-total", "", el("th", "", ctx.t("Points")), ...result.points.map((p) => el("td", "", String(p)))));
  const analysis = result.par === null ? el("span") : el("p", "note", ctx.t(
    "Double dummy: {tricks} tricks in the contract; par {score} for North-South ({contracts})",
    { tricks: result.dd_tricks, score: result.par, contracts: result.par_contracts.map((c) => contractText(ctx, c)).join(", ") || "-" }));
  return el("div", "hand-end", "", el("p", "note", line), table, analysis);
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  const parts = SIDES.map((seats, side) => `${ctx.sideName(seats)} ${result.points[side]}`);
  return el("p", "history-line", `${ctx.t("Board {board}", { board: result.number })}: ${result.contract ? contractText(ctx, result.contract) : ctx.t("passed out")} · ${parts.join(" · ")}`);
}
