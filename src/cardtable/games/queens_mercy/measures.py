"""The match as the design metrics follow it (``cardtable.sim.metrics``): each seat's running
standing and each move's kind. Read by the lab only; no rule reads it."""

from __future__ import annotations

from cardtable.games.queens_mercy.actions import Claim, Play, QueensMercyAction, Royal, Shape
from cardtable.games.queens_mercy.match import Match

ROUND = 100
"""A round token outweighs any points of a round."""

MARGINS = (5.0, ROUND + 2.0)
"""A comeback: the winner trailed by 5 points in a round (or by a round); a close finish: won
by a single round, the last one by at most 2 points."""


def standing(m: Match) -> tuple[float, ...]:
    """Round tokens first, then the points of the round being played: 100 × tokens + points
    (the points stay on the table once the match is over)."""
    return tuple(float(ROUND * tokens + points) for tokens, points in zip(m.tokens, m.scores,
                                                                          strict=True))


def move_kind(m: Match, player: int, action: QueensMercyAction) -> str:
    """A commit is named by its card's code (its house's power), with "privilege" when a House
    Privilege is declared with it; the other moves by their own names: "chaos", the royal
    choice ("royal shape", "royal claim"), the field shaped ("shape ♥♦") and the house claimed
    ("claim ♦"), so that a report shows which houses each bot takes at the Queen's Cut, and the
    answers to a Joker♠ ("foe+1", "me-1")."""
    match action:
        case Play():
            return f"{action.card} privilege" if action.privilege else str(action.card)
        case Royal():
            return f"royal {action.choice}"
        case Shape():
            return "shape " + "".join(action.suits)
        case Claim():
            return f"claim {action.suit}"
    return str(action)
