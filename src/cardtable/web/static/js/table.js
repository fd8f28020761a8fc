// The table page: one WebSocket per seat this page plays (two in hot-seat mode), the envelope
// driving everything generic (whose turn, the engine's explanation of the choice, the result,
// legal moves, what just happened, the log) and the game's drawing for the body. The server
// sends each seat only what that seat may see; this page adds no knowledge, only words.

import { fourColourSetting, richText } from "./cards.js";
import { drawerFor, logText, nameSeats } from "./draw.js";

const $ = (id) => document.getElementById(id);
const catalog = await fetch("/api/games").then((r) => r.json());
const gameInfo = (name) => catalog.find((g) => g.name === name) || { title: name, drawing: false, notation_help: "" };

const hotseat = location.pathname === "/hotseat";
const tokens = hotseat ? location.hash.slice(1).split(",").filter(Boolean) : [location.pathname.split("/").pop()];
const seats = tokens.map((token) => ({ token, msg: null, log: [], ws: null, pick: {}, hint: null }));
let shownSeat = null;       // the connection on screen
let revealed = !hotseat;    // hot-seat: the hand stays hidden until its player confirms
let shownMoves = -1;        // the move count on screen: what arrives beyond it is fresh
let shownGame = null;       // the game whose how-to-play and style are loaded
const rematchTokens = new Map();

fourColourSetting($("four-colour"));

function connect(seat) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${seat.token}`);
  seat.ws = ws;
  ws.onmessage = (event) => receive(seat, JSON.parse(event.data));
  ws.onclose = (event) => {
    if (event.code === 1008 || event.code === 1006 && !seat.msg) {
      showError("This link does not open a table. Ask for the link again, or start a game from the lobby.");
    }
    setTimeout(() => connect(seat), 1500);  // the server may be restarting: come back
  };
}

function receive(seat, msg) {
  if (msg.type === "error") {
    if (seat.hint && seat.hint.asking) { seat.hint = null; renderHint(seat); }
    showError(msg.message);
    return;
  }
  if (msg.type === "hint") {
    if (seat.msg && msg.moves === seat.msg.moves) {
      seat.hint = msg;
      // a drawing may show the hint its own way (ctx.hint); the mark and the words follow
      drawBoard(seat).then(() => renderHint(seat));
    }
    return;
  }
  // other messages (presence, elsewhere, ...) carry nothing this page shows yet
  if (msg.type !== "state" && msg.type !== "update" && msg.type !== "rematch_start") return;
  if (msg.type === "rematch_start") {
    rematchTokens.set(seat, msg.url && msg.url.split("/").pop());
    if ([...rematchTokens.keys()].length === seats.length) {
      const next = seats.map((s) => rematchTokens.get(s));
      location.href = hotseat ? `/hotseat#${next.join(",")}` : next[0] ? `/t/${next[0]}` : "/";
      if (hotseat) location.reload();
    }
    return;
  }
  if (msg.type !== "state" && msg.type !== "update") return;  // offer, chat: not shown here yet
  seat.log = msg.type === "state" ? msg.log : seat.log.concat(msg.log);
  if (!seat.msg || seat.msg.moves !== msg.moves) {
    seat.pick = {};  // a gesture ends with its move
    seat.hint = null;  // and a hint with the choice it was for
  }
  seat.msg = msg;
  render();
}

// A seat as people say it: "You", "Opponent" (two players), the name its person gave, a bot by
// its kind and strength (numbered by seat when two are alike), or "Seat 2" (hot-seat,
// spectators, more than two players).
function seatName(msg, index) {
  const seat = msg.seats[index];
  if (!seat) return `Seat ${index + 1}`;
  if (seat.kind === "bot") {
    const label = seat.label || "Bot";
    const twin = msg.seats.some((other, i) => i !== index && other.kind === "bot" && other.label === seat.label);
    return twin ? `${label} ${index + 1}` : label;  // two random bots: "Random bot 1", "Random bot 2"
  }
  if (hotseat) return seat.name || `Seat ${index + 1}`;
  if (msg.seat === index) return "You";
  if (seat.name) return seat.name;
  if (msg.seat !== null && msg.seats.length === 2) return "Opponent";
  return `Seat ${index + 1}`;
}

function listNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// The seat to show: in hot-seat mode, the first of ours that must act.
function pickSeat() {
  const ready = seats.filter((s) => s.msg);
  if (!ready.length) return null;
  const acting = ready.find((s) => s.msg.view.to_act.includes(s.msg.seat));
  return acting || (shownSeat && shownSeat.msg ? shownSeat : ready[0]);
}

function mustAct(msg) {
  return msg.seat !== null && !msg.view.result && msg.view.to_act.includes(msg.seat);
}

function statusText(msg) {
  const view = msg.view;
  if (view.result) return "Game over.";
  const waitingFor = view.to_act.filter((p) => p !== msg.seat).map((p) => seatName(msg, p));
  if (msg.seat === null) return `Watching. Waiting for ${listNames(waitingFor)}.`;
  if (view.to_act.includes(msg.seat)) {
    const also = waitingFor.length ? ` (${listNames(waitingFor)} too)` : "";
    return hotseat ? `${seatName(msg, msg.seat)}: your turn${also}.` : `Your turn${also}.`;
  }
  if (msg.seats.length === 2) return "Waiting for the opponent.";
  return `Waiting for ${listNames(waitingFor)}.`;
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
  const mine = mustAct(msg);
  document.title = mine ? `● Your turn — ${info.title}` : `${info.title} — cardtable`;
  $("title").textContent = info.title;
  $("status").textContent = statusText(msg);
  $("notation-help").textContent = info.notation_help || "";
  if (shownGame !== view.game) loadGame(view.game, info);
  if (hotseat && !revealed && !view.result) {
    $("curtain-text").textContent = `${seatName(msg, msg.seat)}: your turn. The other player looks away; press Enter to show your hand.`;
    $("curtain").hidden = false;
    $("play").hidden = true;
    $("curtain-ok").focus();
    return;
  }
  $("curtain").hidden = true;
  $("play").hidden = false;
  const fresh = shownMoves >= 0 && msg.moves !== shownMoves;
  renderChoice(seat, fresh);
  await drawBoard(seat, fresh);
  renderMoves(seat);
  renderSeats(msg);
  renderHappened(seat, fresh);
  renderLog(seat);
  renderResult(msg, fresh);
  shownMoves = msg.moves;
}

// Once per game on this page: its rules link, its own stylesheet, its how-to-play panel (open
// on a person's first visit to that game; open or closed as they left it after that).
async function loadGame(game, info) {
  shownGame = game;
  $("rules-link").href = `/rules/${game}`;
  $("rules-link").hidden = false;
  $("howto-rules").href = `/rules/${game}`;
  if (info.style && !document.querySelector(`link[data-game-style="${game}"]`)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `/static/games/${game}.css`;
    link.dataset.gameStyle = game;
    document.head.append(link);
  }
  const response = await fetch(`/api/games/${encodeURIComponent(game)}/how-to-play`);
  const answer = response.ok ? await response.json() : { html: "" };
  if (!answer.html) return;
  $("howto-body").innerHTML = answer.html;  // rendered on the server with raw HTML disabled
  const key = `cardtable-howto-${game}`;
  $("howto").open = localStorage.getItem(key) !== "closed";
  localStorage.setItem(key, $("howto").open ? "open" : "closed");
  $("howto").addEventListener("toggle", () => localStorage.setItem(key, $("howto").open ? "open" : "closed"));
  $("howto-panel").hidden = false;
}

// Above the board: the engine's explanation of the choice to make now, and the hint button.
function renderChoice(seat, fresh) {
  const msg = seat.msg;
  const mine = mustAct(msg);
  $("choice").hidden = !mine;
  if (!mine) return;
  const text = msg.explain || "Your turn: choose a move on the table or from the list.";
  if ($("instruction").textContent !== text || fresh) {
    $("instruction").replaceChildren(richText(text));
    markFresh($("instruction"));
  }
  renderHint(seat);
}

function renderHint(seat) {
  const hint = seat.hint;
  const box = $("hint-text");
  $("hint").disabled = Boolean(hint && hint.asking);
  for (const old of document.querySelectorAll(".hinted")) old.classList.remove("hinted");
  if (!hint) { box.hidden = true; return; }
  box.hidden = false;
  if (hint.asking) { box.textContent = "Thinking…"; return; }
  const parts = [];
  if (hint.move !== null) parts.push(`Hint from the ${hint.adviser_label}: ${hint.words}.`);
  else parts.push("This game has no hint bot.");
  if (hint.analysis) parts.push(`Exact analysis: ${hint.analysis}`);
  box.replaceChildren(richText(parts.join(" ")));
  if (hint.move === null) return;
  const selector = `[data-move="${CSS.escape(hint.move)}"]`;
  for (const target of document.querySelectorAll(`#board ${selector}, #moves ${selector}`)) target.classList.add("hinted");
}

$("hint").addEventListener("click", () => {
  const seat = shownSeat;
  if (!seat || !mustAct(seat.msg)) return;
  hideError();
  seat.hint = { asking: true };
  renderHint(seat);
  seat.ws.send(JSON.stringify({ type: "hint" }));
});

// The game's drawing of the board, with what it needs to know: the seats' names, the legal moves
// (and their words), the partial choice of a gesture of several steps (kept until the move is
// made or cancelled), the entries of the last move, to mark what just happened, the hinted move
// and whether a move just arrived (`fresh`: a drawing may give what changed the class "fresh",
// a short highlight, off under reduced motion). Moves are made by the page itself from any
// `data-move` element in the board (draw.js).
async function drawBoard(seat, fresh = false) {
  const msg = seat.msg;
  const view = msg.view;
  const draw = await drawerFor(view.game, gameInfo(view.game).drawing);
  const mine = mustAct(msg);
  const words = {};
  if (mine && msg.words) msg.legal.forEach((move, i) => { words[move] = msg.words[i]; });
  const ctx = {
    seatName: (p) => seatName(msg, p),
    legal: mine ? msg.legal : [],
    legalTotal: mine ? msg.legal_total : 0,
    words,
    mine,
    play: (move) => send(seat, move),
    pick: seat.pick,
    redraw: () => drawBoard(seat),
    cancel: () => { seat.pick = {}; drawBoard(seat); },
    last: seat.log.filter((entry) => entry.n === msg.moves),
    hint: seat.hint && !seat.hint.asking ? seat.hint.move : null,
    fresh,  // this drawing follows a new move (not a redraw): mark what changed with .fresh
  };
  $("board").replaceChildren(draw(view, ctx));
  if (ctx.hint) renderHint(seat);
  document.body.dataset.moves = String(msg.moves);
  document.body.dataset.turn = view.result ? "over" : mine ? "mine" : "theirs";
}

$("board").addEventListener("click", (event) => {
  const target = event.target.closest("[data-move]");
  if (!target || !$("board").contains(target) || !shownSeat) return;
  event.preventDefault();
  send(shownSeat, target.dataset.move);
});

function moveWords(msg, index) {
  return msg.words ? msg.words[index] : msg.legal[index];
}

function renderMoves(seat) {
  const msg = seat.msg;
  const { legal } = msg;
  $("moves-panel").hidden = msg.seat === null || !legal.length;
  const filter = $("move-text").value.trim().toLowerCase();
  const shown = legal.map((move, index) => [move, moveWords(msg, index)])
    .filter(([move, words]) => !filter || move.toLowerCase().includes(filter) || words.toLowerCase().includes(filter));
  const list = $("moves");
  const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.move : null;
  list.replaceChildren(...shown.slice(0, 80).map(([move, words], index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.move = move;
    button.append(richText(words));
    button.setAttribute("aria-label", `play ${words}`);
    if (words !== move) button.title = move;
    if (index < 9) button.setAttribute("aria-keyshortcuts", String(index + 1));
    button.addEventListener("click", () => send(seat, move));
    return button;
  }));
  const unlisted = msg.legal_total - legal.length;
  const more = shown.length - Math.min(shown.length, 80) + unlisted;
  if (more > 0) {
    const note = document.createElement("p");
    note.className = "muted small";
    note.textContent = more === 1
      ? "1 more legal move: type it in notation, or type to narrow the list."
      : `${more} more legal moves: type one in notation, or type to narrow the list.`;
    list.append(note);
  }
  const again = focused && list.querySelector(`[data-move="${CSS.escape(focused)}"]`);
  if (again) again.focus();
  if (seat.hint && !seat.hint.asking) renderHint(seat);
}

function renderSeats(msg) {
  $("watch-line").hidden = !msg.watch;
  if (msg.watch) {
    $("watch").href = msg.watch;
    $("watch").textContent = new URL(msg.watch, location.href).href;
  }
  $("seats").replaceChildren(...msg.seats.map((seat, index) => {
    const item = document.createElement("li");
    let name = seatName(msg, index);
    if (name === "You" && seat.name) name = `You (${seat.name})`;
    const acting = !msg.view.result && msg.view.to_act.includes(index);
    const label = `Seat ${index + 1}`;  // as the game's messages name it
    item.textContent = (name === label ? name : `${label}: ${name}`) + (acting ? " — to move" : "");
    return item;
  }));
  const named = !hotseat && msg.seat !== null;
  $("name-form").hidden = !named;
  const own = named ? msg.seats[msg.seat].name || "" : "";
  if (named && document.activeElement !== $("name-text")) $("name-text").value = own;
}

$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("name-text").value.trim();
  if (!name || !shownSeat) return;
  hideError();
  shownSeat.ws.send(JSON.stringify({ type: "name", name }));
  $("name-text").blur();
});

// Near the board: every entry of the latest move, in words.
function renderHappened(seat, fresh) {
  const msg = seat.msg;
  $("happened-panel").hidden = msg.moves === 0;
  if (!msg.moves) return;
  const entries = seat.log.filter((entry) => entry.n === msg.moves);
  const items = entries.map((entry) => {
    const item = document.createElement("li");
    item.append(richText(logText(entry, (p) => seatName(msg, p))));
    return item;
  });
  if (!items.length) {
    const item = document.createElement("li");
    item.textContent = `Move ${msg.moves} was made; nothing of it is shown to you yet.`;
    items.push(item);
  }
  $("happened").replaceChildren(...items);
  if (fresh) for (const item of items) markFresh(item);
}

function renderLog(seat) {
  const log = $("log");
  const name = (p) => seatName(seat.msg, p);
  const known = log.children.length;
  const entries = seat.log;
  // the log is a live region: keep the items already read, and add only the new ones
  if (known > entries.length || log.dataset.seat !== String(seat.msg.seat)) {
    log.replaceChildren();
    log.dataset.seat = String(seat.msg.seat);
  }
  const start = log.children.length;
  for (const entry of entries.slice(start)) {
    const item = document.createElement("li");
    item.append(richText(`${entry.n}. ${logText(entry, name)}`));
    if (start > 0) markFresh(item);
    log.append(item);
  }
  log.scrollTop = log.scrollHeight;
}

// "You won.", "You lost." or "Draw." for a seat; the winner's name for spectators and hot-seat.
function resultHeadline(msg) {
  const { winner } = msg.view.result;
  if (winner === null || winner === undefined) return "Draw.";
  if (hotseat || msg.seat === null) return `${seatName(msg, winner)} won.`;
  return winner === msg.seat ? "You won." : "You lost.";
}

function renderResult(msg, fresh) {
  const result = msg.view.result;
  $("result-panel").hidden = !result;
  if (!result) return;
  $("result-text").textContent = `${resultHeadline(msg)} ${nameSeats(result.summary, (p) => seatName(msg, p))}`;
  $("replay-link").href = `/replay?table=${msg.table}`;
  $("rematch").hidden = msg.seat === null;
  if (fresh) markFresh($("result-panel"));
}

// The page's one mark for something that just changed: a short highlight (none where the
// person asked for reduced motion: see style.css).
function markFresh(node) {
  node.classList.remove("fresh");
  void node.offsetWidth;  // restart the animation on a node marked before
  node.classList.add("fresh");
}

function send(seat, move) {
  hideError();
  seat.ws.send(JSON.stringify({ type: "move", move, moves: seat.msg.moves }));
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
