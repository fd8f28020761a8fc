// Pillars: the opponent's side at the top (hand as backs, scored piles), the four battles in
// the middle (each player's side with its card count and worth against the limit, who leads),
// the running count of majorities, and the viewer's side at the bottom: scored piles (click one
// for its Magic), the hand (select cards, then click Attack, Defend or Crawl on a battle) and
// the turn's other actions. Only legal moves are offered: a battle shows a target only when the
// selected cards make a legal move there, read from the legal list the page gives.

import { cardFace, richText } from "../js/cards.js";
import { backs, cancelButton, el, moveTarget, muted, stepTarget } from "../js/draw.js";

const ZONES = ["♥", "♠", "♦", "♣"];
const PILES = [...ZONES, "faces"];
const SUIT_NAMES = { "♥": "hearts", "♠": "spades", "♦": "diamonds", "♣": "clubs" };
const PILE_NAMES = { ...SUIT_NAMES, faces: "faces" };

// A move target spoken in the engine's words for it when the page has them.
function target(ctx, move, fallback, ...content) {
  return moveTarget(move, (ctx.words && ctx.words[move]) || fallback, ...content);
}

// The cards of the hinted move that need a step first (a play's hand cards, the Jack or King
// whose Magic aims): marked so the hint shows on the board before its gesture.
function hintedSteps(ctx) {
  const [verb, ...rest] = (ctx.hint || "").split(" ");
  if (["attack", "defend", "crawl"].includes(verb)) return new Set(rest.slice(1).map((card) => `card-${card}`));
  if (verb === "magic" && ["J", "K"].includes(rest[0]) && rest.length === 2) return new Set([`magic-${rest[0]}`]);
  return new Set();
}

// The last move's cards glide in once, on the first drawing of that move (not on the redraws of
// a gesture's steps).
let arrived = null;

const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const possessive = (name) => (/^you$/i.test(name) ? "Your" : `${name}'s`);
const setKey = (cards) => [...cards].sort().join(" ");

// The legal list, read once per drawing into what each board element needs to know.
function readLegal(legal, total) {
  const moves = { partial: total > legal.length, plays: new Map(), takes: new Map(), pileMagic: new Map(), jack: new Map(),
    king: new Map(), bare: new Set(), inPlays: new Set() };
  for (const move of legal) {
    const [verb, ...rest] = move.split(" ");
    if (["attack", "defend", "crawl"].includes(verb)) {
      const [suit, ...cards] = rest;
      moves.plays.set(`${suit}|${setKey(cards)}|${verb}`, move);
      cards.forEach((card) => moves.inPlays.add(card));
    } else if (verb === "take") {
      moves.takes.set(rest[0], move);
    } else if (verb === "magic" && rest[0] === "J") {
      moves.jack.set(rest[1] || "", move);
    } else if (verb === "magic" && rest[0] === "K") {
      moves.king.set(rest[1] || "", move);
    } else if (verb === "magic" && rest[0] !== "Q") {
      moves.pileMagic.set(rest[1], move);
    } else {
      moves.bare.add(move);  // score, harvest, end, magic Q
    }
  }
  moves.playSets = [...moves.plays.keys()].map((key) => key.split("|")[1].split(" "));
  return moves;
}

// Whether some legal play holds every card of `cards`.
function extendable(moves, cards) {
  return moves.playSets.some((set) => cards.every((card) => set.includes(card)));
}

function cardsOrNone(list, marked = () => false) {
  if (!list.length) return muted("no cards");
  const row = el("div", "cards");
  for (const card of list) {
    const face = cardFace(card);
    if (marked(card)) face.classList.add("last", "fresh");
    row.append(face);
  }
  return row;
}

function sideLine(body, suit, player, ctx) {
  const cards = body.zones[suit][player];
  const worth = body.zone_values[suit][player];
  const limit = body.limits[player];
  const over = worth > limit ? " — over the limit" : worth === limit && cards.length ? " — at the limit" : "";
  return el("p", "pl-side-line", el("span", "pl-who", `${ctx.seatName(player)}: `),
    `${count(cards.length, "card")}, worth ${worth} of ${limit}${over}`);
}

function leadLine(body, suit, me, ctx) {
  const sides = body.zones[suit];
  if (!sides[0].length && !sides[1].length) return el("p", "pl-lead open", "Empty: open to attack");
  const leader = body.battle_leads[suit];
  if (leader === null || leader === undefined) return el("p", "pl-lead level", `Level, ${sides[0].length}–${sides[1].length}`);
  const text = `${ctx.seatName(leader)} ${/^you$/i.test(ctx.seatName(leader)) ? "lead" : "leads"} ${sides[leader].length}–${sides[1 - leader].length}`;
  return el("p", `pl-lead ${leader === me ? "mine" : "theirs"}`, text);
}

// One side of a battle: its cards, each a "take" target while a won battle waits for its take.
function battleSide(body, suit, player, moves, last, ctx) {
  const cards = body.zones[suit][player];
  const row = el("div", "cards pl-side");
  if (!cards.length) row.append(muted("—"));
  for (const card of cards) {
    const face = cardFace(card);
    if (last && last.suit === suit && last.player === player && ["attack", "defend", "crawl"].includes(last.kind) && last.cards.includes(card)) {
      face.classList.add("last", "fresh");
    }
    const take = moves.takes.get(card);
    row.append(take ? target(ctx, take, `keep the ${face.getAttribute("aria-label")} from the ${SUIT_NAMES[suit]} battle`, face) : face);
  }
  return row;
}

// A play in the engine's notation, for a list too long to be sent whole (the page gets the
// first 500 moves): cards Ace low to King, suits in table order. The view's play rules say which
// cards may join a battle and what the value limit weighs (rules.py: may_join, within_limit),
// so only a legal play is offered; the server checks it again.
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const cardOrder = (card) => RANK_ORDER.indexOf(card.slice(0, -1)) * 4 + ZONES.indexOf(card.slice(-1));
const isFace = (card) => ["J", "Q", "K"].includes(card.slice(0, -1));

// The worth of a battle side (or of one action's cards): the number cards' total, and each face
// worth the highest number card beside it, or the face-only value when there is none.
function sideValue(cards, faceOnlyValue) {
  let total = 0, top = 0, faces = 0;
  for (const card of cards) {
    if (isFace(card)) { faces += 1; continue; }
    const value = card.startsWith("A") ? 1 : Number(card.slice(0, -1));
    total += value;
    top = Math.max(top, value);
  }
  return total + faces * (top || faceOnlyValue);
}

export function unlistedPlay(body, me, suit, verb, cards) {
  const rules = body.play_rules;
  const engaged = body.zones[suit][0].length + body.zones[suit][1].length > 0;
  if (!cards.every((card) => card.endsWith(suit) || (rules.faces_any_suit && isFace(card)))) return null;
  if (verb === "attack" ? engaged : !engaged) return null;
  if (verb === "crawl" && cards.length !== 1) return null;
  if (verb !== "crawl") {
    const weighed = rules.limit_scope === "action" ? cards : [...body.zones[suit][me], ...cards];
    if (sideValue(weighed, rules.face_only_value) > body.limits[me]) return null;
  }
  return `${verb} ${suit} ${[...cards].sort((a, b) => cardOrder(a) - cardOrder(b)).join(" ")}`;
}

// What the current partial choice can do on this battle: the plays of exactly the selected
// cards here, or the King's clearing of it.
function battleTargets(body, me, suit, moves, pick, ctx) {
  const box = el("div", "pl-targets");
  if (pick.face === "K") {
    const move = moves.king.get(suit);
    if (move) box.append(target(ctx, move, `magic: discard a scored king to clear the ${SUIT_NAMES[suit]} battle`, richText(`Clear the ${suit} battle`)));
    return box;
  }
  const selected = pick.cards || [];
  if (!selected.length) return box;
  const words = selected.map((card) => card).join(" ");
  for (const [verb, label] of [["attack", "Attack"], ["defend", "Defend"], ["crawl", "Crawl"]]) {
    const move = moves.plays.get(`${suit}|${setKey(selected)}|${verb}`) ||
      (moves.partial ? unlistedPlay(body, me, suit, verb, selected) : null);
    if (!move) continue;
    const help = verb === "crawl" ? " (no limit)" : "";
    box.append(target(ctx, move, `${verb} ${SUIT_NAMES[suit]} with ${words}`, richText(`${label} ${suit}${help}`)));
  }
  return box;
}

function battles(body, view, me, foe, moves, ctx) {
  const row = el("div", "pl-battles");
  const last = body.last;
  for (const suit of ZONES) {
    const won = body.pending_takes.includes(suit);
    const column = el("section", `pl-battle ${SUIT_NAMES[suit]}${won ? " won" : ""}`);
    const cleared = last && last.kind === "magic" && last.move.startsWith("magic K") && last.suit === suit;
    if (cleared) column.classList.add("last", "fresh");
    column.append(el("h3", "", richText(`${suit} battle`)));
    column.append(battleSide(body, suit, foe, moves, last, ctx), sideLine(body, suit, foe, ctx));
    column.append(leadLine(body, suit, me, ctx));
    if (won) column.append(el("p", "pl-note", "Won: take one card"));
    if (cleared) column.append(el("p", "pl-note", "Just cleared by a King"));
    column.append(sideLine(body, suit, me, ctx), battleSide(body, suit, me, moves, last, ctx));
    column.append(battleTargets(body, me, suit, moves, ctx.pick, ctx));
    row.append(column);
  }
  return row;
}

// A player's five scoring piles; the viewer's cards are Magic targets when the Magic is legal,
// the opponent's are targets of a Jack chosen first.
function scoredPiles(body, player, me, moves, ctx) {
  const row = el("div", "pl-piles");
  const last = body.last;
  const lastKept = last && last.kind === "take" && last.player === player ? last.cards[0] : null;
  for (const pile of PILES) {
    const held = body.scored[player][pile];
    const holder = body.majorities[pile];
    const box = el("div", `pl-pile${holder === player ? " majority" : ""}`);
    const points = body.pile_points[player][pile];
    const unit = pile === "faces" || points === held.length ? "card" : "point";
    const heading = el("h4", "", richText(pile === "faces" ? "Faces" : pile), ` ${points}`,
      el("span", "pl-unit", ` ${points === 1 ? unit : unit + "s"}`), holder === player ? " ★" : "");
    heading.title = `${count(points, unit)}${holder === player ? ", the majority" : ""}`;
    box.append(heading);
    const cards = el("div", "cards");
    for (const card of held) {
      const face = cardFace(card);
      face.classList.add("small");
      if (card === lastKept) face.classList.add("last", "fresh");
      cards.append(pileCard(card, face, player, me, moves, ctx));
    }
    if (!held.length) cards.append(muted("none"));
    box.append(cards);
    row.append(box);
  }
  return row;
}

function pileCard(card, face, player, me, moves, ctx) {
  const name = face.getAttribute("aria-label");
  if (player === me) {
    const pile = moves.pileMagic.get(card);
    if (pile) {
      const effect = card.endsWith("♥") ? "for two more actions" : "for no effect";
      return target(ctx, pile, `magic: discard your scored ${name} ${effect}`, face);
    }
    const rank = card.slice(0, -1);
    if (rank === "Q" && moves.bare.has("magic Q")) {
      return target(ctx, "magic Q", "magic: discard a scored queen to take three random cards from the opponent's hand", face);
    }
    if (rank === "J" && moves.jack.size) return faceStep("J", moves.jack, face, name, ctx);
    if (rank === "K" && moves.king.size) return faceStep("K", moves.king, face, name, ctx);
    return face;
  }
  if (ctx.pick.face === "J" && moves.jack.has(card)) {
    return target(ctx, moves.jack.get(card), `magic: discard a scored jack to discard the opponent's scored ${name}`, face);
  }
  return face;
}

// A Jack or King of the viewer's faces pile: its Magic at once when it has nothing to aim at,
// else the first step (a card of the opponent's piles or a battle is the second).
function faceStep(rank, targets, face, name, ctx) {
  const word = rank === "J" ? "jack" : "king";
  if (targets.has("")) {
    const nothing = rank === "J" ? "the opponent has scored nothing" : "no battle to clear";
    return target(ctx, targets.get(""), `magic: discard a scored ${word} (${nothing})`, face);
  }
  const aim = rank === "J" ? "then click a card the opponent scored" : "then click a battle to clear";
  return stepTarget(`magic-${rank}`, `use the ${name} for Magic, ${aim}`, ctx.pick.face === rank, () => {
    if (ctx.pick.face === rank) delete ctx.pick.face;
    else { ctx.pick.face = rank; ctx.pick.cards = []; }
    ctx.redraw();
  }, face);
}

function hand(body, moves, ctx) {
  const row = el("div", "cards pl-hand");
  const selected = ctx.pick.cards || [];
  for (const card of body.hand) {
    const face = cardFace(card);
    const name = face.getAttribute("aria-label");
    const chosen = selected.includes(card);
    const can = chosen || (!ctx.pick.face && (moves.partial && ctx.mine && !body.pending_takes.length ||
      moves.inPlays.has(card) && extendable(moves, [...selected, card])));
    if (!can) {
      if (ctx.mine && !moves.inPlays.has(card)) face.classList.add("unplayable");
      row.append(face);
      continue;
    }
    row.append(stepTarget(`card-${card}`, chosen ? `unselect the ${name}` : `select the ${name}`, chosen, () => {
      const now = ctx.pick.cards || [];
      ctx.pick.cards = now.includes(card) ? now.filter((c) => c !== card) : [...now, card];
      delete ctx.pick.face;
      ctx.redraw();
    }, face));
  }
  if (!body.hand.length) row.append(muted("no cards"));
  return row;
}

// The turn's actions that belong to no card: Score (with what it would win), Harvest, End,
// and the partial choice with its Cancel.
function actionBar(body, me, moves, ctx) {
  const bar = el("div", "pl-actions");
  const pick = ctx.pick;
  if (pick.cards && pick.cards.length) {
    const places = [...moves.plays.keys()].map((key) => key.split("|"))
      .filter(([, cards]) => cards === setKey(pick.cards))
      .map(([suit, , verb]) => `${verb[0].toUpperCase()}${verb.slice(1)} ${suit}`);
    const next = places.length ? `now click ${places.join(" or ")} on its battle` : "select more cards to make a play";
    bar.append(el("p", "pl-pick", richText(`Selected ${pick.cards.join(" ")}: ${next}.`)), cancelButton(ctx));
  } else if (pick.face) {
    const aim = pick.face === "J" ? "click a card the opponent scored to discard it" : "click Clear on a battle";
    bar.append(el("p", "pl-pick", `Magic with a ${pick.face === "J" ? "Jack" : "King"}: ${aim}.`), cancelButton(ctx));
  }
  if (moves.bare.has("score")) {
    const wins = ZONES.filter((suit) => body.battle_leads[suit] === me);
    const words = wins.length ? `Score: win ${wins.join(" ")}` : "Score (wins nothing: a pass)";
    bar.append(target(ctx, "score", `score: win every battle where you have more cards${wins.length ? "" : " (none now)"}`, richText(words)));
  }
  if (moves.bare.has("harvest")) {
    const draws = Math.min(body.scored[me]["♣"].length, body.deck);
    bar.append(target(ctx, "harvest", `harvest: draw ${count(draws, "card")}, one per scored club`, richText(`Harvest: draw ${draws} (one per scored ♣)`)));
  }
  if (moves.bare.has("end")) {
    bar.append(target(ctx, "end", `end the turn, giving up ${count(body.actions_left, "action")}`, `End turn (give up ${count(body.actions_left, "action")})`));
  }
  if (body.pending_takes.length && ctx.mine) {
    bar.append(el("p", "pl-pick", richText(`You won ${body.pending_takes.join(" ")}: click the card to keep from each (either side); the rest is discarded.`)));
  } else if (ctx.mine && !pick.face && !(pick.cards && pick.cards.length)) {
    bar.append(el("p", "pl-pick muted-on-felt", "Or select cards in your hand, then a battle; click a scored ♥ or face card for Magic."));
  }
  return bar;
}

// The running count: who holds each scoring pile's majority now, and who would win.
function tally(body, view, me, foe, ctx) {
  const over = Boolean(view.result);
  const box = el("section", "pl-tally");
  box.append(el("h3", "", over ? "Majorities, final" : "Majorities now"));
  const list = el("ul", "");
  for (const pile of PILES) {
    const holder = body.majorities[pile];
    const mine = body.pile_points[me][pile];
    const theirs = body.pile_points[foe][pile];
    const who = holder === null || holder === undefined ? "tied" : ctx.seatName(holder);
    const item = el("li", holder === me ? "mine" : holder === foe ? "theirs" : "tied", richText(`${pile === "faces" ? "Faces" : pile} ${mine}–${theirs}: ${who}`));
    list.append(item);
  }
  box.append(list);
  const held = [me, foe].map((p) => PILES.filter((pile) => body.majorities[pile] === p).length);
  const leader = body.leading === null || body.leading === undefined ? null : ctx.seatName(body.leading);
  const wins = leader && (over ? (/^you$/i.test(leader) ? `${leader} win` : `${leader} wins`) : `${leader} would win now`);
  const score = `${ctx.seatName(me)} ${held[0]}, ${ctx.seatName(foe)} ${held[1]}`;
  let verdict;
  if (!leader) verdict = `${score}; ♦ tied: ${over ? "a draw" : "a draw if it ended now"}`;
  else if (held[0] === held[1]) verdict = `${score}; ♦ breaks the tie: ${wins}`;
  else verdict = `${score}: ${wins}`;
  box.append(el("p", "pl-verdict", richText(verdict)));
  return box;
}

function seatHeader(body, view, player, ctx, extra) {
  const name = ctx.seatName(player);
  const turn = view.to_act.includes(player);
  const bits = [`limit ${body.limits[player]}`, `${count(body.hand_sizes[player], "card")} in hand`];
  if (turn && !view.result) bits.push(body.pending_takes.length ? "taking the cards won" : `${count(body.actions_left, "action")} left`);
  const header = el("div", `pl-seat-head${turn ? " on-turn" : ""}`, el("h3", "", name), el("span", "pl-facts", bits.join(" · ")));
  if (extra) header.append(extra);
  return header;
}

export function draw(view, ctx) {
  const { body } = view;
  const moment = JSON.stringify([body.last, body.deck, body.hand_sizes, body.discard.length]);
  const fresh = typeof ctx.fresh === "boolean" ? ctx.fresh : moment !== arrived;
  arrived = moment;
  const me = view.viewer === null ? 0 : view.viewer;
  const foe = 1 - me;
  const moves = readLegal(ctx.legal || [], ctx.legalTotal || 0);
  const board = el("div", "board pillars");

  const top = el("section", "pl-seat foe");
  top.append(seatHeader(body, view, foe, ctx));
  top.append(backs(body.hand_sizes[foe], `${possessive(ctx.seatName(foe))} hidden card`));
  if (body.known_opponent_cards && body.known_opponent_cards.length) {
    top.append(el("p", "pl-known", `Your cards they took by a Queen:`), cardsOrNone(body.known_opponent_cards));
  }
  top.append(el("h4", "pl-piles-title", `${possessive(ctx.seatName(foe))} scored cards`), scoredPiles(body, foe, me, moves, ctx));
  board.append(top);

  const middle = el("div", "pl-middle");
  middle.append(battles(body, view, me, foe, moves, ctx));
  const side = el("div", "pl-side-panel", tally(body, view, me, foe, ctx),
    el("p", "pl-deck", `Deck: ${count(body.deck, "card")} · discarded: ${body.discard.length}`));
  middle.append(side);
  board.append(middle);

  const bottom = el("section", "pl-seat me");
  bottom.append(el("h4", "pl-piles-title", `${possessive(ctx.seatName(me))} scored cards`), scoredPiles(body, me, me, moves, ctx));
  if (body.hand) {
    bottom.append(seatHeader(body, view, me, ctx));
    if (ctx.mine) bottom.append(actionBar(body, me, moves, ctx));
    bottom.append(hand(body, moves, ctx));
  } else {
    bottom.append(seatHeader(body, view, me, ctx), backs(body.hand_sizes[me], `${possessive(ctx.seatName(me))} hidden card`));
  }
  board.append(bottom);
  if (!fresh) board.querySelectorAll(".fresh").forEach((node) => node.classList.remove("fresh"));
  const hinted = hintedSteps(ctx);
  board.querySelectorAll("[data-step]").forEach((node) => {
    if (hinted.has(node.dataset.step)) node.classList.add("pl-hinted");
  });
  return board;
}
