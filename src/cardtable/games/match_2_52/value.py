"""How likely each player is to win from a position, read from the two catch zones.

The chance that the player about to move wins (a draw counted as half) depends above all on
how many cards each player has caught: twelve win, and Kings and Aces move whole zones, so a
lead is worth less than it looks and being close to twelve is worth more. The table
``value_table.json`` holds that chance for every pair of counts (the mover's, the other's),
fitted to the outcomes of the heuristic bot playing itself, noted at the start of every turn
(``scripts/match_value_table.py`` makes it, seeded, so it regenerates exactly; it says why a
fit rises with every card where the raw means of each pair of counts do not). A search that
stops its playouts a few turns ahead scores them with it (``Match252Game.evaluate``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from cardtable.games.match_2_52.board import Board
from cardtable.games.match_2_52.rules import WIN_AT

TABLE_FILE = Path(__file__).with_name("value_table.json")


@cache
def table() -> tuple[tuple[float, ...], ...]:
    """``table()[mine][theirs]``: the mover's chance with those counts (read once)."""
    rows = json.loads(TABLE_FILE.read_text(encoding="utf-8"))["win_chance"]
    return tuple(tuple(float(chance) for chance in row) for row in rows)


def win_chances(b: Board) -> tuple[float, float]:
    """Each player's chance to win a game not yet over, from the catch counts and whose turn
    it is. Tabulated at the start of a turn; elsewhere in a turn it is the same estimate."""
    mover = b.current
    mine, theirs = (min(len(b.catch[p]), WIN_AT - 1) for p in (mover, 1 - mover))
    chance = table()[mine][theirs]
    return (chance, 1.0 - chance) if mover == 0 else (1.0 - chance, chance)
