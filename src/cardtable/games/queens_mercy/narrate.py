"""A revealed trick told in a player's words: which card won and why, each power that fired (or
why it did nothing), locks, steals, the base point, Market Chaos and the Joker♠ Ultimatum.

Everything told here follows the reveal, so both seats may know it: the two cards, what was
declared with them, and the scores. The steps come from ``Match.trace``, which ``powers``
fills only while events are being told. Players are named by their houses ("Hearts"): the
table shows each house beside its player.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core import Card
from cardtable.core.cards import JOKER, KING, RANK_LABELS
from cardtable.games.queens_mercy.actions import Play
from cardtable.games.queens_mercy.cards import PREDICTIONS, SUIT_NAMES, prediction_class
from cardtable.games.queens_mercy.match import Match, Scores, TraceStep
from cardtable.games.queens_mercy.options import Options
from cardtable.games.queens_mercy.powers import J_CLUBS

RESULT_WORDS = {1: "won", 0: "tied", -1: "lost"}


@dataclass(frozen=True)
class Power:
    """A card's power as a player reads it: its name, what it does, and when it fires."""

    name: str
    text: str
    needs: str = ""
    """The trick result it needs: "win", "loss", "win or tie", "loss or tie", "tie" or ""."""


PRIVILEGES: dict[str, Power] = {
    "♠": Power("Press the Attack", "if you win this trick while behind: +1 more", "win"),
    "♥": Power("Steadfast Heart", "if you lose this trick: +1", "loss"),
    "♦": Power("Speculative Wager",
               "predict the foe's card (odd, even or face); if right: +2 after scoring"),
    "♣": Power("Judicious Measure", "this trick's winner gets no base point"),
}
"""The House Privileges (house rules), by suit."""


def powers_table(opts: Options) -> dict[str, dict[str, Power]]:
    """Every power of the four houses under these options, by suit then rank code."""
    faces = "J, Q, K or A" if opts.ace_is_face else "J, Q or K"
    locks = "this trick" if opts.lock_duration == "trick" else "for the rest of the round"
    ks_when = "not ahead" if opts.ks_mode == "prose" else "behind"
    chaos = ("next trick, each card is picked at random from its owner's hand"
             if opts.chaos_pick == "random" else
             "next trick, each player picks the other's card from their held-up hand")
    return {
        "♠": {
            "A": Power("Power Grab", "if you lose: steal 1 point from your foe", "loss"),
            "K": Power("Heavy Is the Crown",
                       f"if you win: +1; after scoring, if you are {ks_when}: -1", "win"),
            "Q": Power("Queen's Mercy",
                       "after scoring, if you are ahead: you +1 and your foe +2"
                       if opts.qs_mode == "prose" else
                       "if you win: +1; then, if you are ahead: your foe +2"),
            "J": Power("Intimidate", f"if your foe played a face card ({faces}): your foe -1"),
            "X": Power("Ultimatum",
                       ("if you win: " if opts.xs_requires_win else "")
                       + "your foe chooses, you +1 or they -1",
                       "win" if opts.xs_requires_win else ""),
        },
        "♥": {
            "A": Power("Second Wind",
                       "if you lose: +1, or +2 once your foe's discard pile holds 7 cards", "loss"),
            "K": Power("Resolve", "if you lose: steal 1 point from your foe", "loss"),
            "Q": Power("Shield of Compassion", f"if you lose: your foe's score is locked {locks}",
                       "loss"),
            "J": Power("Triumph", "if you win or tie: +1", "win or tie"),
            "X": Power("Greater Restoration", "+2, and +1 more if you win"),
        },
        "♦": {
            "A": Power("Double or Nothing", "win: +1; lose: -1; tie: +3"),
            "K": Power("Hostile Takeover", "if you win: steal 1 point from your foe", "win"),
            "Q": Power("Momentum Trade", "if you were ahead before the trick: +1; if you win: +1"),
            "J": Power("Short Sell", "if you lose: your foe -1", "loss"),
            "X": Power("Market Chaos", chaos),
        },
        "♣": {
            "A": Power("Equilibrium",
                       "if you lose or tie: +1, or +2 while your foe's deck holds 7 or more cards",
                       "loss or tie"),
            "K": Power("Redistribution", "if you win or tie: +2; then, if your foe trails: foe +1"),
            "Q": Power("Stasis", f"if you win or tie: your foe's score is locked {locks}; "
                       "if you lose: +1"),
            "J": Power("Counterpoise",
                       f"if your foe played a face card ({faces}), its power is cancelled; "
                       "if you tie: +1"),
            "X": Power("Return to Balance", f"both scores are locked {locks}"),
        },
    }


def powers_view(opts: Options) -> dict[str, dict[str, list[str]]]:
    """The powers as views carry them: suit, then rank code, to [name, what it does]; the
    privileges under the rank "privilege"."""
    table = {suit: {rank: [power.name, power.text] for rank, power in ranks.items()}
             for suit, ranks in powers_table(opts).items()}
    for suit, power in PRIVILEGES.items():
        table[suit]["privilege"] = [power.name, power.text]
    return table


class Narrator:
    """Tells one trick of ``m`` (a0 and a1 revealed) as lines of text."""

    def __init__(self, m: Match, a0: Play, a1: Play) -> None:
        self.m = m
        self.plays = (a0, a1)
        self.cards = (a0.card, a1.card)
        self.powers = powers_table(m.opts)
        self.house = [SUIT_NAMES[suit] for suit in m.suits]
        faces = m.faces
        c0, c1 = self.cards
        self.null = (c1 is J_CLUBS and c0.rank in faces, c0 is J_CLUBS and c1.rank in faces)
        """Whose power J♣ cancelled (worked out here: a plain trick leaves ``m.null`` as the
        last trick with powers set it)."""

    # ---- words --------------------------------------------------------------------------

    def name(self, card: Card) -> str:
        return self.m.style.names[card._text]

    def power_of(self, p: int) -> tuple[str, Power]:
        """Seat p's card and its power, as "Q♠ Queen's Mercy"."""
        card = self.cards[p]
        power = self.powers[card.suit][RANK_LABELS[card.rank]]
        return f"{self.name(card)} {power.name}", power

    def changes(self, before: Scores, after: Scores) -> str:
        """The score changes between two snapshots, e.g. "Hearts +1 (5 to 6), Spades -1"."""
        moved = [p for p in (0, 1) if after[p] != before[p]]
        if len(moved) == 2 and after[0] - before[0] == before[1] - after[1] == \
                (1 if after[0] > before[0] else -1):
            taker = 0 if after[0] > before[0] else 1
            return (f"{self.house[taker]} steals 1 point from {self.house[1 - taker]} "
                    f"({self.house[taker]} {after[taker]}, {self.house[1 - taker]} "
                    f"{after[1 - taker]})")
        return ", ".join(f"{self.house[p]} {after[p] - before[p]:+d} ({before[p]} to {after[p]})"
                         for p in moved)

    def blocked(self, p: int, before: Scores) -> str:
        """Why a step that should have moved points moved none."""
        locked = [self.house[q] for q in (p, 1 - p) if self.m.locked[q]]
        if len(locked) == 2:
            return "no change, both scores are locked"
        if locked:
            return f"no change, {locked[0]}' score is locked"
        if before[1 - p] == 0 or before[p] == 0:
            return "no change, a score never drops below 0 and a steal needs a point to take"
        return "no change"

    def needs_unmet(self, p: int, needs: str) -> str | None:
        """Why a power that needs a result did nothing, or None when the result was met."""
        res = self.m.res[p]
        met = {"win": res > 0, "loss": res < 0, "tie": res == 0, "win or tie": res >= 0,
               "loss or tie": res <= 0, "": True}[needs]
        return None if met else f"no effect, it needs a {needs} and {self.house[p]} " \
                                f"{RESULT_WORDS[res]}"

    # ---- the lines ----------------------------------------------------------------------

    def header(self) -> str:
        m = self.m
        parts = []
        for p in (0, 1):
            play = self.plays[p]
            said = f"{self.house[p]} plays {self.name(play.card)}"
            if play.privilege:
                said += f" and declares {PRIVILEGES[m.suits[p]].name}"
                if play.predict:
                    said += f", predicting {prediction_words(play.predict)}"
            parts.append(said)
        chaos = ""
        if m.chaos:
            chaos = (" (Market Chaos: each card was picked at random)" if not m.open_chaos else
                     " (Market Chaos: each card was picked by the foe)")
        return f"Trick {m.trick}: {parts[0]}; {parts[1]}{chaos}. {self.verdict()}"

    def verdict(self) -> str:
        res = self.m.res[0]
        if res == 0:
            return "Same rank: a tie, so no base point."
        w = 0 if res > 0 else 1
        win, lose = self.cards[w], self.cards[1 - w]
        why = ""
        joker = self.m.style.labels.get("X", "Joker")
        if win.rank == JOKER:
            why = f" (the {joker} beats face cards)"
        elif lose.rank == JOKER:
            why = f" (numbered cards beat the {joker})"
        return f"{self.name(win)} beats {self.name(lose)}{why}: {self.house[w]} wins the trick."

    def nullified(self) -> list[str]:
        lines = []
        for p in (0, 1):
            if self.null[p]:
                named, _ = self.power_of(p)
                jack = self.name(self.cards[1 - p])
                lines.append(f"{jack} Counterpoise cancels {named}: it does nothing this trick.")
        return lines

    def locks(self, before: Scores, after: Scores) -> list[str]:
        m, lines = self.m, []
        for p in (0, 1):
            if before[p]:
                lines.append(f"{self.house[p]}' score is still locked from an earlier trick.")
        for p in (0, 1):
            card = self.cards[p]
            if self.null[p] or RANK_LABELS[card.rank] + card.suit not in ("Q♥", "Q♣", "X♣"):
                continue
            named, power = self.power_of(p)
            foe = self.house[1 - p]
            if card.suit == "♣" and card.rank == JOKER:
                lines.append(f"{named}: both scores are locked, no point can move this trick.")
            elif card.suit == "♥" and m.res[p] >= 0:
                lines.append(f"{named}: {self.needs_unmet(p, 'loss')}.")
            elif card.suit == "♥" or m.res[p] >= 0:
                lines.append(f"{named}: {self.house[p]} {RESULT_WORDS[m.res[p]]}, so {foe}' "
                             f"score is locked: it cannot change "
                             + ("this trick." if m.lock_trick else "for the rest of the round."))
        return lines

    def step(self, entry: TraceStep) -> str:
        kind, p, before, after = entry
        m = self.m
        moved = self.changes(before, after)
        if kind == "power":
            named, power = self.power_of(p)
            if moved:
                return f"{named} — {power.text}: {moved}."
            reason = self.why_not(p, before)
            return f"{named} — {power.text}: {reason}." if reason else ""
        if kind == "ultimatum":
            named, _ = self.power_of(p)
            return (f"{named}: {self.house[p]} {RESULT_WORDS[m.res[p]]}, so "
                    f"{self.house[1 - p]} must choose: {self.house[p]} +1, or "
                    f"{self.house[1 - p]} -1.")
        if kind in ("foe+1", "me-1"):
            chosen = (f"letting {self.house[1 - p]} gain 1 point" if kind == "foe+1" else
                      "losing 1 point")
            return f"{self.house[p]} answers the Ultimatum by {chosen}: " \
                   f"{moved or self.blocked(p, before)}."
        if kind == "privilege":
            name = PRIVILEGES[m.suits[p]].name
            outcome = moved or self.needs_unmet(p, "loss") or self.blocked(p, before)
            return f"{name} ({self.house[p]}): {outcome}."
        if kind == "base":
            if moved:
                return f"Base point for winning the trick: {moved}."
            if self._declared("♣"):
                return (f"Judicious Measure: {self.house[p]} won the trick but gets no base "
                        f"point.")
            return f"Base point: {self.blocked(p, before)}."
        if kind == "press":
            if moved:
                return f"Press the Attack: {self.house[p]} won while behind: {moved}."
            return f"Press the Attack: no effect, {self.house[p]} was not behind before the trick."
        if kind == "wager":
            play = self.plays[p]
            foe_card = self.cards[1 - p]
            kind_of = prediction_class(foe_card.rank, m.opts.joker_predicts_face)
            said = f"{self.name(foe_card)} is " + ("no prediction's kind" if kind_of is None
                                                  else "a face card" if kind_of == "face"
                                                  else kind_of)
            outcome = moved if moved else "right, but " + self.blocked(p, before) \
                if kind_of == play.predict else "wrong, no points"
            return f"Speculative Wager: {self.house[p]} predicted {play.predict}; {said}: " \
                   f"{outcome}."
        if kind == "after":
            named, power = self.power_of(p)
            me, foe = before[p], before[1 - p]
            if self.cards[p].rank == KING:
                if moved:
                    state = "not ahead" if m.ks_prose else "behind"
                    return f"{named} after scoring: {self.house[p]} is {state}: {moved}."
                if me > foe or (me == foe and m.opts.ks_mode == "table"):
                    return f"{named} after scoring: {self.house[p]} is not behind, no penalty."
                return f"{named} after scoring: {self.blocked(p, before)}."
            if moved:
                return f"{named} after scoring: {self.house[p]} is ahead: {moved}."
            if me <= foe:
                return f"{named} after scoring: no effect, {self.house[p]} is not ahead."
            return f"{named} after scoring: {self.blocked(p, before)}."
        return ""

    def why_not(self, p: int, before: Scores) -> str:
        """Why seat p's point power moved nothing ("" when another line already says it)."""
        m, card = self.m, self.cards[p]
        code = RANK_LABELS[card.rank] + card.suit
        res, house = m.res[p], self.house[p]
        foe_face = self.cards[1 - p].rank in m.faces
        if code == "Q♣" and res >= 0:
            return ""  # its lock is told with the locks
        if code == "J♣" and res != 0:
            return "" if self.null[1 - p] else "no effect, the foe's card is not a face card, " \
                                            "and the trick is not a tie"
        if code == "J♠" and not foe_face:
            return "no effect, the foe's card is not a face card"
        if code == "Q♦" and m.pre[p] <= m.pre[1 - p] and res <= 0:
            return f"no effect, {house} was not ahead before the trick and did not win"
        if code == "K♣" and res < 0 and before[1 - p] >= before[p]:
            return f"no effect, {house} lost, and {self.house[1 - p]} does not trail"
        if code == "Q♠" and res <= 0 and before[p] <= before[1 - p]:
            return f"no effect, {house} did not win and is not ahead"
        _, power = self.power_of(p)
        return self.needs_unmet(p, power.needs) or self.blocked(p, before)

    def _declared(self, suit: str) -> bool:
        return any(play.privilege and self.m.suits[p] == suit
                   for p, play in enumerate(self.plays))

    def silent_privileges(self, told: set[str]) -> list[str]:
        """Privileges declared that no step told (Spades losing, Clubs on a tie)."""
        lines = []
        for p, play in enumerate(self.plays):
            if not play.privilege:
                continue
            suit = self.m.suits[p]
            if suit == "♠" and "press" not in told:
                lines.append(f"Press the Attack: no effect, {self.house[p]} did not win.")
            elif suit == "♣" and self.m.res[0] == 0:
                lines.append("Judicious Measure: a tie, so there was no base point anyway.")
        return lines

    def score(self) -> str:
        m = self.m
        return f"Score: {self.house[0]} {m.scores[0]}, {self.house[1]} {m.scores[1]}."


def trick_lines(m: Match, a0: Play, a1: Play, resumed: bool, round_over: bool) -> list[str]:
    """The lines that tell a revealed trick, from ``m.trace``. ``resumed``: the trick goes on
    after an Ultimatum's answer (its first part was told at the pause)."""
    n = Narrator(m, a0, a1)
    trace = m.trace or []
    lines = [] if resumed else [n.header(), *n.nullified()]
    for entry in trace:
        if entry[0] == "locks":
            if not resumed:
                before, after = entry[2], entry[3]
                lines += n.locks(before, after)
            continue
        text = n.step(entry)
        if text:
            lines.append(text)
    if not resumed:
        lines += n.silent_privileges({entry[0] for entry in trace})
    for p in (0, 1):
        card = n.cards[p]
        if card.suit == "♦" and card.rank == JOKER:
            named, power = n.power_of(p)
            lines.append(f"{named}: the round is over, so it lapses." if round_over else
                         f"{named}: {power.text}.")
    lines.append(n.score())
    return lines


def ultimatum_lines(m: Match, a0: Play, a1: Play) -> list[str]:
    """The lines of a trick paused for a Joker♠ Ultimatum: its first steps and the question."""
    n = Narrator(m, a0, a1)
    lines = [n.header(), *n.nullified()]
    for entry in m.trace or []:
        if entry[0] == "locks":
            lines += n.locks(entry[2], entry[3])
        elif text := n.step(entry):
            lines.append(text)
    return lines


def prediction_words(predict: str) -> str:
    """A prediction as said: "an odd card", "an even card", "a face card"."""
    assert predict in PREDICTIONS
    return {"odd": "an odd card", "even": "an even card", "face": "a face card"}[predict]
