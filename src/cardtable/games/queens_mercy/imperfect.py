"""The endgame while the decks still hide a card, solved exactly as a game of imperfect
information.

At trick 11 each deck holds one card (two at trick 10): every player knows which cards the foe
has left (their suit less the discards) but not which of them lies in the deck, nor the order
of their own deck. The rest of the round is then a game with chance (the hidden deal, Market
Chaos's blind picks) and information sets (what each player has seen). It is written in
sequence form and solved by linear programming (``cardtable.solvers.sequence_form``); once both
decks are empty (trick 12) every card is known again and the leaf is worth the value of the
perfect-information endgame (``endgame.Endgame``), which is exact because nothing hidden remains
after it.

**The prior.** The hidden deal is taken as uniform over every deal the public record allows
(the cards a foe saw held up under open Market Chaos stay in that hand): this is the game
"the rest of the round from here", the same assumption the search bots' samplers make. What
earlier play may have signalled about a hand is not read; each decision re-solves from its own
trick.

**Information sets.** A player's information set is their previous sequence of actions with
their view of the table now (hand order aside), so players remember everything they saw; the
two commits of a trick are taken seat 0 first, seat 1 not seeing it.
"""

from __future__ import annotations

import json
from itertools import combinations, permutations

from cardtable.core import Card, Rng
from cardtable.games.queens_mercy import endgame, rules
from cardtable.games.queens_mercy.actions import QueensMercyAction
from cardtable.games.queens_mercy.endgame import Analysis, Endgame
from cardtable.games.queens_mercy.match import OVER, TRICK, ULTIMATUM
from cardtable.games.queens_mercy.state import QueensMercyState
from cardtable.solvers.sequence_form import SequenceForm, Solution

MAX_DECK = 1
"""The largest deck a bot's decision is solved with: from trick 11, a fraction of a second per
position; from trick 10 (decks of two) it takes seconds (``benchmarks/exact.py``)."""
HINT_DECK = 2
"""The largest deck a hint (or ``cardtable solve``) is solved with: from trick 10."""
PERFECT_FROM = 12
"""The first trick whose positions are worth their perfect-information value."""


def solved_from(state: QueensMercyState, max_deck: int = MAX_DECK) -> bool:
    """Whether this solver takes the position on: a trick or an Ultimatum while each deck
    holds between one and ``max_deck`` cards."""
    return state.phase in (TRICK, ULTIMATUM) and 0 < len(state.decks[0]) <= max_deck


def exact_analysis(state: QueensMercyState, player: int,
                   max_deck: int = MAX_DECK) -> Analysis | None:
    """``player``'s decision solved exactly, by whichever solver the position needs (decks
    empty: perfect information; at most ``max_deck`` cards left: this module); None before."""
    found = endgame.analyse(state, player)
    return found if found is not None else analyse(state, player, max_deck)


def analyse(state: QueensMercyState, player: int, max_deck: int = MAX_DECK) -> Analysis | None:
    """The equilibrium mix of ``player``'s decision now, and their expected round result
    (win 1, tie 1/2) if both play it, given what they know; None where this solver does not
    apply. Only ``player``'s knowledge is used: the state is re-dealt from their view."""
    if not solved_from(state, max_deck) or player not in state.to_act():
        return None
    known = state.sample_hidden(player, Rng(0))
    if known.phase is TRICK:
        known.committed = [None, None]  # the trick's game is decided by both commits together
    tree = HiddenEndgame(known, player)
    solution = tree.form.solve()
    value = tree.value_for_player(solution)
    legal = known.legal_actions(player)
    if len(legal) == 1:  # a blind Market Chaos pick: nothing to mix
        return Analysis(player, tuple(legal), (1.0,), value)
    mix = tree.form.behaviour(player, tree.root_key, solution.plans[player])
    return Analysis(player, tuple(legal), tuple(mix[action] for action in legal), value)


class HiddenEndgame:
    """The rest of the round from ``root`` in sequence form, over every hidden deal; leaves
    under ``player``'s own information set are also kept apart, for their value. The walk
    hands over to the perfect-information values at the start of trick ``perfect_from`` or
    later, once both decks are empty (a later trick than 14: never)."""

    def __init__(self, root: QueensMercyState, player: int,
                 perfect_from: int = PERFECT_FROM) -> None:
        self.round_no = root.round_no
        self.perfect_from = perfect_from
        self.player = player
        self.root_key = (0, view_key(root, player))
        self.perfect = Endgame(root.round_no)
        self.form = SequenceForm()
        self.mine: dict[tuple[int, int], float] = {}
        """Leaves below ``player``'s real information set: weight times value for seat 0."""
        self.mine_weight = 0.0
        deals = hidden_deals(root)
        self.deals = len(deals)
        for deal in deals:
            mine = view_key(deal, player) == self.root_key[1]
            self.mine_weight += mine / len(deals)
            self._walk(deal, 1.0 / len(deals), (0, 0), mine)

    def value_for_player(self, solution: Solution) -> float:
        """The player's expected round result at their real information set, both playing the
        equilibrium."""
        plan0, plan1 = solution.plans
        seat0 = sum(w * plan0[s0] * plan1[s1] for (s0, s1), w in self.mine.items())
        seat0 /= self.mine_weight
        return float(seat0 if self.player == 0 else 1.0 - seat0)

    def _walk(self, state: QueensMercyState, weight: float, sequences: tuple[int, int],
              mine: bool) -> None:
        if state.phase is OVER or state.round_no != self.round_no or (
                state.phase is TRICK and not state.decks[0] and not any(state.committed)
                and state.trick >= self.perfect_from):
            self._leaf(sequences, weight * self.perfect.value(state), mine)
        elif state.phase is TRICK and state.chaos and not state.open_chaos:
            self._blind_picks(state, weight, sequences, mine)
        else:
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            if len(legal) == 1:
                self._walk(_after(state, player, legal[0]), weight, sequences, mine)
                return
            key = (sequences[player], view_key(state, player))
            sequence_of = self.form.sequences(player, key, sequences[player], legal)
            for action in legal:
                sequence = sequence_of[action]
                step = (sequence, sequences[1]) if player == 0 else (sequences[0], sequence)
                self._walk(_after(state, player, action), weight, step, mine)

    def _blind_picks(self, state: QueensMercyState, weight: float, sequences: tuple[int, int],
                     mine: bool) -> None:
        """Market Chaos: each card is picked blind from its owner's hand, a chance node."""
        hands = state.hands
        share = weight / (len(hands[0]) * len(hands[1]))
        for card0 in hands[0]:
            for card1 in hands[1]:
                copy = state.clone()
                rules.commit(copy, 0, copy.plays[card0._text], None)
                rules.commit(copy, 1, copy.plays[card1._text], None)
                self._walk(copy, share, sequences, mine)

    def _leaf(self, sequences: tuple[int, int], worth: float, mine: bool) -> None:
        self.form.leaf(*sequences, worth)
        if mine:
            self.mine[sequences] = self.mine.get(sequences, 0.0) + worth


def hidden_deals(state: QueensMercyState) -> list[QueensMercyState]:
    """Every deal of the hidden cards the public record allows, each a copy of ``state``: each
    player's cards left (hand and deck) split into a hand and an ordered deck, the cards the
    foe has seen held up kept in the hand (a card revealed in this trick has left the hand)."""
    splits = [_splits(state, player) for player in (0, 1)]
    deals = []
    for hand0, deck0 in splits[0]:
        for hand1, deck1 in splits[1]:
            deal = state.clone()
            deal.hands = [hand0[:], hand1[:]]
            deal.decks = [deck0[:], deck1[:]]
            deals.append(deal)
    return deals


def _splits(state: QueensMercyState, player: int) -> list[tuple[list[Card], list[Card]]]:
    shown = list(state.seen[1 - player])
    rest = sorted(card for card in state.hands[player] + state.decks[player]
                  if card not in shown)
    take = len(state.hands[player]) - len(shown)
    splits: list[tuple[list[Card], list[Card]]] = []
    for hand in combinations(rest, take):
        left = [card for card in rest if card not in hand]
        splits.extend((shown + list(hand), list(deck)) for deck in permutations(left))
    return splits


def view_key(state: QueensMercyState, player: int) -> str:
    """What ``player`` sees now, as a key: the view, with the hand as a set and without the
    trick's commits (when ``player`` decides, their own is not made yet, and whether the foe
    has committed first tells nothing)."""
    body: dict[str, object] = dict(state.view_body(player))
    body["hand"] = sorted(state.view_body(player)["hand"])
    for field in ("committed", "my_commit", "my_pick"):
        body.pop(field, None)
    return json.dumps(body, sort_keys=True, ensure_ascii=False)


def _after(state: QueensMercyState, player: int, action: QueensMercyAction) -> QueensMercyState:
    copy = state.clone()
    copy.advance(player, action)
    return copy

