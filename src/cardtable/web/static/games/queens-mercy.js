// The Queen's Mercy: the foe's side (hand and deck as backs, discards, score, tokens), the trick
// being committed (a back for a committed card until the reveal), the last trick, then the
// viewer's own side with the hand as cards to click. Reads only the view's body.

import { cardBack, cardFace, richText } from "../js/cards.js";
import { backs, cardRow, drawValue, el, muted, zone } from "../js/draw.js";

function side(body, view, player, ctx) {
  const me = view.viewer === player;
  const name = ctx.seatName(player);
  const suit = body.suits ? body.suits[player] : null;
  const parts = el("div", "player");
  const stats = `score ${body.scores[player]} · rounds won ${body.tokens[player]}` +
    (body.locked[player] ? " · locked" : "") + (body.privilege_used && body.privilege_used[player] ? " · privilege used" : "");
  parts.append(zone(`${name}${suit ? " — " + suit : ""}`, el("p", "score", richText(stats))));
  if (me && body.hand) {
    const hand = el("div", "cards");
    for (const card of body.hand) {
      const face = cardFace(card);
      if (card === body.my_commit) {  // committed, still in hand until the reveal
        face.classList.add("committed");
        face.setAttribute("aria-label", `${face.getAttribute("aria-label")}, committed`);
      }
      if (ctx.play && ctx.legal.includes(card)) {
        const button = el("button", "move card-button", face);
        button.type = "button";
        button.setAttribute("aria-label", `commit ${face.getAttribute("aria-label")}`);
        button.addEventListener("click", () => ctx.play(card));
        hand.append(button);
      } else {
        hand.append(face);
      }
    }
    parts.append(zone("your hand", body.hand.length ? hand : muted("none")));
  } else {
    parts.append(zone("hand", backs(body.hand_sizes[player], `${name}'s hidden card`)));
  }
  parts.append(zone("deck", el("p", "", `${body.deck_sizes[player]} cards`)));
  parts.append(zone("discards", body.discards[player].length ? cardRow(body.discards[player]) : el("span", "muted", "none")));
  return parts;
}

function trick(body, view, ctx) {
  const box = el("div", "trick");
  for (const player of [0, 1]) {
    let card;
    const mine = view.viewer === player ? body.my_commit : null;
    if (mine) card = cardFace(mine);
    else if (body.committed[player]) card = cardBack(`${ctx.seatName(player)} has committed a card`);
    else card = el("span", "muted", "not yet");
    box.append(el("figure", "", card, el("figcaption", "", ctx.seatName(player))));
  }
  return zone(`round ${body.round} · trick ${body.trick} · lead ${ctx.seatName(body.lead)}`, box);
}

function lastTrick(last, ctx) {
  if (!last) return null;
  const box = el("div", "trick");
  last.cards.forEach((card, player) => {
    box.append(el("figure", "", cardFace(card), el("figcaption", "", `${ctx.seatName(player)}${last.declared[player] ? " · " + last.declared[player] : ""}`)));
  });
  const winner = last.winner === null || last.winner === undefined ? "a tie" : `won by ${ctx.seatName(last.winner)}`;
  return zone(`last trick (${winner}), scores ${last.scores.join("–")}`, box);
}

export function draw(view, ctx) {
  const { body } = view;
  const board = el("div", "board qm");
  if (!body.suits) {  // the Queen's Cut: no suits yet
    board.append(drawValue("the Queen's cut", body.cut));
    return board;
  }
  const me = view.viewer === null ? 1 : view.viewer;
  board.append(side(body, view, 1 - me, ctx));
  const middle = el("div", "player", trick(body, view, ctx));
  const last = lastTrick(body.last_trick, ctx);
  if (last) middle.append(last);
  if (body.chaos) middle.append(zone("market chaos", el("p", "", "each player picks the foe's card")));
  if (body.ultimatum) middle.append(drawValue("Joker♠ ultimatum", body.ultimatum));
  if (body.foe_known && body.foe_known.length) middle.append(zone("foe's cards you know", cardRow(body.foe_known)));
  board.append(middle);
  board.append(side(body, view, me, ctx));
  if (body.rounds && body.rounds.length) {
    const rounds = el("ol", "");
    for (const [first, second, winner] of body.rounds) {
      const won = winner === null || winner === undefined ? "drawn" : `won by ${ctx.seatName(winner)}`;
      rounds.append(el("li", "", `${first}–${second}, ${won}`));
    }
    board.append(zone("rounds played", rounds));
  }
  return board;
}
