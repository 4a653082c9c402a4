// The round table of the parlour games (Petrangola, Perlina, Mercante in fiera): every
// seat around an oval in the game's direction (table.js's seatPlace: counter-clockwise, "in senso
// antiorario", the next player sits on your right), with its tokens and what it did, the middle of the table
// in the centre (the three face up, the middle's cards and the pot, the lot on sale and the
// prizes), your own cards and every move you can make below, as taps and Italian buttons:
// Petrangola's trade (tap your cards and as many face up, then "Scambia") and knock; Perlina's
// choices (a card tapped, then a button that says what it costs), its bets with the pot
// shown; Mercante's bid box and its offer dialog (tap another player's figure, pick a price).
// The move list and the notation box stay as helpers.
import { button, el } from "../api.js";
import { cardBack, cardElement } from "../cards.js";
import { figureElement } from "./figures.js";
import { tn } from "../i18n.js";
import { cardName } from "../words.js";

const picked = { hand: new Set(), monte: new Set() };
let pickedKey = "";
let offerFor = null;
// offerFor: the figure whose offer dialog is open (Mercante), or null.

function ensureStyle() {
  if (document.getElementById("parlour-css")) return;
  const link = Object.assign(document.createElement("link"), { id: "parlour-css", rel: "stylesheet", href: "/static/views/parlour.css" });
  document.head.append(link);
}

/** This view draws the seats round its own table (table.js keeps the bar's chips as a row, and
 * parlour.css leaves that row out: one drawing of the seats), each where ctx.seatPlace puts it:
 * you at the bottom, the next player on the side the game turns to (the parlour games "in senso
 * antiorario": on your right). */
export const DRAWS_SEATS = true;

const deckOf = (obs) => obs.deck || "italian";
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The legal moves now, by notation (data-move of the list); empty when it is not your turn. */
function legalNow(ctx) {
  return ctx.view.to_act === ctx.seat && ctx.seat !== null ? (ctx.view.legal || []) : [];
}

/** A legal move said in the players' words, capitalised for a button ("Bussa", "Punto 5"). */
function said(ctx, move) {
  const i = (ctx.view.legal || []).indexOf(move);
  const words = (ctx.view.legal_words || [])[i];
  return words ? capital(ctx.say(words)) : move;
}

/** A button that makes ``move``, labelled ``label`` or by the move's words. */
function moveButton(ctx, move, cls = "", label = null) {
  const b = button(label ?? said(ctx, move), () => ctx.send(move), `move ${cls}`.trim());
  b.dataset.move = move;
  return b;
}

/** The seats round an oval, placed by the table's own seatPlace (table.js): yours at the bottom,
 * the next one on the side the game turns to; ``badges(seat)`` adds what each did. A player who
 * lost the connection is greyed, as the bar's chips are. */
function roundTable(ctx, obs, centre, badges) {
  const n = obs.players;
  const me = ctx.seat ?? 0;
  const table = el("div", `round-table seats-${n > 8 ? "many" : "few"}`, "", el("div", "felt", "", ...centre));
  for (let i = 0; i < n; i += 1) {
    const seat = (me + i) % n;
    const place = ctx.seatPlace(seat);
    const chip = el("div", `p-seat${seat === ctx.view.to_act ? " to-act" : ""}${seat === ctx.seat ? " me" : ""}`);
    chip.dataset.seat = seat;
    chip.style.left = `clamp(15%, ${50 + 39 * place.x}%, 85%)`;   // a chip is at most 30% wide: never off the screen
    chip.style.top = `${50 + 42 * place.y}%`;
    const info = ctx.table?.seats[seat];
    if (info?.kind === "human" && !info.connected && seat !== ctx.seat) {
      chip.classList.add("away");
      chip.title = ctx.t("not connected");
    }
    chip.append(el("span", "name", ctx.seatName(seat)), el("span", "tokens", tn("{count} token", "{count} tokens", obs.tokens[seat])),
      ...badges(seat).map((text) => el("span", "badge", text)));
    table.append(chip);
  }
  return table;
}

function cards(tokens, deck, cls = "") {
  return el("div", "pile-cards", "", ...tokens.map((token) => cardElement(token, deck, cls)));
}

/** Cards to pick by tapping (``chosen`` holds the picked tokens; ``single``: one at a time). */
function selectable(tokens, deck, chosen, active, ctx, single = false) {
  const row = el("div", "pile-cards selectable");
  for (const token of tokens) {
    const card = cardElement(token, deck, `${chosen.has(token) ? "picked" : ""}${active ? " playable" : ""}`);
    if (active) {
      // The face stays an image named in words (cards.js); table.js makes a tapped card reachable
      // with Tab and tapped with Enter or Space; a chosen card says so ("5 di cuori, scelta").
      if (chosen.has(token)) card.setAttribute("aria-label", ctx.t("{card}, chosen", { card: cardName(token, deck) }));
      card.addEventListener("click", () => {
        if (chosen.has(token)) chosen.delete(token);
        else { if (single) chosen.clear(); chosen.add(token); }
        ctx.refresh();
      });
    }
    row.append(card);
  }
  return row;
}

/** Forget the picked cards when the cards or the turn change. */
function resetPicks(key) {
  if (key === pickedKey) return;
  picked.hand.clear(); picked.monte.clear(); pickedKey = key;
}

// --- Petrangola ---------------------------------------------------------------------------------

function petrangola(ctx, obs) {
  resetPicks(JSON.stringify([obs.hand, obs.monte, ctx.view.to_act]));
  const legal = legalNow(ctx);
  const canTrade = legal.some((m) => m.startsWith("trade "));
  const centre = [el("span", "label", tn("Table: {count} token", "Table: {count} tokens", obs.table))];
  if (obs.monte.length) centre.push(el("span", "label", ctx.t("The three face up")), selectable(obs.monte, "italian", picked.monte, canTrade, ctx));
  else centre.push(el("div", "pile-cards", "", cardBack("small"), cardBack("small"), cardBack("small")));
  if (obs.knocker >= 0) centre.push(el("p", "note", ctx.t("{name} knocked: last round", { name: ctx.seatName(obs.knocker) })));
  const badges = (seat) => [
    ...(seat === obs.dealer ? [ctx.t("Dealer")] : []),
    ...(obs.tokens[seat] === 0 ? [ctx.t("Out")] : []),
    ...(seat === obs.knocker ? [ctx.t("Knocked")] : []),
  ];
  const controls = [];
  const buttons = el("div", "buttons");
  if (legal.includes("keep")) {
    controls.push(el("p", "note prompt", ctx.t("Take the monte (it counts as a knock) or refuse it: it goes face up")));
    buttons.append(moveButton(ctx, "keep", "primary keep"), moveButton(ctx, "refuse", "refuse"));
  }
  if (canTrade) {
    const give = obs.hand.filter((c) => picked.hand.has(c));
    const take = obs.monte.filter((c) => picked.monte.has(c));
    const move = give.length && give.length === take.length ? `trade ${give.join(" ")} for ${take.join(" ")}` : null;
    const ok = move && legal.includes(move);
    const trade = button(ok ? said(ctx, move) : ctx.t("Trade"), () => ok && ctx.send(move), "primary trade");
    trade.disabled = !ok;
    controls.push(el("p", "note prompt", ctx.t("Tap your cards and as many of the three face up, then trade; or knock")));
    buttons.append(trade, moveButton(ctx, "knock", "knock"));
  }
  if (buttons.childElementCount) controls.push(buttons);
  if (obs.monte_seen.length) controls.push(el("span", "label", ctx.t("The monte: only you see it")), cards(obs.monte_seen, "italian"));
  if (obs.hand.length) controls.push(el("span", "label", ctx.t("Your hand")), selectable(obs.hand, "italian", picked.hand, canTrade, ctx));
  const last = obs.results[obs.results.length - 1];
  return { centre, badges, controls, last: last ? petrangolaResult(ctx, last) : null };
}

const RANK_WORDS = { A: "ace", J: "jack", C: "knight", Q: "queen", K: "king" };

/** A hand's name as players say it ("Tris", "21 punti", "sequenza al re"), from the result's
 * ``named`` ([msgid, params], ranking.describe_parts). */
function handName(ctx, named) {
  if (!named) return "";
  const [msgid, params] = named;
  const words = { ...params };
  if (words.rank) words.rank = ctx.t(RANK_WORDS[words.rank] || words.rank);
  return ctx.t(msgid, words);
}

function petrangolaResult(ctx, result) {
  const rows = result.hands.map((hand, seat) => (hand.length
    ? el("div", `shown${result.payers.includes(seat) ? " paid" : ""}`, "", el("span", "who", ctx.seatName(seat)), cards(hand, "italian", "small"),
      el("span", "hand-name", handName(ctx, (result.named || [])[seat])))
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
  resetPicks(JSON.stringify([obs.hand, obs.phase, ctx.view.to_act]));
  const centre = [el("span", "label pot", ctx.t("Pot: {count}", { count: obs.pot }))];
  centre.push(obs.middle.length ? cards(obs.middle, deck) : el("span"));
  if (obs.ace && obs.middle.some((card) => card.startsWith("A"))) centre.push(el("p", "note", ctx.t("Aces in the middle count {value}", { value: obs.ace })));
  if (obs.bet) centre.push(el("p", "note", ctx.t("{name} bets {count}", { name: ctx.seatName(obs.bettor), count: obs.bet })));
  const badges = (seat) => [
    ...(seat === obs.dealer ? [ctx.t("Dealer")] : []),
    ...(choiceText(ctx, obs.choices[seat]) ? [choiceText(ctx, obs.choices[seat])] : []),
    ...(obs.folded.includes(seat) ? [ctx.t("Folded")] : []),
    ...(obs.sitting_out.includes(seat) ? [ctx.t("Sitting out")] : []),
  ];
  const legal = legalNow(ctx);
  const picking = legal.some((m) => m.startsWith("change ") || m.startsWith("drop "));
  const controls = [];
  const buttons = el("div", "buttons");
  const mine = ctx.seat === null ? 0 : obs.tokens[ctx.seat];
  if (legal.includes("ace 1")) {
    controls.push(el("p", "note prompt", ctx.t("You deal: say what the ace in the middle counts, before you see your cards")));
    buttons.append(moveButton(ctx, "ace 1"), moveButton(ctx, "ace 11"));
  }
  if (legal.includes("stand")) {
    const card = [...picked.hand][0];
    const change = card ? `change ${card}` : null;
    controls.push(el("p", "note prompt", ctx.t("Stand, or tap a card to change it (you pay {stake}), or take an extra card (you pay {double})",
      { stake: obs.stake, double: 2 * obs.stake })));
    const pay = button(change && legal.includes(change) ? ctx.t("{move} · pay {count}", { move: said(ctx, change), count: obs.stake })
      : ctx.t("Change a card · pay {count}", { count: obs.stake }), () => change && ctx.send(change), "change");
    pay.disabled = !(change && legal.includes(change));
    buttons.append(moveButton(ctx, "stand", "primary stand"), pay);
    if (legal.includes("extra")) buttons.append(moveButton(ctx, "extra", "extra", ctx.t("{move} · pay {count}", { move: said(ctx, "extra"), count: 2 * obs.stake })));
  }
  if (legal.some((m) => m.startsWith("drop "))) {
    const card = [...picked.hand][0];
    const drop = card ? `drop ${card}` : null;
    controls.push(el("p", "note prompt", ctx.t("You hold four: tap the card to drop before you bet")));
    const b = button(drop && legal.includes(drop) ? said(ctx, drop) : ctx.t("Drop a card"), () => drop && ctx.send(drop), "primary drop");
    b.disabled = !(drop && legal.includes(drop));
    buttons.append(b);
  }
  const bets = legal.filter((m) => m.startsWith("bet "));
  if (legal.includes("check")) {
    controls.push(el("p", "note prompt", ctx.t("Pot {pot} · you hold {tokens}: check, or bet (never above the pot)", { pot: obs.pot, tokens: mine })));
    buttons.append(moveButton(ctx, "check", "check"), ...bets.map((m) => moveButton(ctx, m, "bet")));
  }
  if (legal.includes("fold") && !legal.includes("check")) {
    controls.push(el("p", "note prompt", ctx.t("{name} bets {count} · pot {pot}: call or fold", { name: ctx.seatName(obs.bettor), count: obs.bet, pot: obs.pot })));
    if (legal.includes("call")) buttons.append(moveButton(ctx, "call", "primary call"));
    buttons.append(moveButton(ctx, "fold", "fold"));
  }
  if (legal.includes("match")) {
    controls.push(el("p", "note prompt", ctx.t("A tie: pay the bet to play the next hand, or sit out until the pot is won")));
    buttons.append(moveButton(ctx, "match", "primary match"), moveButton(ctx, "sit out", "sit-out"));
  }
  if (buttons.childElementCount) controls.push(buttons);
  if (obs.hand.length) controls.push(el("span", "label", ctx.t("Your hand")), selectable(obs.hand, deck, picked.hand, picking, ctx, true));
  const last = obs.results[obs.results.length - 1];
  return { centre, badges, controls, last: last ? perlinaResult(ctx, last) : null };
}

function perlinaResult(ctx, result) {
  const rows = result.shown.map(([seat, hand], i) => el("div", `shown${seat === result.winner ? " won" : ""}`, "",
    el("span", "who", ctx.seatName(seat)), cards(hand, result.deck, "small"), el("span", "hand-name", handName(ctx, (result.named || [])[i]))));
  const what = result.winner >= 0 ? ctx.t("{name} takes {count}", { name: ctx.seatName(result.winner), count: result.pot })
    : ctx.t("A tie: the pot stays for the next hand");
  return el("div", "last-result", "", el("p", "note", what),
    el("div", "shown middle", "", el("span", "who", ctx.t("The middle")), cards(result.middle, result.deck, "small")), ...rows);
}

// --- Mercante in fiera --------------------------------------------------------------------------

const figureSaid = (ctx, figure) => ctx.say({ key: figure, params: {} });

function mercante(ctx, obs) {
  const legal = legalNow(ctx);
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
    ...(obs.held[seat].length ? [tn("{count} card", "{count} cards", obs.held[seat].length)] : []),
  ];
  const controls = [];
  if (legal.some((m) => m.startsWith("bid "))) controls.push(bidBox(ctx, obs, legal));
  else if (legal.includes("pass") && obs.phase === "auction") controls.push(bidBox(ctx, obs, legal));
  if (obs.phase === "offer" && legal.length) controls.push(...offerPanel(ctx, obs, legal));
  else offerFor = null;
  if (obs.offer && legal.includes("accept")) {
    const [buyer, figure, price] = obs.offer;
    controls.push(el("div", "offer-box", "",
      el("p", "note offer", ctx.t("{name} offers you {price} tokens for {figure}", { name: ctx.seatName(buyer), price, figure: figureSaid(ctx, figure) })),
      figureElement(figure),
      el("div", "buttons", "", moveButton(ctx, "accept", "primary accept", ctx.t("Accept")), moveButton(ctx, "refuse", "refuse", ctx.t("Refuse")))));
  }
  if (ctx.seat !== null && obs.held[ctx.seat].length) {
    controls.push(el("span", "label", ctx.t("Your cards")), el("div", "figures", "", ...obs.held[ctx.seat].map((f) => figureElement(f))));
  }
  const others = obs.held.map((held, seat) => (seat !== ctx.seat && held.length && obs.phase !== "offer"
    ? el("div", "shown", "", el("span", "who", ctx.seatName(seat)), el("div", "figures small", "", ...held.map((f) => figureElement(f, "small"))))
    : null)).filter(Boolean);
  const won = obs.won.map((prize) => el("p", "note", prizeText(ctx, prize)));
  return { centre, badges, controls, last: el("div", "last-result", "", ...won, ...others) };
}

/** A prize won, in words: "Premio 2: il gallo, Anna" (the house's where nobody holds its figure). */
function prizeText(ctx, prize) {
  return ctx.t("Prize {value}: {figure}, {name}", { value: prize.value, figure: figureSaid(ctx, prize.figure),
    name: prize.holder >= 0 ? ctx.seatName(prize.holder) : ctx.t("the house") });
}

/** The bid box: the lot, its price and leader, "Passo" and a button per raise you can pay. */
function bidBox(ctx, obs, legal) {
  const lot = obs.auction;
  const mine = obs.tokens[ctx.seat];
  const head = lot.leader >= 0 ? ctx.t("{figure}: {name} bids {price}", { figure: figureSaid(ctx, lot.lot), name: ctx.seatName(lot.leader), price: lot.price })
    : ctx.t("{figure}: called at {price}", { figure: figureSaid(ctx, lot.lot), price: lot.price });
  const bids = legal.filter((m) => m.startsWith("bid ")).map((m) => {
    const price = (ctx.view.legal_words || [])[(ctx.view.legal || []).indexOf(m)]?.params?.price;
    return moveButton(ctx, m, "bid", price ? ctx.t("Bid {price}", { price }) : said(ctx, m));
  });
  return el("div", "bid-box", "", el("p", "note prompt", head), el("p", "note", tn("You hold {count} token", "You hold {count} tokens", mine)),
    el("div", "buttons", "", moveButton(ctx, "pass", "pass", ctx.t("Pass")), ...bids));
}

/** Before a prize card: tap a figure another player holds to open the offer dialog, or pass. */
function offerPanel(ctx, obs, legal) {
  const prices = (figure) => legal.filter((m) => m.startsWith("offer ") && m.endsWith(` for ${figure}`));
  if (offerFor && !prices(offerFor).length) offerFor = null;
  const rows = obs.held.map((held, seat) => {
    if (seat === ctx.seat || !held.length) return null;
    const figs = held.map((f) => {
      const fig = figureElement(f, prices(f).length ? "playable" : "");
      if (prices(f).length) {
        fig.setAttribute("role", "button");
        fig.setAttribute("tabindex", "0");
        fig.setAttribute("aria-label", ctx.t("Offer for {figure}", { figure: figureSaid(ctx, f) }));
        const open = () => { offerFor = f; ctx.refresh(); };
        fig.addEventListener("click", open);
        fig.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(); } });
      }
      return fig;
    });
    return el("div", "shown", "", el("span", "who", ctx.seatName(seat)), el("div", "figures", "", ...figs));
  }).filter(Boolean);
  const prize = obs.unturned <= obs.prizes.length;
  const prompt = prize ? ctx.t("Before the prize card: tap a card another player holds to make an offer, or pass")
    : ctx.t("Before the next red card: tap a card another player holds to make an offer, or pass");
  const parts = [el("p", "note prompt", prompt),
    el("div", "buttons", "", moveButton(ctx, "pass", "pass primary", ctx.t("No offer")))];
  if (offerFor) {
    const holder = obs.held.findIndex((held) => held.includes(offerFor));
    const dialog = el("div", "offer-dialog");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-label", ctx.t("Offer for {figure}", { figure: figureSaid(ctx, offerFor) }));
    dialog.append(figureElement(offerFor, "big"),
      el("p", "note", tn("How much do you offer {name} for {figure}? You hold {count} token",
        "How much do you offer {name} for {figure}? You hold {count} tokens", obs.tokens[ctx.seat],
        { name: ctx.seatName(holder), figure: figureSaid(ctx, offerFor) })),
      el("div", "buttons", "", ...prices(offerFor).map((m) => moveButton(ctx, m, "price", m.split(" ")[1] === "1" ? ctx.t("1 token") : ctx.t("{count} tokens", { count: m.split(" ")[1] }))),
        button(ctx.t("Cancel"), () => { offerFor = null; ctx.refresh(); }, "cancel")));
    parts.push(dialog);
  }
  parts.push(el("div", "offer-rows", "", ...rows));
  return parts;
}

/** The fair's end: each prize with its figure and who took it, and every seat's tokens won or lost. */
function mercanteResult(ctx, result) {
  const prizes = result.prizes.map((prize) => el("div", "prize", "", figureElement(prize.figure, "won"),
    el("span", "", prizeText(ctx, prize))));
  const rows = result.returns.map((won, seat) => el("tr", "", "", el("th", "", ctx.seatName(seat)),
    el("td", won > 0 ? "won" : won < 0 ? "lost" : "", won > 0 ? `+${won}` : String(won))));
  const table = el("table", "fair-tokens", "", el("caption", "", ctx.t("Tokens won or lost")), ...rows);
  return el("div", "last-result fair", "", el("p", "note", ctx.t("The prizes")), ...prizes, table);
}

const GAMES = { petrangola, perlina, mercante };

/** What only a seat sees, empty for a spectator (whose view leaves out the hidden keys:
 * online/views.py hidden_keys): the hand, Petrangola's monte seen, Perlina's dropped card. */
const PRIVATE = { hand: [], monte_seen: [], my_dropped: [] };

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  ensureStyle();
  const obs = { ...PRIVATE, ...ctx.view.obs };
  const part = GAMES[obs.game](ctx, obs);
  const board = document.getElementById("board");
  board.className = `board parlour ${obs.game}`;
  board.replaceChildren(roundTable(ctx, obs, part.centre, part.badges), part.last || el("span"));
  const controls = document.getElementById("controls");
  controls.classList.add("parlour-controls");
  controls.replaceChildren(...(ctx.seat === null ? [] : part.controls));
}

/** The end of a hand: the comparison (Petrangola), the showdown (Perlina), the fair's prizes (Mercante). */
export function handEnd(ctx, end) {
  const result = end.result;
  const part = result.prizes ? mercanteResult(ctx, result) : result.hands ? petrangolaResult(ctx, result) : perlinaResult(ctx, result);
  return el("div", "breakdown parlour", "", part);
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  const text = result.prizes
    ? result.prizes.map((p) => `${p.value} ${p.holder >= 0 ? ctx.seatName(p.holder) : ctx.t("the house")}`).join(" · ")
    : result.hands
      ? ctx.t("Pays the table: {names}", { names: result.payers.map(ctx.seatName).join(", ") || "-" })
      : result.winner >= 0 ? ctx.t("{name} takes {count}", { name: ctx.seatName(result.winner), count: result.pot })
        : ctx.t("A tie: the pot stays for the next hand");
  return el("p", "history-line", `${ctx.t("Hand {number}", { number })}: ${text}`);
}
