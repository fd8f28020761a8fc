"""The Queen's Cut, played by the measured strength of the houses: the game's opening book.

The Cut is one choice at the start of a match whose worth shows only in the tricks that follow,
and a search with random playouts cannot tell Hearts from Diamonds there (offered the two, the
1,000-iteration search took Hearts 42 times in 94). So the choice is read from the studies
instead (docs/studies): every one of them, heuristic play under every house rule and reading and
the search bot at 1,000 iterations, ranks the houses Diamonds, Hearts, Clubs, Spades, and in
every table the best field a shaper can name leaves them less than half. Hence: the Cut's
winner claims rather than shapes, a claimer takes the strongest house offered, and a shaper
names Hearts and Diamonds (the best field under the search's play: the claimer takes Diamonds
and leaves 0.457; under the heuristic's, Hearts and Clubs is within noise of it). The heuristic
bot plays these choices, and the search bot plays them as its book (``ismcts:book=true``).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.queens_mercy.actions import Claim, QueensMercyAction, Royal, Shape

CLAIM_ORDER = ("♦", "♥", "♣", "♠")
"""The houses, strongest first: their average scores over every pairing, heuristic against
heuristic (10,000 games a pairing) 0.622, 0.563, 0.488, 0.327; search against search (1,000
iterations, 1,000 games a pairing) 0.638, 0.603, 0.445, 0.315."""
FIELD = Shape(("♥", "♦"))
"""The two houses a shaper names."""
CLAIM = Royal("claim")


def cut_choice(legal: Sequence[QueensMercyAction]) -> QueensMercyAction | None:
    """The book's answer at a decision of the Queen's Cut, among ``legal``; None at any other
    decision (or should the book's choice not be offered)."""
    first = legal[0]
    if isinstance(first, Claim):
        claims = [action for action in legal if isinstance(action, Claim)]
        return min(claims, key=lambda claim: CLAIM_ORDER.index(claim.suit))
    choice: QueensMercyAction
    if isinstance(first, Royal):
        choice = CLAIM
    elif isinstance(first, Shape):
        choice = FIELD
    else:
        return None
    return choice if choice in legal else None
