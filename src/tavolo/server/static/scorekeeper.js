// The score keeper (segnapunti): a Burraco match played at a real table. The
// points come from the server (the engine's scoring), never from this script.
// The edit token lives in localStorage "tavolo.keeper.<id>" (or arrives in the
// edit link's "#edit=" fragment); without it the page only follows the match.
import { api, button as actionButton, el } from "./api.js";
import { cardElement } from "./cards.js";
import { loadCatalog, t } from "./i18n.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const SUITS = { h: "♥", d: "♦", c: "♣", s: "♠" };
const POLL_MS = 5000;
const $ = (id) => document.getElementById(id);
const SUIT_NAMES = { h: "hearts", d: "diamonds", c: "clubs", s: "spades" };

/** ``node`` (a card, a row of cards) in the Tab order, Enter and Space doing what a tap does. */
function keyable(node) {
  node.setAttribute("tabindex", "0");
  node.addEventListener("keydown", (event) => {
    if (event.target !== node || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
  return node;
}

function sidesFor(players) {
  return [2, 4, 6].includes(players) ? 2 : players;
}

// --- a new match -------------------------------------------------------------------------

function newMatchPage(form) {
  const names = $("keeper-side-names");
  const drawNames = () => {
    const players = Number(form.players.value);
    const count = sidesFor(players);
    const defaults = count === 2 ? [t("Us"), t("Them")] : [];
    names.replaceChildren(...Array.from({ length: count }, (_, i) => {
      const input = el("input");
      input.name = "side";
      input.maxLength = 40;
      input.value = defaults[i] || t("Player {number}", { number: i + 1 });
      return el("label", "", count === 2 ? t("Side {number}", { number: i + 1 }) : t("Player {number}", { number: i + 1 }), input);
    }));
  };
  form.players.addEventListener("change", drawNames);
  drawNames();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const created = await api("POST", "/api/scorekeeper", {
        sides: [...form.querySelectorAll("input[name=side]")].map((i) => i.value),
        players: Number(form.players.value), target: Number(form.target.value), rules: form.rules.value,
      });
      localStorage.setItem(`tavolo.keeper.${created.id}`, created.token);
      location.href = created.share;
    } catch (error) {
      $("keeper-error").textContent = error.message;
    }
  });
  form.querySelector("button[type=submit]").disabled = false;  // submitted only once the page can handle it
}

// --- a match -----------------------------------------------------------------------------

class Keeper {
  constructor(root) {
    this.id = root.dataset.matchId;
    this.token = this.takeToken();
    this.match = null;
    this.mode = "totals";
    this.editing = null;       // the number of the hand being changed, or null for a new one
    this.calc = null;          // the calculator's sides
    this.target = null;        // where a tapped card goes: {side, meld} or {side, left: true}
    this.suit = "h";
  }

  takeToken() {
    const key = `tavolo.keeper.${this.id}`;
    const fromLink = new URLSearchParams(location.hash.slice(1)).get("edit");
    if (fromLink) {
      localStorage.setItem(key, fromLink);
      history.replaceState(null, "", location.pathname + location.search);
    }
    return localStorage.getItem(key);
  }

  async start() {
    await this.reload();
    $("tab-totals").addEventListener("click", () => this.setMode("totals"));
    $("tab-calculator").addEventListener("click", () => this.setMode("calculator"));
    $("keeper-save").addEventListener("click", () => this.save());
    $("keeper-cancel").addEventListener("click", () => this.resetEntry());
    this.resetEntry();
    setInterval(() => this.poll(), POLL_MS);
  }

  async reload() {
    this.show(await api("GET", `/api/scorekeeper/${this.id}`));
  }

  async poll() {
    if (document.hidden) return;
    const match = await api("GET", `/api/scorekeeper/${this.id}`).catch(() => null);
    if (match && match.version !== this.match.version) this.show(match);
  }

  get canEdit() {
    return Boolean(this.token) && !this.match.finished;
  }

  show(match) {
    this.match = match;
    $("keeper-target").textContent = t("{rules} rules, {players} players, to {target}",
      { rules: match.rules.toUpperCase(), players: match.players, target: match.target });
    $("keeper-totals").replaceChildren(...match.sides.map((name, i) => el("div",
      `keeper-side${match.winner === i ? " won" : ""}`, "", el("span", "keeper-name", name),
      el("strong", "keeper-points", String(match.totals[i])))));
    const winner = $("keeper-winner");
    winner.hidden = !match.finished;
    if (match.finished) winner.textContent = t("{side} wins the match with {points}!",
      { side: match.sides[match.winner], points: match.totals[match.winner] });
    this.drawHistory();
    $("keeper-entry").hidden = !this.canEdit;
    $("keeper-readonly").hidden = Boolean(this.token);
    $("keeper-share").hidden = !this.token;
    if (this.token) {
      $("keeper-share-link").value = `${location.origin}/segnapunti/${this.id}`;
      $("keeper-edit-link").value = `${location.origin}/segnapunti/${this.id}#edit=${this.token}`;
    }
  }

  drawHistory() {
    const { sides, hands } = this.match;
    if (!hands.length) {
      $("keeper-history").replaceChildren(el("p", "hint", t("No hand yet.")));
      return;
    }
    const head = el("tr", "", "", el("th", "", "#"), ...sides.map((s) => el("th", "", s)));
    if (this.canEdit) head.append(el("th"));
    const rows = [...hands].reverse().map((hand) => this.handRow(hand));
    $("keeper-history").replaceChildren(el("table", "keeper-table", "", el("thead", "", "", head), el("tbody", "", "", ...rows.flat())));
  }

  handRow(hand) {
    const cells = hand.totals.map((points, i) => el("td", "", "", el("span", "keeper-hand-points", signed(points)),
      el("span", "keeper-running", String(hand.running[i]))));
    const row = el("tr", "", "", el("td", "keeper-number", String(hand.number)), ...cells);
    if (this.canEdit) {
      row.append(el("td", "keeper-actions", "", actionButton(t("Edit"), () => this.startEdit(hand)),
        actionButton(t("Delete"), () => this.remove(hand.number))));
    }
    if (!hand.breakdown) return [row];
    const details = el("details", "keeper-breakdown", "", el("summary", "", t("Breakdown")),
      ...hand.breakdown.map((score, i) => el("p", "", `${this.match.sides[i]}: ${breakdownText(score)}`)));
    const detailRow = el("tr", "keeper-detail-row", "", el("td"), el("td", "", "", details));
    detailRow.lastChild.colSpan = this.match.sides.length + (this.canEdit ? 1 : 0);
    return [row, detailRow];
  }

  // --- entering a hand -------------------------------------------------------------------

  setMode(mode) {
    this.mode = mode;
    $("tab-totals").classList.toggle("current", mode === "totals");
    $("tab-calculator").classList.toggle("current", mode === "calculator");
    $("keeper-totals-form").hidden = mode !== "totals";
    $("keeper-calculator").hidden = mode !== "calculator";
    if (mode === "calculator") this.drawCalculator();
  }

  resetEntry(hand = null) {
    this.editing = hand ? hand.number : null;
    $("keeper-entry-title").textContent = hand ? t("Hand {number}", { number: hand.number })
      : t("Hand {number}", { number: this.match.hands.length + 1 });
    $("keeper-cancel").hidden = !hand;
    $("keeper-error").textContent = "";
    this.drawTotals(hand && !hand.sheet ? hand.totals : null);
    this.calc = this.match.sides.map((_, i) => calcSide(hand?.sheet?.[i]));
    this.target = null;
    this.setMode(hand?.sheet ? "calculator" : "totals");
  }

  startEdit(hand) {
    this.resetEntry(hand);
    $("keeper-entry").scrollIntoView({ behavior: "smooth" });
  }

  drawTotals(values) {
    $("keeper-totals-form").replaceChildren(...this.match.sides.map((name, i) => {
      const input = el("input", "keeper-total");
      Object.assign(input, { type: "number", step: 5, inputMode: "numeric", name: `total-${i}` });
      if (values) input.value = values[i];
      const flip = actionButton("±", () => { input.value = input.value ? String(-Number(input.value)) : "-"; input.focus(); });
      flip.setAttribute("aria-label", t("Change the sign"));
      return el("label", "keeper-total-row", name, el("span", "keeper-total-input", "", input, flip));
    }));
  }

  drawCalculator() {
    const parts = this.calc.map((side, i) => this.calcSideElement(side, i));
    $("keeper-calculator").replaceChildren(...parts, this.pickerElement());
  }

  calcSideElement(side, i) {
    const toggle = (label, key) => {
      const b = actionButton(label, () => { side[key] = !side[key]; this.drawCalculator(); }, `toggle${side[key] ? " on" : ""}`);
      b.setAttribute("aria-pressed", String(side[key]));
      return b;
    };
    const melds = side.melds.map((cards, m) => this.cardRow(cards, { side: i, meld: m },
      t("Meld {number}", { number: m + 1 }), () => { side.melds.splice(m, 1); this.target = null; this.drawCalculator(); }));
    const addMeld = actionButton(t("+ Meld"), () => {
      side.melds.push([]);
      this.target = { side: i, meld: side.melds.length - 1 };
      this.drawCalculator();
    });
    const left = this.cardRow(side.left, { side: i, left: true }, t("Cards left in hand"), null);
    return el("div", "keeper-calc-side", "", el("h3", "", this.match.sides[i]),
      el("div", "buttons", "", toggle(t("Closed"), "closed"), toggle(t("Pozzetto taken"), "pozzetto")),
      ...melds, addMeld, left);
  }

  cardRow(cards, target, label, onRemove) {
    const chosen = this.target && this.target.side === target.side && this.target.meld === target.meld
      && Boolean(this.target.left) === Boolean(target.left);
    const row = el("div", `keeper-cards${chosen ? " chosen" : ""}`, "", el("span", "keeper-cards-label", label));
    row.append(...cards.map((card, k) => {
      const node = cardElement(card, "french", "small");
      node.addEventListener("click", (event) => { event.stopPropagation(); cards.splice(k, 1); this.drawCalculator(); });
      return keyable(node);
    }));
    if (!cards.length) row.append(el("span", "hint", t("tap here, then tap the cards")));
    if (onRemove) {
      const remove = actionButton("✕", (event) => { event.stopPropagation(); onRemove(); }, "remove");
      remove.setAttribute("aria-label", t("Remove this meld"));
      row.append(remove);
    }
    row.addEventListener("click", () => { this.target = target; this.drawCalculator(); });
    return keyable(row);
  }

  pickerElement() {
    const suits = el("div", "keeper-suits", "", ...Object.entries(SUITS).map(([code, symbol]) => {
      const b = actionButton(symbol, () => { this.suit = code; this.drawCalculator(); },
        `suit suit-${code}${this.suit === code ? " current" : ""}`);
      b.setAttribute("aria-label", t(SUIT_NAMES[code]));            // "cuori" to a screen reader, not "h"
      b.dataset.suit = code;
      return b;
    }));
    const cards = [...RANKS.map((rank) => rank + this.suit), "*"].map((card) => {
      const node = cardElement(card, "french", "pick");
      node.addEventListener("click", () => this.tap(card));
      return keyable(node);
    });
    const where = this.target ? this.targetLabel() : t("Tap a meld or the cards left, then the cards");
    return el("div", "keeper-picker", "", el("p", "keeper-picker-for", where), suits, el("div", "keeper-pick-cards", "", ...cards));
  }

  targetLabel() {
    const name = this.match.sides[this.target.side];
    return this.target.left ? t("Cards left to {side}", { side: name })
      : t("{side}, meld {number}", { side: name, number: this.target.meld + 1 });
  }

  tap(card) {
    if (!this.target) {
      $("keeper-error").textContent = t("Tap a meld or the cards left, then the cards");
      return;
    }
    const side = this.calc[this.target.side];
    (this.target.left ? side.left : side.melds[this.target.meld]).push(card);
    $("keeper-error").textContent = "";
    this.drawCalculator();
  }

  handBody() {
    if (this.mode === "totals") {
      const inputs = [...document.querySelectorAll(".keeper-total")];
      if (inputs.some((i) => i.value.trim() === "" || Number.isNaN(Number(i.value)))) throw new Error(t("Write every side's points"));
      return { totals: inputs.map((i) => Number(i.value)) };
    }
    const perSide = this.match.players / this.match.sides.length;
    return {
      sheet: this.calc.map((side) => {
        const left = side.left.join(" ");
        const hands = side.closed ? (perSide > 1 || left ? ["", left] : [""]) : [left];
        return { closed: side.closed, pozzetto: side.pozzetto,
          melds: side.melds.filter((m) => m.length).map((m) => m.join(" ")), hands };
      }),
    };
  }

  async save() {
    try {
      const body = this.handBody();
      const match = this.editing
        ? await api("PUT", `/api/scorekeeper/${this.id}/hands/${this.editing}`, body, this.token)
        : await api("POST", `/api/scorekeeper/${this.id}/hands`, body, this.token);
      this.show(match);
      this.resetEntry();
    } catch (error) {
      $("keeper-error").textContent = error.message;
    }
  }

  async remove(number) {
    if (!confirm(t("Delete hand {number}?", { number }))) return;
    try {
      this.show(await api("DELETE", `/api/scorekeeper/${this.id}/hands/${number}`, undefined, this.token));
      this.resetEntry();
    } catch (error) {
      $("keeper-error").textContent = error.message;
    }
  }
}

function calcSide(sheet) {
  return {
    closed: Boolean(sheet?.closed), pozzetto: Boolean(sheet?.pozzetto),
    melds: (sheet?.melds || []).map((m) => m.split(/\s+/).filter(Boolean)),
    left: (sheet?.hands || []).join(" ").split(/\s+/).filter(Boolean),
  };
}

function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

function breakdownText(score) {
  const parts = [];
  if (score.closing) parts.push(t("closing {points}", { points: score.closing }));
  if (score.burraci.length) parts.push(t("burraci {points} ({kinds})", { points: score.burraco_bonus, kinds: score.burraci.join(", ") }));
  parts.push(t("melded {points}", { points: score.melded }));
  if (score.in_hand) parts.push(t("in hand {points}", { points: score.in_hand }));
  if (score.pozzetto) parts.push(t("pozzetto not taken {points}", { points: score.pozzetto }));
  return `${parts.join(" · ")} = ${score.total}`;
}

await loadCatalog();
if ($("keeper-new")) newMatchPage($("keeper-new"));
if ($("keeper")) await new Keeper($("keeper")).start();
