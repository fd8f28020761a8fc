"""The flow of a match: the Queen's Cut, simultaneous commits, House Privileges, Market Chaos,
round ends, round tokens and the match end, and illegal actions naming their rule."""

from __future__ import annotations

import json

import pytest

import cardtable
from cardtable.core import IllegalActionError, NotYourTurnError
from cardtable.games.queens_mercy.cards import beats_table


def _act(state, player, text):
    return state.apply(player, state.game.parse_action(state, player, text))


# ---- the Queen's Cut ----------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_the_cut_winner_holds_the_higher_card_by_beats(seed):
    state = cardtable.load("queens-mercy").new_state(seed)
    r0, r1 = state.cut
    assert r0 != r1
    assert state.to_act() == ((0,) if beats_table(True)[r0][r1] > 0 else (1,))
    assert [str(a) for a in state.legal_actions(state.to_act()[0])] == ["shape", "claim"]


@pytest.mark.parametrize("royal", ["shape", "claim"])
def test_royal_choice_then_shape_then_claim(royal):
    state = cardtable.load("queens-mercy").new_state(2)
    winner = state.to_act()[0]
    _act(state, winner, royal)
    shaper = winner if royal == "shape" else 1 - winner
    assert state.to_act() == (shaper,)
    assert len(state.legal_actions(shaper)) == 6
    _act(state, shaper, "shape H D")
    claimer = 1 - shaper
    assert [str(a) for a in state.legal_actions(claimer)] == ["claim ♥", "claim ♦"]
    with pytest.raises(IllegalActionError, match="shaped suits"):
        _act(state, claimer, "claim ♠")
    _act(state, claimer, "claim ♦")
    assert state.suits[claimer] == "♦" and state.suits[shaper] == "♥"
    assert state.lead == shaper
    assert state.to_act() == (0, 1)
    assert all(len(hand) == 3 for hand in state.hands)


@pytest.mark.parametrize("suits, shaper", [(("♠", "♥"), 0), (("♣", "♦"), 1)])
def test_fixed_suits_skip_the_cut(suits, shaper):
    state = cardtable.load("queens-mercy", suits=suits, shaper=shaper).new_state(1)
    assert state.suits == list(suits) and state.lead == shaper and state.to_act() == (0, 1)
    assert {c.suit for c in state.hands[0] + state.decks[0]} == {suits[0]}


# ---- simultaneous commits -----------------------------------------------------------------

def test_commit_order_is_free_and_the_trick_resolves_on_the_second(build):
    state = build("7♠", "5♥", suits="♠♥")
    _act(state, 1, "5♥")
    assert state.to_act() == (0,)
    assert state.legal_actions(1) == []
    with pytest.raises(NotYourTurnError):
        _act(state, 1, "6♥")
    _act(state, 0, "7♠")
    assert state.scores == [1, 0] and state.trick == 2 and state.to_act() == (0, 1)
    assert len(state.hands[0]) == 3 and len(state.discards[0]) == 1


def test_a_card_not_in_hand_is_refused_and_changes_nothing(build):
    state = build("7♠", "5♥", suits="♠♥")
    before = json.dumps(state.position())
    with pytest.raises(IllegalActionError, match="not in your hand"):
        _act(state, 0, "A♠")
    assert json.dumps(state.position()) == before


def test_hands_shrink_after_the_decks_run_out(build, trick):
    state = build("5♠", "5♥", suits="♠♥", trick=12)
    assert [len(h) for h in state.hands] == [3, 3]
    trick(state, "5♠", "5♥")
    assert [len(h) for h in state.hands] == [2, 2]


# ---- House Privileges ---------------------------------------------------------------------

@pytest.mark.parametrize("suits, c0, c1, before, after", [
    ("♠♥", "7♠ privilege", "5♥", (0, 2), (2, 2)),    # Press the Attack: behind and wins
    ("♠♥", "7♠ privilege", "5♥", (2, 0), (3, 0)),    # not behind: no extra point
    ("♥♠", "5♥ privilege", "7♠", (0, 0), (1, 1)),    # Steadfast Heart: +1 on a loss
    ("♦♠", "5♦ privilege odd", "7♠", (0, 0), (2, 1)),   # Speculative Wager right
    ("♦♠", "5♦ privilege even", "7♠", (0, 0), (0, 1)),  # ... wrong
    ("♦♠", "5♦ privilege face", "X♠", (0, 0), (3, 0)),  # the Joker counts as face
    ("♣♠", "5♣ privilege", "7♠", (0, 0), (0, 0)),    # Judicious Measure: no base point
])
def test_house_privileges(suits, c0, c1, before, after, build, trick):
    state = build(c0.split()[0], c1, suits=suits, scores=before, house_rules=True)
    trick(state, c0, c1)
    assert tuple(state.scores) == after
    assert state.priv_used[0]


def test_joker_not_face_for_the_prediction_with_the_option_off(build, trick):
    state = build("5♦", "X♠", suits="♦♠", house_rules=True, joker_predicts_face=False)
    trick(state, "5♦ privilege face", "X♠")
    assert tuple(state.scores) == (1, 0)  # only the base point


@pytest.mark.parametrize("text, rule", [
    ("J♠ privilege", "numbered card"),
    ("7♠ privilege odd", "prediction"),
])
def test_privilege_rules_are_named(text, rule, build):
    state = build("7♠ J♠", "5♥", suits="♠♥", house_rules=True)
    with pytest.raises(IllegalActionError, match=rule):
        _act(state, 0, text)


def test_privilege_is_once_per_round_and_off_by_default(build, trick):
    state = build("7♠ 8♠", "5♥ 6♥", suits="♠♥", house_rules=True)
    trick(state, "7♠ privilege", "5♥")
    with pytest.raises(IllegalActionError, match="once per round"):
        _act(state, 0, "8♠ privilege")
    plain = build("7♠", "5♥", suits="♠♥")
    with pytest.raises(IllegalActionError, match="house_rules"):
        _act(plain, 0, "7♠ privilege")


def test_no_privilege_on_a_chaos_trick(build):
    state = build("7♠", "5♦", suits="♠♦", house_rules=True, chaos=True, trick=2)
    assert [str(a) for a in state.legal_actions(0)] == ["chaos"]


def test_the_privilege_declaration_stays_hidden_until_the_reveal(build):
    state = build("7♠", "5♥", suits="♠♥", house_rules=True)
    _act(state, 0, "7♠ privilege")
    seen_by_foe = json.dumps(state.view(1), ensure_ascii=False)
    assert "7♠" not in seen_by_foe and "privilege " not in seen_by_foe
    assert state.view(0)["body"]["my_commit"] == "7♠ privilege"


# ---- Market Chaos with open choice --------------------------------------------------------

def test_open_chaos_each_player_picks_the_foes_card(build):
    state = build("2♠ 3♠ 4♠", "5♦ 6♦ 7♦", suits="♠♦", chaos=True, chaos_pick="foe_open_choice",
                  trick=2)
    assert sorted(str(a) for a in state.legal_actions(0)) == ["5♦", "6♦", "7♦"]
    assert sorted(state.view(0)["body"]["foe_known"]) == ["5♦", "6♦", "7♦"]
    _act(state, 0, "5♦")
    assert state.view(0)["body"]["my_pick"] == "5♦"
    assert "my_commit" not in state.view(1)["body"]
    assert state.view(1)["body"]["committed"] == [False, True]
    _act(state, 1, "4♠")
    assert str(state.discards[0][-1]) == "4♠" and str(state.discards[1][-1]) == "5♦"
    assert sorted(state.view(0)["body"]["foe_known"]) == ["6♦", "7♦"]


# ---- round end and the match --------------------------------------------------------------

def test_reaching_the_cap_ends_the_round_and_earns_a_token(build, trick):
    state = build("7♠", "5♥", suits="♠♥", scores=(9, 3), trick=4)
    events = trick(state, "7♠", "5♥")
    assert state.tokens == [1, 0] and state.round_no == 2 and state.scores == [0, 0]
    assert state.trick == 1 and state.history == [[10, 3, 0]]
    assert [e.kind for e in events][-2:] == ["round", "deal"]


def test_14_only_plays_on_past_the_cap(build, trick):
    state = build("7♠", "5♥", suits="♠♥", scores=(9, 3), trick=4, round_end="14_only")
    trick(state, "7♠", "5♥")
    assert state.round_no == 1 and state.scores == [10, 3]


@pytest.mark.parametrize("options, scores, token", [
    ({}, (5, 5), None),
    ({}, (6, 5), 0),
    ({"tie_def": "no_one_reached_cap"}, (6, 5), None),
])
def test_the_last_trick_decides_the_round(options, scores, token, build, trick):
    state = build("5♠", "5♥", suits="♠♥", scores=scores, trick=14, **options)
    trick(state, "5♠", "5♥")
    assert state.history == [[*scores, token]]


def test_the_cap_option_moves_the_round_end(build, trick):
    state = build("7♠", "5♥", suits="♠♥", scores=(4, 0), cap=5)
    trick(state, "7♠", "5♥")
    assert state.history == [[5, 0, 0]]


def test_second_token_wins_the_match(build, trick):
    state = build("7♠", "5♥", suits="♠♥", scores=(9, 3), tokens=(1, 0), round_no=2)
    events = trick(state, "7♠", "5♥")
    assert state.is_over() and state.to_act() == ()
    result = state.result()
    assert result.scores == (2.0, 0.0) and result.winner == 0
    assert events[-1].kind == "match"


def test_max_rounds_allows_a_drawn_match(build, trick):
    state = build("5♠", "5♥", suits="♠♥", scores=(4, 4), trick=14, tokens=(1, 1),
                  round_no=3, max_rounds=3)
    trick(state, "5♠", "5♥")
    assert state.is_over() and state.result().winner is None


def test_tied_rounds_are_replayed_by_default(build, trick):
    state = build("5♠", "5♥", suits="♠♥", scores=(4, 4), trick=14, tokens=(1, 1), round_no=3)
    trick(state, "5♠", "5♥")
    assert not state.is_over() and state.round_no == 4


def test_a_single_round_match_for_studies(build, trick):
    state = build("7♠", "5♥", suits="♠♥", scores=(9, 0), rounds_to_win=1, max_rounds=1)
    trick(state, "7♠", "5♥")
    assert state.is_over() and state.result().scores == (1.0, 0.0)


def test_the_trick_lead_carries_into_the_next_round(build, trick):
    state = build("7♠", "5♥", suits="♠♥", scores=(9, 0))
    trick(state, "7♠", "5♥")
    assert state.round_no == 2 and state.lead == 1
