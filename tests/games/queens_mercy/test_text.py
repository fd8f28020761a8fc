"""The table as text: the prompt's one or two lines on what the player chooses, and every card
written in the deck style's names (listed, described, in events)."""

from __future__ import annotations

import pytest

import cardtable


def _explain(state, player):
    return state.game.explain_choice(state.view(player))


def _act(state, player, text):
    return state.apply(player, state.game.parse_action(state, player, text))


def test_the_queens_cut_is_explained_step_by_step():
    game = cardtable.load("queens-mercy")
    state = game.new_state(1)
    winner = state.to_act()[0]
    royal = _explain(state, winner)
    assert "'shape'" in royal and "'claim'" in royal and _explain(state, 1 - winner) == ""
    _act(state, winner, "claim")
    shaper = state.to_act()[0]
    assert "shape ♠ ♥" in _explain(state, shaper)
    _act(state, shaper, "shape ♥ ♦")
    assert "Hearts ('claim ♥') or Diamonds ('claim ♦')" in _explain(state, 1 - shaper)
    assert all(len(text.splitlines()) <= 2 for text in (royal, _explain(state, 1 - shaper)))


def test_a_commit_is_explained_with_a_card_of_the_hand_in_the_styles_names(build):
    state = build("Q♠", "5♥", suits="♠♥", deck_style="chevalier")
    text = _explain(state, 0)
    assert "Play a card face down" in text and "Dame♠" in text and "privilege" not in text
    assert _explain(state, None) == ""


@pytest.mark.parametrize("suit, declared, extra", [
    ("♠", "privilege", "House Privilege with a numbered card (e.g. '7♠ privilege')."),
    ("♦", "privilege odd", "odd, even or face")])
def test_the_privilege_is_offered_while_unused(suit, declared, extra, build, trick):
    state = build(f"7{suit} 8{suit}", "5♥ 6♥", suits=f"{suit}♥", house_rules=True)
    assert extra in _explain(state, 0)
    trick(state, f"7{suit} {declared}", "5♥")
    assert "privilege" not in _explain(state, 0)


def test_market_chaos_and_the_ultimatum_are_explained(build, trick):
    blind = build("2♠", "5♦", suits="♠♦", chaos=True, trick=2)
    assert "'chaos'" in _explain(blind, 0)
    held_up = build("2♠", "5♦", suits="♠♦", chaos=True, trick=2, chaos_pick="foe_open_choice")
    assert "pick the card your foe must play" in _explain(held_up, 0)
    state = build("X♠", "J♥", suits="♠♥")
    trick(state, "X♠", "J♥")
    assert "Spades gains 1 point ('foe+1') or you lose 1 ('me-1')" in _explain(state, 1)
    assert _explain(state, 0) == ""


@pytest.mark.parametrize("style, joker, name", [
    ("standard", "Beast", "Joker♠"), ("heckadeck", "Beast", "Beast♠"), ("heckadeck", "0", "0♠"),
    ("chevalier", "Beast", "Chevalier♠"),
])
def test_a_styles_names_are_typed_listed_described_and_told(style, joker, name, build, trick):
    state = build("X♠", "5♥", suits="♠♥", deck_style=style, heckadeck_joker=joker)
    assert name in [str(action) for action in state.legal_actions(0)]
    assert str(state.game.parse_action(state, 0, name)) == name
    assert name in state.game.describe(state.view(0))
    events = trick(state, name, "5♥")
    told = "\n".join(event.text for event in events)
    assert f"Spades plays {name}" in told and f"{name} Ultimatum" in told
    assert f"(numbered cards beat the {name[:-1]})" in told
    assert name in state.game.describe(state.view(1))
    assert state.view(0)["body"]["last_trick"]["cards"][0] == "X♠"  # data keeps the codes


def test_the_chevalier_court_is_named_everywhere(build, trick):
    state = build("J♠ Q♠ K♠", "5♥", suits="♠♥", deck_style="chevalier")
    listed = [str(action) for action in state.legal_actions(0)]
    assert listed == ["Valet♠", "Dame♠", "Roi♠"]
    events = trick(state, "Roi♠", "5♥")
    told = [event.text for event in events]
    assert "Spades plays Roi♠; Hearts plays 5♥. Roi♠ beats 5♥" in told[1]
    assert "Roi♠ Heavy Is the Crown" in told[2]


def test_illegal_cards_are_named_in_the_style(build):
    state = build("7♠", "5♥", suits="♠♥", deck_style="heckadeck")
    with pytest.raises(cardtable.core.IllegalActionError, match="Beast♠ is not in your hand"):
        state.game.parse_action(state, 0, "Beast♠")
