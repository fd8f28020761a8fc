"""Play: four guesses, the win, the grading queue of the multiplayer game, rotation, tally."""

import pytest

import cardtable
from cardtable.games.patriarch import board, rules
from cardtable.games.patriarch.actions import WAIT

SECRET = "3(A(5) 4(2))"
WRONG = ["2(A(5) 3(4))", "3(A(2) 4(5))", "A(3(4) 5(2))", "4(A(2) 3(5))"]


def act(game, state, player, text):
    return state.apply(player, game.parse_action(state, player, text))


@pytest.fixture
def duel(make_position):
    game = cardtable.load("patriarch", games=1)
    return game, game.from_position(make_position(game))


def test_t6_three_wrong_guesses_then_a_right_one_win_for_the_guesser(duel):
    game, state = duel
    for text in WRONG[:3]:
        act(game, state, 1, text)
        assert not state.is_over()
    act(game, state, 1, "3(4(2) A(5))")  # the mirror image
    assert state.is_over()
    assert state.result().winner == 1 and state.tally == [0, 1]


def test_t6_four_wrong_guesses_win_for_the_owner(duel):
    game, state = duel
    for text in WRONG:
        act(game, state, 1, text)
    assert state.is_over()
    assert state.result().winner == 0
    assert [g.counts() for _, _, g in state.graded] == [(1, 1, 1), (3, 2, 0), (0, 1, 2), (0, 3, 0)]


def test_each_two_player_guess_is_graded_at_once_and_stays_on_the_table(duel):
    game, state = duel
    events = act(game, state, 1, WRONG[0])
    assert [e.kind for e in events] == ["submit", "grade", "grade-why"]
    assert [e.audience for e in events] == [None, None, (0,)]  # the why for the owner only
    assert state.queue == [] and len(state.graded) == 1
    assert state.to_act() == (1,)
    assert WAIT not in state.legal_actions(1)  # nothing is coming back: waiting is pointless


def test_a_match_rotates_ownership_to_the_left_and_keeps_a_tally(make_position):
    game = cardtable.load("patriarch", players=3)
    state = game.from_position(make_position(game, turn=1))
    act(game, state, 1, SECRET)
    act(game, state, 2, "wait")
    assert state.owner == 1 and state.tally == [0, 1, 0] and len(state.past) == 1
    assert state.to_act() == (2,)  # the new owner's left
    assert state.graded == [] and state.queue == []


@pytest.fixture
def table(three):
    """Three players: seat 0 owns the family, seats 1 and 2 guess in that order."""
    return three


def test_queued_guesses_are_graded_first_in_first_out(table, make_position):
    game = table
    state = game.from_position(make_position(game, turn=1))
    act(game, state, 1, WRONG[0])
    assert state.to_act() == (2,)
    act(game, state, 2, WRONG[1])
    assert [p for p, _, _ in state.graded] == [1]  # end of the pass: the front is graded
    assert [p for p, _ in state.queue] == [2]
    act(game, state, 1, WRONG[2])
    act(game, state, 2, WRONG[3])
    assert [p for p, _, _ in state.graded] == [1, 2]
    assert [p for p, _ in state.queue] == [1, 2]


def test_a_player_with_two_queued_guesses_is_skipped_until_one_is_graded(table, make_position):
    game = table
    state = game.from_position(make_position(game, queue=[(1, WRONG[0]), (1, WRONG[1])], turn=2))
    assert not rules.eligible(state, 1)
    act(game, state, 2, "wait")
    assert [p for p, _, _ in state.graded] == [1]
    assert state.to_act() == (1,)  # room again in the queue


def test_the_first_all_red_grading_in_queue_order_wins_not_the_first_built(table, make_position):
    game = table
    # player 2 queued the right family first; player 1 lays it out too, but later in the queue
    state = game.from_position(make_position(game, queue=[(2, SECRET)], turn=1))
    act(game, state, 1, "3(4(2) A(5))")
    act(game, state, 2, "wait")
    assert state.is_over()
    assert state.result().winner == 2
    assert state.tally == [0, 0, 1]
    assert [p for p, _, _ in state.graded] == [2]  # player 1's copy was never graded


def test_a_queued_guess_is_frozen_and_visible_to_everyone(table, make_position):
    game = table
    state = game.from_position(make_position(game, turn=1))
    act(game, state, 1, WRONG[0])
    for viewer in (0, 2, None):
        assert state.view(viewer)["body"]["queue"] == [
            {"player": 1, "guess": 1, "suit": "♥", "family": WRONG[0]}]
    act(game, state, 2, "wait")
    assert state.view(2)["body"]["graded"][0]["family"] == WRONG[0]


def test_the_owner_wins_when_every_guesser_runs_out_of_guesses(table, make_position):
    game = table
    state = game.from_position(make_position(game, turn=1))
    wrong = [str(f) for f in game.families() if str(f) != SECRET][:8]
    for k in range(4):
        act(game, state, 1, wrong[2 * k])
        act(game, state, 2, wrong[2 * k + 1])
    while not state.is_over():
        act(game, state, state.to_act()[0], "wait")
    assert state.result().winner == 0


def test_matriarch_owner_lays_out_the_secret_first():
    game = cardtable.load("patriarch", variant="matriarch")
    state = game.new_state(4)
    assert state.phase is board.Phase.CHOOSE and state.to_act() == (0,)
    events = act(game, state, 0, "A(2 3 4 5)")
    assert events[0].audience == (0,)
    assert state.secret is not None and state.to_act() == (1,)


def test_random_deal_is_seeded():
    game = cardtable.load("patriarch")
    assert game.new_state(3).secret == game.new_state(3).secret
    assert len({game.new_state(seed).secret for seed in range(20)}) > 5


def test_clone_does_not_share_the_queue(table, make_position):
    game = table
    state = game.from_position(make_position(game, turn=1))
    copy = state.clone()
    act(game, copy, 1, WRONG[0])
    assert state.queue == [] and len(copy.queue) == 1
