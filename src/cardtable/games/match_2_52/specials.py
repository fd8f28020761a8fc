"""The special matches: what each may aim at and what each does.

A caught pair of Aces takes a card of the player's choice from the opponent's catch zone; Jacks
consult (look at) a face-down card in secret; Queens turn a face-down card up; Kings swap the
catch zones. A special that has nothing to aim at is cancelled. When each special runs, and
what follows it (a win, the next special, the Queens' card resolved as a Return), is the
business of ``rules``; the targets listed here serve both the legal choices and the choices
the engine makes alone when there is only one.
"""

from __future__ import annotations

from cardtable.core import Card, Event
from cardtable.core.cards import ACE, JACK, KING, QUEEN, RANK_LABELS
from cardtable.games.match_2_52.board import Board
from cardtable.games.match_2_52.grid import SLOT_NAMES, SLOTS

_NAMES = {ACE: "Aces", JACK: "Jacks", QUEEN: "Queens", KING: "Kings"}
_NOTHING = {ACE: "the opponent's catch zone is empty, nothing to take",
            JACK: "no face-down card in the grid", QUEEN: "no face-down card in the grid"}


def cards_to_take(b: Board) -> list[Card]:
    """The Aces' targets: the cards of the opponent's catch zone, in card order."""
    return sorted(set(b.catch[1 - b.current]))


def face_down(b: Board) -> list[int]:
    """The Jacks' and the Queens' targets: the face-down slots."""
    return [s for s in SLOTS if not b.up[s]]


def cancel(rank: int, events: list[Event]) -> None:
    """A special with nothing to aim at is cancelled (the rule text's note)."""
    events.append(Event("cancel", f"{_NAMES[rank]}: {_NOTHING[rank]}",
                        {"special": RANK_LABELS[rank]}))


def swap_zones(b: Board, events: list[Event]) -> None:
    """The Kings: the players swap their whole catch zones, the Kings just caught included
    (ruling 7)."""
    b.catch.reverse()
    events.append(Event("swap", "Kings: the players swap catch zones", {"player": b.current}))


def take(b: Board, card: Card, events: list[Event]) -> None:
    """The Aces: the card moves from the opponent's catch zone to the player's."""
    who = b.current
    b.catch[1 - who].remove(card)
    b.catch[who].append(card)
    events.append(Event("take", f"Aces: player {who} takes {card} from player {1 - who}",
                        {"player": who, "card": str(card)}))


def consult(b: Board, slot: int, events: list[Event]) -> None:
    """The Jacks: the player looks at a face-down card. Everybody sees which card; only the
    player learns what it is (ruling 16), and keeps knowing it while it stays face down."""
    who = b.current
    b.know[slot] |= 1 << who
    events.append(Event("consulted", f"Jacks: player {who} looks at {SLOT_NAMES[slot]}",
                        {"player": who, "slot": SLOT_NAMES[slot]}))
    card = b.grid[slot]
    events.append(Event("consult", f"Jacks: {SLOT_NAMES[slot]} is {card}",
                        {"slot": SLOT_NAMES[slot], "card": str(card)}, audience=(who,)))
