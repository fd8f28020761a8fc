// The Queen's Mercy on a card table. The Queen's Cut (the turned cards, the royal choice, the
// houses to shape or claim), then the duel: the foe's side (hand as backs, deck, discards, score,
// round wins), the trick in the middle (a back for a committed card until the reveal, the last
// trick with who won it), the viewer's side with the hand to click, and both houses' powers.
// Every card is named by the engine's label table (`body.ranks`), so a face reads exactly as its
// move and the log write it: "Joker♠", "Beast♠", "Dame♠". Reads only the view's body.

import { cardBack, richText } from "../js/cards.js";
import { cancelButton, el, moveTarget, muted, stepTarget, zone } from "../js/draw.js";

const SUIT_CLASS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
const HOUSE = { "♠": "Spades", "♥": "Hearts", "♦": "Diamonds", "♣": "Clubs" };
const TEMPER = { "♠": "power and pressure", "♥": "growth and resilience", "♦": "wealth and risk", "♣": "balance and control" };
const SUITS = ["♠", "♥", "♦", "♣"];
const POWER_RANKS = ["J", "Q", "K", "A", "X"];
const PREDICTIONS = { odd: "odd (3, 5, 7, 9)", even: "even (2, 4, 6, 8, 10)", face: "face (J, Q, K, A, Joker)" };

// ---- cards, named by the engine's label table ------------------------------------------------

function rankEntry(body, code) {
  return body.ranks.find((entry) => entry.code === code) || { code, name: code, words: code };
}

function cardName(body, card) {
  return rankEntry(body, card.slice(0, -1)).name + card.slice(-1);
}

function cardWords(body, card) {
  const [name, role] = rankEntry(body, card.slice(0, -1)).words.split(", ");
  return `${name} of ${HOUSE[card.slice(-1)]}${role ? ", " + role : ""}`;
}

function powerOf(body, card) {
  const house = body.powers[card.slice(-1)];
  return house ? house[card.slice(0, -1)] : null;
}

// A card face: its rank as the deck style names it, its suit, and its power as a tooltip.
function face(body, card, extra = "") {
  const rank = rankEntry(body, card.slice(0, -1)).name;
  const suit = card.slice(-1);
  const node = el("span", `card face ${SUIT_CLASS[suit]}${rank.length > 2 ? " long" : ""}${extra ? " " + extra : ""}`,
    el("span", "rank", rank), el("span", "suit", suit));
  const power = powerOf(body, card);
  if (power) node.append(el("span", "power-mark", "★"));
  const words = cardWords(body, card) + (power ? `: ${power[0]}, ${power[1]}` : "");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", words);
  node.title = words;
  return node;
}

// The card a move names, back from its name ("Beast♠" -> "X♠").
function codeOf(body, name) {
  const suit = name.slice(-1);
  const entry = body.ranks.find((e) => e.name === name.slice(0, -1));
  return entry ? entry.code + suit : null;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function houseTitle(suit) {
  return `${suit} ${HOUSE[suit]}`;
}

// One house's five powers (and its privilege under house rules) as a short list.
function powerList(body, suit) {
  const list = el("ul", "powers");
  for (const rank of POWER_RANKS) {
    const [name, text] = body.powers[suit][rank];
    list.append(el("li", "", el("b", "", `${rankEntry(body, rank).name}${suit} ${name}`), " — ", richText(text)));
  }
  if (body.house_rules) {
    const [name, text] = body.powers[suit].privilege;
    list.append(el("li", "privilege", el("b", "", `House Privilege: ${name}`), " — ", richText(text)));
  }
  return list;
}

function houseCard(body, suit, ...more) {
  return el("div", `house ${SUIT_CLASS[suit]}`,
    el("h4", "", el("span", `pip ${SUIT_CLASS[suit]}`, suit), ` ${HOUSE[suit]} `, el("small", "", `· ${TEMPER[suit]}`)),
    powerList(body, suit), ...more);
}

// ---- the Queen's Cut -------------------------------------------------------------------------

function cutCard(body, code, caption, won) {
  const rank = rankEntry(body, code).name;
  const card = el("span", `card face cut${rank.length > 2 ? " long" : ""}`, el("span", "rank", rank));
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", rankEntry(body, code).words);
  return el("figure", won ? "won" : "", card, el("figcaption", "", caption));
}

function queensCut(view, ctx) {
  const { body } = view;
  const cut = body.cut;
  const box = el("div", "cut");
  const seats = [0, 1].map((p) => ctx.seatName(p));
  if (cut) {
    const turned = el("div", "trick",
      cutCard(body, cut.ranks[0], `${seats[0]} turned`, cut.winner === 0),
      cutCard(body, cut.ranks[1], `${seats[1]} turned`, cut.winner === 1));
    box.append(zone("The Queen's Cut", turned,
      el("p", "", `${seats[cut.winner]} turned the higher card and wins the cut `,
        muted("(Aces high; the Joker beats face cards but loses to numbered cards)."))));
  }
  const deciding = view.to_act[0];
  const who = ctx.seatName(deciding);
  if (view.phase === "royal") {
    box.append(royalChoice(view, ctx, who));
  } else if (view.phase === "shape") {
    box.append(shapeField(view, ctx, who));
  } else if (view.phase === "claim") {
    box.append(claimHouse(view, ctx, who));
  }
  return box;
}

function royalChoice(view, ctx, who) {
  const choices = el("div", "choices");
  const words = {
    shape: ["Shape the field", "You name the two houses of this match. Your foe claims one; you play the other and lead the first trick."],
    claim: ["Claim a house", "Your foe names two houses; you take the one you prefer. Your foe plays the other and leads the first trick."],
  };
  for (const move of ["shape", "claim"]) {
    const [title, text] = words[move];
    const content = [el("b", "", title), el("span", "", text)];
    choices.append(ctx.legal.includes(move) ? moveTarget(move, `${title}: ${text}`, ...content) : el("div", "choice", ...content));
  }
  const title = ctx.mine ? "Your royal choice" : `${who} makes the royal choice`;
  return zone(title, choices, houses(view.body, null));
}

function houses(body, build) {
  const grid = el("div", "houses");
  for (const suit of SUITS) grid.append(build ? build(suit) : houseCard(body, suit));
  return grid;
}

function shapeField(view, ctx, who) {
  const { body } = view;
  if (!ctx.mine) return zone(`${who} is choosing the two houses of this match`, houses(body, null));
  const first = ctx.pick.first;
  const grid = houses(body, (suit) => {
    const card = houseCard(body, suit);
    if (first === suit) {  // the partial choice: shown, undone by Cancel (or Escape)
      card.classList.add("chosen");
      card.setAttribute("aria-label", `${HOUSE[suit]}, chosen`);
      return card;
    }
    if (!first) {
      return stepTarget(`house ${suit}`, `choose ${HOUSE[suit]} as one of the two houses`, false, () => {
        ctx.pick.first = suit;
        ctx.redraw();
      }, card);
    }
    const move = ctx.legal.find((m) => m.startsWith("shape ") && m.includes(first) && m.includes(suit));
    return move ? moveTarget(move, `shape the field with ${HOUSE[first]} and ${HOUSE[suit]}`, card) : card;
  });
  const help = first
    ? el("p", "hint", `${HOUSE[first]} is chosen. Click the second house of the match. `, cancelButton(ctx))
    : el("p", "hint", "Click two houses: your foe will claim one of them and you play the other.");
  return zone("Shape the field: choose two houses", help, grid);
}

function claimHouse(view, ctx, who) {
  const { body } = view;
  const field = body.cut.field;
  const grid = el("div", "houses");
  for (const suit of field) {
    const card = houseCard(body, suit);
    const move = `claim ${suit}`;
    grid.append(ctx.legal.includes(move) ? moveTarget(move, `claim ${HOUSE[suit]}`, card) : card);
  }
  const title = ctx.mine ? "Claim your house: click the one you want to play" : `${who} is claiming one of these houses`;
  return zone(title, el("p", "hint", `${ctx.seatName(body.cut.shaper)} shaped the field; the other house goes to them.`), grid);
}

// ---- the duel --------------------------------------------------------------------------------

function tokens(n, toWin) {
  const row = el("span", "tokens");
  for (let i = 0; i < Math.max(n, toWin); i += 1) row.append(el("span", i < n ? "token won" : "token", i < n ? "♛" : "·"));
  row.setAttribute("aria-label", `${plural(n, "round")} won`);
  return row;
}

function badges(body, player) {
  const list = el("div", "badges");
  if (body.locked[player]) list.append(el("span", "badge locked", "🔒 score locked"));
  if (body.lead === player) list.append(el("span", "badge", "trick lead"));
  if (body.house_rules) list.append(el("span", "badge", body.privilege_used[player] ? "privilege used" : "privilege ready"));
  return list;
}

function seatHeader(view, ctx, player) {
  const { body } = view;
  const suit = body.suits[player];
  const head = el("div", "seat-head",
    el("span", "who", ctx.seatName(player)),
    el("span", `house-name ${SUIT_CLASS[suit]}`, houseTitle(suit)),
    el("span", "points", el("b", "", String(body.scores[player])), body.scores[player] === 1 ? " point" : " points"),
    el("span", "rounds-won", "rounds won ", tokens(body.tokens[player], rounds(view))),
    badges(body, player));
  return head;
}

function rounds(view) {
  return view.body.rounds_to_win;
}

function pile(body, cards, what, fresh) {
  if (!cards.length) return muted("empty");
  const row = el("div", "cards pile");
  cards.forEach((card, index) => row.append(face(body, card, `small${fresh && index === cards.length - 1 ? " last" : ""}`)));
  row.setAttribute("aria-label", what);
  return row;
}

function foeSide(view, ctx, foe, fresh) {
  const { body } = view;
  const side = el("section", "side foe");
  side.append(seatHeader(view, ctx, foe));
  const row = el("div", "zones");
  const held = openChaosHand(view, ctx, foe);
  row.append(held || zone("hand", backsRow(body.hand_sizes[foe], `${ctx.seatName(foe)}'s hidden card`)));
  row.append(zone("deck", deckPile(body.deck_sizes[foe])));
  row.append(zone("discards", pile(body, body.discards[foe], `${ctx.seatName(foe)}'s discards`, fresh)));
  side.append(row);
  return side;
}

function backsRow(count, what) {
  const row = el("div", "cards");
  for (let i = 0; i < count; i += 1) row.append(cardBack(what));
  if (!count) row.append(muted("none"));
  return row;
}

function deckPile(count) {
  const box = el("div", "deck");
  if (count) box.append(cardBack(`${plural(count, "card")} in the deck`));
  box.append(el("span", "count", count ? plural(count, "card") : "empty"));
  return box;
}

// Open Market Chaos: the foe's hand is held up, and the viewer picks the card the foe plays.
function openChaosHand(view, ctx, foe) {
  const { body } = view;
  if (!body.chaos || !("my_pick" in body)) return null;
  const suit = body.suits[foe];
  const held = ctx.legal.filter((move) => move.slice(-1) === suit);
  const shown = held.length ? held.map((name) => codeOf(body, name)) : body.foe_known || [];
  const row = el("div", "cards");
  for (const card of shown) {
    const name = cardName(body, card);
    const extra = body.my_pick === card ? "committed" : "";
    row.append(ctx.legal.includes(name)
      ? moveTarget(name, `make ${ctx.seatName(foe)} play the ${cardWords(body, card)}`, face(body, card))
      : face(body, card, extra));
  }
  const title = ctx.legal.length ? `Market Chaos: pick the card ${ctx.seatName(foe)} must play` : `${ctx.seatName(foe)}'s hand, held up`;
  return zone(title, row);
}

function mySide(view, ctx, me, fresh) {
  const { body } = view;
  const side = el("section", "side mine");
  const row = el("div", "zones");
  row.append(handZone(view, ctx, me));
  row.append(zone("deck", deckPile(body.deck_sizes[me])));
  row.append(zone("discards", pile(body, body.discards[me], "your discards", fresh)));
  side.append(row, seatHeader(view, ctx, me));
  return side;
}

// The privilege gesture (house rules): choose to declare it (Diamonds: with a prediction),
// then click a numbered card; the hand's numbered cards then make the declaring moves.
function privilegeControls(view, ctx, me) {
  const { body } = view;
  if (!ctx.legal.some((move) => move.includes(" privilege"))) return null;
  const suit = body.suits[me];
  const [name, text] = body.powers[suit].privilege;
  const box = el("div", "privilege-controls");
  if (suit === "♦") {
    for (const [predict, words] of Object.entries(PREDICTIONS)) {
      const label = `${name}: predict ${words}`;
      if (ctx.pick.predict === predict) box.append(el("span", "chosen-step", `${label} ✓`));
      else {
        box.append(stepTarget(`predict ${predict}`, `declare ${name}, predicting ${words}`, false, () => {
          ctx.pick.predict = predict;
          ctx.redraw();
        }, label));
      }
    }
  } else if (ctx.pick.privilege) {
    box.append(el("span", "chosen-step", `Declaring ${name} ✓`));
  } else {
    box.append(stepTarget("privilege", `declare ${name} with a numbered card`, false, () => {
      ctx.pick.privilege = true;
      ctx.redraw();
    }, `Declare ${name}`));
  }
  const declaring = ctx.pick.privilege || ctx.pick.predict;
  box.append(el("p", "hint", declaring
    ? `Now click a numbered card (2–10) to play it with ${name}. `
    : `House Privilege, once a round: ${text}.`));
  if (declaring) box.append(cancelButton(ctx));
  return box;
}

function handZone(view, ctx, me) {
  const { body } = view;
  const hand = el("div", "cards hand");
  const chaosBlind = ctx.legal.includes("chaos");
  const suffix = ctx.pick.predict ? ` privilege ${ctx.pick.predict}` : ctx.pick.privilege ? " privilege" : "";
  for (const card of body.hand || []) {
    const committed = body.my_commit && body.my_commit.split(" ")[0] === card;
    const move = cardName(body, card) + suffix;
    if (!chaosBlind && ctx.legal.includes(move)) {
      const words = `play the ${cardWords(body, card)}${suffix ? " and declare your House Privilege" : ""}`;
      hand.append(moveTarget(move, words, face(body, card)));
    } else {
      hand.append(face(body, card, committed ? "committed" : suffix && ctx.mine ? "unplayable" : ""));
    }
  }
  if (!(body.hand || []).length) hand.append(muted("empty"));
  const parts = [hand];
  if (chaosBlind) {
    parts.unshift(moveTarget("chaos", "let Market Chaos pick your card at random",
      el("b", "", "Market Chaos: "), "click to let your card be picked at random from your hand"));
  }
  const controls = privilegeControls(view, ctx, me);
  if (controls) parts.push(controls);
  let title = "your hand";
  if (ctx.mine && !chaosBlind && !body.chaos) title = "your hand — click a card to play it face down";
  if (body.my_commit && !body.ultimatum) title = "your hand — your card is played, waiting for the reveal";
  return zone(title, ...parts);
}

function trickArea(view, ctx, me, fresh) {
  const { body } = view;
  const foe = 1 - me;
  const open = body.chaos && "my_pick" in body;  // open Market Chaos: each picks the other's card
  const slot = (player) => {
    let card;
    let caption = body.committed[player] ? "played, face down" : "choosing";
    const known = player === me && !open ? (body.my_commit || "").split(" ")[0]
      : player === foe && open ? body.my_pick || "" : "";
    if (open && player === foe) caption = body.committed[player] ? "the card you picked" : "pick their card above";
    if (open && player === me) caption = body.committed[player] ? `picked by ${ctx.seatName(foe)}, face down` : `${ctx.seatName(foe)} is picking`;
    if (known) card = face(body, known, "played");
    else if (body.committed[player]) card = cardBack(`${ctx.seatName(player)}'s card, face down`);
    else card = el("span", "card empty", player === me && ctx.mine && !open ? "your card" : "…");
    if (body.committed[player] && !known) card.classList.add("last");
    if (known && !open) caption = "played";
    return el("figure", "", card, el("figcaption", "", `${ctx.seatName(player)}: ${caption}`));
  };
  const title = view.result ? "The match is over" : `Round ${body.round} · trick ${body.trick} of 14`;
  let parts;
  if (view.result) parts = [el("p", "", "See the result: who won, and each round's score.")];
  else if (body.ultimatum) parts = [el("p", "", "The cards are revealed: the Ultimatum must be answered before the trick scores on.")];
  else parts = [el("div", "trick", slot(foe), slot(me))];
  if (body.chaos) parts.push(el("p", "chaos", "Market Chaos: this trick's cards are " + (open ? "picked by the foe from the held-up hands." : "picked at random from each hand.")));
  const area = zone(title, ...parts);
  area.classList.add("now");
  const last = lastTrick(view, ctx, me, fresh);
  return el("div", "middle", area, ...(last ? [last] : []), ...(body.ultimatum ? [ultimatum(view, ctx, me)] : []));
}

function lastTrick(view, ctx, me, fresh) {
  const { body } = view;
  const last = body.last_trick;
  if (!last || body.ultimatum) return null;
  const box = el("div", "trick");
  for (const player of [1 - me, me]) {
    const declared = last.declared[player] ? ` · ${last.declared[player]}` : "";
    box.append(el("figure", "", face(body, last.cards[player], fresh ? "last" : ""),
      el("figcaption", "", `${ctx.seatName(player)}${declared}`)));
  }
  const winner = last.winner === null || last.winner === undefined ? "a tie" : `won by ${ctx.seatName(last.winner)}`;
  const change = [1 - me, me].map((p) => `${HOUSE[body.suits[p]]} ${last.before[p]} → ${last.scores[p]}`).join(", ");
  const area = zone(`Trick ${last.trick}: ${winner}`, box, el("p", "small", change));
  area.classList.add("last-trick");
  return area;
}

// The Joker♠ Ultimatum: the revealed cards, and the two answers for the foe of the Joker.
function ultimatum(view, ctx, me) {
  const { body } = view;
  const u = body.ultimatum;
  const owner = u.joker_owner;
  const cards = el("div", "trick");
  for (const player of [1 - me, me]) {
    cards.append(el("figure", "", face(body, u.cards[player], "last"), el("figcaption", "", ctx.seatName(player))));
  }
  const parts = [cards];
  if (ctx.legal.includes("foe+1")) {
    const ownerName = ctx.seatName(owner);
    const lockedOwner = body.locked[owner] ? " (their score is locked: nothing moves)" : "";
    const broke = body.scores[u.chooser] === 0 ? " (you have 0: nothing moves)" : body.locked[u.chooser] ? " (your score is locked: nothing moves)" : "";
    const choices = el("div", "choices",
      moveTarget("foe+1", `answer the Ultimatum: ${ownerName} gains 1 point`, el("b", "", `${ownerName} +1`), el("span", "", `They gain 1 point${lockedOwner}.`)),
      moveTarget("me-1", "answer the Ultimatum: lose 1 point yourself", el("b", "", "You −1"), el("span", "", `You lose 1 point${broke}.`)));
    parts.push(el("p", "hint", "The Joker of Spades' Ultimatum: you choose how it hurts."), choices);
  } else {
    parts.push(el("p", "hint", `${ctx.seatName(u.chooser)} is choosing: ${ctx.seatName(owner)} +1, or ${ctx.seatName(u.chooser)} −1.`));
  }
  const area = zone("Ultimatum", ...parts);
  area.classList.add("ultimatum");
  return area;
}

function roundsPlayed(view, ctx) {
  const { body } = view;
  if (!body.rounds || !body.rounds.length) return null;
  const list = el("ol", "rounds");
  body.rounds.forEach(([first, second, winner]) => {
    const won = winner === null || winner === undefined ? "drawn" : `won by ${ctx.seatName(winner)}`;
    list.append(el("li", "", `${HOUSE[body.suits[0]]} ${first}, ${HOUSE[body.suits[1]]} ${second}: ${won}`));
  });
  const starting = !view.result && body.trick === 1 && !body.committed.some(Boolean);
  const title = starting ? `Round ${body.round} begins — rounds played` : "Rounds played";
  const box = zone(title, list);
  if (starting) box.classList.add("last");
  return box;
}

function powersPanel(view, ctx, me) {
  const { body } = view;
  const foe = 1 - me;
  const panel = el("details", "powers-panel",
    el("summary", "", "What the cards do: Jacks, Queens, Kings, Aces and Jokers carry powers"),
    el("p", "small", "The higher card wins the trick and 1 point (Aces high). The Joker beats face cards (J, Q, K, A) but loses to numbered cards. A round ends when someone reaches 10 points or after 14 tricks; win two rounds to win the match."),
    el("div", "houses", houseCard(body, body.suits[me], el("p", "small", ctx.seatName(me))), houseCard(body, body.suits[foe], el("p", "small", ctx.seatName(foe)))));
  panel.open = window.matchMedia("(min-width: 700px)").matches;  // a phone keeps the table in view
  return panel;
}

export function draw(view, ctx) {
  const { body } = view;
  const board = el("div", "board qm");
  if (!body.suits) {
    board.append(queensCut(view, ctx));
    return board;
  }
  const me = view.viewer === null ? 0 : view.viewer;
  // Just revealed: no card committed now, and the last trick is the one before this one.
  const fresh = ctx.last.length > 0 && !body.committed.some(Boolean) && Boolean(body.last_trick) && !body.ultimatum;
  board.append(foeSide(view, ctx, 1 - me, fresh));
  board.append(trickArea(view, ctx, me, fresh));
  board.append(mySide(view, ctx, me, fresh));
  const played = roundsPlayed(view, ctx);
  if (played) board.append(played);
  board.append(powersPanel(view, ctx, me));
  return board;
}
