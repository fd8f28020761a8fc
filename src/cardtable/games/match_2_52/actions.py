"""The actions of Match 2-52 as frozen values whose ``str`` is the canonical notation.

Regular actions (two a turn): ``return B3``, ``move B2 B4`` (the face-up card at B2 swaps with
the card at B4), ``replace C1``. Follow-up choices while a match resolves: ``pair B2 B3`` (which
partner a card takes when it could pair two ways), ``special K`` (which special match to carry out
next), ``take 7♣`` (the Ace's card), ``consult A4`` (the Jack's card to look at) and ``turn D2``
(the Queen's card to turn up).

Every slot-based action is interned in tables, so ``legal_actions`` hands out shared objects
instead of building new ones on every call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cardtable.core import Card, NotationError
from cardtable.core.cards import ACE, JACK, KING, QUEEN, RANK_LABELS
from cardtable.games.match_2_52.grid import LINE_PARTNERS, SLOT_NAMES, SLOTS, parse_slot

SPECIAL_RANKS: tuple[int, ...] = (ACE, JACK, QUEEN, KING)
"""Ranks whose pairs trigger a special match, in the order choices are listed."""


@dataclass(frozen=True, slots=True)
class _SlotAction:
    """An action on one slot, written "<verb> <slot>"."""
    slot: int
    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"{self.verb} {SLOT_NAMES[self.slot]}"


@dataclass(frozen=True, slots=True)
class Return(_SlotAction):
    """Turn a face-down card face up."""
    verb: ClassVar[str] = "return"


@dataclass(frozen=True, slots=True)
class Replace(_SlotAction):
    """Put the face-up card at ``slot`` under the deck and fill the slot from the top."""
    verb: ClassVar[str] = "replace"


@dataclass(frozen=True, slots=True)
class Consult(_SlotAction):
    """The Jack's look: see the face-down card at ``slot`` privately."""
    verb: ClassVar[str] = "consult"


@dataclass(frozen=True, slots=True)
class Turn(_SlotAction):
    """The Queen's reveal: turn the face-down card at ``slot`` face up."""
    verb: ClassVar[str] = "turn"


@dataclass(frozen=True, slots=True)
class _TwoSlotAction:
    """An action on two slots, written "<verb> <slot> <other>"."""
    slot: int
    other: int
    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"{self.verb} {SLOT_NAMES[self.slot]} {SLOT_NAMES[self.other]}"


@dataclass(frozen=True, slots=True)
class Move(_TwoSlotAction):
    """Swap the face-up card at ``slot`` with the card at ``other`` (same row or column)."""
    verb: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Pair(_TwoSlotAction):
    """Catch the cards at ``slot`` < ``other`` as a pair, when a card could pair two ways."""
    verb: ClassVar[str] = "pair"


@dataclass(frozen=True, slots=True)
class Special:
    """Carry out the special match of this rank next."""
    rank: int

    def __str__(self) -> str:
        return f"special {RANK_LABELS[self.rank]}"


@dataclass(frozen=True, slots=True)
class Take:
    """The Ace's card: take this card from the opponent's catch zone."""
    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


Match252Action = Return | Move | Replace | Pair | Special | Take | Consult | Turn
"""Every action of the game: one union, dispatched on with ``match``."""

RETURNS: tuple[Return, ...] = tuple(Return(s) for s in SLOTS)
REPLACES: tuple[Replace, ...] = tuple(Replace(s) for s in SLOTS)
CONSULTS: tuple[Consult, ...] = tuple(Consult(s) for s in SLOTS)
TURNS: tuple[Turn, ...] = tuple(Turn(s) for s in SLOTS)
MOVES_FROM: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(s, t) for t in LINE_PARTNERS[s]) for s in SLOTS
)
MOVES: dict[tuple[int, int], Move] = {(m.slot, m.other): m for ms in MOVES_FROM for m in ms}
SPECIALS: dict[int, Special] = {rank: Special(rank) for rank in SPECIAL_RANKS}

_RANK_BY_LABEL = {RANK_LABELS[rank]: rank for rank in SPECIAL_RANKS}
_RANK_BY_LABEL.update({"ACE": ACE, "JACK": JACK, "QUEEN": QUEEN, "KING": KING})

NOTATION_HELP = """\
Two actions a turn, named by grid slots (column A-D, row 1-4):
  return B3       turn the face-down card at B3 face up
  move B2 B4      swap the face-up card at B2 with the card at B4 (same row or column)
  replace C1      put the face-up card at C1 under the deck; the top card fills C1 face down
While a match resolves you may be asked:
  pair B2 B3      which two cards form the pair (when a card could pair two ways)
  special K       which special match (A, J, Q, K) to carry out first
  take 7♣         the Ace: the card to take from the opponent's catch zone
  consult A4      the Jack: the face-down card to look at privately
  turn D2         the Queen: the face-down card to turn face up"""


_SLOT_TABLES: dict[str, Sequence[Match252Action]] = {
    "return": RETURNS, "replace": REPLACES, "consult": CONSULTS, "turn": TURNS}
_ARGUMENTS = {"return": 1, "replace": 1, "consult": 1, "turn": 1, "special": 1, "take": 1,
              "move": 2, "pair": 2}
_TRY = "try 'return B3', 'move B2 B4' or 'replace C1'"
_LONGEST_WORD = len("replace")


def parse_action(text: str) -> Match252Action:
    """Read an action in the notation above (case and extra spaces do not matter). Anything
    else, however long or strange (``B²``, ``take ①♣``), is refused with a ``NotationError``:
    slots, ranks and cards are looked up among their few spellings, so only ASCII digits read."""
    words = text.split()
    if not words:
        raise NotationError(f"an empty action ({_TRY})")
    if any(len(word) > _LONGEST_WORD for word in words):
        raise NotationError(f"no word of an action is that long ({_TRY})")
    verb, args = words[0].lower(), words[1:]
    wanted = _ARGUMENTS.get(verb)
    if wanted is None:
        raise NotationError(f"unknown action {words[0]!r} ({_TRY})")
    if len(args) != wanted:
        raise NotationError(f"'{verb}' takes {wanted} argument{'s' * (wanted > 1)}, "
                            f"not {len(args)}")
    if verb == "special":
        rank = _RANK_BY_LABEL.get(args[0].upper())
        if rank is None:
            raise NotationError(f"not a special match: {args[0]!r} (use A, J, Q or K)")
        return SPECIALS[rank]
    if verb == "take":
        return Take(Card.parse(args[0]))
    slots = [parse_slot(word) for word in args]
    if verb == "move":
        if slots[0] == slots[1]:
            raise NotationError("a move needs two different slots")
        return MOVES.get((slots[0], slots[1])) or Move(slots[0], slots[1])
    if verb == "pair":
        a, b = sorted(slots)
        if a == b:
            raise NotationError("a pair needs two different slots")
        return Pair(a, b)
    return _SLOT_TABLES[verb][slots[0]]
