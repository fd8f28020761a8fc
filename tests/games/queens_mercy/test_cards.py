"""Who beats whom: the Joker beats face cards and loses to numbered cards (non-transitive)."""

from __future__ import annotations

import pytest

from cardtable.games.queens_mercy.cards import RANKS, beats_table, display, prediction_class

X, J, Q, K, A = 0, 11, 12, 13, 14


@pytest.mark.parametrize("a, b, result", [
    (A, K, 1), (2, 3, -1), (7, 7, 0), (X, A, 1), (X, J, 1), (X, 2, -1), (X, 10, -1), (X, X, 0),
])
def test_beats(a, b, result):
    table = beats_table(True)
    assert table[a][b] == result and table[b][a] == -result


def test_non_transitive():
    table = beats_table(True)
    assert table[A][10] == 1 and table[10][X] == 1 and table[X][A] == 1


def test_ace_not_face_beats_the_joker():
    assert beats_table(False)[A][X] == 1 and beats_table(False)[X][K] == 1


def test_no_ties_between_different_ranks():
    table = beats_table(True)
    assert all(table[a][b] != 0 for a in RANKS for b in RANKS if a != b)


@pytest.mark.parametrize("rank, joker_face, cls", [(3, True, "odd"), (10, True, "even"),
                                                   (A, True, "face"), (X, True, "face"),
                                                   (X, False, None)])
def test_prediction_classes(rank, joker_face, cls):
    assert prediction_class(rank, joker_face) == cls


def test_display_labels():
    assert display("X♠", {"X": "Beast"}) == "Beast♠" and display("10♥", {}) == "10♥"


def test_shuffle_14_is_a_seeded_uniform_permutation():
    from collections import Counter

    from cardtable.core import Rng
    from cardtable.games.queens_mercy.cards import shuffle_14

    rng, firsts = Rng(4), Counter()
    for _ in range(14000):
        cards = list(range(14))
        shuffle_14(rng, cards)
        assert sorted(cards) == list(range(14))
        firsts[cards[0]] += 1
    assert len(firsts) == 14 and all(850 < n < 1150 for n in firsts.values())
    again, other = list(range(14)), list(range(14))
    shuffle_14(Rng(9), again)
    shuffle_14(Rng(9), other)
    assert again == other
