"""Tabulate Match 2-52's win chances by catch counts from heuristic self-play.

    python scripts/match_value_table.py [GAMES]

Plays GAMES seeded games (default 5,000; about two CPU-minutes) of the heuristic bot against
itself and, at the start of every turn, notes the two catch counts (the mover's, the other's)
and how the game ended for the mover (1 win, 1/2 draw, 0 loss), then fits the chance of a win
to the counts (a logistic fit, ``features``) and stores it for every pair of counts.

Why a fit and not each pair's own mean: a search picks the move whose playouts end in the best
cell, so the table must rise with the mover's cards and fall with the other's, by a margin
that does not depend on noise. Raw means do not: a count reached seldom, or reached in a
telling way (a 6 just given away), differs from its neighbours by more than one card is worth,
and a search would seek such cells out.

Writes ``cardtable/games/match_2_52/value_table.json`` (the same file for the same GAMES: the
games are seeded).
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np

import cardtable
from cardtable.core.table import Table
from cardtable.games.match_2_52 import value
from cardtable.games.match_2_52.board import ACTION
from cardtable.games.match_2_52.rules import ACTIONS_PER_TURN, WIN_AT

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


def features(mine: int, theirs: int) -> list[float]:
    """What the fit reads of a pair of counts: the counts, and how close each is to twelve (a
    card matters more the nearer it brings its player to the win)."""
    return [1.0, mine, theirs, 1 / (WIN_AT - mine), 1 / (WIN_AT - theirs)]


def logistic_fit(won: Cells, seen: Cells) -> np.ndarray:
    """The weights of a logistic fit of the outcomes to ``features``, by Newton's method on
    the counted outcomes (it converges in a handful of steps)."""
    cells = [(m, o) for m in range(WIN_AT) for o in range(WIN_AT) if seen[m][o]]
    x = np.array([features(m, o) for m, o in cells])
    total = np.array([won[m][o] for m, o in cells])
    count = np.array([seen[m][o] for m, o in cells])
    weights = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-x @ weights))
        gradient = x.T @ (total - count * p)
        hessian = (x * (count * p * (1 - p))[:, None]).T @ x
        weights += np.linalg.solve(hessian, gradient)
    return weights


def chances(weights: np.ndarray) -> list[list[float]]:
    """The fitted chance for every pair of counts, rounded for the stored table."""
    return [[round(float(1.0 / (1.0 + np.exp(-np.dot(weights, features(m, o))))), 3)
             for o in range(WIN_AT)] for m in range(WIN_AT)]


def main(games: int) -> None:
    start = time.process_time()
    won, seen = tally(games)
    weights = logistic_fit(won, seen)
    data = {"games": games, "weights": [round(float(w), 4) for w in weights],
            "turn_starts": [[int(count) for count in row] for row in seen],
            "win_chance": chances(weights)}
    value.TABLE_FILE.write_text(json.dumps(data, indent=None) + "\n", encoding="utf-8")
    print(f"{games} games, {int(sum(map(sum, seen)))} turn starts, "
          f"{time.process_time() - start:.0f} CPU-s: wrote {value.TABLE_FILE.name}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
