// Matriarchy's table: the opponent's side at the top, the viewer's at the bottom (towers, Moat,
// score sheet), and between them the deck, the communal pile, the card just drawn and the cards
// out of play. Every move is a click on one of those things: the deck or the pile to draw, a
// tower, the Moat, the pile or "out of play" to route the drawn card (which may also be picked up
// first, or dragged). The engine's view says what each move would do (`choices`), the score line
// by line (`scoring`) and the latest move (`last`), which is marked on the table.

import { cardBack, cardFace, cardName, richText } from "../js/cards.js";
import { cancelButton, el, moveTarget, stepTarget, zone } from "../js/draw.js";

const STYLE = new URL("./matriarchy.css", import.meta.url).href;
const COLOURS = { red: "Red", black: "Black" };
const PIPS = { red: "♥♦", black: "♠♣" };
const RANK_WORDS = { J: "Jack", Q: "Queen", K: "King", A: "Ace" };

// The page may load the game's stylesheet itself; if it does not (yet), the drawing does.
function ensureStyle() {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((link) => link.href === STYLE)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLE;
  document.head.append(link);
}

const rankOf = (card) => card.slice(0, -1);
const isNumber = (card) => /^(10|[2-9])$/.test(rankOf(card));
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
const cardsWord = (n) => (n === 1 ? "1 card" : `${n} cards`);

function colourBadge(seat) {
  return el("span", `mx-colour ${seat.colour}`, richText(`${COLOURS[seat.colour]} ${PIPS[seat.colour]}`));
}

// A target for a move, or plain content when the move is not open to the viewer now. A target
// also takes the drawn card when it is dropped on it.
function target(ctx, move, words, className, ...content) {
  if (!ctx.legal.includes(move)) return el("div", className, ...content);
  const button = moveTarget(move, words, ...content);
  button.classList.add(...className.split(" ").filter(Boolean), "mx-open");
  button.addEventListener("dragover", (event) => {
    event.preventDefault();
    button.classList.add("mx-over");
  });
  button.addEventListener("dragleave", () => button.classList.remove("mx-over"));
  button.addEventListener("drop", (event) => { event.preventDefault(); ctx.play(move); });
  return button;
}

// What placing the drawn card on a tower would do, in two or three words on the tower itself.
function placeHint(card, words) {
  const rank = rankOf(card);
  if (rank === "J") return "freeze it";
  if (rank === "K") return "sweep it";
  if (rank === "Q" || rank === "A") {
    const points = /for ([+−]\d+)/.exec(words || "");
    return points ? `close: ${points[1]}` : "close it";
  }
  return words && words.startsWith("start") ? "start here" : "put here";
}

function tower(seat, index, view, ctx) {
  const cardsHere = seat.towers[index];
  const move = `place ${index + 1}`;
  const words = view.body.choices[move];
  const stack = el("span", "mx-stack");
  cardsHere.forEach((card) => stack.append(cardFace(card)));
  if (!cardsHere.length) stack.append(el("span", "mx-empty", "empty"));
  const frozen = cardsHere.length && rankOf(cardsHere[cardsHere.length - 1]) === "J";
  const caption = el("span", "mx-caption", `Tower ${index + 1}`);
  const parts = [caption, stack];
  if (frozen) parts.push(el("span", "mx-frozen", "❄ frozen"));
  const drawn = view.body.drawn;
  if (ctx.legal.includes(move)) parts.push(el("span", "mx-hint", placeHint(drawn, words)));
  const box = target(ctx, move, words && words[0].toUpperCase() + words.slice(1), "mx-tower", ...parts);
  if (frozen) box.classList.add("frozen");
  box.dataset.slot = String(index + 1);
  return box;
}

function moat(seat, view, ctx) {
  const row = el("span", "mx-moat-cards");
  seat.moat.forEach((card) => row.append(cardFace(card)));
  for (let i = seat.moat.length; i < 2; i += 1) {
    row.append(el("span", "mx-empty small", seat.moat_sealed ? "sealed" : "free"));
  }
  const status = seat.moat_sealed
    ? "sealed: both Kings played"
    : `open · ${COLOURS[seat.colour]} Kings played ${seat.kings_resolved} of 2`;
  const parts = [el("span", "mx-caption", "Moat"), row, el("span", "mx-note", status)];
  if (ctx.legal.includes("bank")) parts.push(el("span", "mx-hint", "bank it"));
  return target(ctx, "bank", view.body.choices.bank, "mx-moat", ...parts);
}

function scoreSheet(seat, view) {
  const over = Boolean(view.result);
  const total = seat.final_if_ended_now;
  const head = el("p", "mx-total",
    el("span", "mx-total-number", signed(total).replace("+", "")),
    el("span", "mx-total-words", over ? " final score" : " if the game ended now"));
  const list = el("ul", "mx-lines");
  for (const line of seat.scoring) {
    const item = el("li", line.points < 0 ? "minus" : "plus", el("span", "mx-what", richText(line.what)),
      el("span", "mx-points", signed(line.points)));
    item.dataset.what = line.what;
    list.append(item);
  }
  if (!seat.scoring.length) list.append(el("li", "mx-note", "nothing closed yet, nothing owed"));
  const banked = el("p", "mx-note", `banked by closing towers: ${seat.score}`);
  return zone("Score", head, list, banked);
}

function side(seat, view, ctx, mine) {
  const name = ctx.seatName(seat.seat);
  const targets = mine ? ctx : { ...ctx, legal: [] };  // a card is only ever placed on one's own side
  const acting = view.to_act.includes(seat.seat);
  const header = el("h3", "mx-name", `${name} · `, colourBadge(seat));
  if (acting && !view.result) header.append(el("span", "mx-acting", " to play"));
  const towers = el("div", "mx-towers");
  seat.towers.forEach((_, index) => towers.append(tower(seat, index, view, targets)));
  const part = el("section", `mx-side ${mine ? "mine" : "theirs"}${acting ? " acting" : ""}`, header,
    el("div", "mx-row", moat(seat, view, targets), towers, scoreSheet(seat, view)));
  part.dataset.seat = String(seat.seat);
  return part;
}

function deck(view, ctx) {
  const size = view.body.deck_size;
  const pile = el("span", "mx-pile-cards",
    size ? cardBack(`the deck, ${cardsWord(size)}, face down`) : el("span", "mx-empty", "empty"));
  const parts = [el("span", "mx-caption", "Deck"), pile, el("span", "mx-note", cardsWord(size))];
  if (ctx.legal.includes("draw deck")) parts.push(el("span", "mx-hint", "draw"));
  return target(ctx, "draw deck", view.body.choices["draw deck"], "mx-deck", ...parts);
}

function communal(view, ctx) {
  const pile = view.body.communal;
  const top = el("span", "mx-pile-cards", pile.length ? cardFace(pile[0]) : el("span", "mx-empty", "empty"));
  const more = pile.length > 5 ? " …" : "";
  const under = pile.length > 1
    ? `${cardsWord(pile.length)}; under the top: ${pile.slice(1, 5).join(" ")}${more}`
    : cardsWord(pile.length);
  const parts = [el("span", "mx-caption", "Communal pile"), top, el("span", "mx-note", richText(under))];
  const move = ctx.legal.includes("draw pile") ? "draw pile" : "discard";
  if (ctx.legal.includes(move)) {
    parts.push(el("span", "mx-hint", move === "discard" ? "discard here" : "take the top"));
  }
  return target(ctx, move, view.body.choices[move], "mx-communal", ...parts);
}

function outOfPlay(view, ctx) {
  const out = view.body.out;
  const row = el("span", "mx-out-cards");
  out.slice(-6).forEach((card) => row.append(cardFace(card)));
  if (!out.length) row.append(el("span", "mx-note", "none yet"));
  const parts = [el("span", "mx-caption", "Out of play"), row,
    el("span", "mx-note", `${cardsWord(out.length)} burned or swept`)];
  if (ctx.legal.includes("burn")) parts.push(el("span", "mx-hint", "burn it here"));
  return target(ctx, "burn", view.body.choices.burn, "mx-out", ...parts);
}

// The card being routed: who drew it, from where, and whose it is to place. The player who must
// place it may pick it up (a step: the places it may go are then outlined) or drag it.
function drawnCard(view, ctx) {
  const { body } = view;
  if (!body.drawn) return null;
  const drawer = body.turn;
  const receiver = view.phase === "handoff" ? 1 - drawer : drawer;
  const source = body.drawn_from === "deck" ? "the deck" : "the communal pile";
  const rank = RANK_WORDS[rankOf(body.drawn)];
  const owner = COLOURS[body.players[receiver].colour];
  const lines = [`${ctx.seatName(drawer)} drew it from ${source}.`];
  if (view.phase === "handoff" && receiver === view.viewer) {
    lines.push(`A ${owner} ${rank}, your colour: it is yours to place now.`);
  } else if (view.phase === "handoff") {
    lines.push(`A ${owner} ${rank}: it goes to ${ctx.seatName(receiver)}, who must place it now.`);
  }
  const face = cardFace(body.drawn);
  let card = face;
  const holding = ctx.mine && Boolean(ctx.pick.holding);
  if (holding) {
    face.classList.add("held");  // picked up: put back with the Cancel button beside it
  } else if (ctx.mine) {
    card = stepTarget("pick up", `pick up ${cardName(body.drawn)}, then click where it goes`, false, () => {
      ctx.pick.holding = true;
      ctx.redraw();
    }, face);
  }
  if (ctx.mine) {
    card.draggable = true;
    card.addEventListener("dragstart", (event) => { event.dataTransfer.setData("text/plain", body.drawn); });
  }
  const box = el("div", `mx-drawn${view.phase === "handoff" ? " handoff" : ""}`,
    el("span", "mx-caption", view.phase === "handoff" ? "Handed over" : "Drawn card"), card,
    ...lines.map((line) => el("span", "mx-note", line)));
  if (holding) {
    box.append(el("span", "mx-note", "Now click where it goes."), cancelButton(ctx, "Put it back"));
  }
  return box;
}

function noCard() {
  return el("div", "mx-drawn idle", el("span", "mx-caption", "Drawn card"), el("span", "mx-empty", "none"));
}

// One line, in plain words, of what happens now and what to click.
function prompt(view, ctx) {
  const { body } = view;
  if (view.result) return "The game is over: the deck and the communal pile are both empty.";
  const acting = view.to_act[0];
  const who = ctx.seatName(acting);
  if (view.phase === "draw") {
    if (!ctx.mine) return `${who} draws a card.`;
    if (!ctx.legal.includes("draw deck")) return "Your turn: the deck is empty, click the communal pile.";
    return ctx.legal.includes("draw pile")
      ? "Your turn: click the deck, or the communal pile to take its top card."
      : "Your turn: click the deck to draw.";
  }
  if (!ctx.mine) {
    return view.phase === "handoff" ? `${who} places the card handed over.` : `${who} places the card drawn.`;
  }
  const places = [];
  if (ctx.legal.some((m) => m.startsWith("place"))) places.push("one of your towers");
  if (ctx.legal.includes("bank")) places.push("your Moat");
  if (ctx.legal.includes("discard")) places.push("the communal pile to discard it");
  if (ctx.legal.includes("burn")) places.push("Out of play to burn it");
  const list = places.length > 1
    ? `${places.slice(0, -1).join(", ")} or ${places[places.length - 1]}`
    : places[0];
  return `Where does ${body.drawn} go? Click ${list}.`;
}

// Mark what the latest move moved: the card itself wherever it now lies, and for a Queen, Ace or
// King the tower slot it resolved.
function markLast(board, view) {
  const last = view.body.last;
  if (!last) return;
  const name = cardName(last.card);
  board.querySelectorAll(".card.face").forEach((face) => {
    if (face.getAttribute("aria-label") === name) face.classList.add("last");
  });
  const slot = /^place (\d)$/.exec(last.move);
  const rank = rankOf(last.card);
  if (slot && ["Q", "A", "K"].includes(rank)) {
    const side = board.querySelector(`.mx-side[data-seat="${last.player}"]`);
    const box = side && side.querySelector(`.mx-tower[data-slot="${slot[1]}"]`);
    if (box) {
      box.classList.add("last", rank === "K" ? "swept" : "closed");
      box.append(el("span", "mx-badge", rank === "K" ? "just swept" : "just closed"));
    }
    if (side && rank !== "K") {
      const lines = side.querySelectorAll(".mx-lines li");
      lines.forEach((line) => {
        if ((line.dataset.what || "").startsWith(`${last.card} closed`)) line.classList.add("last");
      });
    }
  }
  if (last.move === "draw deck") board.querySelector(".mx-deck")?.classList.add("last-source");
  if (last.move === "draw pile") board.querySelector(".mx-communal")?.classList.add("last-source");
}

export function draw(view, ctx) {
  ensureStyle();
  const { body } = view;
  const me = view.viewer === null ? 0 : view.viewer;
  const mine = body.players.find((seat) => seat.seat === me);
  const theirs = body.players.find((seat) => seat.seat !== me);
  const board = el("div", `board mx${ctx.pick.holding && ctx.mine ? " holding" : ""}`);
  const middle = el("section", "mx-middle", el("h3", "mx-prompt", richText(prompt(view, ctx))),
    el("div", "mx-centre", deck(view, ctx), communal(view, ctx), drawnCard(view, ctx) || noCard(),
      outOfPlay(view, ctx)));
  board.append(side(theirs, view, ctx, false), middle, side(mine, view, ctx, view.viewer !== null));
  markLast(board, view);
  return board;
}
