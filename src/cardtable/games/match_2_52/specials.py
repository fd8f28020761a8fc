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
from cardtable.games.match_2_52.words import cards_count, rank_plural, who

ANNOUNCED = {
    ACE: "{mover} now takes one card of their choice from the catch zone of {opponent}",
    JACK: "{mover} now looks at one face-down card in secret",
    QUEEN: "{mover} now turns one face-down card face up, as a free Return",
    KING: "the two players now swap their whole catch zones, these Kings included",
}
"""What each special match will do, said when its pair is caught (``mover`` and ``opponent``
are filled in)."""


def cards_to_take(b: Board) -> list[Card]:
    """The Aces' targets: the cards of the opponent's catch zone, in card order."""
    return sorted(set(b.catch[1 - b.current]))


def face_down(b: Board) -> list[int]:
    """The Jacks' and the Queens' targets: the face-down slots."""
    return [s for s in SLOTS if not b.up[s]]


def cancel(b: Board, rank: int, events: list[Event] | None) -> None:
    """A special with nothing to aim at is cancelled (the rule text's note)."""
    if events is None:
        return
    if rank == ACE:
        why = f"the catch zone of {who(1 - b.current)} is empty, so there is nothing to take"
    else:
        why = "no card of the grid is face down"
    events.append(Event("cancel", f"{rank_plural(rank)}: {why}; the special is cancelled.",
                        {"special": RANK_LABELS[rank]}))


def swap_zones(b: Board, events: list[Event] | None) -> None:
    """The Kings: the players swap their whole catch zones, the Kings just caught included
    (ruling 7)."""
    b.catch.reverse()
    mover = b.current
    b.last["player"] = mover
    b.last["swapped"] = True
    if events is not None:
        events.append(Event("swap", f"Kings: the players swap their catch zones. {who(mover)} "
                            f"now has {cards_count(len(b.catch[mover]))}, {who(1 - mover)} has "
                            f"{cards_count(len(b.catch[1 - mover]))}.", {"player": mover}))


def take(b: Board, card: Card, events: list[Event] | None) -> None:
    """The Aces: the card moves from the opponent's catch zone to the player's."""
    mover = b.current
    b.catch[1 - mover].remove(card)
    b.catch[mover].append(card)
    b.last["player"] = mover
    b.last["cards"].append(str(card))
    if events is not None:
        events.append(Event("take", f"Aces: {who(mover)} takes {card} from the catch zone of "
                            f"{who(1 - mover)} into their own: {who(mover)} has "
                            f"{cards_count(len(b.catch[mover]))}, {who(1 - mover)} has "
                            f"{cards_count(len(b.catch[1 - mover]))}.",
                            {"player": mover, "card": str(card)}))


def consult(b: Board, slot: int, events: list[Event] | None) -> None:
    """The Jacks: the player looks at a face-down card. Everybody sees which card; only the
    player learns what it is (ruling 16), and keeps knowing it while it stays face down."""
    mover = b.current
    name = SLOT_NAMES[slot]
    b.know[slot] |= 1 << mover
    b.last["player"] = mover
    b.last["slots"].append(name)
    if events is None:
        return
    events.append(Event("consulted", f"Jacks: {who(mover)} looks in secret at the face-down "
                        f"card at {name}; it stays face down.", {"player": mover, "slot": name}))
    card = b.grid[slot]
    events.append(Event("consult", f"Jacks: you look at {name}: it is {card}. It stays face "
                        "down, and only you know it.", {"slot": name, "card": str(card)},
                        audience=(mover,)))
