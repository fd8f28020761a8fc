"""What a match of The Queen's Mercy holds: plain fields, no rules.

The fields live here, below ``powers`` and ``rules`` (which change them) and ``state`` (which
holds them under the protocol). ``Match`` is a Protocol, so that every module can name their
type without importing the state (which imports them), and with no circle.
Plain lists and ints, because every trick of every simulated match passes through them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, TypedDict

from cardtable.core import Card, Rng
from cardtable.games.queens_mercy.actions import Play
from cardtable.games.queens_mercy.cards import DeckStyle
from cardtable.games.queens_mercy.options import Options


class Phase(Enum):
    """The phases of a match. royal: the cut winner chooses; shape/claim: the Queen's Cut;
    trick: commits; ultimatum: the foe answers a Joker♠; over: the match has ended. The value
    is the phase's name in views and positions."""

    ROYAL = "royal"
    SHAPE = "shape"
    CLAIM = "claim"
    TRICK = "trick"
    ULTIMATUM = "ultimatum"
    OVER = "over"


ROYAL, SHAPE, CLAIM, TRICK, ULTIMATUM, OVER = Phase
"""The members by their short names, compared with ``is`` (the hot path reads a module name,
not an attribute of the class)."""
PHASES: tuple[str, ...] = tuple(phase.value for phase in Phase)
"""The phases' names, in order."""
CUT = (ROYAL, SHAPE, CLAIM)
"""The phases before the first trick: the royal choice and the Queen's Cut."""
DECIDING = (ROYAL, SHAPE, CLAIM, ULTIMATUM)
"""Phases in which one seat (``actor``) decides alone."""

TRICKS = 14
"""Tricks in a full round: every card of a house is played once."""
HAND = 3
"""Cards in hand while the deck lasts."""

PowerFn = Callable[["Match", int, int, Card], "bool | None"]

Scores = tuple[int, int]
TraceStep = tuple[str, int, Scores, Scores]
"""One scoring step of a trick as its events tell it: (kind, seat, scores before, after).
Kinds: "power", "privilege", "ultimatum" (the pause), "foe+1"/"me-1" (the answer), "base",
"press", "wager", "after" (K♠'s or Q♠'s after-scoring check); "locks" has the seat -1 and the
locks before and after as 0/1 pairs."""
"""A card's point-phase power: ``power(match, owner, result, foe's card)``; see ``powers``."""


class CutView(TypedDict):
    """The Queen's Cut as everybody saw it (views show it; a match keeps it once settled)."""

    ranks: list[str]
    winner: int
    royal: str | None
    shaper: int
    field: list[str] | None


class LastTrick(TypedDict):
    """The latest trick of a round as the table shows it (positions write it as it is)."""

    round: int
    trick: int
    cards: list[str]
    declared: list[str]
    """What each seat declared with its card: "", "privilege" or "privilege odd"."""
    winner: int | None
    before: list[int]
    scores: list[int]


@dataclass(frozen=True, eq=False)
class Tables:
    """The look-ups a game's options fix, made once per game and shared, read-only, by all its
    states (the hot paths read them on every trick)."""

    options: Options
    style: DeckStyle
    beats: list[list[int]]
    """``beats[a][b]``: +1 if rank a beats rank b, -1 if it loses, 0 for a tie."""
    faces: frozenset[int]
    powers: dict[str, PowerFn]
    """Each card's point-phase power, by card code."""
    special: frozenset[str]
    """Codes of the cards whose trick needs more than the base point."""
    plays: dict[str, Play]
    """The plain commit of each card, by code, named in the deck style."""
    powers_view: dict[str, dict[str, list[str]]]
    """Every house's powers in words, as views carry them (see ``narrate.powers_view``)."""


class Match(Protocol):
    """Every field of a match: what ``rules`` and ``powers`` read and change.
    ``QueensMercyState`` has exactly these fields (and sets them up)."""

    # the game's look-ups (``Tables``) and the option flags read once from its options
    opts: Options
    style: DeckStyle
    beats: list[list[int]]
    faces: frozenset[int]
    powers: dict[str, PowerFn]
    special: frozenset[str]
    plays: dict[str, Play]
    powers_view: dict[str, dict[str, list[str]]]
    ks_prose: bool
    qs_prose: bool
    open_chaos: bool
    lock_trick: bool
    cap: int
    cap_ends: bool
    house_rules: bool
    # the match
    rng: Rng
    moves: int
    tricks_done: int
    phase: Phase
    actor: int
    """The seat deciding alone (see ``DECIDING``); not read in other phases."""
    cut: list[int] | None
    """The two ranks turned in the Queen's Cut (seat 0's, seat 1's); None with fixed suits."""
    cut_view: CutView | None
    """The settled cut as views show it (made once, read-only)."""
    royal: str | None
    shaper: int
    field: tuple[str, str] | None
    suits: list[str]
    round_no: int
    trick: int
    lead: int
    scores: list[int]
    tokens: list[int]
    locked: list[bool]
    chaos: bool
    """This trick is a Market Chaos trick."""
    priv_used: list[bool]
    hands: list[list[Card]]
    decks: list[list[Card]]
    """Each player's own deck, its top card last."""
    discards: list[list[Card]]
    discard_codes: list[list[str]]
    """The discards as card codes, as views show them (kept alongside: views are hot)."""
    committed: list[Play | None]
    seen: list[list[Card]]
    """Foe's cards each player saw held up (open Market Chaos) and still in the foe's hand."""
    # the trick being resolved
    pre: list[int]
    """Both scores before this trick's powers (Q♦ and Press the Attack read them)."""
    res: tuple[int, int]
    """Each seat's result in this trick: +1 won, 0 tied, -1 lost."""
    null: list[bool]
    """Whose power J♣ nullified this trick."""
    pending_index: int
    """During an Ultimatum: the point step to resume at once it is answered."""
    trace: list[TraceStep] | None
    """The scoring steps of the trick being revealed, kept only while its events are told
    (None on the silent path of simulations: nothing is recorded)."""
    last: LastTrick | None
    """The latest trick of this round as views show it (None at the start of a round)."""
    history: list[list[Any]]
    """Finished rounds: [seat 0's score, seat 1's score, winner or None]."""
    winner: int | None
