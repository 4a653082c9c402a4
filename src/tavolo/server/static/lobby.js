// The lobby (sala): your name, play now against bots, the open tables, a new table.
import { api, button, el, optionsSummary, playerName, rememberName, rememberSeat } from "./api.js";
import { botName, loadCatalog, t, tn } from "./i18n.js";

let games = [];
let lobbyPage = 0;                                   // the lobby comes a page at a time, newest first
const PAGE_SIZE = 50;                                // the server's page (tavolo.online.service.LOBBY_PAGE)
const nameInput = document.getElementById("player-name");

function askedName() {
  const name = nameInput.value.trim();
  if (!name) {
    nameInput.focus();
    nameInput.setCustomValidity(t("Write your name first"));
    nameInput.reportValidity();
    return null;
  }
  rememberName(name);
  return name;
}

async function playNow(game) {
  const name = askedName();
  if (!name) return;
  const seat = await api("POST", "/api/quick", { game: game.name, name });
  rememberSeat(seat.table_id, seat.seat, seat.token);
  location.href = `/t/${seat.table_id}`;
}

/** A choice of an option as its players say it: "FIBUR", "il banco"; names of games stay names
 * (Peppa's "hearts" is the game Hearts, not the suit). */
function choiceLabel(name, choice) {
  if (choice === null) return t("none");
  if (name === "rules" && (choice === "hearts" || choice === "peppa")) return choice === "hearts" ? "Hearts" : "Peppa";
  if (name === "match") return choice === "hands" ? t("hands with fiches") : t("out over {points}", { points: choice });
  return t(String(choice));
}

function optionInput(option) {
  let input;
  if (option.kind === "bool") {
    input = el("input");
    input.type = "checkbox";
    input.checked = Boolean(option.default);
  } else if (option.choices && option.choices.length) {
    input = el("select");
    for (const choice of option.choices) {
      const o = el("option", "", choiceLabel(option.name, choice));
      o.value = JSON.stringify(choice);
      if (JSON.stringify(choice) === JSON.stringify(option.default)) o.selected = true;
      input.append(o);
    }
  } else {
    input = el("input");
    input.type = option.kind === "int" ? "number" : "text";
    input.value = option.default ?? "";
  }
  input.dataset.option = option.name;
  input.dataset.kind = option.kind;
  return el("label", "", t(option.label || option.name), input);
}

function optionValue(input) {
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  if (input.type === "checkbox") return input.checked;
  if (input.dataset.kind === "int") return input.value === "" ? null : Number(input.value);
  return input.value;
}

function chosenGame() {
  return games.find((g) => g.name === document.getElementById("create-game").value);
}

function seatCount() {
  const input = document.querySelector('#create-options [data-option="players"]');
  if (input) return optionValue(input);
  const option = chosenGame()?.options.find((o) => o.name === "players");
  return option ? option.default : 2;
}

function showSeats() {
  const game = chosenGame();
  const box = document.getElementById("create-seats");
  box.replaceChildren();
  for (let seat = 1; seat < seatCount(); seat += 1) {
    const select = el("select");
    select.dataset.seat = seat;
    const free = el("option", "", t("free seat"));
    free.value = "";
    select.append(free);
    for (const bot of game.bots) {
      const o = el("option", "", t("bot: {level}", { level: t(bot.label) }));
      o.value = bot.spec;
      select.append(o);
    }
    box.append(el("label", "", t("Seat {number}", { number: seat + 1 }), select));
  }
}

function showOptions() {
  const game = chosenGame();
  const box = document.getElementById("create-options");
  box.replaceChildren(...game.options.map(optionInput));
  box.querySelector('[data-option="players"]')?.addEventListener("change", showSeats);
  showSeats();
}

async function createTable(event) {
  event.preventDefault();
  const name = askedName();
  if (!name) return;
  const form = event.target;
  const options = {};
  for (const input of form.querySelectorAll("[data-option]")) options[input.dataset.option] = optionValue(input);
  const bots = {};
  for (const select of form.querySelectorAll("[data-seat]")) if (select.value) bots[select.dataset.seat] = select.value;
  try {
    const seat = await api("POST", "/api/tables", { game: chosenGame().name, options, name, timer: form.timer.value, bots });
    rememberSeat(seat.table_id, seat.seat, seat.token);
    location.href = `/t/${seat.table_id}`;
  } catch (error) {
    document.getElementById("create-error").textContent = error.message;
  }
}

function seatSummary(seat) {
  if (seat.kind === "free") return t("free seat");
  if (seat.kind === "bot") return botName(seat);
  return seat.rating == null ? seat.name : `${seat.name} (${seat.rating.toFixed(1)})`;  // an account's rating
}

function tableRow(table) {
  const free = table.seats.filter((s) => s.kind === "free").length;
  const row = el("a", `table-row status-${table.status}`);
  row.href = `/t/${table.id}`;
  row.append(
    el("span", "", "", el("strong", "", `${table.title},`), el("span", "hint", ` ${optionsSummary(table.options, table.game, table.seats.length)}`)),
    el("span", "seats", table.seats.map(seatSummary).join(" · ")),
    el("span", "state", table.status === "waiting" ? tn("{count} seat free", "{count} seats free", free) : t("playing")),
  );
  return row;
}

async function showTables() {
  const box = document.getElementById("tables");
  try {
    const tables = await api("GET", `/api/tables?page=${lobbyPage}&size=${PAGE_SIZE}`);
    if (!tables.length && lobbyPage > 0) {           // the page emptied meanwhile: back one
      lobbyPage -= 1;
      return showTables();
    }
    const rows = tables.length ? tables.map(tableRow) : [el("p", "hint", t("No open table: create one, or play now."))];
    box.replaceChildren(...rows, pager(tables.length === PAGE_SIZE));
  } catch (error) {
    box.replaceChildren(el("p", "error", error.message));
  }
}

function pager(more) {
  const turn = (by) => () => { lobbyPage += by; showTables(); };
  const box = el("div", "buttons pager");
  if (lobbyPage > 0) box.append(button(t("Newer tables"), turn(-1), "page-newer"));
  if (more) box.append(button(t("Older tables"), turn(1), "page-older"));
  return box;
}

/** A logged-in player plays under the account's name and sees its rating here. */
async function showMyRating(link) {
  const me = await api("GET", "/api/me").catch(() => null);
  if (!me?.name) return;
  nameInput.value = me.name;
  rememberName(me.name);
  const player = await api("GET", `/api/players/${encodeURIComponent(me.name)}`).catch(() => null);
  if (player?.rating) link.textContent = t("Your games · rating {ordinal}", { ordinal: player.rating.ordinal.toFixed(1) });
  link.hidden = false;
  link.href = `/players/${encodeURIComponent(me.name)}`;
}

async function start() {
  await loadCatalog();
  nameInput.value = playerName();
  const myGames = document.getElementById("my-games");
  const showMyGames = () => {
    myGames.hidden = !nameInput.value.trim();
    myGames.href = `/players/${encodeURIComponent(nameInput.value.trim())}`;
  };
  showMyGames();
  nameInput.addEventListener("input", () => { nameInput.setCustomValidity(""); showMyGames(); });
  showMyRating(myGames);
  games = await api("GET", "/api/games");
  document.getElementById("quick-buttons").replaceChildren(
    ...games.map((g) => button(g.title, () => playNow(g).catch((e) => alert(e.message)), `quick-${g.name} primary`)));
  const select = document.getElementById("create-game");
  select.replaceChildren(...games.map((g) => Object.assign(el("option", "", g.title), { value: g.name })));
  select.addEventListener("change", showOptions);
  showOptions();
  document.getElementById("create").addEventListener("submit", createTable);
  await showTables();
  setInterval(showTables, 5000);
}

start();
