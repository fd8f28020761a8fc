// The Patriarch: the match (game, owner, tally), the owner's secret family (to its owner only),
// every graded guess with its red / black / face-down grade, the queue and the guesses left.

import { richText } from "../js/cards.js";
import { el, muted, zone } from "../js/draw.js";

function table(headings, rows) {
  const grid = el("table", "grades");
  grid.append(el("thead", "", el("tr", "", ...headings.map((h) => el("th", "", h)))));
  grid.append(el("tbody", "", ...rows.map((row) => el("tr", "", ...row.map((cell) => el("td", "", richText(String(cell))))))));
  return grid;
}

export function draw(view, ctx) {
  const { body } = view;
  const board = el("div", "board patriarch");
  const game = body.match_game;
  board.append(zone("match", el("p", "score",
    `game ${game} of ${body.games} · ${ctx.seatName(body.owner)} owns the family · tally ${body.tally.join("–")}`)));
  board.append(zone("the family", el("p", "", `${body.cards}: ${body.shape_rule}`)));
  if (body.secret) board.append(zone("your secret family", el("p", "score", body.secret)));
  board.append(zone("graded guesses", body.graded.length
    ? table(["player", "guess", "family", "red", "black", "face down"],
      body.graded.map((g) => [ctx.seatName(g.player), g.guess, g.family, g.red, g.black, g.face_down]))
    : muted("none yet")));
  if (body.queue.length) {
    board.append(zone("waiting to be graded", table(["player", "guess", "family"],
      body.queue.map((q) => [ctx.seatName(q.player), q.guess, q.family]))));
  }
  board.append(zone("guesses left", el("p", "",
    body.guesses_left.map((left, p) => `${ctx.seatName(p)}: ${left === null ? "owner" : left}`).join(" · "))));
  if (body.past.length) {
    board.append(zone("earlier games", table(["game", "owner", "family", "winner"],
      body.past.map((p) => [p.match_game, ctx.seatName(p.owner), p.secret, ctx.seatName(p.winner)]))));
  }
  return board;
}
