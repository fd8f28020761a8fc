"""Views hide what each player may not know; deck styles rename cards in views and on screen
while the notation stays canonical."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import view_json


def test_a_committed_card_is_hidden_from_the_foe_but_said_committed(build):
    state = build("7♠", "5♥", suits="♠♥")
    state.apply(0, state.game.parse_action(state, 0, "7♠"))
    foe = state.view(1)["body"]
    assert foe["committed"] == [True, False] and foe["my_commit"] is None
    assert "7♠" not in view_json(foe) and "7♠" not in view_json(state.view(None))
    assert state.view(0)["body"]["my_commit"] == "7♠"


def test_hands_and_decks_are_secret_discards_public(build, trick):
    state = build("7♠", "5♥", suits="♠♥", trick=3)
    assert state.secrets(0) == {str(c) for c in state.hands[1] + state.decks[1]}
    assert state.secrets(None) >= {str(c) for c in state.hands[0] + state.hands[1]}
    view = state.view(0)["body"]
    assert view["hand"] == [str(c) for c in state.hands[0]]
    assert view["discards"][1] == [str(c) for c in state.discards[1]]
    assert "hand" not in state.view(None)["body"]


@pytest.mark.parametrize("style, joker, expected", [
    ("standard", "Beast", "Joker♠"),
    ("heckadeck", "Beast", "Beast♠"),
    ("heckadeck", "0", "0♠"),
    ("chevalier", "Beast", "Chevalier♠"),
])
def test_deck_styles_name_the_joker(style, joker, expected, build, trick):
    state = build("X♠", "5♥", suits="♠♥", deck_style=style, heckadeck_joker=joker)
    trick(state, "X♠", "5♥")
    text = state.game.describe(state.view(0))
    assert expected in text
    assert state.view(0)["body"]["last_trick"]["cards"][0] == "X♠"  # data stays canonical


def test_chevalier_style_names_the_court(build, trick):
    state = build("Q♠", "5♥", suits="♠♥", deck_style="chevalier")
    body = state.view(0)["body"]
    assert body["labels"]["Q"] == "Dame" and body["deck_style"] == "chevalier"
    assert "Dame♠" in [str(action) for action in state.legal_actions(0)]  # listed by name
    assert state.game.parse_action(state, 0, "Dame♠") == state.game.parse_action(state, 0, "Q♠")
    trick(state, "Q♠", "5♥")
    assert "Dame♠" in state.game.describe(state.view(1))


def test_describe_shows_the_cut_and_the_waiting_player():
    game = cardtable.load("queens-mercy")
    state = game.new_state(4)
    text = game.describe(state.view(None))
    assert "Queen's Cut" in text and "royal" in text


def test_the_ultimatum_is_shown_to_both(build, trick):
    state = build("X♠", "J♥", suits="♠♥")
    trick(state, "X♠", "J♥")
    assert "Ultimatum" in state.game.describe(state.view(1))
    assert state.view(0)["body"]["ultimatum"]["chooser"] == 1


def test_the_phase_is_named_in_the_view_envelope(build, trick):
    game = cardtable.load("queens-mercy")
    state = game.new_state(1)
    names = [state.phase_name()]
    for text in ("claim", "shape ♠ ♥", "claim ♥"):
        player = state.to_act()[0]
        state.apply(player, game.parse_action(state, player, text))
        names.append(state.view(None)["phase"])
    assert names == ["royal", "shape", "claim", "trick"]
    ultimatum = build("X♠", "J♥", suits="♠♥")
    trick(ultimatum, "X♠", "J♥")
    assert ultimatum.view(0)["phase"] == "ultimatum"
    over = build("7♠", "5♥", suits="♠♥", scores=(9, 0), rounds_to_win=1)
    trick(over, "7♠", "5♥")
    assert over.view(0)["phase"] == "over" and over.view(0)["result"]["winner"] == 0


def test_the_body_leaves_the_envelope_to_the_core(build):
    body = build("7♠", "5♥", suits="♠♥").view(0)["body"]
    assert not {"game", "viewer", "to_act", "phase", "result"} & set(body)
