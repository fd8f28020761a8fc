"""Tabulate Match 2-52's win chances by catch counts from heuristic self-play.

    python scripts/match_value_table.py [GAMES]

Plays GAMES seeded games (default 5,000; about two CPU-minutes) of the heuristic bot against
itself and, at the start of every turn, notes the two catch counts (the mover's, the other's)
and how the game ended for the mover (1 win, 1/2 draw, 0 loss). Each cell of the table is its
mean outcome, pulled towards a logistic fit in the two counts by ``PRIOR_WEIGHT`` pseudo-games,
so that a pair of counts seen only a few times gets the trend of its neighbours rather than
its own noise, and then made monotone (``monotone``). Writes ``cardtable/games/match_2_52/value_table.json`` (the same file for the
same GAMES: the games are seeded).
"""

from __future__ import annotations

import itertools
import json
import math
import sys
import time

import cardtable
from cardtable.core.table import Table
from cardtable.games.match_2_52 import value
from cardtable.games.match_2_52.board import ACTION
from cardtable.games.match_2_52.rules import ACTIONS_PER_TURN, WIN_AT

PRIOR_WEIGHT = 20.0
"""Pseudo-games of the logistic fit added to every cell."""

Cells = list[list[float]]


def tally(games: int) -> tuple[Cells, Cells]:
    """Outcomes summed and turn starts counted, by (mover's count, other's count)."""
    game = cardtable.load("match-2-52")
    heuristic = game.bots()["heuristic"]
    won = [[0.0] * WIN_AT for _ in range(WIN_AT)]
    seen = [[0.0] * WIN_AT for _ in range(WIN_AT)]
    for seed in range(games):
        table = Table(game, [heuristic(game, 2 * seed + 1), heuristic(game, 2 * seed + 2)],
                      seed, keep_record=False, check_choices=False)
        state, starts = table.state, []
        while not state.is_over():
            if state.phase is ACTION and state.actions_left == ACTIONS_PER_TURN:
                mover = state.current
                starts.append((mover, len(state.catch[mover]), len(state.catch[1 - mover])))
            table.step()
        returns = state.result().returns()
        for mover, mine, theirs in starts:
            won[mine][theirs] += returns[mover]
            seen[mine][theirs] += 1
    return won, seen


def logistic_fit(won: Cells, seen: Cells) -> list[float]:
    """Weights (bias, mover's count, other's count) of a logistic fit to the outcomes, by
    Newton's method on the counts (a handful of steps converge)."""
    weights = [0.0, 0.0, 0.0]
    cells = [((1.0, m, o), won[m][o], seen[m][o])
             for m in range(WIN_AT) for o in range(WIN_AT) if seen[m][o]]
    for _ in range(25):
        gradient = [0.0] * 3
        hessian = [[0.0] * 3 for _ in range(3)]
        for features, total, count in cells:
            p = 1.0 / (1.0 + math.exp(-sum(w * x for w, x in zip(weights, features, strict=True))))
            for i in range(3):
                gradient[i] += features[i] * (total - count * p)
                for j in range(3):
                    hessian[i][j] += features[i] * features[j] * count * p * (1 - p)
        weights = [w + d for w, d in zip(weights, solve3(hessian, gradient), strict=True)]
    return weights


def solve3(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of a 3x3 linear system, by Cramer's rule."""
    def det(m: list[list[float]]) -> float:
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    whole = det(matrix)
    return [det([row[:i] + [v] + row[i + 1:] for row, v in zip(matrix, vector, strict=True)])
            / whole for i in range(3)]


def smoothed(won: Cells, seen: Cells) -> list[list[float]]:
    bias, per_mine, per_theirs = logistic_fit(won, seen)
    rows = []
    for m in range(WIN_AT):
        row = []
        for o in range(WIN_AT):
            prior = 1.0 / (1.0 + math.exp(-(bias + per_mine * m + per_theirs * o)))
            row.append((won[m][o] + PRIOR_WEIGHT * prior) / (seen[m][o] + PRIOR_WEIGHT))
        rows.append(row)
    return rows


def monotone(rows: list[list[float]]) -> list[list[float]]:
    """The table made to rise with the mover's count and fall with the other's: along each
    axis, the mean of its running maximum from below and running minimum from above (each
    keeps the order the other axis already has). A search picks the move whose playouts end
    in the best cell, so a cell that a worse count happens to beat (more cards given away
    looking better than fewer) would be sought out; raw means do that where how a count came
    about says more than the count."""
    def rising(values: list[float]) -> list[float]:
        below = list(itertools.accumulate(values, max))
        above = list(itertools.accumulate(values[::-1], min))[::-1]
        return [(low + high) / 2 for low, high in zip(below, above, strict=True)]
    by_mine = [rising(list(column)) for column in zip(*rows, strict=True)]  # per other's count
    rows = [list(row) for row in zip(*by_mine, strict=True)]
    return [[round(1.0 - chance, 3) for chance in rising([1.0 - c for c in row])] for row in rows]


def main(games: int) -> None:
    start = time.process_time()
    won, seen = tally(games)
    data = {"games": games, "prior_weight": PRIOR_WEIGHT,
            "turn_starts": [[int(count) for count in row] for row in seen],
            "win_chance": monotone(smoothed(won, seen))}
    value.TABLE_FILE.write_text(json.dumps(data, indent=None) + "\n", encoding="utf-8")
    print(f"{games} games, {int(sum(map(sum, seen)))} turn starts, "
          f"{time.process_time() - start:.0f} CPU-s: wrote {value.TABLE_FILE.name}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
