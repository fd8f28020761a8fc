"""The 4x4 playground: slot numbering, names, neighbourhoods, and where pairs lie.

Slots are numbered 0-15 row by row: slot = 4 * (row - 1) + column index, so "A1" is 0, "D1" is
3 and "D4" is 15. Rows are 1-4 and columns A-D, as in the rule text. The tables below let the
engine look up neighbours and row/column partners without arithmetic on its hot path.
"""

from __future__ import annotations

from cardtable.core import Card, NotationError

SIZE = 4
SLOTS: tuple[int, ...] = tuple(range(SIZE * SIZE))
COLUMNS = "ABCD"

SLOT_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[s % SIZE]}{s // SIZE + 1}" for s in SLOTS)
_BY_NAME: dict[str, int] = {name: slot for slot, name in enumerate(SLOT_NAMES)}

Edge = tuple[int, int]
"""Two orthogonally adjacent slots, the lower first: where a pair lies."""


def _neighbours(slot: int) -> tuple[int, ...]:
    row, col = divmod(slot, SIZE)
    found = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            found.append(r * SIZE + c)
    return tuple(found)


def _line_partners(slot: int) -> tuple[int, ...]:
    row, col = divmod(slot, SIZE)
    return tuple(other for other in SLOTS
                 if other != slot and (other // SIZE == row or other % SIZE == col))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s) for s in SLOTS)
"""Orthogonally adjacent slots (where a pair can form)."""
LINE_PARTNERS: tuple[tuple[int, ...], ...] = tuple(_line_partners(s) for s in SLOTS)
"""The six other slots of the same row or column (where a Move can go)."""


def parse_slot(text: str) -> int:
    """Read a slot such as "B3" or "b3" (column letter, then row number)."""
    slot = _BY_NAME.get(text.strip().upper())
    if slot is None:
        raise NotationError(f"not a grid slot: {text[:10]!r} (write a column A-D then a row "
                            "1-4, e.g. B3)")
    return slot


def same_line(a: int, b: int) -> bool:
    return a != b and (a // SIZE == b // SIZE or a % SIZE == b % SIZE)


def add_pairs_touching(grid: list[Card], up: list[bool], changed: tuple[int, ...],
                       edges: list[Edge]) -> None:
    """Add to ``edges`` every pair (two face-up cards of one rank side by side) that touches a
    changed slot. No other pair can lie on the grid: pairs are caught as soon as they form."""
    for slot in changed:
        if not up[slot]:
            continue
        rank = grid[slot].rank
        for other in NEIGHBOURS[slot]:
            if up[other] and grid[other].rank == rank:
                edge = (slot, other) if slot < other else (other, slot)
                if edge not in edges:
                    edges.append(edge)


def pairs_on(grid: list[Card], up: list[bool]) -> list[Edge]:
    """Every pair on the grid, in slot order."""
    edges: list[Edge] = []
    add_pairs_touching(grid, up, SLOTS, edges)
    return sorted(edges)


def is_pair(grid: list[Card], up: list[bool], edge: Edge) -> bool:
    a, b = edge
    return b in NEIGHBOURS[a] and up[a] and up[b] and grid[a].rank == grid[b].rank


def conflicted(edges: list[Edge]) -> list[Edge]:
    """The pairs sharing a card with another pair, in slot order: the player picks among them."""
    count: dict[int, int] = {}
    for a, b in edges:
        count[a] = count.get(a, 0) + 1
        count[b] = count.get(b, 0) + 1
    return sorted(e for e in edges if count[e[0]] > 1 or count[e[1]] > 1)
