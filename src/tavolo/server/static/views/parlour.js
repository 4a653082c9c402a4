// The round table of the parlour games (Petrangola, Perlina, Mercante in fiera): every
// seat around an oval, with its tokens and what it did, the middle of the table in the
// centre (the three face up, the middle's cards and the pot, the lot on sale and the
// prizes), your own cards below. Tap cards to trade in Petrangola, a card to change or
// drop it in Perlina; every other move is in the possible moves and the typed notation.
import { button, el } from "../api.js";
import { cardBack, cardElement } from "../cards.js";
import { figureElement } from "./figures.js";

const picked = { hand: new Set(), monte: new Set() };
let pickedKey = "";

function ensureStyle() {
  if (document.getElementById("parlour-css")) return;
  const link = Object.assign(document.createElement("link"), { id: "parlour-css", rel: "stylesheet", href: "/static/views/parlour.css" });
  document.head.append(link);
}

const deckOf = (obs) => obs.deck || "italian";

/** The seats round an oval, yours at the bottom; ``badges(seat)`` adds what each did. */
function roundTable(ctx, obs, centre, badges) {
  const n = obs.players;
  const me = ctx.seat ?? 0;
  const table = el("div", `round-table seats-${n > 8 ? "many" : "few"}`, "", el("div", "felt", "", ...centre));
  for (let i = 0; i < n; i += 1) {
    const seat = (me + i) % n;
    const angle = Math.PI / 2 + (2 * Math.PI * i) / n;
    const chip = el("div", `p-seat${seat === ctx.view.to_act ? " to-act" : ""}${seat === ctx.seat ? " me" : ""}`);
    chip.dataset.seat = seat;
    chip.style.left = `${50 + 39 * Math.cos(angle)}%`;
    chip.style.top = `${50 + 42 * Math.sin(angle)}%`;
    chip.append(el("span", "name", ctx.seatName(seat)), el("span", "tokens", ctx.t("{count} tokens", { count: obs.tokens[seat] })),
      ...badges(seat).map((text) => el("span", "badge", text)));
    table.append(chip);
  }
  return table;
}

function cards(tokens, deck, cls = "") {
  return el("div", "pile-cards", "", ...tokens.map((token) => cardElement(token, deck, cls)));
}

// --- Petrangola ---------------------------------------------------------------------------------

function petrangola(ctx, obs) {
  const key = JSON.stringify([obs.hand, obs.monte, ctx.view.to_act]);
  if (key !== pickedKey) { picked.hand.clear(); picked.monte.clear(); pickedKey = key; }
  const legal = new Set(ctx.view.legal || []);
  const canTrade = [...legal].some((m) => m.startsWith("trade "));
  const centre = [el("span", "label", ctx.t("Table: {count} tokens", { count: obs.table }))];
  if (obs.monte.length) centre.push(el("span", "label", ctx.t("The three face up")), selectable(obs.monte, "italian", picked.monte, canTrade, ctx));
  else centre.push(el("div", "pile-cards", "", cardBack("small"), cardBack("small"), cardBack("small")));
  if (obs.knocker >= 0) centre.push(el("p", "note", ctx.t("{name} knocked: last round", { name: ctx.seatName(obs.knocker) })));
  const badges = (seat) => [
    ...(seat === obs.dealer ? [ctx.t("Dealer")] : []),
    ...(obs.tokens[seat] === 0 ? [ctx.t("Out")] : []),
    ...(seat === obs.knocker ? [ctx.t("Knocked")] : []),
  ];
  const controls = [];
  if (obs.monte_seen.length) controls.push(el("span", "label", ctx.t("The monte: only you see it")), cards(obs.monte_seen, "italian"));
  if (obs.hand.length) controls.push(el("span", "label", ctx.t("Your hand")), selectable(obs.hand, "italian", picked.hand, canTrade, ctx));
  if (canTrade) {
    const ready = picked.hand.size > 0 && picked.hand.size === picked.monte.size;
    const trade = button(ctx.t("Trade"), () => ctx.send(`trade ${[...picked.hand].join(" ")} for ${[...picked.monte].join(" ")}`), "primary trade");
    trade.disabled = !ready;
    controls.push(el("div", "buttons", "", trade, button(ctx.t("Knock"), () => ctx.send("knock"), "knock")));
  }
  const last = obs.results[obs.results.length - 1];
  return { centre, badges, controls, last: last ? petrangolaResult(ctx, last) : null };
}

function selectable(tokens, deck, chosen, active, ctx) {
  const row = el("div", "pile-cards selectable");
  for (const token of tokens) {
    const card = cardElement(token, deck, chosen.has(token) ? "picked" : "");
    if (active) {
      card.addEventListener("click", () => {
        if (chosen.has(token)) chosen.delete(token); else chosen.add(token);
        ctx.refresh();
      });
    }
    row.append(card);
  }
  return row;
}

function petrangolaResult(ctx, result) {
  const rows = result.hands.map((hand, seat) => (hand.length
    ? el("div", `shown${result.payers.includes(seat) ? " paid" : ""}`, "", el("span", "who", ctx.seatName(seat)), cards(hand, "italian", "small"))
    : null)).filter(Boolean);
  const paid = result.payers.length
    ? ctx.t("Pays the table: {names}", { names: result.payers.map(ctx.seatName).join(", ") })
    : ctx.t("Everyone level: nobody pays");
  const bonus = result.bonus >= 0 ? [el("p", "note", ctx.t("{name} takes a token for the Petrangolone", { name: ctx.seatName(result.bonus) }))] : [];
  return el("div", "last-result", "", el("p", "note", paid), ...bonus, ...rows);
}

// --- Perlina ------------------------------------------------------------------------------------

const choiceText = (ctx, choice) => ({ 0: ctx.t("Stood"), 1: ctx.t("Changed a card"), 4: ctx.t("Extra card") })[choice];

function perlina(ctx, obs) {
  const deck = deckOf(obs);
  const centre = [el("span", "label", ctx.t("Pot: {count}", { count: obs.pot }))];
  centre.push(obs.middle.length ? cards(obs.middle, deck) : el("span"));
  if (obs.ace) centre.push(el("p", "note", ctx.t("Aces in the middle count {value}", { value: obs.ace })));
  if (obs.bet) centre.push(el("p", "note", ctx.t("{name} bets {count}", { name: ctx.seatName(obs.bettor), count: obs.bet })));
  const badges = (seat) => [
    ...(seat === obs.dealer ? [ctx.t("Dealer")] : []),
    ...(choiceText(ctx, obs.choices[seat]) ? [choiceText(ctx, obs.choices[seat])] : []),
    ...(obs.folded.includes(seat) ? [ctx.t("Folded")] : []),
    ...(obs.sitting_out.includes(seat) ? [ctx.t("Sitting out")] : []),
  ];
  const legal = new Set(ctx.view.legal || []);
  const hand = el("div", "pile-cards selectable");
  for (const token of obs.hand) {
    const move = legal.has(`change ${token}`) ? `change ${token}` : legal.has(`drop ${token}`) ? `drop ${token}` : null;
    const card = cardElement(token, deck, move ? "playable" : "");
    if (move) card.addEventListener("click", () => ctx.send(move));
    hand.append(card);
  }
  const controls = obs.hand.length ? [el("span", "label", ctx.t("Your hand")), hand] : [];
  const last = obs.results[obs.results.length - 1];
  return { centre, badges, controls, last: last ? perlinaResult(ctx, last) : null };
}

function perlinaResult(ctx, result) {
  const rows = result.shown.map(([seat, hand]) => el("div", `shown${seat === result.winner ? " won" : ""}`, "",
    el("span", "who", ctx.seatName(seat)), cards(hand, result.deck, "small")));
  const what = result.winner >= 0 ? ctx.t("{name} takes {count}", { name: ctx.seatName(result.winner), count: result.pot })
    : ctx.t("A tie: the pot stays for the next hand");
  return el("div", "last-result", "", el("p", "note", what), el("div", "", "", cards(result.middle, result.deck, "small")), ...rows);
}

// --- Mercante in fiera --------------------------------------------------------------------------

function mercante(ctx, obs) {
  const centre = [];
  if (obs.auction) {
    const lot = obs.auction;
    const who = lot.leader >= 0 ? ctx.t("{price}, {name} leads", { price: lot.price, name: ctx.seatName(lot.leader) })
      : ctx.t("{price}, no bid yet", { price: lot.price });
    centre.push(el("span", "label", ctx.t("On sale")), figureElement(lot.lot, "big"),
      el("p", "note", who), el("span", "label", ctx.t("Lots left: {count}", { count: obs.lots.length - 1 })));
  } else {
    centre.push(el("span", "label", ctx.t("Prizes: {prizes}", { prizes: obs.prizes.join(" · ") })),
      el("span", "label", ctx.t("Red cards to turn: {count}", { count: obs.unturned })));
    const turned = obs.won.length ? obs.won[obs.won.length - 1].figure : obs.dead[obs.dead.length - 1];
    if (turned) centre.push(figureElement(turned, obs.won.length ? "big won" : "big dead"));
  }
  centre.push(el("span", "label", ctx.t("Pot: {count}", { count: obs.pot })));
  const badges = (seat) => [
    ...(seat === obs.mercante ? [ctx.t("Mercante")] : []),
    ...(obs.held[seat].length ? [ctx.t("{count} cards", { count: obs.held[seat].length })] : []),
  ];
  const controls = [];
  if (ctx.seat !== null && obs.held[ctx.seat].length) {
    controls.push(el("span", "label", ctx.t("Your cards")), el("div", "figures", "", ...obs.held[ctx.seat].map((f) => figureElement(f))));
  }
  if (obs.offer && ctx.view.to_act === ctx.seat) {
    const [buyer, figure, price] = obs.offer;
    controls.push(el("p", "note offer", ctx.t("{name} offers {price} for your {figure}", { name: ctx.seatName(buyer), price, figure })),
      el("div", "buttons", "", button(ctx.t("Accept"), () => ctx.send("accept"), "primary"), button(ctx.t("Refuse"), () => ctx.send("refuse"))));
  }
  const others = obs.held.map((held, seat) => (seat !== ctx.seat && held.length
    ? el("div", "shown", "", el("span", "who", ctx.seatName(seat)), el("div", "figures small", "", ...held.map((f) => figureElement(f, "small"))))
    : null)).filter(Boolean);
  const won = obs.won.map((prize) => el("p", "note", ctx.t("Prize {value}: {figure}, {name}", {
    value: prize.value, figure: prize.figure, name: prize.holder >= 0 ? ctx.seatName(prize.holder) : ctx.t("the house") })));
  return { centre, badges, controls, last: el("div", "last-result", "", ...won, ...others) };
}

const GAMES = { petrangola, perlina, mercante };

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  ensureStyle();
  const obs = ctx.view.obs;
  const part = GAMES[obs.game](ctx, obs);
  const board = document.getElementById("board");
  board.className = `board parlour ${obs.game}`;
  board.replaceChildren(roundTable(ctx, obs, part.centre, part.badges), part.last || el("span"));
  document.getElementById("controls").replaceChildren(...(ctx.seat === null ? [] : part.controls));
}

/** The end of a hand: the comparison (Petrangola) or the showdown (Perlina). */
export function handEnd(ctx, end) {
  const result = end.result;
  return el("div", "breakdown parlour", "", result.hands ? petrangolaResult(ctx, result) : perlinaResult(ctx, result));
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  const text = result.hands
    ? ctx.t("Pays the table: {names}", { names: result.payers.map(ctx.seatName).join(", ") || "-" })
    : result.winner >= 0 ? ctx.t("{name} takes {count}", { name: ctx.seatName(result.winner), count: result.pot })
      : ctx.t("A tie: the pot stays for the next hand");
  return el("p", "history-line", `${ctx.t("Hand {number}", { number })}: ${text}`);
}
