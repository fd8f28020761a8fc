"""Two studies of The Queen's Mercy's houses played on the same deals by different bots, side by
side: how each pairing and each house moves from the first study's bots to the second's, and what
each study's table advises at the Queen's Cut.

Both studies must have the same game, options, grid, seed and games a cell, so that game ``i`` of
a cell is the same deal in both; a pairing's change is then measured on the differences game by
game (``paired_difference``), which is far tighter than comparing two separate averages.

    python scripts/compare_studies.py BASE_FOLDER OTHER_FOLDER

Prints Markdown: the pairings, the houses, and the Cut each table advises (the shaper, seat 1,
names two houses and leads; the claimer takes the better one for them; the cut's winner takes
the task worth more).
"""

from __future__ import annotations

import csv
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from cardtable.core.cards import SUITS
from cardtable.sim.stats import paired_difference, score_interval

IDENTITY = ("game", "options", "grid", "seed", "games")
"""What two studies must share for their games to be the same deals."""

Table = dict[tuple[str, str], float]
"""Seat 1's average score for each (seat 1's house, seat 2's house)."""


def seat1_points(row: dict[str, str]) -> float:
    """A game's points for seat 1: a win 1, a tie ½, a loss 0."""
    return {"1": 1.0, "2": 0.0, "": 0.5}[row["winner_seat"]]


def load(folder: Path) -> tuple[dict[str, Any], dict[tuple[str, str], dict[int, float]]]:
    """A study's identity and, for each pairing, seat 1's points game by game."""
    study = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    games: dict[tuple[str, str], dict[int, float]] = defaultdict(dict)
    with (folder / "results.csv").open(encoding="utf-8", newline="") as results:
        for row in csv.DictReader(results):
            first, second = row["suits"].split(",")
            games[first, second][int(row["game"])] = seat1_points(row)
    return study, games


def counts(points: list[float]) -> tuple[int, int, int]:
    """Seat 1's wins, ties and games."""
    return points.count(1.0), points.count(0.5), len(points)


def average(points: list[float]) -> str:
    """An average score with its interval from the win, tie and loss counts."""
    low, high = score_interval(*counts(points))
    return f"{sum(points) / len(points):.3f} ({low:.3f}–{high:.3f})"


def pairings(base: dict[tuple[str, str], dict[int, float]],
             other: dict[tuple[str, str], dict[int, float]], names: tuple[str, str]) -> Table:
    """Prints the pairings' table and returns the other study's averages."""
    print(f"| seat 1 | seat 2 | {names[0]}: seat 1's score | tie % | {names[1]}: seat 1's score "
          f"| tie % | change, same deals (95%) |")
    print("|---|---|---|---|---|---|---|")
    table: Table = {}
    for pairing in sorted(base, key=lambda p: (SUITS.index(p[0]), SUITS.index(p[1]))):
        indices = sorted(base[pairing])
        before = [base[pairing][i] for i in indices]
        after = [other[pairing][i] for i in indices]
        change, margin = paired_difference([a - b for a, b in zip(after, before, strict=True)])
        table[pairing] = sum(after) / len(after)
        print(f"| {pairing[0]} | {pairing[1]} | {average(before)} | "
              f"{before.count(0.5) / len(before):.1%} | {average(after)} | "
              f"{after.count(0.5) / len(after):.1%} | {change:+.3f} ± {margin:.3f} |")
    return table


def houses(studies: dict[str, dict[tuple[str, str], dict[int, float]]]) -> None:
    """Each house's average score over every game it played, in either seat."""
    print("| house | " + " | ".join(studies) + " |")
    print("|---|" + "---|" * len(studies))
    for house in SUITS:
        cells = []
        for games in studies.values():
            points = [p for (first, _), g in games.items() if first == house for p in g.values()]
            points += [1 - p for (_, second), g in games.items() if second == house
                       for p in g.values()]
            cells.append(average(points))
        print(f"| {house} | " + " | ".join(cells) + " |")


def cut(table: Table) -> list[str]:
    """What the table advises at the Cut, as lines: each field the shaper could name with the
    house the claimer takes from it and what the shaper then scores (best field first), and
    whether the cut's winner should shape or claim."""
    fields = [(a, b) for a in SUITS for b in SUITS if SUITS.index(a) < SUITS.index(b)]
    # The shaper plays the house the claimer leaves; the claimer leaves the worse one.
    taken = {(a, b): b if table[a, b] <= table[b, a] else a for a, b in fields}
    scores = {field: min(table[field], table[field[::-1]]) for field in fields}
    ranked = sorted(fields, key=lambda field: -scores[field])
    lines = [f"shape {''.join(field)}: the claimer takes {taken[field]}, the shaper scores "
             f"{scores[field]:.3f}" for field in ranked]
    best = scores[ranked[0]]
    lines.append(f"the cut's winner should {'claim' if best < 0.5 else 'shape'} "
                 f"(the shaper's best is {best:.3f})")
    return lines


def main(base_folder: Path, other_folder: Path) -> None:
    base_study, base = load(base_folder)
    other_study, other = load(other_folder)
    differing = [key for key in IDENTITY if base_study.get(key) != other_study.get(key)]
    if differing:
        sys.exit(f"not the same deals: the studies differ in {', '.join(differing)}")
    names = (",".join(base_study["bots"]), ",".join(other_study["bots"]))
    print(f"{base_study['games']:,} games a pairing, seed {base_study['seed']}\n")
    table = pairings(base, other, names)
    print()
    houses({names[0]: base, names[1]: other})
    print()
    base_table = {p: sum(g.values()) / len(g) for p, g in base.items()}
    for name, advised in ((names[0], cut(base_table)), (names[1], cut(table))):
        print(f"The Cut by {name}'s table:\n")
        print("\n".join(f"- {line}" for line in advised) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]))
