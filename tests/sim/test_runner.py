"""The simulator: reproducible by seed whatever the number of workers; seats rotate on request."""

from cardtable.sim import SimulationSpec, simulate, summarize


def test_results_do_not_depend_on_the_number_of_workers(duel_registered):
    spec = SimulationSpec("duel", ("random", "random"), 40, seed=3)
    alone = simulate(spec, workers=1)
    parallel = simulate(spec, workers=2)
    assert alone == parallel
    assert [o.index for o in alone] == list(range(40))
    assert simulate(SimulationSpec("duel", ("random", "random"), 40, seed=4), workers=1) != alone


def test_alternating_seats_rotates_entrants_and_progress_counts_every_game(duel_registered):
    spec = SimulationSpec("duel", ("random", "random"), 10, seed=1, alternate_seats=True)
    done = []
    outcomes = simulate(spec, workers=1, progress=done.append)
    assert sum(done) == 10
    assert [o.entrant_of_seat for o in outcomes[:2]] == [(0, 1), (1, 0)]
    summary = summarize("duel", ["a", "b"], outcomes)
    assert sum(e.wins for e in summary.entrants) + summary.draws == 10
