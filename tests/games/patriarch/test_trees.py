"""Family notation, parent maps and the enumeration of legal trees."""

import re

import pytest

from cardtable.core import NotationError
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.options import LONG_LINEAGES, TWO_LINEAGES, check_template


def test_notation_reads_root_children_and_grandchildren():
    parents = trees.parse("3(A(5) 4(2))", 5)
    assert parents == (2, 3, trees.ROOT, 2, 0)  # A under 3, 2 under 4, 5 under A, 4 under 3
    assert trees.generations(parents) == (2, 3, 1, 2, 3)


@pytest.mark.parametrize("text", ["3(4(2) A(5))", "3(4(2),A(5))", " 3 ( a(5)  4 (2) ) ",
                                  "3(1(5) 4(2))"])
def test_mirror_images_and_spellings_give_the_same_parent_map_and_canonical_text(text):
    assert trees.parse(text, 5) == trees.parse("3(A(5) 4(2))", 5)
    assert trees.to_text(trees.parse(text, 5)) == "3(A(5) 4(2))"


@pytest.mark.parametrize("text, words", [
    ("", "empty family"),
    ("3(A(5) 4(2)", "never closed"),
    ("3(A(5) 4(2)))", "closes no bracket"),
    ("3(A(5) 4(2)) 6", "outside the family"),
    ("3(A(5) 4(3))", "card 3 appears twice"),
    ("3(A(5) 4)", "card 2 missing"),
    ("3()", "empty brackets"),
    ("x(A 2 4 5)", "not a card rank"),
    ("3(A(6) 4(2))", "card 6 is not in this family"),
    ("3[A]", "unexpected '['"),
    ("(3)", "expected a card"),
])
def test_malformed_families_are_refused_with_what_is_wrong(text, words):
    with pytest.raises(NotationError, match=re.escape(words)):
        trees.parse(text, 5)


@pytest.mark.parametrize("count, trees_of", [
    (60, lambda: trees.labellings(TWO_LINEAGES)),
    (2520, lambda: trees.labellings(LONG_LINEAGES)),
    (205, lambda: trees.all_trees(5, 3)),
    (46249, lambda: trees.all_trees(7, 4)),
])
def test_tree_counts_per_variant(count, trees_of):
    found = trees_of()
    assert len(found) == count
    assert len(set(found)) == count


def test_any_shape_enumeration_includes_stars_and_respects_the_generation_limit():
    found = trees.all_trees(5, 3)
    assert trees.parse("A(2 3 4 5)", 5) in found
    assert trees.parse("A(2(3(4 5)))", 5) not in found
    assert max(max(trees.generations(t)) for t in found) == 3


def test_shapes_describe_generations_and_ignore_labels():
    one, other = trees.parse("3(A(5) 4(2))", 5), trees.parse("A(2(3) 4(5))", 5)
    assert trees.shape_of(one) == "1-2-2"
    assert trees.shape_key(one) == trees.shape_key(other)
    assert trees.shape_key(one) != trees.shape_key(trees.parse("A(2 3 4 5)", 5))


@pytest.mark.parametrize("template, words", [
    ((0, 0, 1), "exactly one root"),
    ((0, 1, 2, 9), "names no other position"),
    ((0, 3, 2), "cycle"),
    ((0,), "2 to 8 positions"),
])
def test_bad_shape_templates_are_named(template, words):
    assert words in check_template(template)
