// Match 2-52: the 4×4 grid (face-up cards, face-down backs, and the face-down cards the viewer
// knows marked as such), the deck with its known bottom, both catch zones and the turn count.

import { cardBack, cardFace } from "../js/cards.js";
import { cards, el, zone } from "../js/draw.js";

function cell(item, viewer) {
  const known = !item.up && item.card !== null;
  const face = item.card === null ? cardBack(`face-down card at ${item.slot}`) : cardFace(item.card);
  if (known) {
    face.classList.add("known");
    const who = item.known_to.includes(viewer) ? "you know it" : "known";
    face.setAttribute("aria-label", `${face.getAttribute("aria-label")}, face down (${who}) at ${item.slot}`);
  }
  return el("div", "slot", face, el("small", "", known ? `${item.slot} · face down` : item.slot));
}

export function draw(view, ctx) {
  const { body } = view;
  const board = el("div", "board match");
  const turns = body.turns_played;
  board.append(zone("turn", el("p", "score", `${turns} of ${body.max_turns} · actions left ${body.actions_left}`)));
  const grid = el("div", "cards slots");
  for (const row of body.grid) for (const item of row) grid.append(cell(item, view.viewer));
  board.append(zone("grid", grid));
  const deck = el("div", "", el("p", "", `${body.deck.size} cards, ${body.deck.unknown} unseen`));
  if (body.deck.bottom.length) deck.append(el("small", "", "known bottom:"), cards(body.deck.bottom));
  board.append(zone("deck", deck));
  body.catch.forEach((caught, player) => {
    board.append(zone(`${ctx.seatName(player)} caught ${caught.length}`, cards(caught)));
  });
  const pending = body.pending || {};
  if (pending.pairs && pending.pairs.length) {
    board.append(zone("pairs to choose from", el("p", "", pending.pairs.map((pair) => pair.join("+")).join(", "))));
  }
  if (pending.specials && pending.specials.length) {
    board.append(zone("special matches to carry out", el("p", "", pending.specials.join(", "))));
  }
  return board;
}
