"""Trick resolution: the rule text's worked examples, every derived acceptance case of the
rulings, one scripted trick per power (all 20 cards), resolution order and the option switches
that change a power. Scores are written (seat 0, seat 1)."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import Rng

# suits, seat 0's card, seat 1's card, scores before, trick, lead, options, scores after
CASES = {
    # --- the rule text's examples and the rulings' acceptance cases ---
    "E1 Q♠ misfire vs A♥": ("♠♥", "Q♠", "A♥", (4, 5), 5, 0, {}, (4, 6)),
    "E1 in table mode": ("♠♥", "Q♠", "A♥", (4, 5), 5, 0, {"qs_mode": "table"}, (4, 6)),
    "E2 steal from 0 moves nothing": ("♥♠", "K♥", "A♠", (2, 0), 1, 0, {}, (2, 1)),
    "E2 steal 1 of 3": ("♥♠", "K♥", "A♠", (2, 3), 1, 0, {}, (3, 3)),
    "E3 A♦ loses at 0 and stays 0": ("♦♥", "A♦", "X♥", (0, 0), 1, 0, {}, (0, 4)),
    "A♠ vs X♥ at 2-0": ("♠♥", "A♠", "X♥", (2, 0), 1, 0, {}, (2, 4)),
    "K♠ vs 10♥ at 3-6": ("♠♥", "K♠", "10♥", (3, 6), 1, 0, {}, (4, 6)),
    "K♠ vs 10♥ at 4-6 prose": ("♠♥", "K♠", "10♥", (4, 6), 1, 0, {}, (5, 6)),
    "K♠ vs 10♥ at 4-6 table": ("♠♥", "K♠", "10♥", (4, 6), 1, 0, {"ks_mode": "table"}, (6, 6)),
    "Q♥ loses to K♦ and locks it": ("♥♦", "Q♥", "K♦", (3, 3), 1, 0, {}, (3, 3)),
    "J♣ nullifies K♠": ("♣♠", "J♣", "K♠", (2, 2), 1, 0, {}, (2, 3)),
    "X♣ locks both": ("♣♥", "X♣", "A♥", (2, 2), 1, 0, {}, (2, 2)),
    # --- Spades ---
    "A♠ steals on a loss": ("♠♥", "A♠", "X♥", (2, 3), 1, 0, {}, (3, 6)),
    "K♠ wins while ahead": ("♠♥", "K♠", "5♥", (4, 1), 1, 0, {}, (6, 1)),
    "Q♠ prose: ahead after scoring": ("♠♥", "Q♠", "5♥", (4, 2), 1, 0, {}, (6, 4)),
    "Q♠ prose: a loss, still ahead": ("♠♥", "Q♠", "K♥", (4, 2), 1, 0, {}, (5, 5)),
    "Q♠ table: a loss, ahead": ("♠♥", "Q♠", "K♥", (4, 2), 1, 0, {"qs_mode": "table"}, (4, 5)),
    "J♠ vs a face card": ("♠♥", "J♠", "K♥", (3, 3), 1, 0, {}, (3, 3)),
    "J♠ vs a number": ("♠♥", "J♠", "5♥", (3, 3), 1, 0, {}, (4, 3)),
    "J♠ vs an Ace (ace_is_face)": ("♠♦", "J♠", "A♦", (3, 3), 1, 0, {}, (3, 4)),
    "J♠ vs an Ace, ace not face": ("♠♦", "J♠", "A♦", (3, 3), 1, 0, {"ace_is_face": False}, (3, 5)),
    "X♠ loses to a number: no Ultimatum": ("♠♥", "X♠", "5♥", (3, 3), 1, 0, {}, (3, 4)),
    # --- Hearts ---
    "A♥ loses: +1": ("♥♦", "A♥", "X♦", (0, 0), 2, 0, {}, (1, 1)),
    "A♥ loses at foe half discard: +2": ("♥♦", "A♥", "X♦", (0, 0), 8, 0, {}, (2, 1)),
    "K♥ steals on a loss": ("♥♠", "K♥", "A♠", (2, 3), 1, 0, {}, (3, 3)),
    "Q♥ wins: no lock": ("♥♦", "Q♥", "5♦", (3, 3), 1, 0, {}, (4, 3)),
    "J♥ wins: +1": ("♥♠", "J♥", "5♠", (0, 0), 1, 0, {}, (2, 0)),
    "J♥ ties J♠, J♥ leads": ("♥♠", "J♥", "J♠", (0, 0), 1, 0, {}, (0, 0)),
    "J♥ ties J♠, J♠ leads": ("♥♠", "J♥", "J♠", (0, 0), 1, 1, {}, (1, 0)),
    "X♥ loses: +2": ("♥♦", "X♥", "5♦", (0, 0), 1, 0, {}, (2, 1)),
    # --- Diamonds ---
    "A♦ wins: +1": ("♦♣", "A♦", "5♣", (0, 0), 1, 0, {}, (2, 0)),
    "A♦ loses: -1": ("♦♥", "A♦", "X♥", (2, 0), 1, 0, {}, (1, 4)),
    "A♦ ties A♣: +3 and A♣ +2": ("♦♣", "A♦", "A♣", (0, 0), 1, 0, {}, (3, 2)),
    "K♦ steals on a win": ("♦♣", "K♦", "5♣", (1, 2), 1, 0, {}, (3, 1)),
    "Q♦ ahead before and wins": ("♦♣", "Q♦", "5♣", (3, 1), 1, 0, {}, (6, 1)),
    "Q♦ behind and loses to K♣": ("♦♣", "Q♦", "K♣", (1, 3), 1, 0, {}, (2, 6)),
    "J♦ loses: foe -1": ("♦♥", "J♦", "K♥", (2, 2), 1, 0, {}, (2, 2)),
    # --- Clubs ---
    "A♣ loses at foe half deck: +2": ("♣♥", "A♣", "X♥", (0, 0), 1, 0, {}, (2, 4)),
    "A♣ loses late: +1": ("♣♥", "A♣", "X♥", (0, 0), 8, 0, {}, (1, 4)),
    "K♣ ties K♥: +2, trailing foe +1": ("♣♥", "K♣", "K♥", (0, 0), 1, 0, {}, (2, 1)),
    "Q♣ wins: foe locked": ("♣♦", "Q♣", "J♦", (2, 2), 1, 0, {}, (2, 2)),
    "Q♣ loses: +1": ("♣♥", "Q♣", "K♥", (0, 0), 1, 0, {}, (1, 1)),
    "J♣ ties J♥: nullifies, +1": ("♣♥", "J♣", "J♥", (0, 0), 1, 0, {}, (1, 0)),
    "J♠ vs J♣: J♠ nullified": ("♠♣", "J♠", "J♣", (2, 2), 1, 0, {}, (2, 3)),
    "J♣ cannot touch a Joker": ("♣♥", "J♣", "X♥", (0, 0), 1, 0, {}, (0, 4)),
    "X♣ with Hearts' Joker: all locked": ("♣♥", "X♣", "X♥", (1, 1), 1, 0, {}, (1, 1)),
    # --- option switches ---
    "steal by a locked stealer: none": ("♥♦", "Q♥", "K♦", (3, 3), 1, 0,
                                        {"steal_when_stealer_locked": "none"}, (3, 3)),
    "steal by a locked stealer: foe loses": ("♥♦", "Q♥", "K♦", (3, 3), 1, 0,
                                             {"steal_when_stealer_locked": "foe_still_loses"},
                                             (2, 3)),
    "Joker vs Ace, ace not face: Ace wins": ("♥♦", "X♥", "A♦", (0, 0), 1, 0,
                                             {"ace_is_face": False}, (2, 2)),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_trick_scores(case, build, trick):
    suits, c0, c1, before, number, lead, options, after = CASES[case]
    state = build(c0, c1, suits=suits, scores=before, trick=number, lead=lead, **options)
    trick(state, c0, c1)
    assert tuple(state.scores) == after


@pytest.mark.parametrize("choice, after", [("me-1", (4, 2)), ("foe+1", (5, 3))])
def test_joker_spades_ultimatum_is_the_foes_choice(choice, after, build, trick):
    """X♠ beats a face card: the foe chooses "foe+1" or "me-1", then base scoring goes on."""
    state = build("X♠", "J♥", suits="♠♥", scores=(3, 3))
    trick(state, "X♠", "J♥")
    assert state.to_act() == (1,)
    assert [str(a) for a in state.legal_actions(1)] == ["foe+1", "me-1"]
    assert state.view(0)["body"]["ultimatum"]["cards"] == ["X♠", "J♥"]
    state.apply(1, state.game.parse_action(state, 1, choice))
    assert tuple(state.scores) == after
    assert state.to_act() == (0, 1)


def test_joker_spades_without_a_win_with_xs_requires_win_off(build, trick):
    state = build("X♠", "5♥", suits="♠♥", scores=(3, 3), xs_requires_win=False)
    trick(state, "X♠", "5♥")
    assert state.to_act() == (1,)
    state.apply(1, state.game.parse_action(state, 1, "me-1"))
    assert tuple(state.scores) == (3, 3)  # 3-2 after the choice, then 5♥'s base point


def test_market_chaos_applies_to_the_next_trick_only(build, trick):
    state = build("X♦", "5♣", suits="♦♣")
    trick(state, "X♦", "5♣")
    assert state.chaos
    assert [str(a) for a in state.legal_actions(0)] == ["chaos"]
    hand = list(state.hands[0])
    state.apply(0, state.legal_actions(0)[0])
    assert state.committed[0].card in hand
    state.apply(1, state.legal_actions(1)[0])
    assert not state.chaos


def test_market_chaos_lapses_at_the_end_of_the_round(build, trick):
    state = build("X♦", "5♣", suits="♦♣", scores=(9, 0))
    trick(state, "X♦", "5♣")  # X♦ loses to 5♣: 9-1, no cap yet
    assert state.chaos
    state = build("X♦", "J♣", suits="♦♣", scores=(9, 0))
    trick(state, "X♦", "J♣")  # the Joker wins: 10-0 ends round 1
    assert state.round_no == 2 and not state.chaos


def test_lock_lasts_the_round_with_lock_duration_round(build, trick):
    state = build("Q♥ 2♥", "K♦ 3♦", suits="♥♦", scores=(3, 3), lock_duration="round")
    trick(state, "Q♥", "K♦")
    assert state.locked == [False, True]
    trick(state, "2♥", "3♦")
    assert tuple(state.scores) == (3, 3)  # ♦ won but stays locked


def test_locks_clear_after_the_trick_by_default(build, trick):
    state = build("Q♥ 2♥", "K♦ 3♦", suits="♥♦", scores=(3, 3))
    trick(state, "Q♥", "K♦")
    assert state.locked == [False, False]
    trick(state, "2♥", "3♦")
    assert tuple(state.scores) == (3, 4)


@pytest.mark.parametrize("c0, c1, lead_after", [
    ("5♠", "7♥", 0), ("7♠", "5♥", 1), ("7♠", "7♥", 1),
])
def test_trick_lead_goes_to_the_loser_and_stays_after_a_tie(c0, c1, lead_after, build, trick):
    state = build(c0, c1, suits="♠♥", lead=1)
    trick(state, c0, c1)
    assert state.lead == lead_after


def test_half_piles_count_the_foes_own_piles_not_this_trick(build, trick):
    """A♥ at trick 8: the foe's discard holds 7 cards (this trick's card not yet in it)."""
    state = build("A♥", "X♦", suits="♥♦", trick=8)
    assert len(state.discards[1]) == 7
    trick(state, "A♥", "X♦")
    assert tuple(state.scores) == (2, 1)
    state = build("A♥", "X♦", suits="♥♦", trick=7)
    trick(state, "A♥", "X♦")
    assert tuple(state.scores) == (1, 1)


def test_the_rule_texts_example_trick(build, trick):
    """The example trick of the rule text, as the rules page tells it: Brian (Spades, seat 0) 4,
    Sarah (Hearts, seat 1) 5, trick 5 with four cards in each discard and three in hand, Brian
    leading; Q♠ against A♥: Sarah wins, neither power pays, Sarah 6, Brian 4."""
    state = build("Q♠", "A♥", suits="♠♥", scores=(4, 5), trick=5, lead=0)
    assert [len(pile) for pile in state.discards] == [4, 4]
    assert [len(hand) for hand in state.hands] == [3, 3]
    events = trick(state, "Q♠", "A♥")
    told = events[-1].data
    assert told["winner"] == 1 and told["before"] == [4, 5]
    assert state.locked == [False, False]
    assert tuple(state.scores) == (4, 6)
    assert [len(pile) for pile in state.discards] == [5, 5]
    assert [len(hand) for hand in state.hands] == [3, 3]


@pytest.mark.parametrize("options", [{}, {"rounds_to_win": 3}, {"max_rounds": 1}])
def test_the_result_counts_the_rounds_the_events_announce(options):
    """A study reads rounds from the result instead of the events: both must tell the same."""
    game = cardtable.load("queens-mercy", **options)
    for seed in range(12):
        state, rng, announced = game.new_state(seed), Rng(seed), []
        while not state.is_over():
            for player in state.to_act():
                action = rng.choice(state.legal_actions(player))
                announced += [e for e in state.apply(player, action) if e.kind == "round"]
        result = state.result()
        assert result is not None and result.rounds == len(announced) > 0
        assert result.round_scores == tuple(map(float, announced[-1].data["scores"]))
