// Match 2-52: the opponent's catch zone at the top, the 4×4 grid (columns A–D, rows 1–4) with
// the deck beside it, the viewer's catch zone at the bottom, and above them a strip that says
// whose turn it is and which of the turn's two actions comes now.
//
// Everything is played on the grid. A face-down card is turned up by clicking it. A face-up card
// is picked with a click (or dragged): the slots of its row and column then light up, and a
// click on one swaps the two cards; a click on the deck puts it under the deck. The follow-up
// choices of a match are made where they happen: the two cards of a pair, a face-down card for
// the Jacks or the Queens, a card of the opponent's catch zone for the Aces, the order of the
// specials beside the catch zone they were caught into. Only legal moves are offered, read
// from the legal list the page gives; the latest action is marked from the view's `last`.

import { cardBack, cardFace, cardName } from "../js/cards.js";
import { cancelButton, el, moveTarget, muted, stepTarget } from "../js/draw.js";

const WIN_AT = 12;
const COLUMNS = ["A", "B", "C", "D"];
const SPECIAL_NAMES = { A: "Aces", J: "Jacks", Q: "Queens", K: "Kings" };
const SPECIAL_EFFECTS = {
  A: (opp) => `take a card from ${opp}'s catch zone`,
  J: () => "look at a face-down card in secret",
  Q: () => "turn a face-down card face up",
  K: () => "swap the two catch zones",
};

const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const isYou = (name) => /^you$/i.test(name);
const possessive = (name) => (isYou(name) ? "your" : `${name}'s`);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const rankOf = (card) => card.slice(0, -1);

// The legal list, read once per drawing into what each board element needs.
function readLegal(legal) {
  const moves = { returns: new Map(), moves: new Map(), replaces: new Map(), pairs: [],
    specials: new Map(), takes: new Map(), consults: new Map(), turns: new Map() };
  for (const move of legal) {
    const [verb, a, b] = move.split(" ");
    if (verb === "return") moves.returns.set(a, move);
    else if (verb === "move") {
      if (!moves.moves.has(a)) moves.moves.set(a, new Map());
      moves.moves.get(a).set(b, move);
    } else if (verb === "replace") moves.replaces.set(a, move);
    else if (verb === "pair") moves.pairs.push([a, b, move]);
    else if (verb === "special") moves.specials.set(a, move);
    else if (verb === "take") moves.takes.set(a, move);
    else if (verb === "consult") moves.consults.set(a, move);
    else if (verb === "turn") moves.turns.set(a, move);
  }
  return moves;
}

// Whether a card at `slot` can be picked up: it has a Move or a Replace.
const pickable = (moves, slot) => moves.moves.has(slot) || moves.replaces.has(slot);

// The card drawn in a slot: its face if the viewer may see it (a face-down card the viewer
// knows is drawn face up with a dashed ring), else its back.
function slotCard(item, viewer, seatName) {
  if (item.card === null) return cardBack(`face-down card at ${item.slot}`);
  const face = cardFace(item.card);
  if (!item.up) {
    face.classList.add("known");
    const knowers = item.known_to.length === 2 ? "both players know it"
      : item.known_to.includes(viewer) ? "you know it" : `${seatName(item.known_to[0])} knows it`;
    face.setAttribute("aria-label", `${cardName(item.card)}, face down (${knowers})`);
    face.title = face.getAttribute("aria-label");
  }
  return face;
}

// A small line under a slot: its name, and who has seen its face-down card.
function caption(item, viewer, seatName) {
  let known = "";
  if (!item.up && item.known_to.length === 2) known = "both know";
  else if (!item.up && item.known_to.includes(viewer)) known = "you looked";
  else if (!item.up && item.known_to.length) known = `${seatName(item.known_to[0])} looked`;
  const line = el("small", "m252-caption", item.slot);
  if (known) line.append(el("span", "m252-known", known));
  return line;
}

function cardWords(item) {
  return item.card === null ? "the face-down card" : `the ${cardName(item.card)}`;
}

// What a slot offers, as a board element: a move target, a step of a gesture, or a plain card.
function slotTarget(item, state) {
  const { moves, ctx, view, phase } = state;
  const slot = item.slot;
  const card = () => slotCard(item, view.viewer, ctx.seatName);
  const words = (move) => (ctx.words && ctx.words[move]) || move;
  if (phase === "action") {
    const from = ctx.pick.from;
    if (from && from === slot) {
      return stepTarget(`pick ${slot}`, `put back ${cardWords(item)} at ${slot}`, true,
        () => ctx.cancel(), card());
    }
    if (from && moves.moves.get(from) && moves.moves.get(from).has(slot)) {
      const move = moves.moves.get(from).get(slot);
      const said = `move the picked card to ${slot}, swapping it with ${cardWords(item)}`;
      const button = moveTarget(move, said, card());
      button.classList.add("m252-dest");
      return button;
    }
    if (moves.returns.has(slot) && !from) {
      const move = moves.returns.get(slot);
      return moveTarget(move, words(move), card());
    }
    if (pickable(moves, slot)) {
      const said = `pick up ${cardWords(item)} at ${slot} to move it or put it under the deck`;
      const pick = () => { ctx.pick.from = slot; ctx.redraw(); };
      const button = stepTarget(`pick ${slot}`, said, false, pick, card());
      button.draggable = true;
      button.addEventListener("dragstart", (event) => startDrag(event, slot, state));
      button.addEventListener("dragend", () => endDrag(state));
      return button;
    }
    return card();
  }
  if (phase === "pair") return pairTarget(item, state, card);
  if (phase === "consult" && moves.consults.has(slot)) {
    const move = moves.consults.get(slot);
    const button = moveTarget(move, words(move), card());
    button.classList.add("m252-aim");
    return button;
  }
  if (phase === "turn" && moves.turns.has(slot)) {
    const move = moves.turns.get(slot);
    const button = moveTarget(move, words(move), card());
    button.classList.add("m252-aim");
    return button;
  }
  return card();
}

// The pair choice: a card in one candidate pair catches that pair when clicked; the card that
// could pair two ways is picked first, then one of its partners.
function pairTarget(item, state, card) {
  const { moves, ctx } = state;
  const slot = item.slot;
  const mine = moves.pairs.filter(([a, b]) => a === slot || b === slot);
  if (!mine.length) return card();
  const chosen = ctx.pick.pairWith;
  if (chosen === slot) {
    return stepTarget(`pair ${slot}`, `put back the card at ${slot}`, true, () => ctx.cancel(),
      card());
  }
  if (chosen) {
    const together = mine.find(([a, b]) => a === chosen || b === chosen);
    if (together) {
      const button = moveTarget(together[2], `catch ${slot} with ${chosen}`, card());
      button.classList.add("m252-dest");
      return button;
    }
  }
  if (mine.length === 1) {
    const [a, b, move] = mine[0];
    const other = a === slot ? b : a;
    const button = moveTarget(move, `catch ${slot} with ${other}`, card());
    button.classList.add("m252-aim");
    return button;
  }
  const button = stepTarget(`pair ${slot}`, `choose the partner of the card at ${slot}`, false,
    () => { ctx.pick.pairWith = slot; ctx.redraw(); }, card());
  button.classList.add("m252-aim");
  return button;
}

// Drag and drop of a picked card: the slots it may go to and the deck accept it.
function startDrag(event, from, state) {
  event.dataTransfer.setData("text/plain", from);
  event.dataTransfer.effectAllowed = "move";
  state.dragging = from;
  const targets = state.moves.moves.get(from) || new Map();
  for (const node of state.root.querySelectorAll("[data-slot]")) {
    if (targets.has(node.dataset.slot)) node.classList.add("m252-drop");
  }
  if (state.moves.replaces.has(from)) {
    state.root.querySelector(".m252-deck").classList.add("m252-drop");
  }
}

function endDrag(state) {
  state.dragging = null;
  for (const node of state.root.querySelectorAll(".m252-drop")) node.classList.remove("m252-drop");
}

function dropMove(state, target) {
  const from = state.dragging;
  if (!from) return null;
  if (target === "deck") return state.moves.replaces.get(from) || null;
  const targets = state.moves.moves.get(from);
  return (targets && targets.get(target)) || null;
}

function acceptDrops(node, target, state) {
  node.addEventListener("dragover", (event) => {
    if (dropMove(state, target)) event.preventDefault();
  });
  node.addEventListener("drop", (event) => {
    const move = dropMove(state, target);
    if (!move) return;
    event.preventDefault();
    endDrag(state);
    state.ctx.play(move);
  });
}

function grid(state) {
  const { view, moves, ctx } = state;
  const last = view.body.last || {};
  const marked = new Set(last.slots || []);
  const refilled = new Set(last.refilled || []);
  const pairing = new Set(moves.pairs.length ? moves.pairs.flatMap(([a, b]) => [a, b])
    : (view.body.pending.pairs || []).flat());
  const box = el("div", "m252-grid");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "the grid: columns A to D, rows 1 to 4");
  box.append(el("span", "m252-head"));
  for (const column of COLUMNS) box.append(el("span", "m252-head", column));
  view.body.grid.forEach((row, index) => {
    box.append(el("span", "m252-head", String(index + 1)));
    for (const item of row) {
      const cell = el("div", "m252-slot", slotTarget(item, state),
        caption(item, view.viewer, ctx.seatName));
      cell.dataset.slot = item.slot;
      if (item.up) cell.classList.add("up");
      if (pairing.has(item.slot)) cell.classList.add("m252-pairing");
      if (last.player !== null && last.player !== undefined) {
        if (refilled.has(item.slot)) cell.classList.add("last", "refilled");
        else if (marked.has(item.slot)) cell.classList.add("last");
      }
      acceptDrops(cell, item.slot, state);
      box.append(cell);
    }
  });
  return box;
}

function deck(state) {
  const { view, moves, ctx } = state;
  const { deck: info } = view.body;
  const from = state.phase === "action" ? ctx.pick.from : null;
  const pile = el("div", "m252-pile", cardBack(`the deck, ${count(info.size, "card")}`),
    el("span", "m252-pile-count", String(info.size)));
  let body = pile;
  if (from && moves.replaces.has(from)) {
    const words = `put the picked card from ${from} under the deck`;
    body = moveTarget(moves.replaces.get(from), words, pile);
    body.classList.add("m252-dest");
  }
  const section = el("section", "zone m252-deck", el("h3", "", "Deck"), body,
    el("p", "m252-note", `${count(info.size, "card")}, ${info.unknown} never seen`));
  if (info.bottom.length) {
    const known = el("div", "cards m252-small");
    for (const card of info.bottom) known.append(cardFace(card));
    section.append(el("p", "m252-note", "Known at the bottom (put there face up):"), known);
  }
  acceptDrops(section, "deck", state);
  return section;
}

// A catch zone with its count towards 12; the opponent's cards are the Aces' targets.
function catchZone(state, player, seat) {
  const { view, moves, ctx } = state;
  const caught = view.body.catch[player];
  const name = ctx.seatName(player);
  const last = view.body.last || {};
  const arrived = new Set(last.player !== null && last.player !== undefined ? last.cards : []);
  const section = el("section", `zone m252-catch ${seat}`);
  // The engine's texts (the log, the result) name seats as "Seat 1" and "Seat 2".
  const title = `${capital(possessive(name))} catch zone — ${caught.length} of ${WIN_AT}`;
  section.append(el("h3", "", title, el("span", "m252-seat", ` (seat ${player + 1})`)));
  const meter = el("div", "m252-meter", el("span", "", ""));
  meter.firstChild.style.width = `${Math.min(100, (caught.length / WIN_AT) * 100)}%`;
  meter.setAttribute("role", "img");
  const progress = `${count(caught.length, "card")} caught of the ${WIN_AT} that win`;
  meter.setAttribute("aria-label", progress);
  section.append(meter);
  const row = el("div", "cards m252-small");
  for (const card of caught) {
    const face = cardFace(card);
    let node = face;
    if (state.phase === "take" && seat === "theirs" && moves.takes.has(card)) {
      const words = `take the ${cardName(card)} into your catch zone`;
      node = moveTarget(moves.takes.get(card), words, face);
      node.classList.add("m252-aim");
    }
    if (arrived.has(card)) node.classList.add("last");
    row.append(node);
  }
  section.append(caught.length ? row : muted("nothing caught yet"));
  if (last.swapped && last.player !== null) section.classList.add("last", "m252-swapped");
  if (seat === "mine" && state.phase === "special" && moves.specials.size) {
    section.append(specialChoice(state));
  }
  return section;
}

// The order of the specials, chosen beside the catch zone the special pairs went into.
function specialChoice(state) {
  const { moves, view, ctx } = state;
  const opponent = ctx.seatName(1 - view.viewer);
  const caught = (view.body.last && view.body.last.cards) || [];
  const box = el("div", "m252-specials", el("p", "m252-note", "Which special comes first?"));
  for (const [rank, move] of moves.specials) {
    const cards = caught.filter((card) => rankOf(card) === rank).slice(0, 2);
    const faces = el("span", "cards m252-small", ...cards.map((card) => cardFace(card)));
    const words = `${SPECIAL_NAMES[rank]} first: ${SPECIAL_EFFECTS[rank](opponent)}`;
    const button = moveTarget(move, words, faces, el("span", "m252-special-words", words));
    button.classList.add("m252-special");
    box.append(button);
  }
  return box;
}

// The strip above the board: whose turn, which action, what is asked now.
function turnStrip(state) {
  const { view, ctx } = state;
  const body = view.body;
  const strip = el("div", "m252-strip");
  if (view.result) {
    strip.append(el("p", "m252-turn", resultWords(view, ctx)));
    return strip;
  }
  const player = view.to_act[0];
  const name = ctx.seatName(player);
  const used = 2 - body.actions_left;
  const pips = el("span", "m252-pips");
  pips.setAttribute("aria-hidden", "true");
  for (let i = 0; i < 2; i += 1) {
    const now = state.phase === "action" && i === used;
    const kind = `m252-pip${i < used ? " used" : ""}${now ? " now" : ""}`;
    pips.append(el("span", kind, String(i + 1)));
  }
  const whose = isYou(name) ? "Your turn" : `${name}'s turn`;
  let what;
  if (state.phase === "action") what = `action ${used + 1} of 2${used ? " (the last)" : ""}`;
  else what = `a free step after action ${used} of 2: ${followUp(state, player)}`;
  strip.append(pips, el("p", "m252-turn", `${whose}: ${what}.`),
    el("p", "m252-note", `Turn ${body.turns_played + 1} · if nobody reaches ${WIN_AT}, `
      + `the game stops after turn ${body.max_turns}`));
  return strip;
}

// The end in a sentence, from the public catch zones: who reached 12 (or led at the limit).
function resultWords(view, ctx) {
  const { winner } = view.result;
  const sizes = view.body.catch.map((zone) => zone.length);
  if (winner === null || winner === undefined) {
    return `Draw: nobody caught ${WIN_AT} cards within ${view.body.max_turns} turns, `
      + `and both have ${count(sizes[0], "card")}.`;
  }
  const name = ctx.seatName(winner);
  const loser = ctx.seatName(1 - winner);
  const verb = isYou(name) ? "win" : "wins";
  const inside = (who) => (isYou(who) ? "you" : who);
  if (sizes[winner] >= WIN_AT) {
    return `${name} caught ${sizes[winner]} cards, the first to reach ${WIN_AT}, and ${verb}; `
      + `${inside(loser)} caught ${sizes[1 - winner]}.`;
  }
  return `At the turn limit nobody had ${WIN_AT} cards; ${inside(name)} had more, `
    + `${sizes[winner]} to ${sizes[1 - winner]}, and ${verb}.`;
}

function followUp(state, player) {
  const name = state.ctx.seatName(player);
  const opponent = state.ctx.seatName(1 - player);
  const who = isYou(name) ? "you" : name;
  return {
    pair: `${who} must choose which two cards make the pair`,
    special: `${who} must choose which special comes first`,
    take: `Aces: ${who} take${isYou(name) ? "" : "s"} a card from ${possessive(opponent)} `
      + "catch zone",
    consult: `Jacks: ${who} look${isYou(name) ? "" : "s"} at a face-down card in secret`,
    turn: `Queens: ${who} turn${isYou(name) ? "" : "s"} a face-down card face up`,
  }[state.phase] || "";
}

// Under the strip: what the viewer's clicks do now, and the partial choice with its Cancel.
function prompt(state) {
  const { view, moves, ctx } = state;
  if (!ctx.mine) return null;
  const box = el("div", "m252-prompt");
  box.setAttribute("aria-live", "polite");
  const say = (text) => box.append(el("p", "", text));
  const cardAt = (slot) => view.body.grid.flat().find((item) => item.slot === slot);
  if (state.phase === "action" && ctx.pick.from) {
    const from = ctx.pick.from;
    const picked = cardAt(from);
    const [column, row] = [from[0], from.slice(1)];
    say(`You picked up the ${picked && picked.card ? cardName(picked.card) : "card"} at ${from}. `
      + `Click a lit slot of row ${row} or column ${column} to swap it there`
      + (moves.replaces.has(from) ? ", or the deck to put it under the deck." : "."));
    box.append(cancelButton(ctx, "Cancel"));
  } else if (state.phase === "action") {
    const parts = [];
    if (moves.returns.size) parts.push("click a face-down card to turn it up");
    if (moves.moves.size || moves.replaces.size) {
      parts.push("click (or drag) a face-up card to move it along its row or column, "
        + "or to put it under the deck");
    }
    say(`${capital(parts.join("; "))}.`);
  } else if (state.phase === "pair") {
    if (ctx.pick.pairWith) {
      say(`Click the card that the one at ${ctx.pick.pairWith} pairs with.`);
      box.append(cancelButton(ctx, "Cancel"));
    } else {
      say(`${pairWords(moves.pairs, cardAt)} The card left over stays face up.`);
    }
  } else if (state.phase === "special") {
    say("You caught more than one special pair: choose beside your catch zone which one is "
      + "carried out first.");
  } else if (state.phase === "take") {
    const zoneOf = possessive(ctx.seatName(1 - view.viewer));
    say(`Aces: click a card in ${zoneOf} catch zone to take it into yours.`);
  } else if (state.phase === "consult") {
    say("Jacks: click a face-down card to look at it in secret. It stays face down; your "
      + "opponent sees which card, not what it is.");
  } else if (state.phase === "turn") {
    say("Queens: click a face-down card to turn it face up (a free Return: a 6 still ends "
      + "your turn).");
  }
  return box;
}

// The pair choice in words: "The 7 of diamonds at B1 could pair with A1 or C1: click the card
// to catch it with."
function pairWords(pairs, cardAt) {
  const partners = new Map();
  for (const [a, b] of pairs) {
    partners.set(a, [...(partners.get(a) || []), b]);
    partners.set(b, [...(partners.get(b) || []), a]);
  }
  const shared = [...partners].filter(([, with_]) => with_.length > 1);
  if (shared.length !== 1) {
    return "Some cards could pair two ways: click a lit card to catch it with its neighbour, "
      + "or a card that could pair two ways and then its partner.";
  }
  const [slot, with_] = shared[0];
  const item = cardAt(slot);
  const what = item && item.card ? `The ${cardName(item.card)} at ${slot}` : `The card at ${slot}`;
  return `${what} could pair with ${with_.join(" or ")}: click the card to catch it with.`;
}

// The hinted move may need a pick first: mark the card to pick up (the page itself marks the
// hinted move's own target once it is on the board).
function markHint(state) {
  const hint = state.ctx.hint;
  if (!hint || state.ctx.pick.from) return;
  const [verb, from] = hint.split(" ");
  if (verb !== "move" && verb !== "replace") return;
  const step = state.root.querySelector(`[data-slot="${from}"] [data-step]`);
  if (step) step.classList.add("m252-hinted");
}

// A redrawn board loses the focus: give it back to the picked card, so a keyboard player goes
// on from there (Tab to a lit slot, Enter).
function keepFocus(root) {
  setTimeout(() => {
    const active = document.activeElement;
    if (!root.isConnected || (active && active !== document.body)) return;
    const picked = root.querySelector(".step.selected");
    if (picked) picked.focus();
  }, 0);
}

export function draw(view, ctx) {
  const state = { view, ctx, phase: view.phase, moves: readLegal(ctx.legal || []), dragging: null };
  ctx.pick = ctx.pick || {};
  const me = view.viewer === null || view.viewer === undefined ? 0 : view.viewer;
  const root = el("div", `board match m252${ctx.fresh ? " m252-moving" : ""}`);
  state.root = root;
  root.append(turnStrip(state));
  const ask = prompt(state);
  if (ask) root.append(ask);
  root.append(catchZone(state, 1 - me, "theirs"));
  root.append(el("div", "m252-middle", grid(state), deck(state)));
  root.append(catchZone(state, me, "mine"));
  markHint(state);
  if (ctx.pick.from || ctx.pick.pairWith) keepFocus(root);
  return root;
}
