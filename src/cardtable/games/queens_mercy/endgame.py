"""The endgame of a round, solved exactly.

After trick 11 both decks are empty, so each player knows the foe's hand by elimination (their
suit less the discards). The rest of the round is then a game of perfect information but for
the simultaneous commits: at each trick the two commits form a zero-sum matrix game whose
entries are the values of the positions that follow. Each matrix game is solved by linear
programming (``cardtable.solvers.matrix_game``, on SciPy's HiGHS) and the values are backed
up to the current trick.

Values are for the round: a win counts 1, a tie 1/2, a loss 0, for seat 0. Why that is also
right for the match: value a match that continues into a new deal by taking each later round
as even (a win or a loss with probability 1/2; the next deal is unknown and the bots are
alike). A tied round leaves the tokens as they were, so its match value is exactly halfway
between the match values after a won and a lost round; the match value is then an affine,
increasing function of this round value, and the equilibrium mix is the same. (Only a
``max_rounds`` limit, where a tie uses up a round, breaks this; the round value is used there
too.)

Chance inside the round is a chance node, never read from the state's generator: a Market
Chaos trick under the ruled ``chaos_pick="random"`` averages over every pair of cards the two
blind picks can give. An Ultimatum is a decision of one seat (a max or a min node).

The solver works on a copy made from the deciding player's knowledge only
(``State.sample_hidden``, which from trick 12 can deal the foe no other hand than the true one),
with the commits of the trick being decided cleared.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardtable.core import Rng
from cardtable.games.queens_mercy import rules
from cardtable.games.queens_mercy.actions import Play, QueensMercyAction
from cardtable.games.queens_mercy.match import OVER, TRICK, ULTIMATUM
from cardtable.games.queens_mercy.state import QueensMercyState
from cardtable.solvers.matrix_game import solve_matrix

WIN, TIE, LOSS = 1.0, 0.5, 0.0
"""Round results for the seat the value is for."""


@dataclass(frozen=True)
class Analysis:
    """The solved decision of ``player``: their equilibrium mix and their value."""

    player: int
    actions: tuple[QueensMercyAction, ...]
    mix: tuple[float, ...]
    value: float
    """The player's expected round result (win 1, tie 1/2, loss 0) if both play best."""

    def text(self) -> str:
        shown = sorted(zip(self.mix, self.actions, strict=True), key=lambda pair: -pair[0])
        plays = ", ".join(f"{action} {share:.0%}" for share, action in shown if share >= 0.005)
        verb = "commit" if isinstance(self.actions[0], Play) else "play"
        return (f"{verb} {plays}: you win this round {max(self.value, 0.0):.0%} against best "
                "play (a tie counts half)")


def solved_from(state: QueensMercyState) -> bool:
    """Whether the rest of this round is solved exactly: both decks are empty and a trick
    (or an Ultimatum) is being decided."""
    return (state.phase in (TRICK, ULTIMATUM) and not state.decks[0] and not state.decks[1])


def analyse(state: QueensMercyState, player: int) -> Analysis | None:
    """The exact analysis of ``player``'s decision now, or None where it is not solved (decks
    not yet empty, or nothing for ``player`` to decide)."""
    if not solved_from(state) or player not in state.to_act():
        return None
    known = state.sample_hidden(player, Rng(0))
    if known.phase is TRICK:
        known.committed = [None, None]  # the trick's game is decided by both commits together
    solver = Endgame(known.round_no)
    if known.phase is ULTIMATUM:
        actions = known.legal_actions(player)
        values = [solver.value(_after(known, [(player, a)])) for a in actions]
        mine = [v if player == 0 else 1 - v for v in values]
        best = int(np.argmax(mine))
        mix = tuple(1.0 if i == best else 0.0 for i in range(len(actions)))
        return Analysis(player, tuple(actions), mix, float(mine[best]))
    if known.chaos and not known.open_chaos:  # both cards are picked blind: nothing to mix
        value = solver.value(known)
        return Analysis(player, tuple(known.legal_actions(player)), (1.0,),
                        value if player == 0 else 1.0 - value)
    rows, columns, matrix = solver.trick_matrix(known)
    value, x, y = solve_matrix(matrix)
    if player == 0:
        return Analysis(0, tuple(rows), tuple(float(v) for v in x), value)
    return Analysis(1, tuple(columns), tuple(float(v) for v in y), 1.0 - value)


def _after(state: QueensMercyState, moves: list[tuple[int, QueensMercyAction]]) -> QueensMercyState:
    copy = state.clone()
    for player, action in moves:
        copy.apply_unchecked(player, action)
    return copy


class Endgame:
    """Values (for seat 0) of positions of one round, remembered per position."""

    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        self.memo: dict[tuple[object, ...], float] = {}
        self.positions = 0

    def value(self, state: QueensMercyState) -> float:
        if state.phase is OVER or state.round_no != self.round_no:
            won = state.history[-1][2]
            return TIE if won is None else WIN if won == 0 else LOSS
        if state.phase is ULTIMATUM:
            actor = state.actor
            values = [self.value(_after(state, [(actor, a)]))
                      for a in state.legal_actions(actor)]
            return max(values) if actor == 0 else min(values)
        key = _key(state)
        found = self.memo.get(key)
        if found is None:
            self.positions += 1
            found = self.memo[key] = self._trick_value(state)
        return found

    def _trick_value(self, state: QueensMercyState) -> float:
        if state.chaos and not state.open_chaos:  # two blind picks: a chance node
            hands = state.hands
            total = 0.0
            for c0 in hands[0]:
                for c1 in hands[1]:
                    copy = state.clone()
                    rules.commit(copy, 0, copy.plays[c0._text], None)
                    rules.commit(copy, 1, copy.plays[c1._text], None)
                    total += self.value(copy)
            return total / (len(hands[0]) * len(hands[1]))
        return solve_matrix(self.trick_matrix(state)[2])[0]

    def trick_matrix(self, state: QueensMercyState
                     ) -> tuple[list[QueensMercyAction], list[QueensMercyAction], np.ndarray]:
        """Seat 0's commits, seat 1's commits and the value after each pair."""
        rows, columns = state.legal_actions(0), state.legal_actions(1)
        matrix = np.array([[self.value(_after(state, [(0, a), (1, b)])) for b in columns]
                           for a in rows])
        return rows, columns, matrix


def _key(state: QueensMercyState) -> tuple[object, ...]:
    """What the rest of the round depends on at the start of a trick (decks are empty, so the
    discards are the suits less the hands)."""
    return (state.trick, state.lead, state.chaos, tuple(state.scores), tuple(state.locked),
            tuple(state.priv_used), tuple(sorted(c._text for c in state.hands[0])),
            tuple(sorted(c._text for c in state.hands[1])))
