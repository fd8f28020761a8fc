// The table page: one WebSocket per seat this page plays (two in hot-seat mode), the envelope
// driving everything generic (whose turn, the engine's explanation of the choice, the result,
// legal moves, what just happened, the log) and the game's drawing for the body. The server
// sends each seat only what that seat may see; this page adds no knowledge, only words.
// Nothing is silent: the page shows its own connection, and a click it cannot send says so.

import { fourColourSetting, richText } from "./cards.js";
import { chatContext, chatError, receiveChat } from "./chat.js";
import { clockRule, clockText, clockWords, hasClock, isLow, isRunning, secondsLeft, setClock } from "./clock.js";
import { drawerFor, logText, nameSeats } from "./draw.js";

const $ = (id) => document.getElementById(id);
const catalog = await fetch("/api/games").then((r) => r.json());
const gameInfo = (name) => catalog.find((g) => g.name === name) || { title: name, drawing: false, notation_help: "" };

const hotseat = location.pathname === "/hotseat";
const tokens = hotseat ? location.hash.slice(1).split(",").filter(Boolean) : [location.pathname.split("/").pop()];
// Per connection: its table as last told, whether its socket is open, who is here, whether this
// page plays the seat (another page may), the rematch offer, and its link at the rematch.
const seats = tokens.map((token) => ({
  token, msg: null, log: [], ws: null, pick: {}, hint: null, open: false, failures: 0,
  presence: null, active: true, offer: null, next: undefined, lastSent: null,
}));
let shownSeat = null;       // the connection on screen
let revealed = !hotseat;    // hot-seat: the hand stays hidden until its player confirms
let shownMoves = -1;        // the move count on screen: what arrives beyond it is fresh
let shownGame = null;       // the game whose how-to-play and style are loaded

const MAX_MESSAGE = 4096;   // live.MAX_MESSAGE: characters the server takes in one message
const NOT_SENT = "Not connected: your move was not sent. Reconnecting…";
const OFFLINE_AFTER = 4;    // failed connections in a row before the page says "offline"

fourColourSetting($("four-colour"));

// --- the connection ------------------------------------------------------------------------

function connect(seat) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${seat.token}`);
  seat.ws = ws;
  ws.onopen = () => { seat.open = true; seat.failures = 0; showConnection(); };
  ws.onmessage = (event) => receive(seat, JSON.parse(event.data));
  ws.onclose = (event) => {
    if (seat.ws !== ws) return;
    seat.open = false;
    seat.failures += 1;
    explainClose(seat, event);
    showConnection();
    // the server may be restarting: come back soon, then every few seconds
    setTimeout(() => connect(seat), Math.min(3000, 400 * 2 ** Math.min(seat.failures, 3)));
  };
}

function explainClose(seat, event) {
  if (event.code === 1009) {
    showError("The server closed the connection: a message was too big for it (code 1009). Nothing of it was played. Reconnecting…");
  } else if (event.code === 1008 && seat.msg) {
    showError(`The server closed the connection: ${event.reason || "a message broke its rules"} (code 1008). Reconnecting…`);
  } else if (event.code === 1008 || event.code === 1006 && !seat.msg && seat.failures > 1) {
    showError("This link does not open a table. Ask for the link again, or start a game from the lobby.");
  }
}

// "connecting" (before the first answer), "connected", "reconnecting" (a moment after a drop),
// "offline" (the table has not been reachable for a while; the page still tries).
function connectionState() {
  if (seats.every((seat) => seat.open)) return "connected";
  if (!navigator.onLine || seats.some((seat) => seat.failures >= OFFLINE_AFTER)) return "offline";
  return seats.some((seat) => !seat.open && seat.failures > 0) ? "reconnecting" : "connecting";
}

const CONNECTION_WORDS = {
  connected: ["Connected", "The page is connected to the table: moves are sent at once."],
  connecting: ["Connecting…", "The page is opening its connection to the table."],
  reconnecting: ["Reconnecting…", "The connection to the table dropped: the page is reconnecting. Moves cannot be sent meanwhile."],
  offline: ["Offline", "The table cannot be reached: the page keeps trying. Moves cannot be sent meanwhile."],
};

function showConnection() {
  const state = connectionState();
  if (document.body.dataset.connection === state) return;
  document.body.dataset.connection = state;
  const [words, title] = CONNECTION_WORDS[state];
  $("connection").dataset.state = state;
  $("connection").textContent = words;
  $("connection").title = title;
  if (state === "connected" && $("error").textContent === NOT_SENT) hideError();
  render();
}

window.addEventListener("online", showConnection);
window.addEventListener("offline", showConnection);

// Send one message on a seat's socket; false (and the reason shown) when it cannot go.
function talk(seat, message, notSent = "Not connected: nothing was sent. Reconnecting…") {
  if (!seat || !seat.ws || seat.ws.readyState !== WebSocket.OPEN) {
    showError(notSent);
    return false;
  }
  const text = JSON.stringify(message);
  if (text.length > MAX_MESSAGE) {
    showError(`That is too long to send: the table takes at most ${MAX_MESSAGE} characters at once.`);
    return false;
  }
  seat.lastSent = message.type;
  seat.ws.send(text);
  return true;
}

// --- what the server says ------------------------------------------------------------------

function receive(seat, msg) {
  if (msg.type === "error") {
    if (seat.hint && seat.hint.asking) { seat.hint = null; renderHint(seat); }
    if (seat.lastSent === "chat") chatError(msg.message); else showError(msg.message);
    return;
  }
  if (msg.type === "presence") { seat.presence = msg.presence; renderPeople(); return; }
  if (msg.type === "elsewhere") { seat.active = msg.active; renderActive(); render(); return; }
  if (msg.type === "chat") { receiveChat(msg); return; }
  if (msg.type === "offer") {
    seat.offer = { want: msg.want, declined: msg.declined ?? null };
    if (seat.msg) renderOffer();
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
  if (msg.type === "rematch_start") {
    seat.next = msg.url;  // this connection's own link at the new table
    if (seats.every((s) => s.next !== undefined)) {
      if (!hotseat) { location.href = seat.next || "/"; return; }
      location.href = `/hotseat#${seats.map((s) => (s.next || "").split("/").pop()).join(",")}`;
      location.reload();
    }
    return;
  }
  if (msg.type !== "state" && msg.type !== "update") return;  // nothing else is for this page
  seat.log = msg.type === "state" ? msg.log : seat.log.concat(msg.log);
  if (!seat.msg || seat.msg.moves !== msg.moves) {
    // a gesture ends with this seat's move; another seat's move while this seat is still
    // choosing (three players guessing at once) leaves a half-built guess as it is
    if (!stillChoosing(seat.msg, msg)) seat.pick = {};
    seat.hint = null;  // and a hint with the choice it was for
  }
  if (msg.presence) seat.presence = msg.presence;
  if (typeof msg.active === "boolean") seat.active = msg.active;
  if (msg.offer !== undefined) seat.offer = msg.offer;
  if (msg.clock !== undefined) setClock(msg.clock, isOver(msg) ? [] : msg.view.to_act);
  seat.msg = msg;
  render();
}

// Whether ``msg`` follows only other seats' moves, with this seat choosing before and after
// (a gesture under way survives it; the drawing shows only what is still legal).
function stillChoosing(before, msg) {
  if (!before || !before.legal_total || !msg.legal_total) return false;
  const since = msg.type === "update" ? msg.log : msg.log.filter((e) => e.n > before.moves);
  return !since.some((entry) => entry.player === before.seat);
}

// A seat as people say it: "You", "Opponent" (two players), the name its person gave, a bot by
// its kind and strength (numbered by seat when two are alike), or "Seat 2" (hot-seat,
// spectators, more than two players).
// A person's seat a bot took over (time ran out, or they were away too long) keeps the person's
// name, and says who plays it now: "Opponent (now Random bot)". A bot's seat whose bot failed is
// named by the bot that plays it now (the seat list says which bot failed).
function seatName(msg, index) {
  const seat = msg.seats[index];
  if (!seat) return `Seat ${index + 1}`;
  if (seat.kind === "bot" && seat.took_over && seat.took_over !== "failure") {
    const person = personName(msg, index, seat);
    return `${person} (now ${seat.label || "a bot"})`;
  }
  if (seat.kind === "bot") {
    const label = seat.label || "Bot";
    const twin = msg.seats.some((other, i) => i !== index && other.kind === "bot" && other.label === seat.label);
    return twin ? `${label} ${index + 1}` : label;  // two random bots: "Random bot 1", "Random bot 2"
  }
  return personName(msg, index, seat);
}

function personName(msg, index, seat) {
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

// The game is over: by its rules (view.result), or outside them (msg.ended: time, absence).
function isOver(msg) {
  return Boolean(msg.view.result || msg.ended);
}

// Whether this page's person moves now: their turn, their seat still theirs (not taken over by a
// bot), this page the one playing it, and the table reachable.
function mustAct(msg) {
  const seat = seats.find((s) => s.msg === msg);
  return msg.seat !== null && !isOver(msg) && msg.view.to_act.includes(msg.seat)
    && msg.seats[msg.seat].kind === "person" && (!seat || seat.active !== false);
}

// A seat a bot took over: why, in words.
function takenOverWhy(seat) {
  if (seat.took_over === "time") return "your time ran out";
  if (seat.took_over === "absence") return "you were away too long";
  return "the table's rule on time and absence";
}

function statusText(msg) {
  const view = msg.view;
  const state = connectionState();
  if (state === "reconnecting") {
    return "Connection lost: reconnecting… Moves cannot be sent until the table is back.";
  }
  if (state === "offline") {
    return "Connection lost: the table cannot be reached. The page keeps trying; moves cannot be sent meanwhile.";
  }
  if (isOver(msg)) return "Game over.";
  if (!hotseat && msg.seat !== null && msg.seats[msg.seat].kind === "bot") {
    return `${msg.seats[msg.seat].label || "A bot"} plays your seat now (${takenOverWhy(msg.seats[msg.seat])}).`;
  }
  if (seats.some((seat) => seat.active === false)) return "This seat is played from another page.";
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
  const connected = connectionState() === "connected";
  const mine = mustAct(msg);
  document.title = mine && connected ? `● Your turn — ${info.title}` : `${info.title} — cardtable`;
  $("moves-heading").textContent = connected ? "Your move" : "Moves (not connected)";
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
  renderClocks();
  renderHappened(seat, fresh);
  renderLog(seat);
  renderResult(msg, fresh);
  renderActive();
  chatContext({ seat: hotseat ? null : msg.seat, seats: msg.seats, seatName: (p) => seatName(msg, p),
    send: (message) => talk(seat, message) });
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
  if (!talk(seat, { type: "hint" })) return;
  seat.hint = { asking: true };
  renderHint(seat);
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
  document.body.dataset.ownMoves = String(ownMoves());
  document.body.dataset.turn = isOver(msg) ? "over" : mine ? "mine" : "theirs";
}

// How many moves this page's seats have made, as their logs tell (a seat's own moves are the
// entries with a "move"): where seats play at once, the move count alone cannot say whether
// the move this page sent has landed, or only another seat's.
function ownMoves() {
  return seats.reduce((made, seat) => made + seat.log.filter((entry) => "move" in entry).length, 0);
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
  $("moves-panel").hidden = msg.seat === null || !legal.length || msg.seats[msg.seat].kind === "bot";
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
    if (seat.took_over === "failure") name += ` (in place of ${seat.failed_label || "a bot"}, which failed)`;
    const acting = !isOver(msg) && msg.view.to_act.includes(index);
    const label = `Seat ${index + 1}`;  // as the game's messages name it
    const words = document.createElement("span");
    words.className = "seat-name";
    words.textContent = (name === label ? name : `${label}: ${name}`) + (acting ? " — to move" : "");
    item.append(presenceDot(index, seat), words);
    return item;
  }));
  $("clock-rule").textContent = clockRule((bot) => gameInfo(msg.view.game).bot_labels?.[bot] || bot);
  $("clock-rule").hidden = !hasClock();
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
  if (talk(shownSeat, { type: "name", name })) $("name-text").blur();
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

// A game ended outside its rules (a clock run out, a seat abandoned): the server's words, with
// the seats named as this page names them ("Seat 2 ran out of time: Seat 1 wins").
function endedText(msg) {
  const text = msg.ended.text || "The game ended outside its rules.";
  return nameSeats(text, (p) => seatName(msg, p));
}

// Who won a game ended outside its rules: the winner the server names, else in a game of two
// the seat that did not run out (undefined: the words alone say it).
function endedWinner(msg) {
  const { ended } = msg;
  if (Number.isInteger(ended.winner)) return ended.winner;
  if (msg.seats.length === 2 && Number.isInteger(ended.seat)) return 1 - ended.seat;
  return undefined;
}

function renderResult(msg, fresh) {
  const result = msg.view.result;
  $("result-panel").hidden = !isOver(msg);
  if (!isOver(msg)) return;
  const winner = result || !msg.ended ? undefined : endedWinner(msg);
  $("result-text").hidden = !result && winner === undefined;
  if (result) {
    $("result-text").textContent = `${resultHeadline(msg)} ${nameSeats(result.summary, (p) => seatName(msg, p))}`;
  } else if (winner !== undefined) {
    $("result-text").textContent = resultHeadline({ ...msg, view: { result: { winner } } });
  }
  $("ended-text").hidden = !msg.ended;
  if (msg.ended) $("ended-text").textContent = endedText(msg);
  $("replay-link").href = `/replay?table=${msg.table}`;
  renderOffer();
  if (fresh) markFresh($("result-panel"));
}

// --- rematch by consent ----------------------------------------------------------------------

// The seats this page speaks for (hot-seat: all of its people's).
function ownSeats() {
  return seats.filter((s) => s.msg && s.msg.seat !== null).map((s) => s.msg.seat);
}

// The offer as it stands, in words, and the buttons that answer it: "Offer a rematch";
// "Seat 1 offers a rematch (seats swap) — Accept / Decline"; "Waiting for …"; "… declined".
function renderOffer() {
  const seat = shownSeat;
  if (!seat || !seat.msg || !isOver(seat.msg)) return;
  const msg = seat.msg;
  const offer = seat.offer || { want: [] };
  const want = new Set(offer.want || []);
  const mine = ownSeats();
  const people = msg.seats.flatMap((s, i) => (s.kind === "person" ? [i] : []));
  const offering = people.filter((i) => want.has(i) && !mine.includes(i));
  const waiting = people.filter((i) => !want.has(i) && !mine.includes(i));
  const iWant = mine.length > 0 && mine.every((i) => want.has(i));
  const named = (list) => listNames(list.map((i) => seatName(msg, i)));
  const offers = `${named(offering)} ${offering.length === 1 ? "offers" : "offer"} a rematch`;
  const declined = offer.declined ?? null;
  let text = "";
  if (mine.length === 0) {
    text = offering.length ? `${offers}; this page follows when it starts.` : "";
  } else if (iWant) {
    text = waiting.length
      ? `You offered a rematch (seats swap). Waiting for ${named(waiting)}…`
      : "Starting the rematch…";
  } else if (offering.length) {
    text = `${offers} (seats swap).`;
  } else if (declined !== null) {
    text = mine.includes(declined) ? "You declined the rematch." : `${seatName(msg, declined)} declined the rematch.`;
  }
  $("offer-text").textContent = text;
  $("offer-text").hidden = !text;
  document.body.dataset.offer = iWant ? "mine" : offering.length ? "theirs" : "none";
  $("rematch").hidden = mine.length === 0 || iWant || offering.length > 0;
  $("rematch").textContent = hotseat ? "Play again (seats swap)" : "Offer a rematch";
  $("accept").hidden = $("decline").hidden = mine.length === 0 || iWant || offering.length === 0;
  $("withdraw").hidden = !iWant || mine.length === 0 || !waiting.length;
}

function answerOffer(want) {
  hideError();
  for (const seat of seats) if (seat.msg && seat.msg.seat !== null) talk(seat, { type: "rematch", want });
}
$("rematch").addEventListener("click", () => answerOffer(true));
$("accept").addEventListener("click", () => answerOffer(true));
$("decline").addEventListener("click", () => answerOffer(false));
$("withdraw").addEventListener("click", () => answerOffer(false));

// --- presence, the active page and the clock -------------------------------------------------

const PRESENCE_WORDS = {
  here: ["here", "Here: their page is open at this table."],
  away: ["away", "Away: their page is closed or has lost its connection."],
  bot: ["a bot", "A bot plays this seat: always here."],
};

// A seat's dot: green here, hollow away, a square for a bot; a title and words for screen readers.
function presenceDot(index, seat) {
  const known = shownSeat && shownSeat.presence;
  const state = seat.kind === "bot" ? "bot" : known ? known[index] : null;
  const dot = document.createElement("span");
  dot.className = "presence";
  if (!PRESENCE_WORDS[state]) { dot.hidden = true; return dot; }
  dot.dataset.presence = state;
  dot.setAttribute("role", "img");
  dot.setAttribute("aria-label", PRESENCE_WORDS[state][0]);
  dot.title = PRESENCE_WORDS[state][1];
  return dot;
}

function renderPeople() {
  if (shownSeat && shownSeat.msg) renderSeats(shownSeat.msg);
  renderClocks();
}

// Another page plays this seat: say so, offer to play here, and keep this board still.
function renderActive() {
  const inactive = !hotseat && seats.some((seat) => seat.active === false);
  $("elsewhere").hidden = !inactive;
  $("play").inert = inactive;
  document.body.dataset.active = inactive ? "no" : "yes";
}

$("play-here").addEventListener("click", () => {
  hideError();
  for (const seat of seats) if (seat.active === false) talk(seat, { type: "activate" });
});

// The clocks above the board: each person's time left, the running one counting down.
function renderClocks() {
  const msg = shownSeat && shownSeat.msg;
  $("clocks").hidden = !msg || !hasClock();
  if ($("clocks").hidden) return;
  const shown = msg.seats.flatMap((seat, index) => (secondsLeft(index) === null ? [] : [index]));
  const key = shown.map((index) => `${index}:${seatName(msg, index)}`).join("|");
  if ($("clocks").dataset.key !== key) {
    $("clocks").dataset.key = key;
    $("clocks").replaceChildren(...shown.map((index) => {
      const box = document.createElement("div");
      box.className = "clock";
      box.dataset.seat = String(index);
      const who = document.createElement("span");
      who.className = "clock-who";
      who.textContent = seatName(msg, index);
      const time = document.createElement("span");
      time.className = "clock-time";
      box.append(who, time);
      return box;
    }));
  }
  for (const box of $("clocks").children) tickClock(box, Number(box.dataset.seat), isOver(msg));
}

function tickClock(box, index, over) {
  const left = secondsLeft(index);
  if (left === null) return;
  const running = isRunning(index) && !over;
  box.querySelector(".clock-time").textContent = clockText(left);
  box.setAttribute("aria-label", `${box.querySelector(".clock-who").textContent}: ${clockWords(left)}`);
  box.classList.toggle("running", running);
  box.classList.toggle("low", isLow(index));
}

setInterval(() => {
  const msg = shownSeat && shownSeat.msg;
  if (!msg || !hasClock()) return;
  for (const box of $("clocks").children) tickClock(box, Number(box.dataset.seat), isOver(msg));
}, 100);

// The page's one mark for something that just changed: a short highlight (none where the
// person asked for reduced motion: see style.css).
function markFresh(node) {
  node.classList.remove("fresh");
  void node.offsetWidth;  // restart the animation on a node marked before
  node.classList.add("fresh");
}

function send(seat, move) {
  hideError();
  if (seat.active === false) {
    showError("This seat is played from another page: press Play here to play from this one.");
    return;
  }
  if (talk(seat, { type: "move", move, moves: seat.msg.moves }, NOT_SENT)) $("move-text").value = "";
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

showConnection();
seats.forEach(connect);
