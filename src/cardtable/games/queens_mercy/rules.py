"""How a trick resolves once both cards are revealed: nullify, locks, point powers in order,
base scoring, after-scoring effects, next-trick effects, then discard and draw.

Each power is a small function ``power(state, p, res, foe_card)`` where ``res`` is +1/0/-1 for a
win/tie/loss of player ``p``. Point changes go through ``add`` and ``steal`` only, which carry
the "locked", "never negative" and "steal only if possible" rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from cardtable.core import Card
from cardtable.core.cards import ACE, JACK, JOKER, KING, QUEEN

from cardtable.games.queens_mercy.cards import POWER_ORDER, prediction_class

if TYPE_CHECKING:
    from cardtable.games.queens_mercy.state import QueensMercyState

PAUSE = object()
"""Returned by the Joker♠ power: the foe must answer the Ultimatum before resolution goes on."""
HALF = 7
"""A deck or discard pile of seven or more cards is "half deck" / "half discard"."""


def add(s: "QueensMercyState", p: int, k: int) -> None:
    """Change p's score by k, unless p is locked or a decrease would go below zero."""
    if s.locked[p]:
        return
    value = s.scores[p] + k
    if value >= 0:
        s.scores[p] = value


def steal(s: "QueensMercyState", p: int) -> None:
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

def _power_grab(s, p, res, foe_card):  # A♠ and K♥ (the same effect)
    if res < 0:
        steal(s, p)


def _heavy_crown(s, p, res, foe_card):  # K♠ (its "not ahead" check comes after scoring)
    if res > 0:
        add(s, p, 1)


def _queens_mercy_table(s, p, res, foe_card):  # Q♠, table reading
    if res > 0:
        add(s, p, 1)
    if s.scores[p] > s.scores[1 - p]:
        add(s, 1 - p, 2)


def _intimidate(s, p, res, foe_card):  # J♠
    if foe_card.rank in s.faces:
        add(s, 1 - p, -1)


def _ultimatum(s, p, res, foe_card):  # Joker♠
    if res > 0 or not s.opts.xs_requires_win:
        return PAUSE
    return None


def _second_wind(s, p, res, foe_card):  # A♥
    if res < 0:
        add(s, p, 2 if len(s.discards[1 - p]) >= HALF else 1)


def _triumph(s, p, res, foe_card):  # J♥
    if res >= 0:
        add(s, p, 1)


def _restoration(s, p, res, foe_card):  # Joker♥
    add(s, p, 2)
    if res > 0:
        add(s, p, 1)


def _double_or_nothing(s, p, res, foe_card):  # A♦
    add(s, p, 1 if res > 0 else -1 if res < 0 else 3)


def _hostile_takeover(s, p, res, foe_card):  # K♦
    if res > 0:
        steal(s, p)


def _momentum(s, p, res, foe_card):  # Q♦ (its advantage is read before the trick is scored)
    if s.pre[p] > s.pre[1 - p]:
        add(s, p, 1)
    if res > 0:
        add(s, p, 1)


def _short_sell(s, p, res, foe_card):  # J♦
    if res < 0:
        add(s, 1 - p, -1)


def _equilibrium(s, p, res, foe_card):  # A♣
    if res <= 0:
        add(s, p, 2 if len(s.decks[1 - p]) >= HALF else 1)


def _redistribution(s, p, res, foe_card):  # K♣
    if res >= 0:
        add(s, p, 2)
    if s.scores[1 - p] < s.scores[p]:
        add(s, 1 - p, 1)


def _stasis(s, p, res, foe_card):  # Q♣ (its lock is applied in the lock step)
    if res < 0:
        add(s, p, 1)


def _counterpoise(s, p, res, foe_card):  # J♣ (its nullify is applied first)
    if res == 0:
        add(s, p, 1)


def _steadfast_heart(s, p, res, foe_card):  # Hearts privilege
    if res < 0:
        add(s, p, 1)


PowerFn = Callable[..., object]


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
X_DIAMONDS = Card(JOKER, "♦")
K_SPADES = Card(KING, "♠")
Q_SPADES = Card(QUEEN, "♠")


LOCKERS = frozenset({"Q♥", "Q♣", "X♣"})
AFTER_SCORING = frozenset({"K♠", "Q♠"})


def special_cards(powers: dict[str, PowerFn]) -> frozenset[str]:
    """Cards that need more than the base point: point powers, locks, after-scoring effects,
    and the Joker♦'s chaos. Any other pair of cards resolves on the plain path."""
    return frozenset(powers) | LOCKERS | AFTER_SCORING | {"X♦"}


def reveal(s: "QueensMercyState") -> None:
    """Both cards are committed: reveal them and resolve the trick.

    Most tricks pair two cards without any effect; they take a short path (base point only).
    The full path applies nullify, locks, point powers in order, and the after-scoring effects.
    """
    a0, a1 = s.committed
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
    t0, t1 = c0._text, c1._text
    special = s.special
    if a0.privilege or a1.privilege or t0 in special or t1 in special:
        _reveal_special(s, a0, a1)
        return
    winner = None if r == 0 else 0 if r > 0 else 1
    if winner is not None and not s.locked[winner]:
        scores[winner] += 1
    s.end_trick(winner, False)


def _reveal_special(s: "QueensMercyState", a0: Any, a1: Any) -> None:
    """The full resolution: privileges noted, nullify, locks, then the point powers."""
    if a0.privilege:
        s.priv_used[0] = True
    if a1.privilege:
        s.priv_used[1] = True
    derive(s)
    c0, c1 = a0.card, a1.card
    if c0._text in LOCKERS or c1._text in LOCKERS:
        _lock(s, c0, c1)
    run_points(s, 0)


def derive(s: "QueensMercyState") -> None:
    """Facts of the revealed trick that follow from the two cards alone: results and nullify."""
    c0, c1 = s.committed[0].card, s.committed[1].card
    r = s.beats[c0.rank][c1.rank]
    s.res = (r, -r)
    faces = s.faces
    s.null = [c1 is J_CLUBS and c0.rank in faces, c0 is J_CLUBS and c1.rank in faces]


def _lock(s: "QueensMercyState", c0: Card, c1: Card) -> None:
    """Q♥ on a loss and Q♣ on a win or tie lock the foe; Joker♣ locks both (unless nullified)."""
    locked = s.locked
    for p, card in ((0, c0), (1, c1)):
        if s.null[p]:
            continue
        if card is Q_HEARTS and s.res[p] < 0 or card is Q_CLUBS and s.res[p] >= 0:
            locked[1 - p] = True
        elif card is X_CLUBS:
            locked[0] = locked[1] = True


def point_steps(s: "QueensMercyState") -> list[tuple[int, PowerFn]]:
    """The point-phase effects of this trick in resolution order (privileges before Jacks;
    then J, Q, K, A, Joker; equal ranks: the trick lead first)."""
    steps: list[tuple[int, PowerFn]] = []
    a0, a1 = s.committed
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


def run_points(s: "QueensMercyState", start: int) -> None:
    """Resolve point powers from step ``start``; pause for a Joker♠ Ultimatum, else finish."""
    steps = point_steps(s)
    for i in range(start, len(steps)):
        p, fn = steps[i]
        if fn(s, p, s.res[p], s.committed[1 - p].card) is PAUSE:
            s.pending_index = i + 1
            s.start_ultimatum(1 - p)
            return
    finish(s)


def answer_ultimatum(s: "QueensMercyState", chooser: int, choice: str) -> None:
    """Apply the foe's answer to the Joker♠ and resolve the rest of the trick."""
    if choice == "foe+1":
        add(s, 1 - chooser, 1)
    else:
        add(s, chooser, -1)
    run_points(s, s.pending_index)


def finish(s: "QueensMercyState") -> None:
    """Base scoring, after-scoring effects, next-trick effects, then the end of the trick."""
    a0, a1 = s.committed
    c0, c1 = a0.card, a1.card
    res = s.res[0]
    winner = 0 if res > 0 else 1 if res < 0 else None
    privileged = a0.privilege or a1.privilege
    if winner is not None:
        if not (privileged and _declared(s, "♣")):
            add(s, winner, 1)
        if privileged and s.committed[winner].privilege and s.suits[winner] == "♠" \
                and s.pre[winner] < s.pre[1 - winner]:
            add(s, winner, 1)  # Press the Attack
    if privileged:
        _speculative_wager(s)
    if c0._text in AFTER_SCORING or c1._text in AFTER_SCORING:
        _after_scoring(s, c0, c1)
    s.end_trick(winner, c0 is X_DIAMONDS or c1 is X_DIAMONDS)


def _speculative_wager(s: "QueensMercyState") -> None:
    """The Diamonds privilege: +2 after scoring if the foe's card matched the prediction."""
    for p in (0, 1):
        action = s.committed[p]
        if action.predict is not None and s.suits[p] == "♦":
            foe = s.committed[1 - p].card.rank
            if prediction_class(foe, s.opts.joker_predicts_face) == action.predict:
                add(s, p, 2)


def _after_scoring(s: "QueensMercyState", c0: Card, c1: Card) -> None:
    """K♠'s "not ahead" check, then Q♠'s mercy (prose reading), each unless nullified."""
    for p, card in ((0, c0), (1, c1)):
        if s.null[p]:
            continue
        mine, theirs = s.scores[p], s.scores[1 - p]
        if card is K_SPADES:
            if mine < theirs or (mine == theirs and s.ks_prose):
                add(s, p, -1)
        elif card is Q_SPADES and s.qs_prose and mine > theirs:
            add(s, p, 1)
            add(s, 1 - p, 2)


def _declared(s: "QueensMercyState", suit: str) -> bool:
    """Whether the player of ``suit`` declared their privilege this trick."""
    return any(s.committed[p].privilege and s.suits[p] == suit for p in (0, 1))
