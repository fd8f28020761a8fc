"""The grade: red, black and face-down marks, as ruled (acceptance cases T1-T5)."""

import numpy as np
import pytest

from cardtable.games.patriarch import trees
from cardtable.games.patriarch.grading import BLACK, FACE_DOWN, NONE, RED, grade, space
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.trees import legal_trees

ORIGINAL = "3(A(5) 4(2))"


def tree(text, n=5):
    return trees.parse(text, n)


def test_t1_the_rule_texts_example_grades_one_of_each():
    result = grade(tree(ORIGINAL), tree("2(A(5) 3(4))"))
    # marks for A, 2, 3, 4, 5
    assert result.marks == (BLACK, NONE, NONE, FACE_DOWN, RED)
    assert result.counts() == (1, 1, 1)
    assert not result.is_win()


def test_t2_grading_is_symmetric():
    assert grade(tree("2(A(5) 3(4))"), tree(ORIGINAL)).counts() == (1, 1, 1)


def test_t3_a_mirror_image_is_all_red_and_wins():
    result = grade(tree(ORIGINAL), tree("3(4(2) A(5))"))
    assert result.counts() == (5, 0, 0) and result.is_win()


@pytest.mark.parametrize("guess, marks, counts", [
    ("3(A(2) 4(5))", (RED, BLACK, RED, RED, BLACK), (3, 2, 0)),                   # T4
    ("A(3(4) 5(2))", (NONE, BLACK, NONE, FACE_DOWN, FACE_DOWN), (0, 1, 2)),       # T5
])
def test_t4_t5_grades_card_by_card(guess, marks, counts):
    result = grade(tree(ORIGINAL), tree(guess))
    assert result.marks == marks
    assert result.counts() == counts


def test_a_root_guessed_below_the_top_gets_nothing():
    result = grade(tree("A(2 3 4 5)", 5), tree("2(A 3 4 5)", 5))
    assert result.marks[0] == NONE and result.marks[1] == NONE


@pytest.mark.parametrize("variant", ["patriarch", "matriarch"])
@pytest.mark.parametrize("per_card", [False, True])
def test_vectorised_codes_agree_with_card_by_card_grading(variant, per_card):
    tree_space = space(legal_trees(Options(variant=variant)), per_card)
    codes = tree_space.codes(np.arange(len(tree_space)))
    for g in range(0, len(tree_space), 7):
        for s in range(len(tree_space)):
            expected = grade(tree_space.trees[s], tree_space.trees[g])
            assert codes[g, s] == tree_space.code_of(expected)
    assert all(codes[i, i] == tree_space.win_code for i in range(len(tree_space)))


def test_consistent_keeps_exactly_the_trees_that_give_every_grade():
    tree_space = space(legal_trees(Options()), False)
    secret, guess = tree(ORIGINAL), tree("2(A(5) 3(4))")
    code = tree_space.code_of(grade(secret, guess))
    alive = tree_space.consistent([(tree_space.index[guess], code)])
    assert tree_space.index[secret] in alive
    assert all(grade(tree_space.trees[i], guess).counts() == (1, 1, 1) for i in alive)
    assert len(alive) == sum(1 for t in tree_space.trees if grade(t, guess).counts() == (1, 1, 1))
