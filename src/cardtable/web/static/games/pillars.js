// Pillars: the four battle zones by suit (each player's side with its value against the limit),
// both players' scoring piles, the deck, the discard, hand sizes, and the viewer's hand.

import { richText } from "../js/cards.js";
import { backs, cards, el, zone } from "../js/draw.js";

export function draw(view, ctx) {
  const { body } = view;
  const board = el("div", "board pillars");
  const me = view.viewer === null ? 0 : view.viewer;
  const foe = 1 - me;
  const players = [foe, me];
  for (const player of players.filter((p) => p !== view.viewer)) {  // spectators see both backs
    board.append(zone(`${ctx.seatName(player)}'s hand`, backs(body.hand_sizes[player], `${ctx.seatName(player)}'s hidden card`)));
  }
  const battles = el("div", "group");
  for (const [suit, sides] of Object.entries(body.zones)) {
    const values = body.zone_values[suit];
    const column = el("div", "nested");
    for (const player of players) {
      column.append(el("small", "", `${ctx.seatName(player)}: ${values[player]} / ${body.limits[player]}`), cards(sides[player]));
    }
    battles.append(zone(`${suit} zone`, column));
  }
  board.append(zone("battles", battles));
  for (const player of players) {
    const piles = el("div", "group");
    for (const [pile, held] of Object.entries(body.scored[player])) piles.append(zone(pile, cards(held)));
    board.append(zone(`${ctx.seatName(player)} scored`, piles));
  }
  const table = el("div", "group",
    zone("deck", el("p", "", `${body.deck} cards`)),
    zone("discard", cards(body.discard)),
    zone("actions left", el("p", "", String(body.actions_left))));
  if (body.pending_takes && body.pending_takes.length) table.append(zone("battles won, to take", richText(body.pending_takes.join(", "))));
  board.append(table);
  if (body.hand) board.append(zone("your hand", cards(body.hand)));
  if (body.known_opponent_cards && body.known_opponent_cards.length) {
    board.append(zone("your cards the opponent holds", cards(body.known_opponent_cards)));
  }
  return board;
}
