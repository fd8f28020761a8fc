"""Who knows what: each player's view as JSON-ready data, the secrets it must not show, and
hidden cards dealt again for search.

A player sees every face-up card, both catch zones (they are public), the cards put under the
deck (everyone saw them go, so the deck's bottom part is known in order), the face-down cards that
came back from that known bottom, and the face-down cards they looked at with a Jack. Who has
looked at which face-down card is public (the consult is made in everyone's sight); what they saw
is not.
"""

from __future__ import annotations

from typing import TypedDict

from cardtable.core import Rng
from cardtable.core.cards import RANK_LABELS
from cardtable.games.match_2_52.board import PAIR, PUBLIC, SPECIAL, Board, LastMove, knowers
from cardtable.games.match_2_52.grid import SIZE, SLOT_NAMES, conflicted


class Cell(TypedDict):
    slot: str
    """Its name, e.g. "B3"."""
    up: bool
    card: str | None
    """The card, if the viewer may see it."""
    known_to: list[int]
    """The players who know this face-down card (empty for a face-up one)."""


class DeckView(TypedDict):
    size: int
    unknown: int
    """Cards from the top that nobody has seen."""
    bottom: list[str]
    """The known bottom of the deck, in order (top of that part first)."""


class Pending(TypedDict, total=False):
    pairs: list[list[str]]
    """The pairs to choose from, while a card could pair two ways."""
    specials: list[str]
    """The special matches still to carry out (A, J, Q, K)."""


class Match252Body(TypedDict):
    """Match 2-52's part of a view (under ``body`` in the common envelope)."""

    turns_played: int
    max_turns: int
    actions_left: int
    pending: Pending
    grid: list[list[Cell]]
    """Rows 1 to 4, each from column A to D."""
    deck: DeckView
    catch: list[list[str]]
    """Both catch zones, player 0's first."""
    last: LastMove


def last_move(b: Board) -> LastMove:
    """The public facts of the latest action, as the rules noted them (a Jack's private look
    is not among them): a copy, for a view or a position to hand out."""
    last = b.last
    return {"player": last["player"], "slots": last["slots"][:],
            "refilled": last["refilled"][:], "cards": last["cards"][:],
            "swapped": last["swapped"]}


def visible(b: Board, slot: int, player: int | None) -> bool:
    """Whether ``player`` (None: a spectator) may see the card at ``slot``."""
    if b.up[slot]:
        return True
    mask = PUBLIC if player is None else PUBLIC | (1 << player)
    return bool(b.know[slot] & mask)


def view_body(b: Board, player: int | None) -> Match252Body:
    cells: list[Cell] = []
    for slot in range(16):
        up = b.up[slot]
        cells.append({
            "slot": SLOT_NAMES[slot],
            "up": up,
            "card": str(b.grid[slot]) if visible(b, slot, player) else None,
            "known_to": [] if up else knowers(b.know[slot]),
        })
    deck_size = len(b.deck)
    pending: Pending = {}
    if b.phase is PAIR:
        pending["pairs"] = [[SLOT_NAMES[a], SLOT_NAMES[c]] for a, c in conflicted(b.edges)]
    if b.specials or b.phase is SPECIAL:
        pending["specials"] = [RANK_LABELS[rank] for rank in b.specials]
    return {
        "turns_played": b.turns_played,
        "max_turns": b.options.max_turns,
        "actions_left": b.actions_left,
        "pending": pending,
        "grid": [cells[row * SIZE:(row + 1) * SIZE] for row in range(SIZE)],
        "deck": {"size": deck_size, "unknown": deck_size - b.deck_known,
                 "bottom": [str(card) for card in b.deck[deck_size - b.deck_known:]]},
        "catch": [[str(card) for card in zone] for zone in b.catch],
        "last": last_move(b),
    }


def hidden_places(b: Board, player: int | None) -> tuple[list[int], int]:
    """The grid slots ``player`` cannot see and how many deck cards (from the top) are unknown
    to everybody."""
    slots = [s for s in range(16) if not visible(b, s, player)]
    return slots, len(b.deck) - b.deck_known


def secrets(b: Board, player: int | None) -> set[str]:
    slots, deck_hidden = hidden_places(b, player)
    return {str(b.grid[s]) for s in slots} | {str(c) for c in b.deck[:deck_hidden]}


def deal_hidden(sample: Board, player: int, rng: Rng) -> None:
    """Deal again, in ``sample`` (a copy), every card ``player`` cannot see, and give it a new
    generator, so a search cannot learn the real deal."""
    slots, deck_hidden = hidden_places(sample, player)
    pool = sorted([sample.grid[s] for s in slots] + sample.deck[:deck_hidden])  # the view's
    rng.shuffle(pool)  # knowledge only: the same view and seed deal the same sample
    for slot, card in zip(slots, pool, strict=False):  # the rest of the pool is the deck
        sample.grid[slot] = card
    sample.deck[:deck_hidden] = pool[len(slots):]
    sample.rng = Rng(rng.next_u64())
