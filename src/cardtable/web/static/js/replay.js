// The replay viewer: a record stepped move by move, from any seat's view or the spectators'.
// The server replays the record in the engine to the chosen move and sends that seat's view
// there, so a replay shows nothing that seat could not see at that moment.

import { fourColourSetting, richText } from "./cards.js";
import { drawerFor, logItems } from "./draw.js";

const $ = (id) => document.getElementById(id);
const catalog = await fetch("/api/games").then((r) => r.json());
let record = null;

fourColourSetting($("four-colour"));

async function open(newRecord) {
  record = newRecord;
  const viewers = [new Option("the spectators", "")];
  record.players.forEach((name, i) => viewers.push(new Option(seatName(i), String(i))));
  $("viewer").replaceChildren(...viewers);
  $("step").max = record.moves.length;
  $("step").value = 0;
  await show();
}

// A seat as people say it: "Seat 1 (Random bot)", 1-based, the player by their kind.
function seatName(p) {
  const info = catalog.find((g) => g.name === record.game) || {};
  const who = record.players[p];
  const label = who === "person" || who === "human" ? "a person" : (info.bot_labels && info.bot_labels[who]) || who;
  return `Seat ${p + 1} (${label})`;
}

function listNames(names) {
  if (names.length <= 1) return names.join("") || "nobody";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

let latest = 0; // the number of the last request made: answers to older ones are dropped

async function show() {
  if (!record) return;
  const ticket = ++latest; // fast steps overlap, and their answers may come back out of order
  const step = Number($("step").value);
  const viewer = $("viewer").value === "" ? null : Number($("viewer").value);
  const response = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ record, step, viewer }) });
  const answer = await response.json();
  if (ticket !== latest) return; // a later step was asked for meanwhile: show that one only
  if (!response.ok) { $("error").textContent = typeof answer.detail === "string" ? answer.detail : JSON.stringify(answer.detail); $("error").hidden = false; return; }
  $("error").hidden = true;
  const info = catalog.find((g) => g.name === answer.view.game) || { title: answer.view.game, drawing: false };
  $("title").textContent = `Replay: ${info.title}`;
  $("where").textContent = `move ${step} of ${answer.total}`;
  const view = answer.view;
  const winner = view.result && view.result.winner;
  const headline = !view.result ? "" : winner === null || winner === undefined ? "Draw." : `${seatName(winner)} won.`;
  $("status").replaceChildren(richText(view.result ? `Game over. ${headline} ${view.result.summary}`
    : `Next to move: ${listNames(view.to_act.map(seatName))}.`));
  if (info.style && !document.querySelector("link[data-game-style]")) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: `/static/games/${view.game}.css` });
    link.dataset.gameStyle = view.game;
    document.head.append(link);
  }
  const draw = await drawerFor(view.game, info.drawing);
  if (ticket !== latest) return;
  $("board").replaceChildren(draw(view, { seatName, play: () => {}, legal: [], words: {}, mine: false, pick: {},
    redraw: () => {}, cancel: () => {}, last: answer.log.filter((entry) => entry.n === step), hint: null, legalTotal: 0 }));
  $("log").replaceChildren(...logItems(answer.log, seatName));
}

function go(step) {
  $("step").value = Math.max(0, Math.min(Number($("step").max), step));
  show();
}

$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (!file) return;
  try { await open(JSON.parse(await file.text())); } catch (error) { $("error").textContent = `Not a record: ${error.message}`; $("error").hidden = false; }
});
$("viewer").addEventListener("change", show);
$("step").addEventListener("input", show);
$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(Number($("step").value) - 1));
$("next").addEventListener("click", () => go(Number($("step").value) + 1));
$("last").addEventListener("click", () => go(Number($("step").max)));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
  if (event.key === "ArrowRight") { event.preventDefault(); go(Number($("step").value) + 1); }
  if (event.key === "ArrowLeft") { event.preventDefault(); go(Number($("step").value) - 1); }
});

const table = new URLSearchParams(location.search).get("table");
if (table) {
  const response = await fetch(`/api/tables/${encodeURIComponent(table)}/record`);
  const answer = await response.json();
  if (response.ok) open(answer); else { $("error").textContent = answer.detail; $("error").hidden = false; }
}
