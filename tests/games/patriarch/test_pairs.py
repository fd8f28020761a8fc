"""Small sets counted by pairwise row comparisons, and separating guesses found by dropping
guesses at their first clash, give exactly what counting class by class gives."""

import numpy as np
import pytest

from cardtable.games.patriarch import pairs


def counted(block, win_code, levels):
    """Class statistics the plain way: a dictionary of class sizes per column."""
    out = {key: [] for key in ("largest", "classes", "squares", "hit", "bound")}
    for column in block.T:
        sizes = {}
        for code in column.tolist():
            sizes[code] = sizes.get(code, 0) + 1
        hit = win_code in sizes
        out["largest"].append(max(sizes.values()))
        out["classes"].append(len(sizes))
        out["squares"].append(sum(s * s for s in sizes.values()))
        out["hit"].append(hit)
        out["bound"].append(sum(int(levels[s]) for s in sizes.values()) - hit)
    return out


@pytest.mark.parametrize("m", [1, 2, 3, 7, pairs.PAIR_LIMIT])
def test_pairwise_class_statistics_equal_plain_counting(m):
    rng = np.random.default_rng(m)
    block = rng.integers(0, 5, size=(m, 300)).astype(np.uint8)
    levels = np.arange(m + 1, dtype=np.int64) ** 2 + 1
    fast = pairs.class_stats(block, 4, levels)
    plain = counted(block, 4, levels)
    for key, values in plain.items():
        assert fast[key].tolist() == values, key


def test_separators_are_exactly_the_columns_with_all_grades_different():
    rng = np.random.default_rng(7)
    block = rng.integers(0, 9, size=(4, 500)).astype(np.uint8)
    apart = pairs.separators(block)
    assert apart.tolist() == [len(set(column.tolist())) == 4 for column in block.T]
    assert 0 < apart.sum() < 500
