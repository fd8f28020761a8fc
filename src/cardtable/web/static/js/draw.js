// Drawing a table from a view. The envelope (game, viewer, to_act, phase, result) is the same in
// every game; the body is the game's own. A game with a module in /static/games/ draws its body
// itself; any other game gets the generic drawing below, which finds the cards in the body (card
// faces, and backs for hidden ones) and labels every zone by its key.

import { cardBack, cardFace, isCard, richText } from "./cards.js";

export function label(key) {
  return String(key).replaceAll("_", " ");
}

function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isCard(item) || item === null);
}

export function cardRow(cards, hiddenLabel) {
  const row = document.createElement("div");
  row.className = "cards";
  for (const card of cards) row.append(card === null ? cardBack(hiddenLabel) : cardFace(card));
  return row;
}

// Small builders shared by every drawing.
export function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

export function zone(title, ...children) {
  return el("section", "zone", el("h3", "", title), ...children);
}

export function backs(count, what) {
  const row = el("div", "cards");
  for (let i = 0; i < count; i += 1) row.append(cardBack(what));
  if (!count) row.append(muted("none"));
  return row;
}

export function cards(list) {
  return list && list.length ? cardRow(list) : muted("none");
}

// A slot that may hold a hidden card: {"card": null, "up": false, ...} is drawn as a back.
function cardSlot(value) {
  const holds = Object.prototype.hasOwnProperty.call(value, "card");
  if (!holds || !(value.card === null || isCard(value.card))) return null;
  const box = document.createElement("div");
  box.className = "slot";
  const name = Object.entries(value).find(([key, v]) => key !== "card" && typeof v === "string");
  box.append(value.card === null ? cardBack(`face-down card${name ? " at " + name[1] : ""}`) : cardFace(value.card));
  if (name) {
    const caption = document.createElement("small");
    caption.textContent = name[1];
    box.append(caption);
  }
  return box;
}

export function drawValue(key, value, depth = 0) {
  if (value === null || value === undefined || value === "") return zone(label(key), muted("—"));
  if (isCard(value)) return zone(label(key), cardRow([value]));
  if (isCardList(value)) return zone(label(key), cardRow(value));
  if (Array.isArray(value) && value.length > 0 && value.every((item) => item && typeof item === "object" && !Array.isArray(item) && cardSlot(item))) {
    const grid = document.createElement("div");
    grid.className = "cards slots";
    for (const item of value) grid.append(cardSlot(item));
    return zone(label(key), grid);
  }
  if (Array.isArray(value) && value.some((item) => typeof item === "object" && item !== null)) {
    const list = document.createElement("div");
    list.className = depth > 2 ? "nested" : "group";
    value.forEach((item, index) => list.append(drawValue(`${label(key)} ${index}`, item, depth + 1)));
    return zone(label(key), list);
  }
  if (Array.isArray(value)) {
    return zone(label(key), value.length ? richText(value.map((v) => (v === null ? "—" : String(v))).join(", ")) : muted("none"));
  }
  if (typeof value === "object") {
    const slot = cardSlot(value);
    if (slot) return zone(label(key), slot);
    const group = document.createElement("div");
    group.className = "group";
    for (const [inner, item] of Object.entries(value)) group.append(drawValue(inner, item, depth + 1));
    return zone(label(key), group);
  }
  return zone(label(key), richText(typeof value === "boolean" ? (value ? "yes" : "no") : String(value)));
}

// The board's two kinds of clickable things. The table page plays the move of any element with
// `data-move` inside the `data-board` element (a click, or Enter/Space: they are buttons), so a
// drawing only marks them. A `data-step` element is one step of a gesture made of several
// (select cards, then a battle): the drawing handles its click itself, keeps the partial choice
// in `ctx.pick` and calls `ctx.redraw()`; the page clears `ctx.pick` after every move, and on
// Escape or the Cancel button that `cancelButton` draws.
export function moveTarget(move, words, ...content) {
  const button = el("button", "target", ...content);
  button.type = "button";
  button.dataset.move = move;
  button.setAttribute("aria-label", words || move);
  button.title = words || move;
  return button;
}

export function stepTarget(step, words, selected, onClick, ...content) {
  const button = el("button", `target step${selected ? " selected" : ""}`, ...content);
  button.type = "button";
  button.dataset.step = step;
  button.setAttribute("aria-pressed", selected ? "true" : "false");
  button.setAttribute("aria-label", words || step);
  button.title = words || step;
  button.addEventListener("click", onClick);
  return button;
}

export function cancelButton(ctx, words = "Cancel") {
  const button = el("button", "target cancel", words);
  button.type = "button";
  button.dataset.step = "cancel";
  button.addEventListener("click", () => ctx.cancel());
  return button;
}

export function muted(text) {
  const span = document.createElement("span");
  span.className = "muted";
  span.textContent = text;
  return span;
}

export function drawGeneric(view) {
  const board = document.createElement("div");
  board.className = "board generic";
  for (const [key, value] of Object.entries(view.body)) board.append(drawValue(key, value));
  return board;
}

// The engine names seats "Seat 1", "Seat 2" (it knows nobody); the page adds who sits there:
// "Seat 2 (Random bot) attacks ♠", "Seat 1 (you) wins".
export function nameSeats(text, seatName) {
  return String(text).replace(/\bSeat (\d+)\b/g, (label, number) => {
    const name = seatName(Number(number) - 1);
    if (!name || name === label) return label;
    return `${label} (${name === "You" ? "you" : name})`;
  });
}

// One log entry in words: a seat's own move (in the game's words where it has them: "You chose
// to attack hearts with the 2 of hearts"; else its notation), or an event the seat was shown.
export function logText(entry, seatName) {
  if (entry.move === undefined) return nameSeats(entry.text, seatName);
  if (entry.words) return `${seatName(entry.player)} chose to ${entry.words}`;
  return `${seatName(entry.player)} played ${entry.move}`;
}

// The log as a list: a seat's own moves, and every event it was shown.
export function logItems(entries, seatName) {
  return entries.map((entry) => el("li", "", richText(`${entry.n}. ${logText(entry, seatName)}`)));
}

// The drawing for a game: its own module if it has one, else the generic one.
const loaded = new Map();
export async function drawerFor(game, hasOwn) {
  if (!hasOwn) return drawGeneric;
  if (!loaded.has(game)) {
    loaded.set(game, import(`/static/games/${game}.js`).then((module) => module.draw).catch(() => drawGeneric));
  }
  return loaded.get(game);
}
