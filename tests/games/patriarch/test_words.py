"""Families and grades in words: the events of a guess, a grade and a game, who may read each,
the result's story of the match, and every action in plain words."""

import re

import pytest

import cardtable
from cardtable.games.patriarch import trees, words
from cardtable.games.patriarch.grading import grade

SECRET = "3(A(5) 4(2))"
T1_GUESS = "2(A(5) 3(4))"  # the rule text's example: A black, 4 face-down, 5 red
CARD_NAMED = re.compile(r"the (A|[2-9]|10|J|Q|K)[♠♥♦♣]")


def parse(text):
    return trees.parse(text, 5)


def test_a_family_in_words_names_each_parent_and_its_children():
    assert words.family_words(parse(SECRET)) == "3 on top; A and 4 under the 3; 5 under the A; " \
                                                "2 under the 4"
    assert words.family_words(parse("A(2 3 4 5)"), "♥") == "A♥ on top; 2♥, 3♥, 4♥ and 5♥ under " \
                                                          "the A♥"


def test_the_rule_texts_example_is_explained_as_the_text_does_to_the_owner():
    result = grade(parse(SECRET), parse(T1_GUESS))
    assert words.owner_reasons(parse(SECRET), parse(T1_GUESS), result, "♥") == (
        "the A♥ is black (generation 2 as in your family, but under the 2 where yours is under "
        "the 3); the 2♥ gets nothing (on top where yours is under the 4 in generation 3); "
        "the 3♥ gets nothing (under the 2 in generation 2 where yours is on top); the 4♥ is "
        "face-down (under the 3 as in your family, but in generation 3 where yours is in "
        "generation 2); the 5♥ is red (under the A in generation 3, as in your family)")


def test_counts_are_explained_without_naming_a_card():
    result = grade(parse(SECRET), parse(T1_GUESS))
    assert words.count_reasons(result) == (
        "1 card in the right generation under the right parent, 1 card in the right generation "
        "under another parent, 1 card under the right parent in another generation and 2 cards "
        "with neither")
    nothing = grade(parse(SECRET), parse("5(2(A 3 4))"))  # a Matriarch family
    assert nothing.counts() == (0, 0, 0)
    assert words.count_reasons(nothing) == ("no card is in the right generation or under the "
                                            "right parent")


def test_per_card_reasons_name_each_card_with_its_mark():
    result = grade(parse(SECRET), parse(T1_GUESS))
    assert words.per_card_reasons(result, "♣") == (
        "red for the 5♣ (right generation, right parent); black for the A♣ (right generation, "
        "another parent); face-down for the 4♣ (right parent, another generation); nothing for "
        "the 2♣ and the 3♣ (neither)")


def test_each_guess_gets_the_next_suit_of_the_guessers_deck():
    assert [words.guess_suit(k) for k in range(1, 6)] == ["♥", "♣", "♦", "♠", "♥"]


@pytest.fixture
def duel(make_position):
    game = cardtable.load("patriarch", games=1)
    return game, game.from_position(make_position(game))


def play(game, state, player, text):
    return state.apply(player, game.parse_action(state, player, text))


def test_a_grade_tells_everyone_the_counts_and_only_the_owner_which_card_earned_what(duel):
    game, state = duel
    submit, public, private = play(game, state, 1, T1_GUESS)
    assert submit.text == ("Seat 2 lays out guess 1 in ♥: 2♥ on top; A♥ and 3♥ under the 2♥; "
                           "5♥ under the A♥; 4♥ under the 3♥ (2(A(5) 3(4)))")
    assert public.audience is None
    assert public.text.startswith("Guess 1 by Seat 2 (2(A(5) 3(4))) is graded 1 red, 1 black, "
                                  "1 face-down: 1 card in the right generation")
    assert not CARD_NAMED.search(public.text)  # counts only: no card is singled out
    assert private.audience == (0,) and private.kind == "grade-why"
    assert "the 5♣" not in private.text and "the 5♥ is red" in private.text
    assert SECRET not in submit.text + public.text


def test_with_per_card_feedback_the_public_grade_names_each_card(make_position):
    game = cardtable.load("patriarch", games=1, per_card_feedback=True)
    state = game.from_position(make_position(game))
    _, public, _ = play(game, state, 1, T1_GUESS)
    assert public.audience is None
    assert "red for the 5♥ (right generation, right parent)" in public.text


def test_the_end_of_a_game_reveals_the_family_and_the_tally_and_the_result_tells_each_game(
        duel):
    game, state = duel
    for text in ["2(A(5) 3(4))", "3(A(2) 4(5))", "A(3(4) 5(2))"]:
        play(game, state, 1, text)
    events = play(game, state, 1, "3(4(2) A(5))")
    assert [e.kind for e in events] == ["submit", "grade", "game"]
    assert events[1].text.endswith("is graded all red: every card is in the right generation "
                                   "under the right parent")
    assert events[2].text == (
        "Game 1 is over: guess 4 by Seat 2 is all red, so Seat 2 wins it. The family was "
        "3(A(5) 4(2)): 3♠ on top; A♠ and 4♠ under the 3♠; 5♠ under the A♠; 2♠ under the 4♠. "
        "Games won so far: Seat 1 has 0, Seat 2 has 1")
    assert state.result().summary == ("Seat 2 wins the match, 1 game to 0. Game 1: Seat 2 "
                                      "found the family of Seat 1 with guess 4, a point to "
                                      "Seat 2.")


def test_when_every_guess_fails_the_owner_gets_the_point_and_the_summary_says_so(duel):
    game, state = duel
    for text in ["2(A(5) 3(4))", "3(A(2) 4(5))", "A(3(4) 5(2))", "4(A(2) 3(5))"]:
        events = play(game, state, 1, text)
    assert events[-1].text.startswith("Game 1 is over: no guess was all red (4 guesses graded), "
                                      "so the family owner, Seat 1, wins it")
    assert state.result().summary.startswith("Seat 1 wins the match, 1 game to 0. Game 1: "
                                             "nobody found the family of Seat 1 in 4 guesses")


def test_a_drawn_match_says_who_shares_the_top_score(make_position):
    game = cardtable.load("patriarch")
    state = game.from_position(make_position(game))
    play(game, state, 1, SECRET)  # game 1: player 1 finds it at once
    owner = state.owner
    assert owner == 1
    play(game, state, 0, trees.to_text(state.secret))  # game 2: player 0 finds it at once
    assert state.result().summary.startswith("Seat 1 and Seat 2 each won 1 of 2 games, "
                                             "so the "
                                             "match is drawn. Game 1:")


def test_the_owner_choosing_tells_the_others_only_that_it_is_done():
    game = cardtable.load("patriarch", variant="matriarch")
    state = game.new_state(0)
    secret, done = play(game, state, 0, "A(2 3(4 5))")
    assert secret.audience == (0,) and "A(2 3(4 5))" in secret.text
    assert done.audience == (1,) and "A(2 3(4 5))" not in done.text
    assert "5 cards to find" in done.text


def test_every_action_in_plain_words(duel):
    game, state = duel
    assert game.action_words(game.parse_action(state, 1, "3(A(5) 4(2))")) == (
        "lay out the family 3 on top; A and 4 under the 3; 5 under the A; 2 under the 4")
    three = cardtable.load("patriarch", players=3)
    assert three.action_words(three.action_from_text("wait")) == (
        "wait for the next grade before guessing again")


def test_a_match_of_three_names_the_winner_with_their_games(make_position):
    game = cardtable.load("patriarch", players=3)
    state = game.from_position(make_position(game))
    for _ in range(2):  # games 1 and 2: the first guesser finds the family at once
        play(game, state, state.to_act()[0], trees.to_text(state.secret))
        play(game, state, state.to_act()[0], "wait")  # the other waits for the grade
    secret = trees.to_text(state.secret)
    wrong = [str(f) for f in game.families() if str(f) != secret]
    play(game, state, 0, wrong[0])  # game 3: player 0 is wrong, player 1 right, graded later
    play(game, state, 1, secret)
    play(game, state, 0, "wait")
    play(game, state, 1, "wait")
    assert state.tally == [0, 2, 1]
    summary = state.result().summary
    assert summary.startswith("Seat 2 wins the match with 2 games of 3. Game 1: Seat 2 "
                              "found the family of Seat 1 with guess 1")
    assert summary.endswith("game 3: Seat 2 found the family of Seat 3 with guess 1, a "
                            "point to Seat 2.")
