"""The protocol's shared behaviour: checked apply, parse errors, registry lookups, decisions."""

import pytest

import cardtable
from cardtable.core import (
    Card,
    Decision,
    GameOverError,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    Result,
    Rng,
    UnknownGameError,
)


def test_apply_refuses_illegal_and_out_of_turn_actions_and_changes_nothing(duel_registered):
    state = duel_registered.new_state(1)
    before = state.position()
    foreign = state.hands[1][0]
    with pytest.raises(IllegalActionError, match="not a legal action"):
        state.apply(0, foreign)
    state.apply(0, state.hands[0][0])
    with pytest.raises(NotYourTurnError, match="player 0 may not act"):
        state.apply(0, state.hands[0][0])
    assert state.position() != before
    assert state.moves == 1


def test_game_over_refuses_any_action(duel_registered):
    state = duel_registered.new_state(2)
    while not state.is_over():
        p = state.to_act()[0]
        state.apply(p, state.legal_actions(p)[0])
    with pytest.raises(GameOverError):
        state.apply(0, Card.parse("2♠"))
    with pytest.raises(GameOverError):
        duel_registered.parse_action(state, 0, "2♠")


def test_parse_action_separates_malformed_from_illegal(duel_registered):
    state = duel_registered.new_state(3)
    mine = state.hands[0][0]
    assert duel_registered.parse_action(state, 0, str(mine)) is mine
    with pytest.raises(NotationError):
        duel_registered.parse_action(state, 0, "hello")
    with pytest.raises(IllegalActionError):
        duel_registered.parse_action(state, 0, str(state.hands[1][0]))


def test_registry_names_and_errors(duel_registered):
    assert "duel" in cardtable.game_names()
    assert cardtable.load("Duel").name == "duel"
    with pytest.raises(UnknownGameError, match="no game called 'chess'"):
        cardtable.load("chess")
    assert repr(cardtable.load("duel", tricks=2)) == "cardtable.load('duel', tricks=2)"


def test_decision_builds_the_view_lazily_and_samples_consistently(duel_registered):
    state = duel_registered.new_state(4)
    calls = []
    original = state.view
    state.view = lambda p: calls.append(p) or original(p)  # instance attribute: seen by Decision
    decision = Decision(duel_registered, state, 0, state.legal_actions(0))
    assert calls == []
    assert decision.view["body"]["hand"] == [str(c) for c in state.hands[0]]
    assert decision.view is decision.view and calls == [0]
    assert decision.sample(Rng(1)).view(0) == original(0)


def test_result_returns():
    assert Result((3, 1), 0).returns() == (1.0, 0.0)
    assert Result((2, 2), None).returns() == (0.5, 0.5)
    assert Result((2, 2), None).is_draw


def test_advance_is_the_nearest_apply_unchecked_unless_a_game_defines_it():
    """A state that does not define ``advance`` plays its own ``apply_unchecked`` (a subclass's
    override included); one that defines it keeps it."""
    from tests.support.duel import DuelState

    class Counting(DuelState):
        calls = 0

        def apply_unchecked(self, player, action):
            Counting.calls += 1
            return super().apply_unchecked(player, action)

    class Inheriting(Counting):
        pass

    class Quiet(DuelState):
        def advance(self, player, action):
            raise RuntimeError("its own advance")

    assert DuelState.advance is DuelState.apply_unchecked
    assert Inheriting.advance is Counting.apply_unchecked
    assert Quiet.advance is not Quiet.apply_unchecked


@pytest.mark.parametrize("seat", [2, -1, 7, True])
def test_parse_action_refuses_a_seat_outside_the_table(duel_registered, seat):
    """Seat -1 once read as the last seat, and seats past the table raised IndexError."""
    state = duel_registered.new_state(1)
    move = str(state.legal_actions(state.to_act()[0])[0])
    with pytest.raises(NotYourTurnError, match="no player"):
        duel_registered.parse_action(state, seat, move)


@pytest.mark.parametrize("name", [None, 3, ["queens-mercy"], b"pillars", {"game": "x"}])
def test_load_refuses_a_name_that_is_not_text(name):
    """Once an AttributeError or a TypeError; now the registry's own error, naming the type."""
    with pytest.raises(cardtable.core.UnknownGameError, match="a game's name is text"):
        cardtable.load(name)


def test_play_text_reads_checks_and_applies_a_typed_move(duel_registered):
    state = duel_registered.new_state(1)
    text = str(state.hands[0][0])
    action, events = state.play_text(0, text)
    assert str(action) == text and state.moves == 1 and events
    before = state.position()
    with pytest.raises(NotationError):
        state.play_text(1, "nonsense")
    with pytest.raises(IllegalActionError):
        state.play_text(1, str(state.hands[0][0]))
    assert state.position() == before


def test_a_move_read_against_the_offered_list_is_the_listed_action_itself(duel_registered):
    state = duel_registered.new_state(4)
    legal = state.legal_actions(0)
    assert duel_registered.parse_action(state, 0, str(legal[-1]), legal) is legal[-1]
    with pytest.raises(IllegalActionError, match="not a legal action"):
        duel_registered.parse_action(state, 0, str(state.hands[1][0]), legal)
