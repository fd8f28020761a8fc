"""The paired-gain script (scripts/search_gain.py): both arms of a deal are dealt and seeded
alike, so a candidate that plays as the baseline does gains exactly nothing, game by game."""

import pytest
from tests.support.scripts import load_script


@pytest.fixture(scope="module")
def script():
    return load_script("search_gain")


@pytest.mark.parametrize("index", range(4))
def test_the_baseline_against_itself_gains_nothing_in_any_game(script, index):
    mine, theirs, decisions, *_ = script.pair(
        ("matriarchy", {}, "heuristic", "heuristic", "heuristic", index, 5))
    assert mine == theirs and decisions > 0


def test_a_different_candidate_plays_the_same_deals_to_other_ends(script):
    """Random play against the heuristic bot loses where the heuristic bot, on the same deals,
    wins about half its games."""
    pairs = [script.pair(("matriarchy", {}, "random", "heuristic", "heuristic", index, 5))
             for index in range(8)]
    assert sum(mine for mine, *_ in pairs) < sum(theirs for _, theirs, *_ in pairs)


@pytest.mark.parametrize("index", range(4))
def test_the_search_plays_the_proven_strategy_of_a_solved_variant_game_for_game(script, index):
    """In Advanced Patriarch (given as an option) the search with ``endgame=exact`` guesses as
    the stored strategy does, so it ends every deal as the exact bot does."""
    mine, theirs, decisions, *_ = script.pair(
        ("patriarch", {"variant": "advanced-patriarch"}, "ismcts:iterations=5,endgame=exact",
         "optimal-expected", "heuristic", index, 7))
    assert mine == theirs and decisions > 0
