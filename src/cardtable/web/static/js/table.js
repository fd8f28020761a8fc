// The table page: one WebSocket per seat this page plays (two in hot-seat mode), the envelope
// driving everything generic (whose turn, phase, result, legal moves, log) and the game's
// drawing for the body. The server sends each seat only what that seat may see.

import { fourColourSetting, richText } from "./cards.js";
import { drawerFor, logItems } from "./draw.js";

const $ = (id) => document.getElementById(id);
const catalog = await fetch("/api/games").then((r) => r.json());
const gameInfo = (name) => catalog.find((g) => g.name === name) || { title: name, drawing: false, notation_help: "" };

const hotseat = location.pathname === "/hotseat";
const tokens = hotseat ? location.hash.slice(1).split(",").filter(Boolean) : [location.pathname.split("/").pop()];
const seats = tokens.map((token) => ({ token, msg: null, log: [], ws: null, pick: {} }));
let shownSeat = null;       // the connection on screen
let revealed = !hotseat;    // hot-seat: the hand stays hidden until its player confirms
const rematchTokens = new Map();

fourColourSetting($("four-colour"));

function connect(seat) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${seat.token}`);
  seat.ws = ws;
  ws.onmessage = (event) => receive(seat, JSON.parse(event.data));
  ws.onclose = (event) => {
    if (event.code === 1008 || event.code === 1006 && !seat.msg) {
      showError("This link does not open a table.");
    }
    setTimeout(() => connect(seat), 1500);  // the server may be restarting: come back
  };
}

function receive(seat, msg) {
  if (msg.type === "error") {
    showError(msg.message);
    return;
  }
  if (msg.type === "rematch") {
    rematchTokens.set(seat, msg.token);
    if ([...rematchTokens.keys()].length === seats.length) {
      const next = seats.map((s) => rematchTokens.get(s));
      location.href = hotseat ? `/hotseat#${next.join(",")}` : next[0] ? `/t/${next[0]}` : "/";
      if (hotseat) location.reload();
    }
    return;
  }
  seat.log = msg.type === "state" ? msg.log : seat.log.concat(msg.log);
  if (!seat.msg || seat.msg.moves !== msg.moves) seat.pick = {};  // a gesture ends with its move
  seat.msg = msg;
  render();
}

function seatName(msg, index) {
  const seat = msg.seats[index];
  const mine = seats.some((s) => s.msg && s.msg.seat === index);
  const who = seat.kind === "bot" ? `${seat.bot} bot` : mine ? (hotseat ? "person here" : "you") : "person";
  return `player ${index} (${who})`;
}

// The seat to show: in hot-seat mode, the first of ours that must act.
function pickSeat() {
  const ready = seats.filter((s) => s.msg);
  if (!ready.length) return null;
  const acting = ready.find((s) => s.msg.view.to_act.includes(s.msg.seat));
  return acting || (shownSeat && shownSeat.msg ? shownSeat : ready[0]);
}

function statusText(msg) {
  const view = msg.view;
  if (view.result) return `Game over. ${view.result.summary}`;
  const players = msg.seats.length;
  if (msg.seat === null) return `Watching. Waiting for ${view.to_act.map((p) => seatName(msg, p)).join(" and ")} (${view.phase}).`;
  if (view.to_act.includes(msg.seat)) return `Your move, ${seatName(msg, msg.seat)} (${view.phase}).`;
  const others = view.to_act.filter((p) => p !== msg.seat);
  if (players === 2) return `Waiting for the opponent (${view.phase}).`;
  return `Waiting for ${others.map((p) => seatName(msg, p)).join(" and ")} (${view.phase}).`;
}

async function render() {
  const seat = pickSeat();
  if (!seat) return;
  if (hotseat && seat !== shownSeat && shownSeat !== null && seat.msg.view.to_act.includes(seat.msg.seat)) {
    revealed = false;
  }
  shownSeat = seat;
  const msg = seat.msg;
  const view = msg.view;
  const info = gameInfo(view.game);
  document.title = `${info.title} — cardtable`;
  $("title").textContent = info.title;
  $("status").textContent = statusText(msg);
  $("notation-help").textContent = info.notation_help || "";
  if (hotseat && !revealed && !view.result) {
    $("curtain-text").textContent = `${seatName(msg, msg.seat)}: your turn. The other player looks away; press Enter to show your hand.`;
    $("curtain").hidden = false;
    $("play").hidden = true;
    $("curtain-ok").focus();
    return;
  }
  $("curtain").hidden = true;
  $("play").hidden = false;
  await drawBoard(seat);
  renderMoves(seat);
  renderSeats(msg);
  renderLog(seat);
  renderResult(msg);
}

// The game's drawing of the board, with what it needs to know: the seats' names, the legal moves,
// the partial choice of a gesture of several steps (kept until the move is made or cancelled) and
// the entries of the last move, to mark what just happened. Moves are made by the page itself
// from any `data-move` element in the board (see draw.js).
async function drawBoard(seat) {
  const msg = seat.msg;
  const view = msg.view;
  const draw = await drawerFor(view.game, gameInfo(view.game).drawing);
  const mine = msg.seat !== null && view.to_act.includes(msg.seat);
  const ctx = {
    seatName: (p) => seatName(msg, p),
    legal: mine ? msg.legal : [],
    legalTotal: mine ? msg.legal_total : 0,
    mine,
    play: (move) => send(seat, move),
    pick: seat.pick,
    redraw: () => drawBoard(seat),
    cancel: () => { seat.pick = {}; drawBoard(seat); },
    last: seat.log.filter((entry) => entry.n === msg.moves),
  };
  $("board").replaceChildren(draw(view, ctx));
  document.body.dataset.moves = String(msg.moves);
  document.body.dataset.turn = view.result ? "over" : mine ? "mine" : "theirs";
}

$("board").addEventListener("click", (event) => {
  const target = event.target.closest("[data-move]");
  if (!target || !$("board").contains(target) || !shownSeat) return;
  event.preventDefault();
  send(shownSeat, target.dataset.move);
});

function renderMoves(seat) {
  const { legal } = seat.msg;
  $("moves-panel").hidden = seat.msg.seat === null || !legal.length;
  const filter = $("move-text").value.trim().toLowerCase();
  const shown = legal.filter((m) => !filter || m.toLowerCase().includes(filter));
  const list = $("moves");
  const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.move : null;
  list.replaceChildren(...shown.slice(0, 80).map((move, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.move = move;
    button.append(richText(move));
    button.setAttribute("aria-label", `play ${move}`);
    if (index < 9) button.setAttribute("aria-keyshortcuts", String(index + 1));
    button.addEventListener("click", () => send(seat, move));
    return button;
  }));
  const unlisted = seat.msg.legal_total - legal.length;
  if (shown.length > 80 || unlisted > 0) {
    const more = document.createElement("p");
    more.className = "muted small";
    more.textContent = `${shown.length - Math.min(shown.length, 80) + unlisted} more legal moves: type one in notation, or type to narrow the list.`;
    list.append(more);
  }
  const again = focused && list.querySelector(`[data-move="${CSS.escape(focused)}"]`);
  if (again) again.focus();
}

function renderSeats(msg) {
  $("watch-line").hidden = !msg.watch;
  if (msg.watch) {
    $("watch").href = msg.watch;
    $("watch").textContent = new URL(msg.watch, location.href).href;
  }
  $("seats").replaceChildren(...msg.seats.map((_, index) => {
    const item = document.createElement("li");
    item.textContent = seatName(msg, index) + (msg.view.to_act.includes(index) ? " — to act" : "");
    return item;
  }));
}

function renderLog(seat) {
  const log = $("log");
  log.replaceChildren(...logItems(seat.log, (p) => seatName(seat.msg, p)));
  log.scrollTop = log.scrollHeight;
}

// "You won.", "You lost." or "Draw." for a seat; the winner's name for spectators and hot-seat.
function resultHeadline(msg) {
  const { winner } = msg.view.result;
  if (winner === null || winner === undefined) return "Draw.";
  if (hotseat || msg.seat === null) return `${seatName(msg, winner)} won.`;
  return winner === msg.seat ? "You won." : "You lost.";
}

function renderResult(msg) {
  const result = msg.view.result;
  $("result-panel").hidden = !result;
  if (!result) return;
  $("result-text").textContent = `${resultHeadline(msg)} ${result.summary}`;
  $("replay-link").href = `/replay?table=${msg.table}`;
  $("rematch").hidden = msg.seat === null;
}

function send(seat, move) {
  hideError();
  seat.ws.send(JSON.stringify({ type: "move", move }));
  $("move-text").value = "";
}

function showError(text) {
  $("error").textContent = text;
  $("error").hidden = false;
}

function hideError() {
  $("error").hidden = true;
}

$("move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (!text || !shownSeat) return;
  const exact = shownSeat.msg.legal.filter((m) => m.toLowerCase().includes(text.toLowerCase()));
  send(shownSeat, exact.length === 1 && !shownSeat.msg.legal.includes(text) ? exact[0] : text);
});
$("move-text").addEventListener("input", () => shownSeat && renderMoves(shownSeat));
$("move-text").addEventListener("keydown", (event) => {
  if (event.key === "Escape") { $("move-text").value = ""; $("move-text").blur(); if (shownSeat) renderMoves(shownSeat); }
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && shownSeat && Object.keys(shownSeat.pick).length) {
    shownSeat.pick = {};
    drawBoard(shownSeat);
  }
});
$("curtain-ok").addEventListener("click", () => { revealed = true; render(); });
$("rematch").addEventListener("click", () => {
  for (const seat of seats) seat.ws.send(JSON.stringify({ type: "rematch" }));
});
document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement && event.target.type === "text";
  if (typing) return;
  if (event.key === "/") { event.preventDefault(); $("move-text").focus(); return; }
  const digit = Number(event.key);
  if (digit >= 1 && digit <= 9 && !event.ctrlKey && !event.altKey && !event.metaKey) {
    const button = $("moves").querySelectorAll("button.move")[digit - 1];
    if (button && !$("play").hidden) button.click();
  }
});

seats.forEach(connect);
