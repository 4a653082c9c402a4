// The trick table (Briscola, Tressette, Peppa and its Hearts rules, Tarocchi): each player's or
// side's score, the trick on the table by seat, the briscola (trump card) under the stock, the
// last trick; your hand below, every move by a tap or an Italian button:
// - a card you may play is marked; a tap on another one sends it all the same, and the server's
//   refusal says the rule that forbids it (the engine's reason and article);
// - Tressette's accusi are buttons ("accusa la napoli di denari");
// - Peppa's blind draw: the neighbour's fan face down, tap one card;
// - of three of a rank (Peppa) tap the one you keep;
// - the Hearts pass and the Tarocchi dealer's discard: select the cards, then "Passa"/"Scarta".
import { button, el } from "../api.js";
import { cardBack, cardElement, sortCards } from "../cards.js";
import { sortTarot, tarotCard, tarotName } from "../tarot.js";
import { cardName, say } from "../words.js";

const DECKS = { peppa: "french", tarocchi: "tarocchi" };
let DECK = "italian";
const WORDS_DECK = { french: "french", italian: "italian", tarocchi: "tarot" };
const ui = { sortBy: localStorage.getItem("tavolo.sort") || "suit", picked: new Set(), pickedKey: "", awaitSecret: 0 };
/** Briscola, Tressette and Tarocchi turn counter-clockwise (raccolta, Briscola: "sempre in senso
antiorario"; Tressette: "in senso antiorario"); Peppa and its Hearts clockwise ("il mazziere dà
le carte in senso orario"; engine: seat ``s + 1`` on the left of ``s``). Set by :func:`render`
for the game on the page (a live binding: table.js reads it for the seats around the table). */
const DIRECTIONS = { peppa: "clockwise" };
export let PLAY_DIRECTION = "counter-clockwise";

/** A card drawn with its Italian name for a screen reader ("fante di coppe", "XXI, il Mondo"). */
function drawCard(token, deck, cls = "") {
  const card = deck === "tarocchi" ? tarotCard(token, cls) : cardElement(token, deck, cls);
  card.setAttribute("aria-label", deck === "tarocchi" ? tarotName(token) : cardName(token, WORDS_DECK[deck]));
  return card;
}

const sortHand = (cards, deck, by) => (deck === "tarocchi" ? sortTarot(cards, by) : sortCards(cards, deck, by));

function ensureStyle() {
  if (document.getElementById("tricks-css")) return;
  document.head.append(Object.assign(document.createElement("link"), { id: "tricks-css", rel: "stylesheet", href: "/static/views/tricks.css" }));
}

/** A side as its players say it: a player alone by name ("Tu", "Anna", "Bot 2"), partners as Noi / Loro. */
export function sideLabel(ctx, seats) {
  return seats.length === 1 ? ctx.seatName(seats[0]) : ctx.sideName(seats);
}

/** Tressette counts in thirds of a point (raccolta, Tressette, "Come si calcola il punteggio":
the figures and the carichi "valgono 1/3 di punto"): 13 thirds are "4 punti e 1/3". */
export function thirds(ctx, count) {
  const whole = Math.floor(count / 3), rest = count % 3;
  if (!rest) return whole === 1 ? ctx.t("1 point") : ctx.t("{points} points", { points: whole });
  if (!whole) return ctx.t("{thirds}/3 of a point", { thirds: rest });
  return whole === 1 ? ctx.t("1 point and {thirds}/3", { thirds: rest })
    : ctx.t("{points} points and {thirds}/3", { points: whole, thirds: rest });
}

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
  return el("div", "last-trick", "", el("span", "label", winner === ctx.seat ? ctx.t("Last trick, yours")
    : ctx.t("Last trick, taken by {name}", { name: ctx.seatName(winner) })),
    el("div", "pile-cards", "", ...played.map((token) => drawCard(token, DECK, "small"))));
}

function scores(ctx, obs) {
  const tressette = obs.game === "tressette";
  return el("div", `trick-scores${obs.sides.length > 2 ? " each" : ""}`, "", ...obs.sides.map((seats, side) => {
    const round = tressette ? thirds(ctx, obs.round_points[side]) : String(obs.round_points[side]);
    return el("span", `side-score${seats.includes(ctx.seat) ? " mine" : ""}`, "",
      el("strong", "", sideLabel(ctx, seats)),
      el("span", "", obs.sides.length > 2
        ? ctx.t("{points} · match {score}", { points: round, score: obs.scores[side] })
        : ctx.t("{points} this round · match {score}", { points: round, score: obs.scores[side] })));
  }));
}

function stock(ctx, obs) {
  const parts = [];
  if (obs.stock_size > 0) parts.push(cardBack("small"), el("span", "count", ctx.t("stock: {count}", { count: obs.stock_size })));
  if (obs.trump_card) parts.push(el("span", "label", ctx.t("Briscola")), drawCard(obs.trump_card, DECK, "small trump"));
  return el("div", "stock", "", ...parts);
}

/** The legal moves by their verb: {play: Map(card → notation), declare: [[notation, words]], ...}. */
function movesByVerb(ctx) {
  const legal = ctx.view.legal || [];
  const words = ctx.view.legal_words || [];
  const out = { play: new Map(), pass: new Map(), discard: new Map(), keep: new Map(), draw: [], other: [] };
  legal.forEach((move, i) => {
    const [verb, arg] = move.split(" ");
    if (verb in out && out[verb] instanceof Map && arg) out[verb].set(arg, move);
    else if (verb === "draw") out.draw.push(move);
    else out.other.push([move, words[i]]);
  });
  return out;
}

/** The cards to choose before confirming (select-then-confirm), or null: the Hearts pass
(three, "passa tre carte"), the Tarocchi dealer's discard (as many as he took). */
function choosing(obs, moves) {
  if (moves.pass.size) return { verb: "pass", count: 3 - (obs.secret?.length || 0), label: "Pass the cards" };
  if (moves.discard.size) {
    const other = obs.hand_sizes[(obs.seat + 1) % obs.players];
    return { verb: "discard", count: Math.max(1, obs.hand.length - other), label: "Discard the cards" };
  }
  return null;
}

function handSection(ctx, obs) {
  const moves = movesByVerb(ctx);
  const secret = obs.secret?.length || 0;
  if (!moves.pass.size && !moves.discard.size) ui.awaitSecret = 0;
  const sending = ui.awaitSecret > secret;            // the cards chosen are on their way, one move each
  const live = (ctx.view.legal || []).length > 0;          // a replay shows the hand, nothing to tap
  const mine = ctx.view.to_act === ctx.seat && live && !sending;
  const choice = mine ? choosing(obs, moves) : null;
  const key = `${obs.phase}:${obs.round_number}:${obs.hand.length}`;
  if (key !== ui.pickedKey) { ui.picked.clear(); ui.pickedKey = key; }
  const allowed = choice ? moves[choice.verb] : moves.keep.size ? moves.keep : moves.play;
  const marks = mine && !moves.draw.length;              // drawing from the fan, the hand is not for tapping
  const hand = el("div", `hand${DECK === "tarocchi" ? " tarot-hand" : ""}${obs.hand.length <= 5 ? " few" : ""}${choice ? " choosing" : ""}`);
  hand.setAttribute("aria-label", ctx.t("Your hand"));
  for (const token of sortHand(obs.hand, DECK, ui.sortBy)) {
    const can = marks && allowed.has(token);
    const card = drawCard(token, DECK, `${can ? "playable" : marks ? "unplayable" : ""}${ui.picked.has(token) ? " selected" : ""}`);
    if (ui.picked.has(token)) card.setAttribute("aria-label", ctx.t("{card}, chosen", { card: card.getAttribute("aria-label") }));
    card.setAttribute("tabindex", "0");
    const act = () => {
      if (choice) return pick(ctx, token, choice, moves);
      const verb = moves.keep.size ? "keep" : "play";
      ctx.send(`${verb} ${token}`);                 // an unplayable card too: the refusal says why
    };
    card.addEventListener("click", act);
    card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
    hand.append(card);
  }
  const sort = button(ui.sortBy === "suit" ? ctx.t("Sort by rank") : ctx.t("Sort by suit"), () => {
    ui.sortBy = ui.sortBy === "suit" ? "rank" : "suit";
    localStorage.setItem("tavolo.sort", ui.sortBy);
    ctx.refresh();
  }, "sort");
  const tools = el("div", "hand-tools", "", ...declarations(ctx, moves), sort);
  const partner = obs.partner_hand?.length
    ? el("div", "partner", "", el("span", "label", ctx.t("Your partner's hand")), el("div", "pile-cards", "", ...obs.partner_hand.map((c) => drawCard(c, DECK, "small"))))
    : el("span");
  const parts = [hint(ctx, obs, moves, choice), hand];
  if (choice) parts.push(confirmBar(ctx, choice));
  return [...parts, tools, partner];
}

/** What to do now, in words, above the hand. */
function hint(ctx, obs, moves, choice) {
  if (ctx.view.to_act !== ctx.seat || !(ctx.view.legal || []).length) return el("span");
  if (choice) {
    const text = choice.verb === "pass"
      ? ctx.t("Choose {count} cards to pass to {name}, then tap Pass", { count: choice.count, name: ctx.seatName(passTaker(obs)) })
      : ctx.t("Choose {count} cards to discard face down, then tap Discard", { count: choice.count });
    return el("p", "hint", text);
  }
  if (moves.keep.size) return el("p", "hint", ctx.t("Three of a rank: tap the card you keep; the other two go out face up"));
  if (moves.draw.length) return el("span");
  return el("p", "hint", ctx.t("Tap a card to play it"));
}

/** Hearts passes left, right, across, then holds, hand after hand (engine: PASS_SHIFTS). */
const PASS_SHIFTS = [1, -1, 2, 0];
const passTaker = (obs) => (obs.seat + PASS_SHIFTS[obs.round_number % 4] + obs.players) % obs.players;

function pick(ctx, token, choice, moves) {
  if (!moves[choice.verb].has(token)) return ctx.send(`${choice.verb} ${token}`);   // the refusal says why
  if (ui.picked.has(token)) ui.picked.delete(token);
  else if (ui.picked.size < choice.count) ui.picked.add(token);
  ctx.refresh();
}

function confirmBar(ctx, choice) {
  const ready = ui.picked.size === choice.count;
  const go = button(ctx.t(choice.label), () => {
    const cards = [...ui.picked];
    ui.picked.clear();
    ui.awaitSecret = (ctx.view.obs.secret?.length || 0) + cards.length;
    for (const token of cards) ctx.send(`${choice.verb} ${token}`);
  }, "primary confirm");
  go.disabled = !ready;
  return el("div", "hand-tools confirm-bar", "", el("span", "count", ctx.t("{chosen} of {count} chosen", { chosen: ui.picked.size, count: choice.count })), go);
}

/** Tressette's accusi (and any other move of the game's own) as buttons, in words. */
function declarations(ctx, moves) {
  return moves.other.map(([move, words]) => button(words ? say(words, ctx.seatName) : move, () => ctx.send(move), "declare"));
}

/** Peppa's blind draw: the neighbour offers his cards "coperte e aperte a ventaglio"
(raccolta, "Peppa-Chat noir-Hearts"); tap one. */
function fan(ctx, obs, moves) {
  if (!moves.draw.length) return null;
  const offerer = (obs.seat - 1 + obs.players) % obs.players;
  const cards = moves.draw.map((move, i) => {
    const back = el("button", "fan-card", "", cardBack());
    back.type = "button";
    back.setAttribute("aria-label", ctx.t("card {number} of the fan", { number: i + 1 }));
    back.addEventListener("click", () => ctx.send(move));
    return back;
  });
  return el("section", "fan", "", el("p", "hint", ctx.t("Draw a card from {name}'s fan: tap one", { name: ctx.seatName(offerer) })),
    el("div", "fan-cards", "", ...cards));
}

/** Draw the table for ``ctx.view`` (contract: tavolo.online View). */
export function render(ctx) {
  ensureStyle();
  const obs = ctx.view.obs;
  const board = document.getElementById("board");
  DECK = DECKS[obs.game] || "italian";
  const direction = DIRECTIONS[obs.game] || "counter-clockwise";
  if (direction !== PLAY_DIRECTION) {                // the seats were drawn before the game was known
    PLAY_DIRECTION = direction;
    setTimeout(() => ctx.refresh(), 0);
  }
  board.className = `board tricks ${obs.game || ""}`;
  board.replaceChildren(scores(ctx, obs), el("section", "middle", "", stock(ctx, obs), trickOnTable(ctx, obs)), lastTrick(ctx, obs));
  const controls = document.getElementById("controls");
  controls.classList.add("tricks-controls");
  controls.classList.toggle("my-turn", ctx.view.to_act === ctx.seat && ctx.seat !== null);
  if (ctx.seat === null) return controls.replaceChildren();
  const drawing = ctx.view.to_act === ctx.seat ? fan(ctx, obs, movesByVerb(ctx)) : null;
  controls.replaceChildren(...(drawing ? [drawing] : []), ...handSection(ctx, obs));
}

/** The end of a round: points per side (cards and accusi) and the match total. */
export function handEnd(ctx, end) {
  const obs = ctx.view.obs;
  const result = end.result;
  const table = el("table", "breakdown");
  table.append(el("tr", "", "", el("th"), ...obs.sides.map((seats) => el("th", "", sideLabel(ctx, seats)))));
  table.append(el("tr", "", "", el("th", "", ctx.t("Card points")), ...result.points.map((p) => el("td", "", String(p)))));
  const bonus = obs.game === "peppa" ? ctx.t("Every point taken") : ctx.t("Accusi");
  if (result.bonus?.some((b) => b)) table.append(el("tr", "", "", el("th", "", bonus), ...result.bonus.map((b) => el("td", "", String(b)))));
  table.append(el("tr", "match-total", "", el("th", "", ctx.t("Match total")), ...obs.scores.map((s) => el("td", "", String(s)))));
  const notes = { void: ctx.t("The round does not count"), cappotto: ctx.t("Cappotto: one side took every point"),
    shoot: ctx.t("One player took every point: 0 to him, the others score them all"),
    target: ctx.t("A side reached the target: the match ends here") };
  const note = result.note ? el("p", "note", notes[result.note] || result.note) : el("span");
  const counted = obs.game === "tressette"
    ? el("p", "note", ctx.t("Card points in whole points: the thirds left over are dropped, the last trick is worth a point (11 a round)"))
    : el("span");
  return el("div", "hand-end", "", table, note, counted);
}

/** One line of the match history. */
export function historyLine(ctx, number, result) {
  const obs = ctx.view.obs;
  const parts = obs.sides.map((seats, side) => `${sideLabel(ctx, seats)} ${result.points[side] + (result.bonus?.[side] || 0)}`);
  return el("p", "history-line", `${ctx.t("Round {number}", { number })}: ${parts.join(" · ")}`);
}
