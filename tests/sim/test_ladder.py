"""The round robin: every pair plays, seats alternate, tallies add up, results do not depend on
the workers, a pair's games do not depend on the other bots, and bad ladders are refused."""

import pytest

from cardtable.core import OptionError
from cardtable.sim.backends import LocalBackend
from cardtable.sim.ladder import run_ladder


def _ladder(bots, games=12, workers=1, seed=5):
    with LocalBackend(workers) as backend:
        return run_ladder("duel", bots, games, backend, seed)


def test_every_pair_plays_and_the_tallies_add_up(duel_registered):
    ladder = _ladder(["random", "ismcts:iterations=30", "random:seed=9"])
    assert [(p.first, p.second) for p in ladder.pairings] == [(0, 1), (0, 2), (1, 2)]
    for pairing in ladder.pairings:
        assert pairing.first_wins + pairing.second_wins + pairing.draws == pairing.games == 12
    for standing in ladder.standings:
        assert standing.games == 24 == standing.wins + standing.draws + standing.losses
        assert standing.win_low <= standing.win_rate <= standing.win_high
        assert standing.rating.low < standing.rating.elo < standing.rating.high
    elos = [s.rating.elo for s in ladder.standings]
    assert elos == sorted(elos, reverse=True) and sum(elos) == pytest.approx(0, abs=1e-6)
    assert ladder.to_dict()["standings"][0]["win_rate"] == ladder.standings[0].win_rate


def test_results_are_the_same_with_two_workers_and_with_more_bots(duel_registered):
    alone = _ladder(["random", "ismcts:iterations=30"])
    assert _ladder(["random", "ismcts:iterations=30"], workers=2) == alone
    bigger = _ladder(["random", "ismcts:iterations=30", "random:seed=9"])
    assert bigger.pairings[0] == alone.pairings[0]


def test_the_stronger_bot_is_rated_higher(duel_registered):
    ladder = _ladder(["random", "ismcts:iterations=100"], games=60)
    assert ladder.standings[0].bot == "ismcts:iterations=100"


@pytest.mark.parametrize("bots, message", [
    (["random"], "at least two different bots"),
    (["random", "random"], "at least two different bots"),
    (["random", "oracle"], "no bot called 'oracle'"),
])
def test_bad_ladders_are_refused(duel_registered, bots, message):
    with pytest.raises(OptionError, match=message):
        _ladder(bots)
