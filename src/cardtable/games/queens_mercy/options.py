"""The Queen's Mercy's options. Every switch named in the rulings, with the ruled default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from cardtable.core import OptionError, parse_suit
from cardtable.core.errors import NotationError
from cardtable.core.options import OptionHelp

PROSE_OR_TABLE = {"prose": "as the card's text says", "table": "as the quick-reference table says"}


@dataclass(frozen=True)
class Options:
    """Defaults follow the prose of the rule text as ruled; each other reading is a value here."""

    ks_mode: Literal["prose", "table"] = "prose"
    """K♠'s -1 when not strictly ahead after scoring (prose) or only when behind (table)."""
    qs_mode: Literal["prose", "table"] = "prose"
    """Q♠ after scoring: if ahead, self +1 and foe +2 (prose); or win +1, if ahead foe +2
    (table)."""
    xs_requires_win: bool = True
    """Joker♠'s Ultimatum only on a win (prose) or on every trick (table)."""
    round_end: Literal["cap10_or_14", "14_only"] = "cap10_or_14"
    """A round ends when a score reaches ``cap`` or after 14 tricks, or only after 14 tricks."""
    cap: int = 10
    ace_is_face: bool = True
    """The Ace is a face card: the Joker beats it and J♠/J♣ react to it."""
    lock_duration: Literal["trick", "round"] = "trick"
    chaos_pick: Literal["random", "foe_open_choice"] = "random"
    """Market Chaos: each card is picked blind at random, or chosen by the foe from the open
    hand."""
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

    HELP: ClassVar[Mapping[str, OptionHelp]] = {
        "ks_mode": OptionHelp(
            "King of Spades' penalty",
            "When K♠ (Heavy Is the Crown) costs its owner a point after scoring: when not ahead "
            "(level scores too), or only when behind.", "Ruling 1a",
            {"prose": "when not ahead (the card's text)",
             "table": "only when behind (the quick-reference table)"}),
        "qs_mode": OptionHelp(
            "Queen of Spades' mercy",
            "Q♠ after scoring: if ahead, +1 to you and +2 to your foe; or (table) +1 on a win "
            "and +2 to a foe who trails.", "Ruling 1b", PROSE_OR_TABLE),
        "xs_requires_win": OptionHelp(
            "Ultimatum only on a win",
            "The Joker of Spades' Ultimatum fires only when it wins the trick (off: on every "
            "trick, as the table reads).", "Ruling 1c"),
        "round_end": OptionHelp(
            "When a round ends",
            "A round ends as soon as someone reaches the target score, or only after all "
            "fourteen tricks.", "Ruling 2",
            {"cap10_or_14": "at the target score or after 14 tricks",
             "14_only": "only after 14 tricks"}),
        "cap": OptionHelp(
            "Target score", "The score that ends a round at once (10 in the rule text).",
            "Ruling 2"),
        "ace_is_face": OptionHelp(
            "Ace counts as a face card",
            "The Joker beats the Ace, and the Jacks of Spades and Clubs react to it (off: the "
            "Ace is a numbered card that beats the Joker).", "Ruling 6"),
        "lock_duration": OptionHelp(
            "How long a lock lasts",
            "A locked score stays frozen for the rest of the trick, or for the rest of the round.",
            "Ruling 8", {"trick": "this trick only", "round": "the rest of the round"}),
        "chaos_pick": OptionHelp(
            "Market Chaos picks",
            "After the Joker of Diamonds, each player's next card is picked at random, or chosen "
            "by the foe from the player's held-up hand.", "Ruling 9",
            {"random": "at random, blind", "foe_open_choice": "by the foe, from the open hand"}),
        "steal_when_stealer_locked": OptionHelp(
            "Steal by a locked player",
            "When the stealer's own score is locked, nothing moves, or the foe still loses the "
            "point.", "Ruling 12",
            {"none": "nothing moves", "foe_still_loses": "the foe still loses 1"}),
        "max_rounds": OptionHelp(
            "Most rounds",
            "Stop after this many rounds even if nobody has won enough of them (empty: play on "
            "until someone has).", "Ruling 19"),
        "rounds_to_win": OptionHelp(
            "Rounds to win the match",
            "Round wins needed to win the match: 2 is best of three, 1 a single round.",
            "Scoring & Victory"),
        "tie_def": OptionHelp(
            "When a round is drawn",
            "A round is drawn on equal scores, or whenever nobody reached the target score.",
            "Ruling 23",
            {"equal_scores": "on equal scores",
             "no_one_reached_cap": "when nobody reached the target"}),
        "house_rules": OptionHelp(
            "House Privileges",
            "Each player may once per round declare their house's privilege with a numbered "
            "card (2-10).", "House Rules, Ruling 20"),
        "joker_predicts_face": OptionHelp(
            "Joker counts as face for the wager",
            "For the Diamonds privilege's prediction the Joker counts as a face card (off: it "
            "matches no prediction).", "Ruling 20"),
        "deck_style": OptionHelp(
            "Deck style",
            "Which deck's names the cards carry: the Joker, the Heckadeck's Beast or 0, or the "
            "French deck's Chevalier and Valet, Dame, Roi.", "Deck Setup, Ruling 21",
            {"standard": "standard 52-card deck with Jokers", "heckadeck": "Heckadeck",
             "chevalier": "French deck with the Chevalier"}),
        "heckadeck_joker": OptionHelp(
            "Heckadeck's Joker card",
            "With the Heckadeck: which card plays the Joker, the Beast or the 0 (only the name "
            "differs).", "Deck Setup, Ruling 21",
            {"Beast": "the Beast", "0": "the 0"}),
        "suits": OptionHelp(
            "Fixed houses",
            "Skip the Queen's Cut: the first seat's house and the second seat's, e.g. S,H "
            "(empty: cut for them).", "The Queen's Cut (for studies)"),
        "shaper": OptionHelp(
            "Who leads with fixed houses",
            "With fixed houses: the seat that counts as the shaper and leads the first trick "
            "(0 the first seat, 1 the second).", "Ruling 3"),
    }

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
