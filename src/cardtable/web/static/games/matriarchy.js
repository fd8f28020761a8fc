// Matriarchy: each player's four tower slots (bottom card first), Moat, score (and what the end
// would leave now) and closed towers; in the middle the deck, the communal pile and the drawn card.

import { cardFace } from "../js/cards.js";
import { cards, el, muted, zone } from "../js/draw.js";

function side(seat, ctx) {
  const towers = el("div", "group");
  seat.towers.forEach((tower, index) => towers.append(zone(`tower ${index + 1}`, cards(tower))));
  const part = el("div", "player",
    zone(`${ctx.seatName(seat.seat)} — ${seat.colour}`, el("p", "score",
      `score ${seat.score} (${seat.final_if_ended_now} if it ended now) · kings ${seat.kings_resolved}`)),
    zone("towers", towers),
    zone(`moat${seat.moat_sealed ? " (sealed)" : ""}`, cards(seat.moat)));
  if (seat.closed.length) part.append(zone("closed towers", cards(seat.closed)));
  return part;
}

export function draw(view, ctx) {
  const { body } = view;
  const board = el("div", "board matriarchy");
  const me = view.viewer === null ? 0 : view.viewer;
  const order = [...body.players].sort((a, b) => (a.seat === me) - (b.seat === me));
  board.append(side(order[0], ctx));
  board.append(el("div", "player",
    zone("deck", el("p", "", `${body.deck_size} cards`)),
    zone("communal pile (top first)", cards(body.communal)),
    zone(`drawn${body.drawn_from ? " from the " + body.drawn_from : ""}`, body.drawn ? cardFace(body.drawn) : muted("nothing")),
    zone("out of play", cards(body.out))));
  board.append(side(order[1], ctx));
  return board;
}
