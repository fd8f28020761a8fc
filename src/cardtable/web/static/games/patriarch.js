// The Patriarch: families drawn as trees of cards. The guesser (and the owner choosing the
// secret) builds a family by placing the cards of their hand into the tree, one click a card;
// the notation grows beside it and the finished family is the one move button. Graded guesses
// are rows of small trees with their red / black / face-down marks drawn as cards.
//
// The builder needs no list of legal moves (Advanced Matriarch has 46,249 families and the page
// lists 500): the view says the cards, the fixed shape or the generation limit, and the server
// checks the move.

import { cardBack, cardFace } from "../js/cards.js";
import { cancelButton, el, moveTarget, muted, stepTarget, zone } from "../js/draw.js";

const MARKS = {
  red: { words: "red card", why: "right generation, right parent" },
  black: { words: "black card", why: "right generation, another parent" },
  "face-down": { words: "face-down card", why: "right parent, another generation" },
};

function ensureStyles() {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href.endsWith("/static/games/patriarch.css"))) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/static/games/patriarch.css";
  document.head.append(link);
}

// --- families as parent maps ---------------------------------------------------------------

// "3(A(5) 4(2))" as a Map label -> parent label (null for the top card), in reading order.
export function parseFamily(text) {
  const tokens = text.match(/[A-Za-z0-9]+|[()]/g) || [];
  const parents = new Map();
  let at = 0;
  function node(parent) {
    const card = tokens[at++];
    parents.set(card, parent);
    if (tokens[at] === "(") {
      at += 1;
      while (tokens[at] !== ")" && at < tokens.length) node(card);
      at += 1;
    }
  }
  if (tokens.length) node(null);
  return parents;
}

function childrenOf(parents, labels) {
  const kids = new Map([...parents.keys()].map((c) => [c, []]));
  for (const card of labels) {
    if (parents.has(card) && parents.get(card) !== null) kids.get(parents.get(card)).push(card);
  }
  return kids;
}

function rootOf(parents) {
  return [...parents.keys()].find((c) => parents.get(c) === null);
}

// The engine's canonical notation: children in rank order, one space between siblings.
export function familyText(parents, labels) {
  const kids = childrenOf(parents, labels);
  const write = (card) => (kids.get(card).length ? `${card}(${kids.get(card).map(write).join(" ")})` : card);
  const root = rootOf(parents);
  return root === undefined ? "" : write(root);
}

function familyWords(parents, labels, suit = "") {
  const kids = childrenOf(parents, labels);
  const root = rootOf(parents);
  if (root === undefined) return "nothing yet";
  const parts = [`${root}${suit} on top`];
  const order = [root];
  for (const card of order) {
    const under = kids.get(card);
    if (under.length) {
      parts.push(`${listed(under.map((c) => c + suit))} under the ${card}${suit}`);
      order.push(...under);
    }
  }
  return parts.join("; ");
}

function listed(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function generationOf(parents, card) {
  let depth = 1;
  for (let c = card; parents.get(c) !== null; c = parents.get(c)) depth += 1;
  return depth;
}

// --- drawing trees ---------------------------------------------------------------------------

// A tree of nodes: node(key) gives a node's content, kids(key) its children's keys.
function treeOf(rootKey, node, kids, className = "") {
  const branch = (key) => {
    const item = el("li", "", el("div", "node", node(key)));
    const under = kids(key);
    if (under.length) item.append(el("ul", "", ...under.map(branch)));
    return item;
  };
  return el("div", `ptree ${className}`, el("ul", "", branch(rootKey)));
}

function markCard(mark, small = false) {
  const info = MARKS[mark];
  const card = el("span", `mark ${mark}${small ? " tiny" : ""}`);
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", `${info.words}: ${info.why}`);
  card.title = `${info.words}: ${info.why}`;
  return card;
}

function cardWithMark(card, mark) {
  const box = el("span", "with-mark", cardFace(card));
  if (mark && MARKS[mark]) box.append(markCard(mark, true));
  return box;
}

// A whole family from its notation, drawn in small cards of one suit, with each card's mark.
function familyTree(text, suit, marks, className = "small") {
  const parents = parseFamily(text);
  const labels = [...parents.keys()];
  const kids = childrenOf(parents, labels);
  const tree = treeOf(rootOf(parents), (c) => cardWithMark(c + suit, marks && marks[c]),
    (c) => [...kids.get(c)].sort((a, b) => labels.indexOf(a) - labels.indexOf(b)), className);
  tree.setAttribute("role", "img");
  tree.setAttribute("aria-label", familyWords(parents, labels, suit));
  return tree;
}

// The shape of a fixed-shape variant with every card face down (the secret, to a guesser).
function backsInShape(shape, what) {
  const kids = (pos) => shape.map((p, i) => [p, i + 1]).filter(([p]) => p === pos).map(([, i]) => i);
  const root = shape.indexOf(0) + 1;
  return treeOf(root, () => cardBack(what), kids, "small");
}

function gradeMarks(entry) {
  const row = el("div", "marks");
  for (const [mark, count] of [["red", entry.red], ["black", entry.black], ["face-down", entry.face_down]]) {
    for (let i = 0; i < count; i += 1) row.append(markCard(mark));
  }
  if (!row.children.length) row.append(muted("no marks"));
  return row;
}

function gradeWords(entry, cards) {
  if (entry.red === cards) return "all red: the family is found";
  return `${entry.red} red, ${entry.black} black, ${entry.face_down} face-down`;
}

// --- the builder -----------------------------------------------------------------------------

// The partial family in ctx.pick: `placed` lists [card, where] in the order placed (where is a
// place number of the fixed shape, or the parent card, null for the top, in a free shape);
// `cursor` is where the next card goes.
function builderState(body, ctx) {
  const pick = ctx.pick;
  if (!pick.placed) pick.placed = [];
  const fixed = Array.isArray(body.shape);
  const labels = body.labels;
  const suit = body.hand.length ? body.hand[0].slice(-1) : "";
  return { pick, fixed, labels, suit, shape: body.shape };
}

// Fixed shape: the places in breadth-first order, and which card sits in each.
function placesInOrder(shape) {
  const root = shape.indexOf(0) + 1;
  const order = [root];
  for (const pos of order) shape.forEach((p, i) => { if (p === pos) order.push(i + 1); });
  return order;
}

function fixedParents(b) {
  const at = new Map(b.pick.placed.map(([card, pos]) => [pos, card]));
  return { at, full: at.size === b.shape.length };
}

function freeParents(b) {
  return new Map(b.pick.placed.map(([card, parent]) => [card, parent]));
}

// The family the builder holds, as a parent map over cards (complete trees only for fixed).
function builtParents(b) {
  if (!b.fixed) return freeParents(b);
  const { at } = fixedParents(b);
  const parents = new Map();
  b.shape.forEach((p, i) => {
    if (at.has(i + 1)) parents.set(at.get(i + 1), p === 0 ? null : at.get(p) ?? "_");
  });
  return parents;
}

function defaultCursor(b) {
  if (b.fixed) {
    const { at } = fixedParents(b);
    const order = placesInOrder(b.shape);
    if (b.pick.cursor !== undefined && !at.has(b.pick.cursor)) return b.pick.cursor;
    const start = Math.max(0, order.indexOf(b.pick.cursor));
    const rotated = order.slice(start).concat(order.slice(0, start));
    return rotated.find((pos) => !at.has(pos));
  }
  const parents = freeParents(b);
  if (!parents.size) return "top";
  const root = rootOf(parents);
  const cursor = b.pick.cursor;
  if (cursor && cursor !== "top" && parents.has(cursor) && generationOf(parents, cursor) < b.maxGenerations) return cursor;
  return root;
}

function place(b, card) {
  const cursor = defaultCursor(b);
  if (cursor === undefined) return;
  b.pick.placed.push([card, b.fixed ? cursor : cursor === "top" ? null : cursor]);
  b.pick.cursor = b.fixed ? cursor : cursor === "top" ? card : cursor;
  if (b.fixed) b.pick.cursor = defaultCursor(b);
}

function takeBack(b, card) {
  if (b.fixed) {
    const entry = b.pick.placed.find(([c]) => c === card);
    b.pick.placed = b.pick.placed.filter(([c]) => c !== card);
    if (entry) b.pick.cursor = entry[1];
    return;
  }
  const gone = new Set([card]);
  for (const [c, parent] of b.pick.placed) if (gone.has(parent)) gone.add(c);
  const entry = b.pick.placed.find(([c]) => c === card);
  b.pick.placed = b.pick.placed.filter(([c]) => !gone.has(c));
  b.pick.cursor = entry && entry[1] !== null ? entry[1] : "top";
}

// The notation as it grows: "_" marks an empty place of a fixed shape.
function partialText(b) {
  if (!b.pick.placed.length) return "";
  if (!b.fixed) return familyText(freeParents(b), b.labels);
  const { at } = fixedParents(b);
  const kids = (pos) => b.shape.map((p, i) => [p, i + 1]).filter(([p]) => p === pos).map(([, i]) => i);
  const write = (pos) => {
    const under = kids(pos);
    const name = at.get(pos) || "_";
    return under.length ? `${name}(${under.map(write).join(" ")})` : name;
  };
  return write(b.shape.indexOf(0) + 1);
}

// Place every card of a whole family (the hinted one) as the builder would: for a fixed shape,
// each card in a place whose parent place holds its parent; for a free shape, top card first.
function fillWith(b, text) {
  const parents = parseFamily(text);
  if (parents.size !== b.labels.length) return;
  const kids = childrenOf(parents, b.labels);
  if (!b.fixed) {
    const order = [rootOf(parents)];
    for (const card of order) order.push(...kids.get(card));
    b.pick.placed = order.map((card) => [card, parents.get(card)]);
    b.pick.cursor = undefined;
    return;
  }
  const places = placesInOrder(b.shape);
  const at = new Map();
  const used = new Set();
  const assign = (i) => {
    if (i === places.length) return true;
    const pos = places[i];
    const parentPos = b.shape[pos - 1];
    const options = parentPos === 0 ? [rootOf(parents)] : kids.get(at.get(parentPos)) || [];
    for (const card of options) {
      if (used.has(card)) continue;
      at.set(pos, card);
      used.add(card);
      if (assign(i + 1)) return true;
      at.delete(pos);
      used.delete(card);
    }
    return false;
  };
  if (!assign(0)) return;
  b.pick.placed = places.map((pos) => [at.get(pos), pos]);
  b.pick.cursor = undefined;
}

function builderTree(b, ctx) {
  const redraw = () => ctx.redraw();
  const cursor = defaultCursor(b);
  const cardButton = (card, where) => stepTarget(`back:${card}`, `take the ${card}${b.suit} back${where}`, false,
    () => { takeBack(b, card); redraw(); }, cardFace(card + b.suit));
  if (b.fixed) {
    const { at } = fixedParents(b);
    const kids = (pos) => b.shape.map((p, i) => [p, i + 1]).filter(([p]) => p === pos).map(([, i]) => i);
    const node = (pos) => {
      if (at.has(pos)) return cardButton(at.get(pos), "");
      const words = pos === b.shape.indexOf(0) + 1 ? "the top place" : `an empty place in generation ${depthOfPlace(b.shape, pos)}`;
      return stepTarget(`slot:${pos}`, `put the next card in ${words}`, pos === cursor,
        () => { b.pick.cursor = pos; redraw(); }, el("span", "slot-card", pos === cursor ? "next" : ""));
    };
    return treeOf(b.shape.indexOf(0) + 1, node, kids, "builder");
  }
  const parents = freeParents(b);
  const topSlot = () => stepTarget("top", "put the next card on top", cursor === "top",
    () => { b.pick.cursor = "top"; redraw(); }, el("span", "slot-card", "top"));
  if (!parents.size) return treeOf("top", topSlot, () => [], "builder");
  const kids = childrenOf(parents, b.labels);
  const node = (key) => {
    if (key.startsWith("+")) {
      const parent = key.slice(1);
      return stepTarget(`under:${parent}`, `put the next card under the ${parent}${b.suit}`, cursor === parent,
        () => { b.pick.cursor = parent; redraw(); }, el("span", "slot-card add", "+"));
    }
    return cardButton(key, ` (and the cards under it)`);
  };
  const children = (key) => {
    if (key.startsWith("+")) return [];
    const under = [...kids.get(key)];
    if (b.pick.placed.length < b.labels.length && generationOf(parents, key) < b.maxGenerations) under.push(`+${key}`);
    return under;
  };
  return treeOf(rootOf(parents), node, children, "builder");
}

function depthOfPlace(shape, pos) {
  let depth = 1;
  for (let p = pos; shape[p - 1] !== 0; p = shape[p - 1]) depth += 1;
  return depth;
}

function builder(view, ctx, choosing) {
  const { body } = view;
  const b = builderState(body, ctx);
  b.maxGenerations = body.max_generations;
  const placedCards = new Set(b.pick.placed.map(([card]) => card));
  const redraw = () => ctx.redraw();
  const number = body.max_guesses - (body.guesses_left[view.viewer] ?? 0) + 1;
  const title = choosing ? "Lay out your secret family" : `Your guess ${number} of ${body.max_guesses}`;
  const box = zone(title);
  box.classList.add("build");
  const cursor = defaultCursor(b);
  const where = b.fixed
    ? "Each card goes in the highlighted place; click an empty place to fill that one next."
    : `Each card goes under the highlighted card (or on top); click + under another card to add there. At most ${body.max_generations} generations.`;
  box.append(el("p", "how small", `Click the cards of your hand to place them. ${where} Click a placed card to take it back.`));
  const hand = el("div", "cards hand");
  for (const card of body.hand) {
    const label = card.slice(0, -1);
    if (placedCards.has(label)) continue;
    const words = cursor === undefined ? `place the ${label}` : b.fixed
      ? `place the ${card}` : cursor === "top" ? `put the ${card} on top` : `put the ${card} under the ${cursor}${b.suit}`;
    hand.append(stepTarget(`card:${label}`, words, false, () => { place(b, label); redraw(); }, cardFace(card)));
  }
  if (!hand.children.length) hand.append(muted("every card is placed"));
  const tree = builderTree(b, ctx);
  const side = el("div", "notation");
  const complete = b.pick.placed.length === b.labels.length;
  const text = complete ? familyText(builtParents(b), b.labels) : partialText(b);
  side.append(el("p", "small", "Notation: ", el("code", "", text || "—")));
  const tools = el("div", "row tools");
  if (b.pick.placed.length) {
    tools.append(stepTarget("undo", "undo the last card placed", false, () => {
      const last = b.pick.placed.at(-1);
      if (last) takeBack(b, last[0]);
      redraw();
    }, "Undo"), cancelButton(ctx, "Start again"));
  }
  side.append(tools);
  if (complete) {
    const spentBefore = !choosing && !body.repeat_guesses && body.graded.some((g) => g.family === text);
    const words = familyWords(builtParents(b), b.labels, b.suit);
    if (spentBefore) {
      side.append(el("p", "warning", "This family was already graded in this game, so it cannot be the secret. Change it."));
    } else {
      const label = choosing ? "Choose this secret family" : `Guess this family`;
      side.append(moveTarget(text, `${choosing ? "choose the secret family" : "guess"} ${words}`, label));
    }
  } else {
    side.append(muted(`${b.labels.length - b.pick.placed.length} more to place`));
  }
  if (ctx.hint && ctx.hint !== "wait" && ctx.hint !== text) {
    side.append(el("div", "hint-box", el("p", "small", "The hint's family:"),
      familyTree(ctx.hint, b.suit, null),
      stepTarget("hint", "place the cards of the hinted family", false, () => { fillWith(b, ctx.hint); redraw(); },
        el("span", "hint-button", "Place these cards"))));
  }
  box.append(el("div", "build-area", el("div", "build-tree", tree), side), el("h4", "", "Your hand"), hand);
  return box;
}

// --- what just happened ------------------------------------------------------------------------

let memory = null;  // what the board showed last: which guesses and games were on it

// Which graded guesses, queued guesses and finished game are new since the board was last
// drawn (on a page just opened: those of the latest move, if the viewer saw one); `fresh` is
// true on the first drawing after the change only, so a builder's redraw does not replay it.
function freshness(body, ctx) {
  const queueKeys = body.queue.map((q) => `${q.player}/${q.guess}`);
  const key = JSON.stringify([body.match_game, body.graded.length, queueKeys, body.past.length]);
  if (memory && memory.key === key) {
    memory.fresh = false;
    return memory;
  }
  const before = memory;
  const next = { key, fresh: true, graded: new Set(), queued: new Set(), past: -1,
    gradedCount: body.graded.length, queueKeys, pastCount: body.past.length };
  if (before && before.pastCount === body.past.length) {
    for (let i = before.gradedCount; i < body.graded.length; i += 1) next.graded.add(i);
    queueKeys.forEach((k, i) => { if (!before.queueKeys.includes(k)) next.queued.add(i); });
  } else if (before && body.past.length > before.pastCount) {
    next.past = body.past.length - 1;
  } else if (ctx.last && ctx.last.length) {
    if (body.graded.length) next.graded.add(body.graded.length - 1);
    else if (body.past.length) next.past = body.past.length - 1;
  }
  memory = next;
  return next;
}

function lastClass(node, on, fresh) {
  if (on) node.classList.add("last");
  if (on && fresh) node.classList.add("fresh");
  return node;
}

// --- the board -----------------------------------------------------------------------------------

// A seat's name inside a sentence ("guess 2 by you"); `ctx.seatName` starts one.
function inSentence(ctx, p) {
  const name = ctx.seatName(p);
  return name === "You" ? "you" : name;
}

function gradedRow(entry, cards, ctx, isLast, fresh) {
  const who = inSentence(ctx, entry.player);
  const row = el("li", "guess",
    el("div", "guess-head", el("strong", "", `Guess ${entry.guess}`), ` by ${who}`),
    familyTree(entry.family, entry.suit, entry.marks),
    el("div", "grade", gradeMarks(entry), el("p", "small", gradeWords(entry, cards))));
  if (entry.red === cards) row.classList.add("win");
  return lastClass(row, isLast, fresh);
}

function matchLine(view, ctx) {
  const { body } = view;
  const owner = ctx.seatName(body.owner);
  const me = view.viewer;
  const over = view.phase === "over";
  const guessers = body.guesses_left.map((left, p) => [left, p]).filter(([left]) => left !== null);
  const line = el("div", "match-line");
  const names = guessers.map(([, p]) => ctx.seatName(p));
  const role = me === null ? `${owner} owns the family; ${listed(names)} ${names.length === 1 ? "tries" : "try"} to find it.`
    : me === body.owner ? `You own the family: ${listed(names)} ${names.length === 1 ? "tries" : "try"} to find it.`
      : `${owner} owns the family: find it${names.length > 1 ? " before the others do" : ""}.`;
  line.append(el("p", "lead-line", over ? `The match is over after ${body.games} ${body.games === 1 ? "game" : "games"}.`
    : `Game ${body.match_game} of ${body.games}. ${role}`));
  const tally = body.tally.map((wins, p) => `${ctx.seatName(p)} ${wins}`).join(" · ");
  line.append(el("p", "small", `Games won: ${tally}`));
  if (!over) {
    line.append(el("p", "small", guessers.map(([left, p]) => `${ctx.seatName(p)}: ${left} ${left === 1 ? "guess" : "guesses"} left`).join(" · ")));
  }
  return zone("The match", line);
}

function secretZone(view, ctx) {
  const { body } = view;
  if (view.phase === "over") return null;
  if (body.secret) {
    return zone("Your secret family (only you see it)", familyTree(body.secret, body.secret_suit, null, ""));
  }
  if (view.phase === "choose") {
    if (view.viewer === body.owner) return null;  // the builder above is where it is made
    return zone("The secret family", muted(`${ctx.seatName(body.owner)} is laying it out, face down.`));
  }
  const shown = body.shape
    ? backsInShape(body.shape, "a card of the secret family, face down")
    : el("div", "cards", ...body.labels.map(() => cardBack("a card of the secret family, face down")));
  return zone("The secret family, face down", shown,
    el("p", "small", body.shape ? `Its shape is known: ${body.shape_rule}. Which card sits where is the secret.`
      : `Its shape is part of the secret: ${body.shape_rule}.`));
}

function legend(body) {
  const items = Object.entries(MARKS).map(([mark, info]) => el("li", "", markCard(mark), ` ${info.words}: ${info.why}`));
  const note = body.per_card_feedback ? "Each card shows its own mark."
    : "Guessers see only how many of each a guess earned. The family owner sees which card earned which, and so does everyone once a game is over.";
  return zone("How a guess is graded", el("ul", "legend", ...items), el("p", "small", note));
}

function gradedZone(view, ctx, seen) {
  const { body } = view;
  const cards = body.labels.length;
  const list = el("ol", "guesses");
  body.graded.forEach((entry, i) => list.append(gradedRow(entry, cards, ctx, seen.graded.has(i), seen.fresh)));
  if (!body.graded.length) return zone("Graded guesses", muted("No guess graded yet in this game."));
  return zone("Graded guesses", list);
}

function queueZone(view, ctx, seen) {
  const { body } = view;
  if (!body.queue.length) return null;
  const list = el("ol", "guesses queued");
  body.queue.forEach((entry, i) => list.append(lastClass(el("li", "guess",
    el("div", "guess-head", el("strong", "", `Guess ${entry.guess}`), ` by ${inSentence(ctx, entry.player)}`),
    familyTree(entry.family, entry.suit, null), el("p", "small", "waiting to be graded")), seen.queued.has(i), seen.fresh)));
  return zone("Waiting to be graded (first in line first)", list);
}

function pastZone(view, ctx, seen) {
  const { body } = view;
  if (!body.past.length) return null;
  const cards = body.labels.length;
  const games = body.past.map((game, i) => {
    const tries = game.guesses.filter((g) => g.player === game.winner).length;
    const finder = game.winner === game.owner ? "nobody found the family"
      : `${inSentence(ctx, game.winner)} found the family in ${tries} ${tries === 1 ? "guess" : "guesses"}`;
    const box = el("details", "past-game",
      el("summary", "", `Game ${game.match_game} (family owner: ${inSentence(ctx, game.owner)}): ${finder}, a point to ${inSentence(ctx, game.winner)}`),
      el("div", "past-body", el("div", "", el("h4", "", "The family"), familyTree(game.secret, body.secret_suit, null)),
        el("ol", "guesses", ...game.guesses.map((entry) => gradedRow(entry, cards, ctx, false, false)))));
    box.open = i === body.past.length - 1 && (view.phase === "over" || !body.graded.length);
    return lastClass(box, seen.past === i, seen.fresh);
  });
  return zone(view.phase === "over" ? "The games" : "Earlier games", ...games);
}

export function draw(view, ctx) {
  ensureStyles();
  const { body } = view;
  const seen = freshness(body, ctx);
  const board = el("div", "board patriarch");
  board.append(matchLine(view, ctx));
  const choosing = view.phase === "choose";
  if (ctx.mine && body.hand.length) {
    board.append(builder(view, ctx, choosing));
    if (view.phase === "guess" && body.queue.length) {
      board.append(zone("Or wait", moveTarget("wait", "wait for the next grade before guessing again", "Wait for the next grade"),
        el("p", "small", "A guess is waiting to be graded: you may see its grade before you lay out yours.")));
    }
  }
  const over = view.phase === "over";  // the last game's guesses are then in its story
  const parts = [secretZone(view, ctx), over ? null : gradedZone(view, ctx, seen), queueZone(view, ctx, seen),
    pastZone(view, ctx, seen), legend(body)];
  for (const part of parts) if (part) board.append(part);
  return board;
}
