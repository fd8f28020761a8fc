"""Views hide the secret from everyone but its owner; describe draws families as trees."""

import cardtable
from cardtable.core import Rng, view_json
from cardtable.games.patriarch.text import draw_tree


def test_only_the_owner_sees_the_secret_until_the_game_ends(three, make_position):
    state = three.from_position(make_position(three))
    assert state.view(0)["body"]["secret"] == "3(A(5) 4(2))"
    for viewer in (1, 2, None):
        assert state.view(viewer)["body"]["secret"] is None
        assert "3(A(5) 4(2))" not in view_json(state.view(viewer))
        assert state.secrets(viewer) == {"3(A(5) 4(2))"}
    assert state.secrets(0) == set()


def test_per_card_feedback_shows_each_cards_mark_only_when_on(make_position):
    plain = cardtable.load("patriarch")
    marked = cardtable.load("patriarch", per_card_feedback=True)
    for game, has_marks in ((plain, False), (marked, True)):
        state = game.from_position(make_position(game, graded=[(1, "2(A(5) 3(4))")]))
        entry = state.view(1)["body"]["graded"][0]
        assert ("marks" in entry) is has_marks
    entry = marked.from_position(make_position(marked, graded=[(1, "2(A(5) 3(4))")])).view(1)
    assert entry["body"]["graded"][0]["marks"] == {"A": "black", "2": "none", "3": "none",
                                          "4": "face-down", "5": "red"}


def test_draw_tree_draws_lineages_under_their_parents():
    assert draw_tree("3(A(5) 4(2))") == ["3", "├─ A", "│  └─ 5", "└─ 4", "   └─ 2"]


def test_describe_shows_every_graded_guess_with_its_grade_and_the_queue(three, make_position):
    state = three.from_position(make_position(
        three, graded=[(1, "2(A(5) 3(4))"), (2, "3(A(2) 4(5))")], queue=[(2, "A(3(4) 5(2))")]))
    text = three.describe(state.view(1))
    assert "Seat 2, guess 1" not in text
    assert "you, guess 1: 2(A(5) 3(4))  ->  1 red, 1 black, 1 face-down" in text
    assert "Seat 3, guess 1: 3(A(2) 4(5))  ->  3 red, 2 black, 0 face-down" in text
    assert "Grading queue (front first): Seat 3 guess 2: A(3(4) 5(2))" in text
    assert "├─ A" in text and "#2 3R 2B 0F" in text
    assert "3(A(5) 4(2))" not in text.split("Graded")[0]  # no secret for a guesser
    assert "Your secret family: 3(A(5) 4(2))" in three.describe(state.view(0))


def test_sampled_secrets_agree_with_every_grade(three, make_position):
    state = three.from_position(make_position(three, graded=[(1, "2(A(5) 3(4))")]))
    rng = Rng(3)
    seen = set()
    for _ in range(30):
        sample = state.sample_hidden(1, rng)
        assert sample.view(1) == state.view(1)
        assert sample.graded[0][2].counts() == (1, 1, 1)
        seen.add(sample.secret)
    assert len(seen) > 3
    assert state.sample_hidden(0, rng).secret == state.secret  # the owner knows it


def test_the_body_leaves_the_envelope_to_the_core_and_numbers_the_match_game(make_position):
    game = cardtable.load("patriarch", players=3)
    state = game.from_position(make_position(game, turn=1))
    view = state.view(1)
    assert view["viewer"] == 1 and view["to_act"] == [1] and view["phase"] == "guess"
    assert not {"game", "viewer", "you", "to_act", "phase", "result"} & set(view["body"])
    assert view["body"]["match_game"] == 1
    state.apply(1, game.parse_action(state, 1, "3(A(5) 4(2))"))  # right at once
    state.apply(2, game.parse_action(state, 2, "wait"))
    body = state.view(None)["body"]
    assert body["match_game"] == 2 and body["past"][0]["match_game"] == 1
    assert "game 2 of 3" in game.describe(state.view(None))


def test_explain_choice_speaks_only_to_the_player_who_chooses(make_position):
    game = cardtable.load("patriarch", players=3)
    state = game.from_position(make_position(game, queue=[(2, "2(A(5) 3(4))")], turn=1))
    assert "Lay out your guess" in game.explain_choice(state.view(1))
    assert "'wait'" in game.explain_choice(state.view(1))
    for viewer in (0, 2, None):
        assert game.explain_choice(state.view(viewer)) == ""
    fresh = game.new_state(0)
    assert "'wait'" not in game.explain_choice(fresh.view(1))
    matriarch = cardtable.load("patriarch", variant="matriarch")
    choosing = matriarch.new_state(0)
    assert "lay out the secret family" in matriarch.explain_choice(choosing.view(0))
    assert matriarch.explain_choice(choosing.view(1)) == ""


def test_the_view_gives_a_family_builder_the_cards_the_shape_and_the_hand(make_position):
    game = cardtable.load("patriarch")
    state = game.from_position(make_position(game, graded=[(1, "2(A(5) 3(4))")]))
    guesser, owner = state.view(1)["body"], state.view(0)["body"]
    assert guesser["labels"] == ["A", "2", "3", "4", "5"]
    assert guesser["shape"] == [0, 1, 1, 2, 3] and guesser["max_generations"] == 3
    assert guesser["hand"] == ["A♣", "2♣", "3♣", "4♣", "5♣"]  # guess 2 is laid out in clubs
    assert owner["hand"] == [] and state.view(None)["body"]["hand"] == []
    assert guesser["graded"][0]["suit"] == "♥" and guesser["repeat_guesses"] is False
    free = cardtable.load("patriarch", variant="advanced-matriarch")
    chooser = free.new_state(0).view(0)["body"]
    assert chooser["shape"] is None and chooser["max_generations"] == 4
    assert chooser["hand"] == [f"{label}♠" for label in "A234567"]  # the owner's secret
    assert free.new_state(0).view(1)["body"]["hand"][0] == "A♥"  # the first guess's suit


def test_the_owner_sees_which_card_earned_which_mark_and_the_guessers_only_counts(
        make_position):
    game = cardtable.load("patriarch", players=3)
    state = game.from_position(make_position(game, graded=[(1, "2(A(5) 3(4))")]))
    assert state.view(0)["body"]["graded"][0]["marks"] == {
        "A": "black", "2": "none", "3": "none", "4": "face-down", "5": "red"}
    for viewer in (1, 2, None):
        assert "marks" not in state.view(viewer)["body"]["graded"][0]
