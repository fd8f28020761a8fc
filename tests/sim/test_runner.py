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



def test_an_interruption_stops_the_workers_at_once(duel_registered, monkeypatch, tmp_path):
    """Ctrl-C while waiting (raised here from the progress callback, which runs in the waiting
    loop) drops the queued games and leaves no worker process behind."""
    import multiprocessing

    import pytest
    from tests.support.duel import Duel, duel_with

    from cardtable.bots import RandomBot
    from cardtable.core import registry

    started = tmp_path / "started"

    def counting_bot(game, seed=0):
        with open(started, "a") as log:
            log.write("game\n")
        return RandomBot(game, seed)

    bots = duel_with(bots=lambda self: {"counting": counting_bot})
    monkeypatch.setitem(registry._GAMES, Duel.name, bots)
    spec = SimulationSpec("duel", ("counting", "ismcts:iterations=100"), 400, seed=2)

    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(spec, workers=2, progress=interrupt)
    assert multiprocessing.active_children() == []
    assert len(started.read_text().splitlines()) < 400
