"""The Queen's Mercy's options. Every switch named in the rulings, with the ruled default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.core import OptionError, parse_suit
from cardtable.core.errors import NotationError


@dataclass(frozen=True)
class Options:
    """Defaults follow the prose of the rule text as ruled; each other reading is a value here."""

    ks_mode: Literal["prose", "table"] = "prose"
    """K♠'s -1 when not strictly ahead after scoring (prose) or only when behind (table)."""
    qs_mode: Literal["prose", "table"] = "prose"
    """Q♠ after scoring: if ahead, self +1 and foe +2 (prose); or win +1, if ahead foe +2 (table)."""
    xs_requires_win: bool = True
    """Joker♠'s Ultimatum only on a win (prose) or on every trick (table)."""
    round_end: Literal["cap10_or_14", "14_only"] = "cap10_or_14"
    """A round ends when a score reaches ``cap`` or after 14 tricks, or only after 14 tricks."""
    cap: int = 10
    ace_is_face: bool = True
    """The Ace is a face card: the Joker beats it and J♠/J♣ react to it."""
    lock_duration: Literal["trick", "round"] = "trick"
    chaos_pick: Literal["random", "foe_open_choice"] = "random"
    """Market Chaos: each card is picked blind at random, or chosen by the foe from the open hand."""
    steal_when_stealer_locked: Literal["none", "foe_still_loses"] = "none"
    max_rounds: int | None = None
    """Stop after this many rounds even if nobody holds enough tokens (None: play on)."""
    rounds_to_win: int = 2
    """Round tokens that win the match (2: best of three; 1: a single decisive round)."""
    tie_def: Literal["equal_scores", "no_one_reached_cap"] = "equal_scores"
    """A round is drawn on equal scores, or (the balance report's reading) whenever nobody
    reached the cap."""
    house_rules: bool = False
    """The four House Privileges, once per round each."""
    joker_predicts_face: bool = True
    """For the Diamonds prediction the Joker counts as a face card (else it matches nothing)."""
    deck_style: Literal["standard", "heckadeck", "chevalier"] = "standard"
    heckadeck_joker: Literal["Beast", "0"] = "Beast"
    """Which of the Heckadeck's Beast and 0 is kept as the Joker (only the label differs)."""
    suits: tuple[str, ...] | None = None
    """Fix the suits for studies: (seat 0's suit, seat 1's suit), skipping the Queen's Cut."""
    shaper: int = 0
    """With fixed ``suits``: the seat that counts as the shaper (and leads the first trick)."""

    def __post_init__(self) -> None:
        if self.suits is not None:
            try:
                object.__setattr__(self, "suits", tuple(parse_suit(s) for s in self.suits))
            except NotationError as error:
                raise OptionError(f"option suits: {error}") from None

    def validate(self) -> None:
        if self.cap < 1:
            raise OptionError("option cap must be at least 1")
        if self.rounds_to_win < 1:
            raise OptionError("option rounds_to_win must be at least 1")
        if self.max_rounds is not None and self.max_rounds < 1:
            raise OptionError("option max_rounds must be at least 1 (or None)")
        if self.shaper not in (0, 1):
            raise OptionError("option shaper is a seat: 0 or 1")
        if self.suits is not None and (len(self.suits) != 2 or self.suits[0] == self.suits[1]):
            raise OptionError("option suits names two different suits: seat 0's, then seat 1's")
