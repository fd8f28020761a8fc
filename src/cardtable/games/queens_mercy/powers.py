"""How a trick scores once both cards are revealed: nullify, locks, the twenty powers and the
House Privileges in their order, base scoring and the after-scoring effects. (The flow around
it, commits, discards, draws and the ends of rounds, is in ``rules``.)

Each power is a small function ``power(match, p, res, foe_card)`` where ``res`` is +1/0/-1 for a
win/tie/loss of player ``p``; the Joker♠'s returns True when resolution must pause for the foe's
answer. Point changes go through ``add`` and ``steal`` only, which carry
the "locked", "never negative" and "steal only if possible" rules.
"""

from __future__ import annotations

from cardtable.core import Card
from cardtable.core.cards import ACE, JACK, JOKER, KING, QUEEN
from cardtable.games.queens_mercy.actions import Play
from cardtable.games.queens_mercy.cards import POWER_ORDER, prediction_class
from cardtable.games.queens_mercy.match import Match, PowerFn

HALF = 7
"""A deck or discard pile of seven or more cards is "half deck" / "half discard"."""


def add(s: Match, p: int, k: int) -> None:
    """Change p's score by k, unless p is locked or a decrease would go below zero."""
    if s.locked[p]:
        return
    value = s.scores[p] + k
    if value >= 0:
        s.scores[p] = value


def steal(s: Match, p: int) -> None:
    """Move 1 point from the foe to p, only if the foe has one and neither score is locked
    (``steal_when_stealer_locked="foe_still_loses"``: a locked stealer still makes the foe lose)."""
    f = 1 - p
    if s.locked[f] or s.scores[f] < 1:
        return
    if s.locked[p]:
        if s.opts.steal_when_stealer_locked == "foe_still_loses":
            s.scores[f] -= 1
        return
    s.scores[f] -= 1
    s.scores[p] += 1


# ---- point-phase powers -------------------------------------------------------------------

def _power_grab(s: Match, p: int, res: int, foe_card: Card) -> None:
    """A♠ Power Grab and K♥ Resolve: on a loss, steal 1."""
    if res < 0:
        steal(s, p)


def _heavy_crown(s: Match, p: int, res: int, foe_card: Card) -> None:
    """K♠ Heavy Is the Crown: on a win, +1 (its "not ahead" -1 comes after scoring)."""
    if res > 0:
        add(s, p, 1)


def _queens_mercy_table(s: Match, p: int, res: int, foe_card: Card) -> None:
    """Q♠ Queen's Mercy, table reading: on a win +1; if ahead, the foe +2."""
    if res > 0:
        add(s, p, 1)
    if s.scores[p] > s.scores[1 - p]:
        add(s, 1 - p, 2)


def _intimidate(s: Match, p: int, res: int, foe_card: Card) -> None:
    """J♠ Intimidate: if the foe's card is a face card, the foe -1."""
    if foe_card.rank in s.faces:
        add(s, 1 - p, -1)


def _ultimatum(s: Match, p: int, res: int, foe_card: Card) -> bool:
    """Joker♠ Ultimatum: on a win (or always, by option) the foe must choose: pause."""
    return res > 0 or not s.opts.xs_requires_win


def _second_wind(s: Match, p: int, res: int, foe_card: Card) -> None:
    """A♥ Second Wind: on a loss, +1 (+2 if the foe's discard is half full)."""
    if res < 0:
        add(s, p, 2 if len(s.discards[1 - p]) >= HALF else 1)


def _triumph(s: Match, p: int, res: int, foe_card: Card) -> None:
    """J♥ Triumph: on a win or tie, +1."""
    if res >= 0:
        add(s, p, 1)


def _restoration(s: Match, p: int, res: int, foe_card: Card) -> None:
    """Joker♥ Greater Restoration: +2, and +1 more on a win."""
    add(s, p, 2)
    if res > 0:
        add(s, p, 1)


def _double_or_nothing(s: Match, p: int, res: int, foe_card: Card) -> None:
    """A♦ Double or Nothing: win +1, loss -1, tie +3."""
    add(s, p, 1 if res > 0 else -1 if res < 0 else 3)


def _hostile_takeover(s: Match, p: int, res: int, foe_card: Card) -> None:
    """K♦ Hostile Takeover: on a win, steal 1."""
    if res > 0:
        steal(s, p)


def _momentum(s: Match, p: int, res: int, foe_card: Card) -> None:
    """Q♦ Momentum Trade: +1 if ahead before the trick; +1 on a win."""
    if s.pre[p] > s.pre[1 - p]:
        add(s, p, 1)
    if res > 0:
        add(s, p, 1)


def _short_sell(s: Match, p: int, res: int, foe_card: Card) -> None:
    """J♦ Short Sell: on a loss, the foe -1."""
    if res < 0:
        add(s, 1 - p, -1)


def _equilibrium(s: Match, p: int, res: int, foe_card: Card) -> None:
    """A♣ Equilibrium: on a loss or tie, +1 (+2 if the foe's deck is half full)."""
    if res <= 0:
        add(s, p, 2 if len(s.decks[1 - p]) >= HALF else 1)


def _redistribution(s: Match, p: int, res: int, foe_card: Card) -> None:
    """K♣ Redistribution: on a win or tie, +2; then a trailing foe +1."""
    if res >= 0:
        add(s, p, 2)
    if s.scores[1 - p] < s.scores[p]:
        add(s, 1 - p, 1)


def _stasis(s: Match, p: int, res: int, foe_card: Card) -> None:
    """Q♣ Stasis: on a loss, +1 (its lock on a win or tie is applied in the lock step)."""
    if res < 0:
        add(s, p, 1)


def _counterpoise(s: Match, p: int, res: int, foe_card: Card) -> None:
    """J♣ Counterpoise: on a tie, +1 (its nullify is applied first, in ``derive``)."""
    if res == 0:
        add(s, p, 1)


def _steadfast_heart(s: Match, p: int, res: int, foe_card: Card) -> None:
    """Hearts' privilege, Steadfast Heart: on a loss, +1."""
    if res < 0:
        add(s, p, 1)


def point_powers(qs_mode: str) -> dict[str, PowerFn]:
    """The point-phase power of each card that has one (Q♠ only in the table reading), keyed by
    the card's text (str hashes are cached; the hot path looks these up twice a trick)."""
    table: dict[tuple[int, str], PowerFn] = {
        (ACE, "♠"): _power_grab, (KING, "♠"): _heavy_crown, (JACK, "♠"): _intimidate,
        (JOKER, "♠"): _ultimatum,
        (ACE, "♥"): _second_wind, (KING, "♥"): _power_grab, (JACK, "♥"): _triumph,
        (JOKER, "♥"): _restoration,
        (ACE, "♦"): _double_or_nothing, (KING, "♦"): _hostile_takeover, (QUEEN, "♦"): _momentum,
        (JACK, "♦"): _short_sell,
        (ACE, "♣"): _equilibrium, (KING, "♣"): _redistribution, (QUEEN, "♣"): _stasis,
        (JACK, "♣"): _counterpoise,
    }
    if qs_mode == "table":
        table[(QUEEN, "♠")] = _queens_mercy_table
    return {str(Card(rank, suit)): fn for (rank, suit), fn in table.items()}


J_CLUBS = Card(JACK, "♣")
Q_HEARTS = Card(QUEEN, "♥")
Q_CLUBS = Card(QUEEN, "♣")
X_CLUBS = Card(JOKER, "♣")
K_SPADES = Card(KING, "♠")
Q_SPADES = Card(QUEEN, "♠")


LOCKERS = frozenset({"Q♥", "Q♣", "X♣"})
AFTER_SCORING = frozenset({"K♠", "Q♠"})


def special_cards(powers: dict[str, PowerFn]) -> frozenset[str]:
    """Cards whose trick needs more than the base point: point powers, locks, after-scoring
    effects. Any other pair of cards resolves on the plain path."""
    return frozenset(powers) | LOCKERS | AFTER_SCORING


def reveal(s: Match, a0: Play, a1: Play) -> int | None:
    """Both cards are committed: take them from the hands and score the trick. Returns the seat
    that must answer a Joker♠ Ultimatum before scoring goes on, or None once it is scored.

    Most tricks pair two cards without any effect; they take a short path (base point only).
    The full path applies nullify, locks, point powers in order, and the after-scoring effects.
    """
    c0, c1 = a0.card, a1.card
    hand = s.hands[0]
    del hand[0 if hand[0] is c0 else 1 if hand[1] is c0 else 2]  # cards are interned
    hand = s.hands[1]
    del hand[0 if hand[0] is c1 else 1 if hand[1] is c1 else 2]
    if s.seen[0] or s.seen[1]:
        for p, card in ((1, c0), (0, c1)):
            if card in s.seen[p]:
                s.seen[p].remove(card)
    scores = s.scores
    s.pre = [scores[0], scores[1]]
    r = s.beats[c0.rank][c1.rank]
    s.res = (r, -r)
    special = s.special
    if a0.privilege or a1.privilege or c0._text in special or c1._text in special:
        return _reveal_special(s, a0, a1)
    if r != 0:
        winner = 0 if r > 0 else 1
        if not s.locked[winner]:
            scores[winner] += 1
        if s.trace is not None:
            s.trace.append(("base", winner, (s.pre[0], s.pre[1]), (scores[0], scores[1])))
    return None


def _reveal_special(s: Match, a0: Play, a1: Play) -> int | None:
    """The full resolution: privileges noted, nullify, locks, then the point powers."""
    if a0.privilege:
        s.priv_used[0] = True
    if a1.privilege:
        s.priv_used[1] = True
    derive(s, a0, a1)
    c0, c1 = a0.card, a1.card
    if c0._text in LOCKERS or c1._text in LOCKERS:
        before = (int(s.locked[0]), int(s.locked[1]))
        lock(s, c0, c1)
        if s.trace is not None:
            s.trace.append(("locks", -1, before, (int(s.locked[0]), int(s.locked[1]))))
    return run_points(s, a0, a1, 0)


def derive(s: Match, a0: Play, a1: Play) -> None:
    """Facts of the revealed trick that follow from the two cards alone: results and nullify."""
    c0, c1 = a0.card, a1.card
    r = s.beats[c0.rank][c1.rank]
    s.res = (r, -r)
    faces = s.faces
    s.null = [c1 is J_CLUBS and c0.rank in faces, c0 is J_CLUBS and c1.rank in faces]


def lock(s: Match, c0: Card, c1: Card) -> None:
    """Q♥ on a loss and Q♣ on a win or tie lock the foe; Joker♣ locks both (unless nullified)."""
    locked = s.locked
    for p, card in ((0, c0), (1, c1)):
        if s.null[p]:
            continue
        if card is Q_HEARTS and s.res[p] < 0 or card is Q_CLUBS and s.res[p] >= 0:
            locked[1 - p] = True
        elif card is X_CLUBS:
            locked[0] = locked[1] = True


def point_steps(s: Match, a0: Play, a1: Play) -> list[tuple[int, PowerFn]]:
    """The point-phase effects of this trick in resolution order (privileges before Jacks;
    then J, Q, K, A, Joker; equal ranks: the trick lead first)."""
    steps: list[tuple[int, PowerFn]] = []
    for p, action in ((0, a0), (1, a1)):
        if action.privilege and s.suits[p] == "♥":
            steps.append((p, _steadfast_heart))
    powers = s.powers
    f0 = None if s.null[0] else powers.get(a0.card._text)
    f1 = None if s.null[1] else powers.get(a1.card._text)
    if f0 is not None and f1 is not None:
        k0, k1 = POWER_ORDER[a0.card.rank], POWER_ORDER[a1.card.rank]
        if k0 < k1 or k0 == k1 and s.lead == 0:
            steps += ((0, f0), (1, f1))
        else:
            steps += ((1, f1), (0, f0))
    elif f0 is not None:
        steps.append((0, f0))
    elif f1 is not None:
        steps.append((1, f1))
    return steps


def run_points(s: Match, a0: Play, a1: Play, start: int) -> int | None:
    """Resolve point powers from step ``start``; pause for a Joker♠ Ultimatum (returning the
    seat to answer it), else finish the scoring (returning None)."""
    steps = point_steps(s, a0, a1)
    cards = (a1.card, a0.card)  # each seat's foe's card
    trace, scores = s.trace, s.scores
    for i in range(start, len(steps)):
        p, fn = steps[i]
        before = (scores[0], scores[1])
        paused = fn(s, p, s.res[p], cards[p])
        if trace is not None:
            kind = "privilege" if fn is _steadfast_heart else "ultimatum" if paused else "power"
            trace.append((kind, p, before, (scores[0], scores[1])))
        if paused:  # only the Joker♠ returns True: pause
            s.pending_index = i + 1
            return 1 - p
    finish(s, a0, a1)
    return None


def answer_ultimatum(s: Match, a0: Play, a1: Play, chooser: int, choice: str) -> None:
    """Apply the foe's answer to the Joker♠ and score the rest of the trick (which cannot pause
    again: there is one Joker♠ in a match)."""
    before = (s.scores[0], s.scores[1])
    if choice == "foe+1":
        add(s, 1 - chooser, 1)
    else:
        add(s, chooser, -1)
    if s.trace is not None:
        s.trace.append((choice, chooser, before, (s.scores[0], s.scores[1])))
    run_points(s, a0, a1, s.pending_index)


def finish(s: Match, a0: Play, a1: Play) -> None:
    """Base scoring, then the after-scoring effects."""
    res = s.res[0]
    winner = 0 if res > 0 else 1 if res < 0 else None
    privileged = a0.privilege or a1.privilege
    trace, scores = s.trace, s.scores
    if winner is not None:
        before = (scores[0], scores[1])
        if not (privileged and _declared(s, a0, a1, "♣")):
            add(s, winner, 1)
        if trace is not None:
            trace.append(("base", winner, before, (scores[0], scores[1])))
        if privileged and (a0, a1)[winner].privilege and s.suits[winner] == "♠":
            before = (scores[0], scores[1])
            if s.pre[winner] < s.pre[1 - winner]:
                add(s, winner, 1)  # Press the Attack
            if trace is not None:
                trace.append(("press", winner, before, (scores[0], scores[1])))
    if privileged:
        _speculative_wager(s, a0, a1)
    c0, c1 = a0.card, a1.card
    if c0._text in AFTER_SCORING or c1._text in AFTER_SCORING:
        _after_scoring(s, c0, c1)


def _speculative_wager(s: Match, a0: Play, a1: Play) -> None:
    """The Diamonds privilege: +2 after scoring if the foe's card matched the prediction."""
    for p, action, foe in ((0, a0, a1), (1, a1, a0)):
        if action.predict is not None and s.suits[p] == "♦":
            before = (s.scores[0], s.scores[1])
            if prediction_class(foe.card.rank, s.opts.joker_predicts_face) == action.predict:
                add(s, p, 2)
            if s.trace is not None:
                s.trace.append(("wager", p, before, (s.scores[0], s.scores[1])))


def _after_scoring(s: Match, c0: Card, c1: Card) -> None:
    """K♠'s "not ahead" check, then Q♠'s mercy (prose reading), each unless nullified."""
    for p, card in ((0, c0), (1, c1)):
        if s.null[p]:
            continue
        mine, theirs = s.scores[p], s.scores[1 - p]
        before = (s.scores[0], s.scores[1])
        if card is K_SPADES:
            if mine < theirs or (mine == theirs and s.ks_prose):
                add(s, p, -1)
        elif card is Q_SPADES and s.qs_prose:
            if mine > theirs:
                add(s, p, 1)
                add(s, 1 - p, 2)
        else:
            continue
        if s.trace is not None:
            s.trace.append(("after", p, before, (s.scores[0], s.scores[1])))


def _declared(s: Match, a0: Play, a1: Play, suit: str) -> bool:
    """Whether the player of ``suit`` declared their privilege this trick."""
    return a0.privilege and s.suits[0] == suit or a1.privilege and s.suits[1] == suit
