"""What a bot is given: a ``Decision`` shows the player's view and legal actions, makes the view
only when asked, and samples full states consistent with it without touching the real one."""

import pytest
from tests.support.duel import Duel

from cardtable.core import Decision, Rng


class CountingState:
    """Wraps a state and counts the views made from it (to see what a decision builds)."""

    def __init__(self, state):
        self.state, self.views, self.bodies = state, 0, 0
        self.moves = state.moves

    def view(self, player):
        self.views += 1
        return self.state.view(player)

    def view_body(self, player):
        self.bodies += 1
        return self.state.view_body(player)

    def sample_hidden(self, player, rng):
        return self.state.sample_hidden(player, rng)


@pytest.fixture
def started():
    """A Duel after seat 0 has committed a card: seat 1 must choose, seat 0's card is hidden."""
    game = Duel()
    state = game.new_state(seed=4)
    state.apply(0, state.legal_actions(0)[0])
    return game, state


def test_a_decision_holds_the_player_the_legal_actions_and_the_moves_made(started):
    game, state = started
    legal = state.legal_actions(1)
    decision = Decision(game, state, 1, legal)
    assert (decision.game, decision.player, decision.legal) == (game, 1, legal)
    assert decision.moves == state.moves == 1


def test_the_view_is_the_players_own_made_once_and_only_when_asked(started):
    game, state = started
    counting = CountingState(state)
    decision = Decision(game, counting, 1, state.legal_actions(1))
    assert counting.views == 0
    assert decision.view == state.view(1)
    assert decision.view is decision.view and counting.views == 1
    assert decision.view["viewer"] == 1


def test_the_body_alone_is_made_without_the_view(started):
    game, state = started
    counting = CountingState(state)
    decision = Decision(game, counting, 1, state.legal_actions(1))
    assert decision.body == state.view(1)["body"]
    assert decision.body is decision.body
    assert (counting.views, counting.bodies) == (0, 1)


def test_the_body_comes_from_a_view_already_made(started):
    game, state = started
    counting = CountingState(state)
    decision = Decision(game, counting, 1, state.legal_actions(1))
    view = decision.view
    assert decision.body is view["body"] and counting.bodies == 0


def test_a_sample_keeps_what_the_player_knows_and_leaves_the_state_alone(started):
    game, state = started
    before = state.position()
    decision = Decision(game, state, 1, state.legal_actions(1))
    deals = [decision.sample(Rng(seed)) for seed in range(12)]
    assert state.position() == before
    for deal in deals:
        assert deal is not state and deal.view(1) == state.view(1)
        assert deal.legal_actions(1) == state.legal_actions(1)
    hidden = {str(deal.committed[0]) for deal in deals}
    assert len(hidden) > 1, "the hidden card is dealt afresh, not copied from the real state"


def test_a_sample_is_reproducible_from_its_generator(started):
    game, state = started
    decision = Decision(game, state, 1, state.legal_actions(1))
    assert decision.sample(Rng(9)).position() == decision.sample(Rng(9)).position()
